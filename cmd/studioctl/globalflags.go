package main

import (
	"strconv"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/studioctl/studioctl/statement"
)

// register declares studioctl's global flags (statement.GlobalFlags: the one table of their
// names, spellings and help) on the root command, each bound to its field of g.
func (g *globals) register(root *cobra.Command) {
	values := map[string]pflag.Value{
		"kubeconfig": (*textFlag)(&g.kubeconfig), "context": (*textFlag)(&g.context),
		"connection": (*textFlag)(&g.connection), "replay": (*textFlag)(&g.replay),
		"redact": (*textFlag)(&g.redact), "max-rows": &g.maxRows, "v": (*levelFlag)(&g.verbosity),
	}
	for _, gf := range statement.GlobalFlags {
		fs := root.PersistentFlags()
		if gf.Name == "version" {
			fs = root.Flags() // the root's alone, as cobra's own --version is
		}
		if !gf.Value {
			fs.BoolP(gf.Name, gf.Short, false, gf.Usage)
			continue
		}
		fs.VarP(values[gf.Name], gf.Name, gf.Short, gf.Usage)
	}
}

// textFlag is a global flag's text value.
type textFlag string

func (t *textFlag) String() string     { return string(*t) }
func (t *textFlag) Set(v string) error { *t = textFlag(v); return nil }
func (t *textFlag) Type() string       { return "string" }

// levelFlag is -v's trace level.
type levelFlag int

func (l *levelFlag) String() string { return strconv.Itoa(int(*l)) }
func (l *levelFlag) Set(v string) error {
	n, err := strconv.Atoi(v)
	if err != nil {
		return err
	}
	*l = levelFlag(n)
	return nil
}
func (l *levelFlag) Type() string { return "int" }
