package screen

import (
	"context"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/browse"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/kube/discovery"
)

// Owned is what O walks down to from each kind: the kinds whose objects name the one above as
// their owner, step by step (a Deployment's ReplicaSets, then their pods). It is data: the help,
// the docs and the tests read it.
var Owned = map[string][]string{
	"apps/deployments":        {"replicaset.apps", "pod"},
	"apps/replicasets":        {"pod"},
	"apps/statefulsets":       {"pod"},
	"apps/daemonsets":         {"pod"},
	"batch/jobs":              {"pod"},
	"batch/cronjobs":          {"job.batch"},
	"/replicationcontrollers": {"pod"},
}

// ownedKey is the Owned key of a kind: group/resource.
func ownedKey(r discovery.APIResource) string { return r.Group + "/" + r.Resource }

// metaPager keeps each row's metadata (name, uid, owner references), nothing else.
type metaPager struct{ rows []map[string]any }

func (p *metaPager) Page(t *kube.Table) error {
	for _, r := range t.Rows {
		p.rows = append(p.rows, r.Object)
	}
	return nil
}

func (p *metaPager) Reset() { p.rows = nil }

// owned walks down from the object through Owned's steps and jumps to the last step's kind,
// keeping only the objects found. Each step is one capped list of the namespace (metadata only),
// through the session's client and so the allowlist.
func (x reads) owned(ctx context.Context, t target) tea.Cmd {
	return func() tea.Msg {
		steps, ok := Owned[ownedKey(t.r)]
		if !ok {
			return jumpMsg{err: fault.Refusef(codeBrowse, sentenceNoOwned)}
		}
		obj, err := x.b.Source(ctx, browse.ObjectNode(t.r, t.namespace, t.name))
		if err != nil {
			return jumpMsg{err: err}
		}
		uids := map[string]bool{uidOf(obj): true}
		var (
			r     discovery.APIResource
			names map[string]bool
		)
		for _, step := range steps {
			if r, err = x.b.Client().Resolve(ctx, step); err != nil {
				return jumpMsg{err: err}
			}
			p := &metaPager{}
			o := kube.ListOptions{IncludeObject: "Metadata", MaxRows: x.s.RowCap()}
			if err := x.b.Client().ListTable(ctx, r, kube.Scope{Namespace: t.namespace}, o, p); err != nil {
				return jumpMsg{err: err}
			}
			next := map[string]bool{}
			names = map[string]bool{}
			for _, m := range p.rows {
				for _, ref := range ownerRefs(m) {
					if uids[ref.uid] {
						next[uidOf(m)] = true
						names[apivalue.MetaString(m, "name")] = true
						break
					}
				}
			}
			uids = next
		}
		if len(names) == 0 {
			return jumpMsg{err: fault.Refusef(codeBrowse, sentenceOwnedNone, r.Resource)}
		}
		return jumpMsg{r: r, namespace: t.namespace, only: names, onlyLabel: t.ref()}
	}
}
