// Package config answers config view, config get-contexts and config current-context: the
// person's kubeconfig, read through the strict kubeconfig reader, printed as kubectl prints it
// with every credential replaced. Nothing is sent. Only the command line and its console hand
// these statements the files (Use); in an agent's session or the library they are refused.
package config

import (
	"context"
	"errors"
	"sort"
	"strings"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kubeconfig"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read/reader"
)

// Kubeconfig is what the command line hands a config statement: the files kubectl would read
// (--kubeconfig's, else KUBECONFIG's list, else ~/.kube/config; none at all is an empty
// kubeconfig, as kubectl reads it) and --context, which config view --minify keeps.
type Kubeconfig struct {
	Files   []kubeconfig.Source
	Context string
}

// base is what the three statements share: the kubeconfig handed to them, no server, no common
// flag.
type base struct {
	kc *Kubeconfig
}

// Use hands the statement the person's kubeconfig; the command line calls it before Run.
func (b *base) Use(k Kubeconfig) { b.kc = &k }

// LocalOnly reports that a config statement reads no server, so the command opens no connection.
func (*base) LocalOnly() bool { return true }

// Complete has nothing to fill: the kubeconfig came with Use.
func (*base) Complete(*reader.Session) {}

// CommonOptions: a config statement takes no --request-timeout, as it sends nothing.
func (*base) CommonOptions() *reader.Common { return &reader.Common{} }

func (b *base) kubeconfig() (*Kubeconfig, error) {
	if b.kc == nil {
		return nil, fault.Refusef(CodeNoKubeconfig, sentenceNoKubeconfig)
	}
	return b.kc, nil
}

// merged reads the statement's kubeconfig files merged as kubectl merges them.
func (b *base) merged() (*kubeconfig.File, error) {
	kc, err := b.kubeconfig()
	if err != nil {
		return nil, err
	}
	return kubeconfig.ParseList(kc.Files)
}

// ViewOptions are config view's options.
type ViewOptions struct {
	base
	Output       string `flag:"output"`
	Minify       bool   `flag:"minify"`
	AllowMissing *bool  `flag:"allow-missing-template-keys"` // nil: kubectl's default, true
}

// Validate reads -o's template before anything is read.
func (o *ViewOptions) Validate() error {
	_, err := o.form()
	return err
}

// form is -o's template, or nil. A -file form's file is not read: config reads no file but the
// kubeconfig.
func (o *ViewOptions) form() (printer.Form, error) {
	return printer.NewForm(o.Output, o.AllowMissing == nil || *o.AllowMissing, func(string) ([]byte, error) {
		return nil, errors.New("config view reads no template file")
	})
}

// Run prints the merged kubeconfig as YAML (kubectl's default), JSON or through a template.
func (o *ViewOptions) Run(_ context.Context, _ *reader.Session) (*printer.Result, error) {
	kc, err := o.kubeconfig()
	if err != nil {
		return nil, err
	}
	doc, err := kubeconfig.View(kc.Files, kc.Context, o.Minify)
	if err != nil {
		return nil, err
	}
	form, err := o.form()
	if err != nil {
		return nil, err
	}
	format := o.Output
	if format != "json" {
		format = "yaml"
	}
	return &printer.Result{Docs: &printer.Docs{Format: format, Value: doc, FieldOrder: kubeconfig.ViewFieldOrder(), Form: form}}, nil
}

// GetContextsOptions are config get-contexts' options.
type GetContextsOptions struct {
	base
	Names     []string `args:""`
	Output    string   `flag:"output"`
	NoHeaders bool     `flag:"no-headers"`
}

// Validate has nothing to add to the parser's checks.
func (*GetContextsOptions) Validate() error { return nil }

// Run lists the contexts by name, as kubectl's table (CURRENT NAME CLUSTER AUTHINFO NAMESPACE)
// or their names alone; a context named and not found is an error after the rows, as kubectl's.
func (o *GetContextsOptions) Run(_ context.Context, _ *reader.Session) (*printer.Result, error) {
	file, err := o.merged()
	if err != nil {
		return nil, err
	}
	res := &printer.Result{}
	names := file.Contexts()
	if len(o.Names) > 0 {
		names = nil
		for _, n := range o.Names {
			if _, _, _, ok := file.ContextOf(n); ok {
				names = append(names, n)
				continue
			}
			res.Errors = append(res.Errors, &fault.Error{Code: CodeContextNotFound, Class: fault.ServerError, Sentence: fault.Sentencef(sentenceContextNotFound, n)})
		}
		sort.Strings(names)
	}
	if o.Output == "name" {
		res.Lines = &printer.Lines{Text: names}
		return res, nil
	}
	t := &printer.Table{NoHeaders: o.NoHeaders, Columns: []printer.Column{{Header: "CURRENT"}, {Header: "NAME", Role: printer.RoleName},
		{Header: "CLUSTER"}, {Header: "AUTHINFO"}, {Header: "NAMESPACE", Role: printer.RoleNamespace}}}
	for _, n := range names {
		cluster, user, ns, _ := file.ContextOf(n)
		current := ""
		if n == file.CurrentContext() {
			current = "*"
		}
		t.Rows = append(t.Rows, []string{current, n, cluster, user, ns})
	}
	if len(t.Rows) == 0 && !t.NoHeaders {
		// kubectl prints the header over no contexts; the Writer prints no empty table.
		res.Lines = &printer.Lines{Text: []string{headerOnly(t.Columns)}}
		return res, nil
	}
	res.Table = t
	return res, nil
}

// headerOnly is a table's header line laid out as kubectl's tab writer lays it out alone.
func headerOnly(cols []printer.Column) string {
	var b strings.Builder
	tw := printer.NewTabWriter(&b)
	for i, c := range cols {
		if i > 0 {
			tw.Write([]byte("\t"))
		}
		tw.Write([]byte(c.Header))
	}
	tw.Write([]byte("\n"))
	tw.Flush()
	return strings.TrimSuffix(b.String(), "\n")
}

// CurrentContextOptions are config current-context's options.
type CurrentContextOptions struct{ base }

// Validate has nothing to add to the parser's checks.
func (*CurrentContextOptions) Validate() error { return nil }

// Run prints the current context's name, or says none is set (exit 1), as kubectl does.
func (o *CurrentContextOptions) Run(_ context.Context, _ *reader.Session) (*printer.Result, error) {
	file, err := o.merged()
	if err != nil {
		return nil, err
	}
	if file.CurrentContext() == "" {
		return nil, &fault.Error{Code: CodeNoCurrentContext, Class: fault.ServerError, Sentence: sentenceNoCurrentContext}
	}
	return &printer.Result{Lines: &printer.Lines{Text: []string{file.CurrentContext()}}}, nil
}
