package snapshot

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/policy"
	"github.com/studioctl/studioctl/sanitize"
)

// Describe is the manifest in lines, as `studioctl snapshot inspect` prints it; every value the
// file holds is made safe for a terminal.
func (m *Manifest) Describe() []string {
	ns := "every namespace"
	if len(m.Namespaces) > 0 {
		ns = strings.Join(m.Namespaces, ", ")
	}
	kinds := len(m.ByState(StateCaptured))
	lines := []string{
		fmt.Sprintf("Format:       %s version %d", Format, m.Version),
		"Captured:     " + m.CapturedAt.UTC().Format(time.RFC3339),
		"Server:       " + m.Server,
		fmt.Sprintf("Identity:     %s (fingerprint %s)", orNone(m.Identity.User), orNone(m.Identity.Fingerprint)),
		"Redaction:    " + m.Redact,
		"Namespaces:   " + ns,
		fmt.Sprintf("Kinds:        %d captured of %d listable", kinds, len(m.Kinds)),
		"Objects:      " + m.objectsLine(),
		fmt.Sprintf("Logs:         %d containers, last %d lines each (%d left out)", m.Logs, m.LogLines, m.LogsCut),
		fmt.Sprintf("Metrics:      %t", m.Metrics),
		fmt.Sprintf("Reviews:      whoami and the rules of %d namespaces", len(m.Reviews)),
		"Raw:          " + m.rawLine(),
	}
	for _, st := range []string{StateLocked, StateCut, StateFailed} {
		if l := m.ByState(st); len(l) > 0 {
			lines = append(lines, fmt.Sprintf("%-13s %s", strings.ToUpper(st[:1])+st[1:]+":", strings.Join(l, ", ")))
		}
	}
	for _, l := range m.cutLines() {
		lines = append(lines, "Cut:          "+l)
	}
	for _, n := range m.Notes {
		lines = append(lines, "Note:         "+n)
	}
	lines = append(lines, "Note:         "+noteNames)
	for i := range lines {
		lines[i] = sanitize.String(lines[i])
	}
	return lines
}

// Summary is the closing summary of a capture, in lines.
func (s *Summary) Lines(path string) []string {
	m := s.Manifest
	lines := []string{
		fmt.Sprintf("Wrote %s: %s in %s.", path, humanBytes(s.Bytes), s.Duration.Round(time.Millisecond)),
		fmt.Sprintf("Kinds: %d captured, %d locked, %d cut, %d failed, of %d listable.",
			len(m.ByState(StateCaptured)), len(m.ByState(StateLocked)), len(m.ByState(StateCut)), len(m.ByState(StateFailed)), len(m.Kinds)),
		fmt.Sprintf("Objects: %d. Logs: %d containers (%d left out).", m.Objects, m.Logs, m.LogsCut),
	}
	for _, st := range []string{StateLocked, StateCut, StateFailed} {
		if l := m.ByState(st); len(l) > 0 {
			lines = append(lines, fmt.Sprintf("%s: %s", strings.ToUpper(st[:1])+st[1:], strings.Join(l, ", ")))
		}
	}
	for _, l := range m.cutLines() {
		lines = append(lines, "Cut: "+l)
	}
	lines = append(lines, noteNames)
	for i := range lines {
		lines[i] = sanitize.String(lines[i])
	}
	return lines
}

// Line is a progress display's one line.
func (p Progress) Line() string {
	s := fmt.Sprintf("kinds %d/%d, %d objects", p.KindsDone, p.KindsTotal, p.Objects)
	if p.LogsTotal > 0 {
		s += fmt.Sprintf(", logs %d/%d", p.LogsDone, p.LogsTotal)
	}
	return s + ", " + humanBytes(p.Bytes)
}

func humanBytes(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

func (m *Manifest) objectsLine() string {
	if m.MaxRows == 0 {
		return fmt.Sprintf("%d (every object of each kind)", m.Objects)
	}
	return fmt.Sprintf("%d (at most %d of a kind per namespace)", m.Objects, m.MaxRows)
}

// maxCutLines is how many namespaces' cuts inspect and the summary name; the rest are counted.
const maxCutLines = limits.SnapshotListLines

// cutLines name each kind's namespaces cut at --max-rows, at most maxCutLines of them.
func (m *Manifest) cutLines() []string {
	var out []string
	more := 0
	for _, k := range m.Kinds {
		for _, c := range k.Cut {
			if len(out) == maxCutLines {
				more++
				continue
			}
			out = append(out, fmt.Sprintf(lineCut, k.GroupResource(), c.Kept, c.Kept+c.Left, orNone(c.Namespace)))
		}
	}
	if more > 0 {
		out = append(out, fmt.Sprintf(lineCutMore, more))
	}
	return out
}

// rawLine names the get --raw paths whose answers the file keeps as the server wrote them: only
// get --raw's own paths, whatever else a manifest lists.
func (m *Manifest) rawLine() string {
	var kept []string
	for _, p := range m.Raw {
		if policy.IsRawPath(p) && !slices.Contains(kept, p) {
			kept = append(kept, p)
		}
	}
	if len(kept) == 0 {
		return lineRawNone
	}
	return fmt.Sprintf(lineRaw, strings.Join(kept, ", "))
}
