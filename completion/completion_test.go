package completion_test

import (
	"context"
	"slices"
	"testing"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/completion"
	"github.com/studioctl/studioctl/internal/inner"
)

// Completion against a recording of a real v1.37 server: verbs and flags from the command table,
// kinds from discovery, namespaces and object names from lists the recording holds.
func TestWordsOnARecording(t *testing.T) {
	rec, err := studioctl.LoadRecording("../testdata/replay/v1.37.2/admin")
	if err != nil {
		t.Fatal(err)
	}
	s, err := studioctl.OpenRecording(rec, studioctl.Options{})
	if err != nil {
		t.Fatal(err)
	}
	src := completion.Source{Client: inner.Client(s)}
	cases := []struct {
		words   []string
		partial string
		want    []string // each must be offered
		not     []string // none may be
	}{
		{nil, "de", []string{"describe"}, []string{"get"}},
		{[]string{"top"}, "", []string{"pod", "node"}, nil},
		{[]string{"get", "pods"}, "--sh", []string{"--show-labels"}, []string{"--follow"}},
		{[]string{"logs"}, "-", []string{"-c", "--container", "--tail"}, []string{"--follow", "-f"}},
		{[]string{"get"}, "po", []string{"pods", "po", "poddisruptionbudgets"}, []string{"services"}},
		{[]string{"kubectl", "get"}, "po", []string{"pods"}, []string{"services"}}, // a leading kubectl, as pasted
		{[]string{"get", "pods", "-n"}, "", []string{"default", "shop", "kube-system"}, nil},
		{[]string{"get", "pods", "-n", "shop"}, "post", []string{"postgres-0", "postgres-1"}, []string{"web-568bd749f7-4blv8"}},
	}
	for _, c := range cases {
		got := src.Words(context.Background(), c.words, c.partial)
		for _, w := range c.want {
			if !slices.Contains(got, w) {
				t.Errorf("%q + %q: %q missing from %q", c.words, c.partial, w, got)
			}
		}
		for _, w := range c.not {
			if slices.Contains(got, w) {
				t.Errorf("%q + %q: %q offered", c.words, c.partial, w)
			}
		}
	}
	if got := (completion.Source{}).Words(context.Background(), []string{"get"}, "po"); len(got) != 0 {
		t.Errorf("no server, yet kinds were offered: %q", got)
	}
}
