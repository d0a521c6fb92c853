package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strconv"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/demo"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/snapshot"
	"github.com/studioctl/studioctl/statement"
)

// globals are studioctl's own flags. They come before the verb; everything after it is the
// statement, handed to the statement parser as the shell split it.
type globals struct {
	kubeconfig string
	context    string
	connection string
	replay     string
	redact     string
	maxRows    rowCapFlag
	verbosity  int
}

// rowCapFlag is --max-rows. The library reads a zero Options.MaxRows as its default cap, so the
// flag remembers whether it was given: a given 0 is refused like any value outside 1 to the
// maximum, never read as "the default".
type rowCapFlag struct {
	n     int
	given bool
}

// Set reads the value as pflag reads an int flag, so a malformed value fails the same way.
func (f *rowCapFlag) Set(s string) error {
	n, err := strconv.ParseInt(s, 0, 64)
	if err != nil {
		return err
	}
	f.n, f.given = int(n), true
	return nil
}

func (f *rowCapFlag) String() string { return strconv.Itoa(f.n) }
func (f *rowCapFlag) Type() string   { return "int" }

// check refuses a given 0 here; the library refuses negatives and values above the maximum with
// the same sentence.
func (f *rowCapFlag) check() error {
	if f.given && f.n == 0 {
		return fault.Refusef(statement.CodeLimit, sentenceMaxRows, limits.MaxMaxRows)
	}
	return nil
}

// Factory is what every command is built from: the streams, the global flags, and the session
// those flags name, opened on first use (in the manner of the gh CLI's Factory), so a command
// that is refused never opens anything.
type Factory struct {
	IO      *IOStreams
	flags   globals
	session *studioctl.Session
}

func newFactory(io *IOStreams) *Factory { return &Factory{IO: io} }

// Session opens the session the global flags name: a recording, a kubeconfig or a saved
// connection. With none, studioctl says how to make one; it never falls back to recorded data.
func (f *Factory) Session() (*studioctl.Session, error) {
	if f.session != nil {
		return f.session, nil
	}
	s, err := f.open()
	if err == nil {
		f.session = s
	}
	return s, err
}

// withSession opens the session and runs fn under a context that Ctrl-C cancels; fn's errors are
// printed as JSON objects when jsonErrors is set.
func (f *Factory) withSession(ctx context.Context, jsonErrors bool, fn func(context.Context, *studioctl.Session) error) error {
	s, err := f.Session()
	if err != nil {
		return fail(err, jsonErrors)
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt)
	defer stop()
	return fail(fn(ctx, s), jsonErrors)
}

func (f *Factory) open() (*studioctl.Session, error) { return f.openWith(nil) }

// openWith opens the session the flags name, with adjust applied to its options last (a capture
// sets its recorder and turns the disk cache off).
func (f *Factory) openWith(adjust func(*studioctl.Options)) (*studioctl.Session, error) {
	g, io := &f.flags, f.IO
	mode, err := redactMode(g.redact)
	if err != nil {
		return nil, err
	}
	if err := g.maxRows.check(); err != nil {
		return nil, err
	}
	opts := studioctl.Options{Redact: mode, MaxRows: g.maxRows.n, CacheDir: io.HomeDirs.Cache, Switches: studioctl.Switches(switchesOf(io))}
	if g.verbosity >= 6 {
		opts.Observe = func(method, url string) { fmt.Fprintf(io.Err, "studioctl: %s %s\n", method, url) }
	}
	if adjust != nil {
		adjust(&opts)
	}
	conn := g.connection
	if conn == "" && g.kubeconfig == "" && g.replay == "" && g.context == "" {
		conn = io.Getenv("STUDIOCTL_CONNECTION")
	}
	switch {
	case g.context != "" && (g.connection != "" || g.replay != ""):
		return nil, fault.Refusef(CodeFlags, SentenceContextAlone)
	case g.replay != "" && (g.kubeconfig != "" || g.connection != ""):
		return nil, fault.Refusef(CodeFlags, SentenceReplayAlone)
	case g.kubeconfig != "" && g.connection != "":
		return nil, fault.Refusef(CodeFlags, SentenceTwoConnections)
	case g.replay != "":
		return openReplay(g.replay, opts, io)
	case g.kubeconfig != "":
		data, err := readKubeconfig(g.kubeconfig)
		if err != nil {
			return nil, err
		}
		s, notices, err := studioctl.OpenKubeconfig(data, g.context, opts)
		printNotices(io.Err, notices)
		return s, err
	case conn != "":
		return openSaved(conn, opts, io)
	}
	if paths, from := defaultKubeconfigs(io); len(paths) > 0 {
		return f.openDefaultKubeconfig(paths, from, opts)
	}
	return nil, fault.Refusef(fault.CodeConnNone, fault.SentenceConnNone)
}

// openReplay opens --replay: the demo cluster (a snapshot), a snapshot file, a recording.json or
// a directory holding one. A snapshot is told from a recording by its content.
func openReplay(name string, opts studioctl.Options, io *IOStreams) (*studioctl.Session, error) {
	if snap, ok, err := loadSnapshot(name); ok {
		if err != nil {
			return nil, err
		}
		fmt.Fprintln(io.Err, snap.Notice())
		opts.CacheDir = ""
		opts.Notice = func(n string) { fmt.Fprintln(io.Err, n) }
		replayMemoryLimit(io)
		return studioctl.OpenSnapshot(snap, opts)
	}
	rec, err := studioctl.LoadRecording(name)
	if err != nil {
		return nil, replayUnreadable(name, err)
	}
	fmt.Fprintln(io.Err, rec.Notice())
	opts.CacheDir = ""
	return studioctl.OpenRecording(rec, opts)
}

// loadSnapshot reads the snapshot --replay names, when it names one (ok): the demo, or a file
// whose content is a snapshot's.
func loadSnapshot(name string) (snap *studioctl.Snapshot, ok bool, err error) {
	switch {
	case name == demo.Name:
		snap, err = demo.Snapshot()
	case isSnapshotFile(name):
		snap, err = studioctl.LoadSnapshot(name)
	default:
		return nil, false, nil
	}
	return snap, true, err
}

// isSnapshotFile reads a file's first bytes: a snapshot is a zip archive, a recording JSON.
func isSnapshotFile(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 4)
	n, _ := io.ReadFull(f, head)
	return snapshot.IsSnapshot(head[:n])
}

func redactMode(s string) (studioctl.Mode, error) {
	switch s {
	case "people", "":
		return studioctl.People, nil
	case "machine":
		return studioctl.Machine, nil
	}
	return 0, fault.Refusef(statement.CodeBadValue, SentenceRedactValue)
}

// replayMemoryLimit gives a snapshot replay the runtime's soft memory limit
// (limits.ReplayMemoryLimit) unless the person set GOMEMLIMIT: a replay reads a local file as
// fast as the CPU goes, with no server's pace between allocations, and the collector's default
// headroom (as much garbage again as the live heap) would double its peak. Past the limit the
// collector runs more often, never using more than half the CPU for it; nothing fails.
func replayMemoryLimit(io *IOStreams) {
	if io.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(limits.ReplayMemoryLimit)
	}
}
