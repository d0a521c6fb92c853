package statement

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/studioctl/studioctl/limits"
)

// HelpLines is a command's help, made from the command and flag tables.
func HelpLines(c *Command) []string {
	lines := []string{c.Summary + ".", "", "Usage:", "  studioctl " + strings.TrimSpace(c.Name+" "+c.Args) + " [flags]"}
	if len(c.Outputs) > 0 {
		lines = append(lines, "", "Output formats (-o): "+strings.Join(c.Outputs, ", "))
	}
	lines = append(lines, "", "Flags:")
	for _, f := range append(append([]string{}, c.Flags...), "help") {
		lines = append(lines, "  "+flagUsage(Flags[f]))
	}
	if c.Example != "" {
		lines = append(lines, "", "Examples:")
		for _, e := range strings.Split(c.Example, "\n") {
			lines = append(lines, "  studioctl "+e)
		}
	}
	return lines
}

func flagUsage(f FlagSpec) string {
	name := "    --" + f.Long
	if f.Short != "" {
		name = "-" + f.Short + ", --" + f.Long
	}
	if f.Value != "" {
		name += " " + f.Value
	}
	return fmt.Sprintf("%-32s %s", name, f.Usage)
}

// Overview lists every statement, for studioctl's own help and the console's.
func Overview() []string {
	var lines []string
	for _, c := range Commands {
		lines = append(lines, OverviewLine(c.Name, c.Summary))
	}
	return lines
}

// OverviewLine is one line of a command list: the name in a column as wide as the longest
// command's name (config current-context), then the summary.
func OverviewLine(name, summary string) string {
	width := 16
	for _, c := range Commands {
		width = max(width, len(c.Name))
	}
	return fmt.Sprintf("  %-*s %s", width, name, summary)
}

// RefusalOverview says, from the refusal tables, what is never sent.
func RefusalOverview() []string {
	w := append([]string{}, WriteCommands...)
	sort.Strings(w)
	var conn []string
	for _, f := range ConnectionFlags {
		if len(f) == 1 {
			conn = append(conn, "-"+f)
		} else {
			conn = append(conn, "--"+f)
		}
	}
	return []string{
		"Never sent (studioctl is read-only): " + strings.Join(w, ", ") + " (except rollout status and rollout history, which only read).",
		"Not in v1 as statements: " + strings.Join(notInV1Shown(), ", ") + ".",
		"Refused inside a statement, where the connection is already chosen: " + strings.Join(conn, ", ") + ".",
	}
}

// notInV1Shown is NotInV1 without the words studioctl answers as commands of its own (help,
// completion), so help never calls a working command "not in v1".
func notInV1Shown() []string {
	var out []string
	for _, v := range NotInV1 {
		if v != "help" && v != "completion" {
			out = append(out, v)
		}
	}
	return out
}

// LimitsOverview lists the limits a statement meets, from the one table of limits.
func LimitsOverview() []string {
	return []string{
		fmt.Sprintf("A statement reads at most %s rows (--max-rows raises it, up to %s); lists are read %d objects a page.", thousands(limits.DefaultMaxRows), thousands(limits.MaxMaxRows), limits.PageSize),
		fmt.Sprintf("On the command line -o json, yaml, name and the templates print as many objects as the row cap allows, page by page as they arrive; in the console and for agents they print at most %d. Each object is at most 1 MiB.", limits.MaxDocuments),
		fmt.Sprintf("--request-timeout takes %s to %s; the default is %s.", durationText(limits.MinRequestTimeout), durationText(limits.MaxRequestTimeout), durationText(limits.DefaultRequestTimeout)),
	}
}

// thousands writes n with comma separators, as the documentation does (5,000).
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// durationText writes a limit's duration the way a person types it: 30s, 10m.
func durationText(d time.Duration) string {
	if d >= time.Minute && d%time.Minute == 0 {
		return fmt.Sprintf("%dm", int(d/time.Minute))
	}
	return fmt.Sprintf("%ds", int(d/time.Second))
}
