package platform

import "strings"

// Distribution is discover's verdict: the distribution, the mode it implies, every signal that
// matched (for the verdict and against it) and the other distributions some signal pointed at.
type Distribution struct {
	Name      string     `json:"name"`
	Mode      string     `json:"mode"`  // managed or byo
	Basis     string     `json:"basis"` // strong, weak or none: the strongest signal behind the verdict
	Evidence  []Evidence `json:"evidence"`
	Conflicts []string   `json:"conflicts"`
}

// Evidence is one signal that matched and where.
type Evidence struct {
	Distribution string `json:"distribution"`
	Signal       string `json:"signal"`
	Source       string `json:"source"`
	Value        string `json:"value"`
	Strength     string `json:"strength"`
	Nodes        int    `json:"nodes,omitempty"` // how many nodes carry it (node signals)
}

// nodeFacts is what detection reads of a node.
type nodeFacts struct {
	Name        string
	ProviderID  string
	Labels      map[string]string
	Annotations map[string]string
}

// detect decides the distribution from the version, the nodes and the served API groups.
func detect(gitVersion string, nodes []nodeFacts, groups []string) Distribution {
	var ev []Evidence
	for _, s := range signals {
		if e, ok := match(s, gitVersion, nodes, groups); ok {
			ev = append(ev, e)
		}
	}
	return verdict(ev)
}

func match(s signal, gitVersion string, nodes []nodeFacts, groups []string) (Evidence, bool) {
	e := Evidence{Distribution: s.Dist, Strength: strengthName(s.Strength)}
	switch s.Kind {
	case sigVersion:
		e.Signal, e.Source, e.Value = "version suffix "+s.Match, "/version gitVersion", gitVersion
		return e, strings.Contains(gitVersion, s.Match)
	case sigGroup:
		e.Signal, e.Source, e.Value = "API group "+s.Match, "discovery", s.Match
		for _, g := range groups {
			if g == s.Match {
				return e, true
			}
		}
		return e, false
	}
	for _, n := range nodes {
		where, value, ok := matchNode(s, n)
		if !ok {
			continue
		}
		if e.Nodes == 0 {
			e.Signal, e.Source, e.Value = signalName(s), "node "+n.Name+" "+where, value
		}
		e.Nodes++
	}
	return e, e.Nodes > 0
}

func matchNode(s signal, n nodeFacts) (where, value string, ok bool) {
	switch s.Kind {
	case sigProviderID:
		return "providerID", n.ProviderID, strings.HasPrefix(n.ProviderID, s.Match)
	case sigLabelValue:
		return "label", s.Match + "=" + s.Value, n.Labels[s.Match] == s.Value
	case sigLabelKey:
		if k, ok := firstKey(n.Labels, s.Match); ok {
			return "label", k, true
		}
	case sigAnnotation:
		if k, ok := firstKey(n.Annotations, s.Match); ok {
			return "annotation", k, true
		}
	}
	return "", "", false
}

func firstKey(m map[string]string, prefix string) (string, bool) {
	for _, k := range sortedKeys(m) {
		if strings.HasPrefix(k, prefix) {
			return k, true
		}
	}
	return "", false
}

func signalName(s signal) string {
	switch s.Kind {
	case sigProviderID:
		return "node providerID prefix " + s.Match
	case sigLabelValue:
		return "node label " + s.Match + "=" + s.Value
	case sigLabelKey:
		return "node label " + s.Match + "*"
	case sigAnnotation:
		return "node annotation " + s.Match + "*"
	}
	return s.Match
}

func strengthName(n int) string {
	if n >= strong {
		return "strong"
	}
	return "weak"
}

// verdict picks the distribution with the strongest signal; among equals, the one with more
// signals of that strength, then the table's order. Every other distribution a signal pointed at
// is named as a conflict.
func verdict(ev []Evidence) Distribution {
	best := map[string]int{}
	for _, e := range ev {
		n := weak
		if e.Strength == "strong" {
			n = strong
		}
		best[e.Distribution] = max(best[e.Distribution], n)
	}
	score := map[string]int{} // strength first, then how many signals of that strength
	for _, e := range ev {
		if strengthName(best[e.Distribution]) == e.Strength {
			score[e.Distribution]++
		}
	}
	for d, b := range best {
		score[d] += b * 1000
	}
	d := Distribution{Name: DefaultDistribution, Mode: "byo", Basis: "none", Evidence: ev, Conflicts: []string{}}
	if d.Evidence == nil {
		d.Evidence = []Evidence{}
	}
	top := 0
	for _, dist := range distributions {
		if score[dist.Name] > top {
			top, d.Name = score[dist.Name], dist.Name
			d.Basis = strengthName(best[dist.Name])
			d.Mode = "byo"
			if dist.Managed {
				d.Mode = "managed"
			}
		}
	}
	for _, dist := range distributions {
		if best[dist.Name] > 0 && dist.Name != d.Name {
			d.Conflicts = append(d.Conflicts, dist.Name)
		}
	}
	return d
}
