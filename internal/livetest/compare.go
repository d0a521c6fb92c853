package livetest

import (
	"fmt"
	"regexp"
	"strings"
)

var (
	cellSplit = regexp.MustCompile(`\s{2,}`)
	// An age as the server prints it (5m, 3h20m, 2d, 45s, 10y) or kubectl's unknown age.
	ageCell = regexp.MustCompile(`^(\d+[smhdy])+$|^<unknown>$|^<invalid>$`)
	// A restart count with the age of the last restart: "2 (5m ago)".
	restartsCell = regexp.MustCompile(`^(\d+) \(((\d+[smhdy])+) ago\)$`)
	// A repeated event's last-seen cell: "3m39s (x7 over 5m)".
	repeatedCell = regexp.MustCompile(`^(\d+[smhdy])+ \(x\d+ over (\d+[smhdy])+\)$`)
)

// Normalize splits a table into cells (columns are separated by two or more spaces) and replaces
// every age with AGE, so output taken seconds apart compares equal.
func Normalize(text string) [][]string {
	var rows [][]string
	for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		line = strings.TrimRight(line, " ")
		if line == "" {
			continue
		}
		cells := cellSplit.Split(line, -1)
		for i, c := range cells {
			switch {
			case ageCell.MatchString(c):
				cells[i] = "AGE"
			case repeatedCell.MatchString(c):
				cells[i] = "AGE (xN over AGE)"
			case restartsCell.MatchString(c):
				cells[i] = restartsCell.ReplaceAllString(c, "$1 (AGE ago)")
			}
		}
		rows = append(rows, cells)
	}
	return rows
}

// Diff compares two outputs column by column after normalizing, and describes the first
// differences ("" when they agree).
func Diff(want, got string) string {
	w, g := Normalize(want), Normalize(got)
	var b strings.Builder
	if len(w) != len(g) {
		fmt.Fprintf(&b, "rows: kubectl %d, studioctl %d\n", len(w), len(g))
	}
	n := len(w)
	if len(g) < n {
		n = len(g)
	}
	shown := 0
	for i := 0; i < n && shown < 5; i++ {
		if strings.Join(w[i], "\x00") != strings.Join(g[i], "\x00") {
			fmt.Fprintf(&b, "row %d:\n  kubectl:   %q\n  studioctl: %q\n", i, w[i], g[i])
			shown++
		}
	}
	return b.String()
}
