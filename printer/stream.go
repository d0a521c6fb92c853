package printer

import (
	"fmt"
	"strings"
	"sync"

	"github.com/studioctl/studioctl/sanitize"
)

// Stream prints a live statement's answer as it arrives (get -w, logs -f, events -w, rollout
// status on the command line) through the same sanitising and masking as Write: each batch of
// rows is printed and flushed when it is handed over, the header once, and nothing is kept.
type Stream struct {
	w      *Writer
	mu     sync.Mutex // followed logs print from several streams at once
	headed bool
	sink   *ScreenSink // a screen's stream: batches are handed over, not printed
}

// Stream starts a live answer printed by w.
func (w *Writer) Stream() *Stream { return &Stream{w: w} }

// Rows prints a batch of rows (the first list, then each event), aligned among themselves as
// kubectl's watch prints them; the header goes before the first rows printed.
func (s *Stream) Rows(t *Table) error {
	if len(t.Rows) == 0 {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.sink != nil {
		return s.sink.Rows(s.w.ScreenTable(t))
	}
	t = s.w.maskedTable(t)
	if s.headed {
		t.NoHeaders = true
	}
	s.headed = true
	return s.w.writeTable(t)
}

// Lines prints lines (log lines, rollout status messages) at once.
func (s *Stream) Lines(l *Lines) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.sink != nil {
		return s.sink.Lines(s.w.screenLines(l))
	}
	return s.w.writeLines(s.w.maskedLines(l))
}

// maskedTable is a batch of rows masked in the writer's mode.
func (w *Writer) maskedTable(t *Table) *Table {
	if w.mode != Machine {
		return t
	}
	return maskTable(t, nil)
}

// maskedLines is a batch of lines masked in the writer's mode.
func (w *Writer) maskedLines(l *Lines) *Lines {
	if w.mode != Machine {
		return l
	}
	return maskLines(l, nil)
}

// Text prints a piece of an answer printed as the server wrote it (get --raw), sanitised line by
// line with no line feed added; the caller hands whole lines, or a long line's part cut at a
// character's end.
func (s *Stream) Text(b []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.sink != nil {
		return s.sink.Lines(s.w.screenLines(&Lines{Text: strings.Split(strings.TrimSuffix(string(b), "\n"), "\n"), Raw: true}))
	}
	_, err := s.w.Out.Write(sanitizeLines(string(b)))
	return err
}

// Notice prints a line on stderr.
func (s *Stream) Notice(text string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	fmt.Fprintln(s.w.Err, sanitize.String(text))
}
