package main

import (
	"strings"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/statement"
)

// ownFlagTakesValue lists studioctl's own flags by every spelling the root command accepts, and
// whether each takes a value (statement.GlobalFlags).
var ownFlagTakesValue = statement.GlobalFlagSpellings()

// arrangeArgs gives the command line kubectl's placement rules before cobra reads it. A
// statement flag written before the verb (studioctl -n shop get pods) moves behind the statement;
// a boolean one there is refused unless it carries its value (--show-labels=true), because kubectl
// would take the verb as its value. studioctl's own flags written after a statement
// (get pods --context prod) move before the verb, where the root command reads them. Nothing after
// a "--" is touched, and nothing moves for studioctl's own commands (console, tree, ...), whose
// flags cobra places itself.
func arrangeArgs(args []string) ([]string, error) {
	var own, moved []string
	i := 0
	for i < len(args) && strings.HasPrefix(args[i], "-") && args[i] != "-" && args[i] != "--" {
		name, _, hasValue := strings.Cut(args[i], "=")
		takesValue, isOwn := ownFlagTakesValue[name]
		if !isOwn {
			spec, ok := statementFlag(name)
			if !ok {
				return args, nil // cobra names the unknown flag
			}
			takesValue = spec.Kind != statement.Bool
			if !takesValue && !hasValue {
				return nil, fault.Refusef(statement.CodeUsage, sentenceBoolBeforeVerb, name, name)
			}
		}
		n := 1
		if takesValue && !hasValue && !attachedShort(name) {
			n = 2
		}
		if i+n > len(args) {
			return args, nil // cobra says the value is missing
		}
		if isOwn {
			own = append(own, args[i:i+n]...)
		} else {
			moved = append(moved, args[i:i+n]...)
		}
		i += n
	}
	rest := args[i:]
	if len(rest) == 0 || !isStatementVerb(rest[0]) {
		return append(append(own, moved...), rest...), nil
	}
	stmt, after := pullOwnFlags(rest)
	out := append(append(own, after...), stmt...)
	return append(out, moved...), nil
}

// pullOwnFlags takes studioctl's own long flags (and -v) out of a statement's words, up to "--".
func pullOwnFlags(words []string) (stmt, own []string) {
	for i := 0; i < len(words); i++ {
		w := words[i]
		if w == "--" {
			return append(stmt, words[i:]...), own
		}
		name, _, hasValue := strings.Cut(w, "=")
		takesValue, isOwn := ownFlagTakesValue[name]
		if !isOwn || name == "-h" || name == "--help" || name == "--version" {
			stmt = append(stmt, w)
			continue
		}
		own = append(own, w)
		if takesValue && !hasValue && i+1 < len(words) {
			own = append(own, words[i+1])
			i++
		}
	}
	return stmt, own
}

// statementFlag finds a statement flag by the spelling it was written in: --long or -s, or a
// short flag with its value attached (-nshop).
func statementFlag(name string) (statement.FlagSpec, bool) {
	if long, ok := strings.CutPrefix(name, "--"); ok {
		spec, found := statement.Flags[long]
		return spec, found
	}
	if len(name) < 2 {
		return statement.FlagSpec{}, false
	}
	for _, spec := range statement.Flags {
		if spec.Short != "" && spec.Short == name[1:2] {
			return spec, true
		}
	}
	return statement.FlagSpec{}, false
}

// attachedShort reports a short flag written with its value (-nshop, -owide).
func attachedShort(name string) bool {
	return !strings.HasPrefix(name, "--") && len(name) > 2
}

// isStatementVerb reports whether word begins a statement of the kubectl subset (or a refused
// kubectl verb, which the parser names), rather than one of studioctl's own commands.
func isStatementVerb(word string) bool {
	for _, c := range statement.Commands {
		if strings.Fields(c.Name)[0] == word {
			return true
		}
	}
	return statement.IsKubectlVerb(word)
}
