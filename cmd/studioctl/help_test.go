package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/statement"
)

// Every command has help with an Examples section, through `studioctl help CMD` and `CMD --help`,
// and no help names a flag the command does not take.
func TestHelpForEveryCommand(t *testing.T) {
	var topics [][]string
	for _, c := range statement.Commands {
		topics = append(topics, strings.Fields(c.Name))
	}
	root := newRoot(newFactory(&IOStreams{Getenv: func(string) string { return "" }}))
	var walk func(c *cobra.Command, path []string)
	walk = func(c *cobra.Command, path []string) {
		for _, sub := range c.Commands() {
			if sub.Hidden || sub.Name() == "help" || strings.HasPrefix(sub.Name(), "__") {
				continue
			}
			p := append(append([]string{}, path...), sub.Name())
			topics = append(topics, p)
			walk(sub, p)
		}
	}
	walk(root, nil)
	if len(topics) < 20 {
		t.Fatalf("only %d help topics found", len(topics))
	}
	for _, topic := range topics {
		for _, args := range [][]string{append([]string{"help"}, topic...), append(append([]string{}, topic...), "--help")} {
			var out, errOut bytes.Buffer
			io := &IOStreams{In: strings.NewReader(""), Out: &out, Err: &errOut, Getenv: func(string) string { return "" }}
			if code := run(args, io); code != 0 || errOut.Len() > 0 {
				t.Errorf("%q: exit %d: %s", args, code, errOut.String())
				continue
			}
			help := out.String()
			if strings.Contains(help, "Commands (kubectl's syntax)") && len(topic) > 0 {
				t.Errorf("%q prints the root help", args)
			}
			if !strings.Contains(help, "Examples:") {
				t.Errorf("%q has no Examples section:\n%s", args, help)
			}
			if strings.Contains(help, "not in v1") && !strings.Contains(help, "Not in v1 as statements") {
				t.Errorf("%q calls something not in v1:\n%s", args, help)
			}
		}
	}
}

// --version and version --client need no connection and send nothing; version -o json has
// kubectl's clientVersion shape.
func TestVersionWithoutAServer(t *testing.T) {
	for _, args := range [][]string{{"--version"}, {"version", "--client"}, {"version", "--client", "-o", "json"}, {"version", "--client", "-o", "yaml"}} {
		var out, errOut bytes.Buffer
		io := &IOStreams{In: strings.NewReader(""), Out: &out, Err: &errOut, Getenv: func(string) string { return "" }}
		if code := run(args, io); code != 0 || errOut.Len() > 0 {
			t.Fatalf("%q: exit %d: %s", args, code, errOut.String())
		}
		if !strings.Contains(out.String(), "studioctl") && !strings.Contains(out.String(), "gitVersion") {
			t.Errorf("%q: %s", args, out.String())
		}
		if len(args) == 4 {
			for _, key := range []string{"clientVersion", "major", "minor", "gitVersion", "gitCommit", "gitTreeState", "buildDate", "goVersion", "compiler", "platform"} {
				if !strings.Contains(out.String(), key) {
					t.Errorf("%q lacks %s:\n%s", args, key, out.String())
				}
			}
			if strings.Contains(out.String(), "serverVersion") {
				t.Errorf("%q names a server:\n%s", args, out.String())
			}
		}
	}
	var errOut bytes.Buffer
	io := &IOStreams{In: strings.NewReader(""), Out: &bytes.Buffer{}, Err: &errOut, Getenv: func(string) string { return "" }}
	if code := run([]string{"version"}, io); code != fault.ExitRefused {
		t.Errorf("version without --client or a connection: exit %d: %s", code, errOut.String())
	}
}
