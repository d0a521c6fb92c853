package snapshot

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/redact"
)

// An event about a Secret is named after it: a machine-mode capture masks its name cell and its
// Object cell before the row is written, as machine mode masks them when it prints; an event
// about anything else, and any other kind, keep their cells. The live suite's machine snapshot
// held secname-canary-a in such a row before.
func TestMachineCaptureMasksEventsAboutSecrets(t *testing.T) {
	cols := []kube.Column{{Name: "Last Seen"}, {Name: "Object"}, {Name: "Message"}, {Name: "Name", Format: "name"}}
	event := func(kind, name string) storedItem {
		return storedItem{
			Object: map[string]any{"kind": "Event", "involvedObject": map[string]any{"kind": kind, "name": name}},
			Cells:  []any{"2m", kind + "/" + name, "rotated", name + ".181c0ffee"},
		}
	}
	for _, tc := range []struct {
		group, resource string
		it              storedItem
		want            []any
	}{
		{"", "events", event("Secret", "db-canary"), []any{"2m", "Secret/" + redact.Masked, "rotated", redact.Masked}},
		{"events.k8s.io", "events", event("secret", "db-canary"), []any{"2m", "secret/" + redact.Masked, "rotated", redact.Masked}},
		{"", "events", event("Pod", "web-1"), []any{"2m", "Pod/web-1", "rotated", "web-1.181c0ffee"}},
		{"example.com", "events", event("Secret", "db-canary"), []any{"2m", "Secret/db-canary", "rotated", "db-canary.181c0ffee"}},
	} {
		p := &capturePager{k: &Kind{Group: tc.group, Resource: tc.resource}, w: &kindWriter{columns: cols}}
		p.maskSecretEvent(tc.it)
		if diff := cmp.Diff(tc.want, tc.it.Cells); diff != "" {
			t.Errorf("%s/%s %v (-want +got):\n%s", tc.group, tc.resource, tc.it.Object["involvedObject"], diff)
		}
	}
}
