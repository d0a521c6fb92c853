package main

import (
	"bytes"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// A piped audit (a CI log) prints no progress line while it is short, and one line at most every
// pipedEvery when it is long; a terminal gets every step rewritten in place.
func TestAuditProgressPipedOnlyWhenLong(t *testing.T) {
	start := time.Date(2026, 12, 3, 12, 0, 0, 0, time.UTC)
	at := start
	var out bytes.Buffer
	p := newProgress(&out, false, func() time.Time { return at })
	for _, step := range []struct {
		after time.Duration
		line  string
	}{
		{0, "audit: listing namespaces"},
		{500 * time.Millisecond, "audit: listing pods in a (1 of 3)"},
		{2500 * time.Millisecond, "audit: listing pods in b (2 of 3)"},
		{3 * time.Second, "audit: listing pods in c (3 of 3)"},
		{5 * time.Second, "audit: listing services in c (3 of 3)"},
	} {
		at = start.Add(step.after)
		p.show(step.line)
	}
	p.done()
	want := "audit: listing pods in b (2 of 3)\naudit: listing services in c (3 of 3)\n"
	if d := cmp.Diff(want, out.String()); d != "" {
		t.Errorf("piped progress (-want +got):\n%s", d)
	}

	out.Reset()
	tty := newProgress(&out, true, func() time.Time { return start })
	tty.show("audit: listing namespaces")
	tty.show("audit: one")
	tty.done()
	if want := "\raudit: listing namespaces\raudit: one               \r          \r"; out.String() != want {
		t.Errorf("terminal progress: %q, want %q", out.String(), want)
	}
}
