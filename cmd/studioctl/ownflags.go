package main

import (
	"slices"
	"strings"

	"github.com/spf13/cobra"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/statement"
)

// ownFlags are the flags studioctl's own commands share with the statements (-o, -n, -A, -l),
// declared and checked one way for every command: each says which it takes and the forms it
// prints, and check refuses before anything is sent. The -n, -A and -l rules are the statements'
// own (statement.CheckScope), so `audit usage -l` refuses what `get -l` refuses, in the same
// words.
type ownFlags struct {
	command string // as the sentences name it ("components", "tree source")

	forms       []string // the -o values besides the default; nil: the command takes no -o
	defaultForm string   // -o's default ("": the plain form)
	plain       string   // what the plain form prints ("sections"), for the sentence; "" when -o has a default
	outputUsage string

	scoped         bool // -n and -A
	namespaced     bool // -n alone: the one object's namespace
	namespaceUsage string
	selector       bool // -l
	selectorUsage  string

	output, namespace, labels string
	all                       bool
	cmd                       *cobra.Command
}

// bind declares the flags o takes on cmd.
func (o *ownFlags) bind(cmd *cobra.Command) {
	o.cmd = cmd
	fs := cmd.Flags()
	if o.forms != nil {
		fs.StringVarP(&o.output, "output", "o", o.defaultForm, o.outputUsage)
	}
	if o.scoped || o.namespaced {
		fs.StringVarP(&o.namespace, "namespace", "n", "", o.namespaceUsage)
	}
	if o.scoped {
		fs.BoolVarP(&o.all, "all-namespaces", "A", false, "every namespace")
	}
	if o.selector {
		fs.StringVarP(&o.labels, "selector", "l", "", o.selectorUsage)
	}
}

// check refuses, before anything is sent, a form the command does not print and what a statement
// refuses of -n, -A and -l.
func (o *ownFlags) check() error {
	if o.forms != nil && o.output != o.defaultForm && !slices.Contains(o.forms, o.output) {
		if o.plain == "" {
			return fault.Refusef(statement.CodeBadValue, sentenceOwnForm, o.command, orList(append([]string{o.defaultForm}, o.forms...)), o.output)
		}
		return fault.Refusef(statement.CodeBadValue, sentenceOwnOutput, o.command, orList(o.forms), o.output, o.plain)
	}
	return statement.CheckScope(o.given("namespace", o.namespace), o.all, o.given("selector", o.labels))
}

// given is a flag's value when it was given on the command line, else nil.
func (o *ownFlags) given(flag, value string) *string {
	if o.cmd == nil || !o.cmd.Flags().Changed(flag) {
		return nil
	}
	return &value
}

// jsonErrors tells whether the command's errors print as JSON objects (-o json).
func (o *ownFlags) jsonErrors() bool { return o.output == "json" }

// scope is the namespaces to read: -A, -n, else the session's namespace.
func (o *ownFlags) scope(s *studioctl.Session) kube.Scope {
	if o.all {
		return kube.Scope{AllNamespaces: true}
	}
	if o.namespace != "" {
		return kube.Scope{Namespace: o.namespace}
	}
	return kube.Scope{Namespace: s.Namespace()}
}

// orList is "a", "a or b", "a, b or c".
func orList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1]
}
