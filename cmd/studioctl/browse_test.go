package main

import (
	"bytes"
	goio "io"
	"strings"
	"sync"
	"testing"
	"time"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/browse"
	"github.com/studioctl/studioctl/browse/screen"
	"github.com/studioctl/studioctl/demo"
	"github.com/studioctl/studioctl/read/reader"
)

// syncBuffer is the program's output, read by the test while the program writes it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestBrowseProgramOnTheDemo runs the whole program as the command does, keys in through its
// input and frames out through its output, on the demo under NO_COLOR: the list, a jump, quit.
func TestBrowseProgramOnTheDemo(t *testing.T) {
	s, err := demo.Open(studioctl.Options{})
	if err != nil {
		t.Fatal(err)
	}
	m := screen.New(t.Context(), screen.Config{Browser: browse.Open(s), Session: reader.Of(s), Mode: reader.Mode(s),
		NoColor: true, Namespace: "shop"})
	in, keys := goio.Pipe()
	out := &syncBuffer{}
	done := make(chan error, 1)
	go func() { done <- runBrowse(t.Context(), m, in, out) }()
	wait := func(want string) {
		t.Helper()
		deadline := time.Now().Add(20 * time.Second)
		for !strings.Contains(out.String(), want) {
			if time.Now().After(deadline) {
				t.Fatalf("the program never drew %q; it wrote:\n%q", want, out.String())
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	wait("pods | 8 of 8 rows")
	wait("> api-")
	keys.Write([]byte(":deploy\r"))
	wait("deployments | 2 of 2 rows")
	keys.Write([]byte("?"))
	wait("no key deletes, scales, edits, execs or forwards")
	keys.Write([]byte("q"))
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.String(), "\x1b[7m") {
		t.Error("NO_COLOR drew reverse video")
	}
}
