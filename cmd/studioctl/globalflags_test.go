package main

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spf13/pflag"

	"github.com/studioctl/studioctl/statement"
)

// The root command's own flags are statement.GlobalFlags, no more and no fewer, each with the
// table's spelling, help and kind; the placement rules spell them from the same table.
func TestGlobalFlagsAreTheTable(t *testing.T) {
	root := newRoot(newFactory(&newTestIO(t, t.TempDir()).IOStreams))
	type flag struct {
		Short, Usage string
		Value        bool
	}
	got := map[string]flag{}
	seen := func(f *pflag.Flag) { got[f.Name] = flag{f.Shorthand, f.Usage, f.Value.Type() != "bool"} }
	root.PersistentFlags().VisitAll(seen)
	root.Flags().VisitAll(seen)
	want := map[string]flag{}
	for _, g := range statement.GlobalFlags {
		want[g.Name] = flag{g.Short, g.Usage, g.Value}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("root flags (-table +registered):\n%s", diff)
	}
	for spelling, takes := range map[string]bool{"--kubeconfig": true, "-v": true, "--v": true, "-h": false, "--version": false} {
		if v, ok := ownFlagTakesValue[spelling]; !ok || v != takes {
			t.Errorf("placement reads %s as (%v, known %v), want %v", spelling, v, ok, takes)
		}
	}
}
