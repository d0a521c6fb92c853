package read

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read/get"
	"github.com/studioctl/studioctl/statement"
)

func TestEverySpellingOfAFlag(t *testing.T) {
	for _, line := range []string{
		"get pods -n shop", "get pods -n=shop", "get pods -nshop", "get pods --namespace shop",
		"get pods --namespace=shop", "kubectl get pods -n shop", "$ kubectl get pods -n shop",
		"% get pods --namespace=shop", "get -n shop pods", "get pods -n 'shop'", `get pods -n "shop" # a comment`,
	} {
		st, err := ParseLine(line)
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		o := st.Options.(*get.Options)
		if o.Namespace != "shop" || st.Command.Name != "get" || !cmp.Equal(o.Args, []string{"pods"}) {
			t.Errorf("%q: namespace %q args %v", line, o.Namespace, o.Args)
		}
	}
}

func TestShortClusters(t *testing.T) {
	st, err := ParseLine("get pods -Ao wide -L app,tier -L zone --show-labels")
	if err != nil {
		t.Fatal(err)
	}
	want := &get.Options{Args: []string{"pods"}, AllNamespaces: true, Output: "wide", ShowLabels: true, LabelColumns: []string{"app", "tier", "zone"}}
	if diff := cmp.Diff(want, st.Options); diff != "" {
		t.Fatal(diff)
	}
	st, _ = ParseLine("get pods -owide")
	if o := st.Options.(*get.Options); o.Output != "wide" {
		t.Fatal(o.Output)
	}
	st, _ = ParseLine("get pods -A=false")
	if st.Options.(*get.Options).AllNamespaces {
		t.Fatal("-A=false read as true")
	}
}

func code(t *testing.T, err error) string {
	t.Helper()
	if err == nil {
		return ""
	}
	e, ok := fault.As(err)
	if !ok {
		t.Fatalf("%v is not a sentence", err)
	}
	if e.Class != fault.Refused {
		t.Fatalf("exit %d for a refusal", e.Exit())
	}
	if !strings.Contains(e.Sentence, "Nothing was sent") {
		t.Fatalf("refusal does not say nothing was sent: %s", e.Sentence)
	}
	return e.Code
}

// TestRefusals covers every refused command and flag of the specification, each refused by the
// parser, which runs before any request can be made.
func TestRefusals(t *testing.T) {
	cases := map[string]string{}
	for _, w := range statement.WriteCommands {
		cases[w+" pod x"] = statement.CodeWriteCommand
	}
	cases["rollout restart deploy/web"] = statement.CodeWriteCommand
	cases["rollout undo deploy/web"] = statement.CodeWriteCommand
	cases["rollout undo deploy/web"] = statement.CodeWriteCommand
	for _, w := range statement.NotInV1 {
		cases[w] = statement.CodeNotInV1
	}
	for _, f := range statement.ConnectionFlags {
		dash := "--"
		if len(f) == 1 {
			dash = "-"
		}
		cases["get pods "+dash+f+"=x"] = statement.CodeConnectionFlag
		cases["logs web "+dash+f+" x"] = statement.CodeConnectionFlag
	}
	// The template forms are built: a template that cannot be read is refused as kubectl refuses
	// it, before anything is sent.
	for _, o := range []string{"jsonpath={.items", "jsonpath-as-json={.items", "jsonpath-file=/nonexistent/studioctl-template", "custom-columns=NAME", "go-template={{.}", "jsonpath="} {
		cases["get pods -o "+o] = printer.CodeForm
	}
	for line, c := range map[string]string{
		"get pods --sort-by=.a{":               statement.CodeBadValue,
		"get pods -w --sort-by=.metadata.name": statement.CodeUsage,
		"get --raw /metrics":                   fault.CodeRefusedRawPath,
		"get pods --tail 5":                    statement.CodeFlagNotInV1,
		"get pods -c app":                      statement.CodeFlagNotInV1,
		"describe pod x -o json":               statement.CodeFlagNotInV1,
		"describe pod x --bogus":               statement.CodeFlagNotInV1,
		"version -n x":                         statement.CodeFlagNotInV1,
		"api-versions -o json":                 statement.CodeFlagNotInV1,
		"top pod --sort-by=name":               statement.CodeBadValue,
		"top":                                  statement.CodeUsage,
		"auth":                                 statement.CodeUsage,
		"auth impersonate":                     statement.CodeUsage,
		"frobnicate":                           statement.CodeUnknownCommand,
		"get":                                  statement.CodeUsage,
		"get pods -o xml":                      statement.CodeBadValue,
		"get pods --request-timeout 0":         statement.CodeLimit,
		"get pods --request-timeout 11m":       statement.CodeLimit,
		"get pods --request-timeout soon":      statement.CodeBadValue,
		"get pods -n Shop":                     fault.CodeRefusedName,
		"get pods -n shop -A":                  statement.CodeUsage,
		"get pods -n":                          statement.CodeUsage,
		"get pods; delete pods --all":          statement.CodeLexer,
		"get pods | sh":                        statement.CodeLexer,
		"get pods 'unterminated":               statement.CodeLexer,
		"get pods -l $(rm -rf /)":              statement.CodeBadValue, // kubectl reads it as key "$", which is no label key
		"get pods -l `id`":                     statement.CodeBadValue,
	} {
		cases[line] = c
	}
	for line, want := range cases {
		_, err := ParseLine(line)
		if got := code(t, err); got != want {
			t.Errorf("%q: code %q, want %q (%v)", line, got, want, err)
		}
	}
}

// An impersonation flag gets a sentence that says studioctl never impersonates (moving it before
// the verb would not help); the other connection flags keep the advice to move them there.
func TestImpersonationFlagsSayStudioctlNeverImpersonates(t *testing.T) {
	for _, f := range statement.ConnectionFlags {
		dash := "--"
		if len(f) == 1 {
			dash = "-"
		}
		_, err := ParseLine("get pods " + dash + f + "=x")
		msg := fmt.Sprint(err)
		impersonates := slices.Contains(statement.ImpersonationFlags, f)
		if says := strings.Contains(msg, "never impersonates"); says != impersonates {
			t.Errorf("%s%s: %q (an impersonation flag: %v)", dash, f, msg, impersonates)
		}
		if moves := strings.Contains(msg, "before the verb"); moves == impersonates {
			t.Errorf("%s%s: %q: the advice to move it before the verb fits only a flag studioctl takes", dash, f, msg)
		}
	}
}

func TestBacktickIsNeverRun(t *testing.T) {
	// shellwords would run a backquoted command with ParseBacktick; the lexer leaves it off, and
	// the word stays a literal (here refused as an operator-free literal or read as text).
	words, err := statement.Split("get pods -l app=web")
	if err != nil || len(words) != 4 {
		t.Fatal(words, err)
	}
}

func TestLongLineIsRefused(t *testing.T) {
	_, err := ParseLine("get pods -l " + strings.Repeat("a", limits.MaxStatementBytes))
	if code(t, err) != statement.CodeLexer {
		t.Fatal(err)
	}
}

func TestHelpSendsNothing(t *testing.T) {
	for _, line := range []string{"get --help", "get -h", "logs -h", "auth can-i --help"} {
		st, err := ParseLine(line)
		if err != nil || st == nil || !st.Help {
			t.Fatalf("%q: %v %v", line, st, err)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"get pods -n shop", "logs -f x", "get pods -Ao wide", "auth can-i list pods", "'", "get pods -l 'a in (b)' # c", "$ kubectl top pod",
		"get --raw /version", "get --raw=/api/v1/secrets", "config view --minify -o json", "config view --raw", "config use-context x",
		"logs web --prefix", "top pod -A --containers", "get pods -o jsonpath-as-json={.items[*]}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		st, err := ParseLine(line)
		if err != nil {
			if _, ok := fault.As(err); !ok {
				t.Fatalf("error is not a sentence: %v", err)
			}
			return
		}
		if st == nil {
			return
		}
		if slices.Contains(statement.WriteCommands, st.Command.Name) || slices.Contains(statement.NotInV1, st.Command.Name) {
			t.Fatalf("parsed a refused command: %q", line)
		}
		for _, f := range st.FlagsGiven() {
			if slices.Contains(statement.ConnectionFlags, f) || !st.Allows(f) {
				t.Fatalf("parsed a flag outside the column: %q %s", line, f)
			}
		}
	})
}
