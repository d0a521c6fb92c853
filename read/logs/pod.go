// The pods a log read picks from: their containers, and kubectl's order for choosing one.

package logs

import (
	"strings"
	"time"

	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/kube/discovery"
	"github.com/studioctl/studioctl/read/reader"
)

// LogPod is the part of a pod the logs reader needs: its containers, for the default container,
// and what kubectl's ByLogging order compares.
type LogPod struct {
	Metadata struct {
		Name              string            `json:"name"`
		Namespace         string            `json:"namespace"`
		Annotations       map[string]string `json:"annotations"`
		CreationTimestamp string            `json:"creationTimestamp"`
	} `json:"metadata"`
	Spec struct {
		NodeName       string         `json:"nodeName"`
		Containers     []logContainer `json:"containers"`
		InitContainers []struct {
			Name          string `json:"name"`
			RestartPolicy string `json:"restartPolicy"`
		} `json:"initContainers"`
		EphemeralContainers []logContainer `json:"ephemeralContainers"`
	} `json:"spec"`
	Status struct {
		Phase      string `json:"phase"`
		Conditions []struct {
			Type               string `json:"type"`
			Status             string `json:"status"`
			LastTransitionTime string `json:"lastTransitionTime"`
		} `json:"conditions"`
		ContainerStatuses     []logContainerStatus `json:"containerStatuses"`
		InitContainerStatuses []logContainerStatus `json:"initContainerStatuses"`
	} `json:"status"`
}

type logContainer struct {
	Name string `json:"name"`
}

type logContainerStatus struct {
	Name         string `json:"name"`
	RestartCount int64  `json:"restartCount"`
}

// DecodeLogPod reads the fields of a pod that a log read needs.
func DecodeLogPod(obj map[string]any) (*LogPod, error) {
	p := &LogPod{}
	if err := reader.DecodeInto(obj, p); err != nil {
		return nil, err
	}
	return p, nil
}

// hasContainer is kubectl's FindContainerByName: containers, then init, then ephemeral.
func (p *LogPod) hasContainer(name string) bool {
	for _, c := range p.everyContainer() {
		if c == name {
			return true
		}
	}
	return false
}

// allContainerNames is kubectl's list for its notice: containers, ephemeral ones marked (ephem),
// then init ones marked (init).
func (p *LogPod) allContainerNames() string {
	var names []string
	for _, c := range p.Spec.Containers {
		names = append(names, c.Name)
	}
	for _, c := range p.Spec.EphemeralContainers {
		names = append(names, c.Name+" (ephem)")
	}
	for _, c := range p.Spec.InitContainers {
		names = append(names, c.Name+" (init)")
	}
	return strings.Join(names, ", ")
}

// everyContainer is the order --all-containers reads, as kubectl: init, then regular, then
// ephemeral containers.
func (p *LogPod) everyContainer() []string {
	var names []string
	for _, c := range p.Spec.InitContainers {
		names = append(names, c.Name)
	}
	for _, c := range p.Spec.Containers {
		names = append(names, c.Name)
	}
	for _, c := range p.Spec.EphemeralContainers {
		names = append(names, c.Name)
	}
	return names
}

func (p *LogPod) ready() bool {
	for _, c := range p.Status.Conditions {
		if c.Type == "Ready" {
			return c.Status == "True"
		}
	}
	return false
}

// readyTime is when the pod's Ready condition turned true, zero when it is not true.
func (p *LogPod) readyTime() time.Time {
	for _, c := range p.Status.Conditions {
		if c.Type == "Ready" && c.Status == "True" {
			return apivalue.Time(c.LastTransitionTime)
		}
	}
	return time.Time{}
}

// maxRestarts is kubectl's: the most restarts of a regular container, and of a sidecar (an init
// container that restarts always).
func (p *LogPod) maxRestarts() (regular, sidecar int64) {
	for _, c := range p.Status.ContainerStatuses {
		regular = max(regular, c.RestartCount)
	}
	sidecars := map[string]bool{}
	for _, c := range p.Spec.InitContainers {
		if c.RestartPolicy == "Always" {
			sidecars[c.Name] = true
		}
	}
	for _, c := range p.Status.InitContainerStatuses {
		if sidecars[c.Name] {
			sidecar = max(sidecar, c.RestartCount)
		}
	}
	return regular, sidecar
}

// logsAfterOrZero is kubectl's: whether t1 is after t2, a zero time counting as after any other.
func logsAfterOrZero(t1, t2 time.Time) bool {
	if t1.IsZero() || t2.IsZero() {
		return t1.IsZero()
	}
	return t1.After(t2)
}

// ByLogging is kubectl's podutils.ByLogging, the order in which logs picks the pod of a
// TYPE/NAME: assigned before unassigned; Running (and any phase it does not rank) before Unknown
// before Pending; ready before not ready; ready longer before ready less; more restarts before
// fewer; older before newer. It is sorted with sort.Sort, as kubectl does, so ties fall alike.
type ByLogging []*LogPod

// Len, Swap and Less sort pods in kubectl's order for choosing the one to read.
func (s ByLogging) Len() int { return len(s) }

// Swap is sort.Interface's.
func (s ByLogging) Swap(i, j int) { s[i], s[j] = s[j], s[i] }

// Less is sort.Interface's.
func (s ByLogging) Less(i, j int) bool {
	a, b := s[i], s[j]
	if a.Spec.NodeName != b.Spec.NodeName && (a.Spec.NodeName == "" || b.Spec.NodeName == "") {
		return a.Spec.NodeName != ""
	}
	rank := map[string]int{"Running": 0, "Unknown": 1, "Pending": 2}
	if rank[a.Status.Phase] != rank[b.Status.Phase] {
		return rank[a.Status.Phase] < rank[b.Status.Phase]
	}
	if a.ready() != b.ready() {
		return a.ready()
	}
	if a.ready() && b.ready() && !a.readyTime().Equal(b.readyTime()) {
		return logsAfterOrZero(b.readyTime(), a.readyTime())
	}
	ar, as := a.maxRestarts()
	br, bs := b.maxRestarts()
	if ar != br {
		return ar > br
	}
	if as != bs {
		return as > bs
	}
	ac, bc := apivalue.Time(a.Metadata.CreationTimestamp), apivalue.Time(b.Metadata.CreationTimestamp)
	if !ac.Equal(bc) {
		return logsAfterOrZero(bc, ac)
	}
	return false
}

// LabelSelectorString turns a LabelSelector object (matchLabels and matchExpressions) into the
// selector text kubectl sends (apivalue.LabelSelectorOf). ok is false when the selector is
// absent, empty or holds an entry kubectl cannot read.
func LabelSelectorString(sel map[string]any) (string, bool) {
	s, ok := apivalue.LabelSelectorOf(sel)
	if !ok || len(s) == 0 {
		return "", false
	}
	return s.String(), true
}

// podSelector finds the selector of an object whose pods logs reads, as kubectl's
// SelectorsForObject: a LabelSelector for workloads, a plain map for services and replication
// controllers. supported is false for any other kind; ok is false when the object has no
// selector.
func podSelector(r discovery.APIResource, obj map[string]any) (selector string, supported, ok bool) {
	spec, _ := obj["spec"].(map[string]any)
	switch {
	case r.Group == "" && (r.Kind == "Service" || r.Kind == "ReplicationController"):
		m, _ := spec["selector"].(map[string]any)
		if len(m) == 0 {
			return "", true, false
		}
		s, ok := LabelSelectorString(map[string]any{"matchLabels": m})
		return s, true, ok
	case (r.Group == "apps" || r.Group == "extensions") && (r.Kind == "Deployment" || r.Kind == "ReplicaSet" || r.Kind == "StatefulSet" || r.Kind == "DaemonSet"),
		r.Group == "batch" && r.Kind == "Job":
		m, _ := spec["selector"].(map[string]any)
		s, ok := LabelSelectorString(m)
		return s, true, ok
	}
	return "", false, false
}
