package read

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read/apiresources"
	"github.com/studioctl/studioctl/read/get"
	"github.com/studioctl/studioctl/read/logs"
	"github.com/studioctl/studioctl/read/reader"
	"github.com/studioctl/studioctl/read/top"
	"github.com/studioctl/studioctl/statement"
)

// Every command of the command table has options in the family table, and those options take
// exactly the flags the command's row lists (--help is the parser's; --follow is refused there).
func TestEveryCommandHasOptionsForItsFlags(t *testing.T) {
	if len(families) != len(statement.Commands) {
		t.Errorf("%d families for %d commands", len(families), len(statement.Commands))
	}
	for _, c := range statement.Commands {
		newOptions, ok := families[c.Name]
		if !ok {
			t.Errorf("%s has no options", c.Name)
			continue
		}
		want := slices.DeleteFunc(slices.Clone(c.Flags), func(f string) bool { return f == "follow" })
		got := statement.FlagNames(newOptions())
		slices.Sort(want)
		slices.Sort(got)
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("%s: %s", c.Name, d)
		}
	}
}

func ptr[T any](v T) *T { return &v }

// Each flag kind arrives typed; a pointer field stays nil when its flag was not given, so an empty
// value given on purpose (--api-group= names the core group) differs from no value.
func TestOptionsAreFilledTyped(t *testing.T) {
	for line, want := range map[string]reader.Options{
		"logs -l app=web --since-time 2025-01-02T03:04:05Z --limit-bytes 10 -c app --timestamps --request-timeout 20s": &logs.Options{
			Common:   reader.Common{RequestTimeout: ptr(20 * time.Second)},
			Selector: ptr("app=web"), SinceTime: ptr("2025-01-02T03:04:05Z"), LimitBytes: ptr(int64(10)), Container: "app", Timestamps: true},
		"logs deploy/web --tail 0 --since 90": &logs.Options{Args: []string{"deploy/web"}, Tail: ptr(int64(0)), Since: ptr(90 * time.Second)},
		"api-resources":                       &apiresources.ResourcesOptions{},
		"api-resources --namespaced=false --api-group= --verbs list,get --verbs=watch -o name": &apiresources.ResourcesOptions{
			Namespaced: ptr(false), APIGroup: ptr(""), Verbs: []string{"list", "get", "watch"}, Output: "name"},
		"top pod -A --sort-by memory -l tier=db --no-headers": &top.PodOptions{Options: top.Options{
			AllNamespaces: true, SortBy: ptr("memory"), Selector: "tier=db", NoHeaders: true}},
		"get deploy web api -n shop --ignore-not-found": &get.Options{Args: []string{"deploy", "web", "api"}, Namespace: "shop", IgnoreNotFound: true},
	} {
		st, err := ParseLine(line)
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if d := cmp.Diff(want, st.Options); d != "" {
			t.Errorf("%q: %s", line, d)
		}
	}
}

// Complete is the one place a statement's defaults come from: the connection's default namespace
// when -n was not given, and the session's row cap.
func TestCompleteAppliesTheSessionDefaults(t *testing.T) {
	ep, err := kube.Connection{Host: "cluster.example", Token: "synthetic-token", DefaultNamespace: "shop"}.Validate(kube.Switches{})
	if err != nil {
		t.Fatal(err)
	}
	c := kube.NewClient(ep, kube.Options{})
	for _, tc := range []struct {
		line    string
		maxRows int
		want    *get.Options
	}{
		{"get pods", 0, &get.Options{Args: []string{"pods"}, Namespace: "shop", MaxRows: limits.DefaultMaxRows}},
		{"get pods -n payments", 7, &get.Options{Args: []string{"pods"}, Namespace: "payments", MaxRows: 7}},
	} {
		st, err := ParseLine(tc.line)
		if err != nil {
			t.Fatal(err)
		}
		st.Options.Complete(&reader.Session{Client: c, MaxRows: tc.maxRows})
		if d := cmp.Diff(tc.want, st.Options); d != "" {
			t.Errorf("%q: %s", tc.line, d)
		}
	}
}

// RunOptions takes only options the family table knows, and checks them as Parse does.
func TestRunOptionsValidates(t *testing.T) {
	s := &reader.Session{}
	if _, err := RunOptions(t.Context(), s, &logs.Options{}); code(t, err) != statement.CodeUsage {
		t.Fatalf("logs with no target: %v", err)
	}
	if _, err := RunOptions(t.Context(), s, &strayOptions{}); err == nil {
		t.Fatal("options of no command ran")
	}
}

// strayOptions are options no command of the family table has.
type strayOptions struct{ reader.Common }

func (*strayOptions) Validate() error          { return nil }
func (*strayOptions) Complete(*reader.Session) {}
func (*strayOptions) Run(context.Context, *reader.Session) (*printer.Result, error) {
	panic("stray options ran")
}
