// Package studioctl is the library's front door: open a read-only session on one Kubernetes API
// server (from a connection's fields, a kubeconfig or a recording), run kubectl-subset statements
// on it and print their results the way the command line does.
//
//	s, notices, err := studioctl.OpenKubeconfig(data, "", studioctl.Options{})
//	res, err := s.Run(ctx, "get pods -n shop")
//	s.Print(os.Stdout, os.Stderr, res)
//
// Every request passes the allowlist in the transport, Secret values are stripped where answers
// are decoded, and machine redaction (Options.Redact = Machine) masks what is printed.
package studioctl

import (
	"context"
	"io"
	"net/http"
	"path/filepath"
	"time"

	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/kubeconfig"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/policy"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read"
	"github.com/studioctl/studioctl/read/reader"
	"github.com/studioctl/studioctl/record"
	"github.com/studioctl/studioctl/statement"
)

// Mode is the redaction mode of a session.
type Mode = printer.RedactMode

const (
	People  = printer.People
	Machine = printer.Machine
)

// Options configure a session. The zero value reads with people redaction, the default row cap,
// no disk cache and the process's operator switches.
type Options struct {
	Redact   Mode
	MaxRows  int    // 0: 5,000; at most 100,000
	CacheDir string // discovery disk cache; "" keeps discovery in memory
	// Switches are the operator switches; nil reads them from the environment.
	Switches *kube.Switches
	// Transport replaces net/http beneath the allowlist (tests, recordings).
	Transport http.RoundTripper
	// Observe sees every admitted request (for -v tracing and request counts).
	Observe func(method, url string)
	// Now is the clock for ages studioctl computes itself (describe, events); nil is the system
	// clock. A replay runs at its capture time.
	Now func() time.Time
	// DiscoveryBeta asks for discovery's v2beta1 form first (for recording a 1.28/1.29-style answer).
	DiscoveryBeta bool
	// Recorder, when set, keeps every exchange with the real server (Secret values stripped),
	// for replay later.
	Recorder *record.Recorder
}

// Session is an open, read-only session.
type Session struct {
	reader.Session
	mode Mode
}

// Open validates a connection's fields and opens a session on it. Nothing is sent until a
// statement runs.
func Open(conn kube.Connection, o Options) (*Session, error) {
	sw := kube.SwitchesFromEnv()
	if o.Switches != nil {
		sw = *o.Switches
	}
	ep, err := conn.Validate(sw)
	if err != nil {
		return nil, err
	}
	ko := kube.Options{Transport: o.Transport, CacheDir: o.CacheDir, Now: o.Now, DiscoveryBeta: o.DiscoveryBeta}
	if o.Recorder != nil {
		ko.Layer = o.Recorder.Layer // NewClient puts it on net/http, beneath the guard
	}
	return open(ep, o, ko)
}

func open(ep *kube.Endpoint, o Options, ko kube.Options) (*Session, error) {
	if o.MaxRows < 0 || o.MaxRows > limits.MaxMaxRows {
		return nil, kube.Refusef(statement.CodeLimit, SentenceMaxRows, limits.MaxMaxRows)
	}
	if o.Observe != nil {
		ko.Observe = func(method, url string, _ *policy.Admitted) { o.Observe(method, url) }
	}
	c := kube.NewClient(ep, ko)
	return &Session{Session: reader.Session{Client: c, MaxRows: o.MaxRows}, mode: o.Redact}, nil
}

// OpenKubeconfig reads a kubeconfig strictly and opens a session on one of its contexts ("" for
// the current context). The notices say what the file held that studioctl does not use.
func OpenKubeconfig(data []byte, contextName string, o Options) (*Session, []kubeconfig.Notice, error) {
	f, err := kubeconfig.Parse(data)
	if err != nil {
		return nil, nil, err
	}
	imp, err := f.Import(contextName)
	if err != nil {
		return nil, nil, err
	}
	s, err := Open(imp.Connection, o)
	return s, imp.Notices, err
}

// OpenReplay opens a session that answers from a recording instead of a server; its clock is the
// capture time, so ages read as they did then. A request the recording does not hold fails.
func OpenReplay(rec *record.Recording, o Options) (*Session, *record.Replayer, error) {
	rp := record.NewReplayer(rec)
	at := rec.CapturedAt
	ko := kube.Options{Transport: rp, Now: func() time.Time { return at }, DiscoveryBeta: rec.DiscoveryBeta}
	s, err := open(record.ReplayEndpoint("default"), o, ko)
	return s, rp, err
}

// LoadReplay reads the recording in dir (its recording.json), or the embedded demo cluster when
// dir is "demo".
func LoadReplay(dir string) (*record.Recording, error) {
	if dir == "demo" {
		return record.ParseRecording(demoRecording)
	}
	return record.LoadRecording(filepath.Join(dir, "recording.json"))
}

// Mode is the session's redaction mode.
func (s *Session) Mode() Mode { return s.mode }

// Raise moves the session to machine redaction. It can never be lowered.
func (s *Session) Raise(m Mode) error {
	if m < s.mode {
		return kube.Refusef(printer.CodeMachineLower, printer.SentenceMachineLower)
	}
	s.mode = m
	return nil
}

// Run parses and answers one statement line.
func (s *Session) Run(ctx context.Context, line string) (*printer.Result, error) {
	return read.RunLine(ctx, &s.Session, line)
}

// Print writes a result as the command line does, in the session's redaction mode.
func (s *Session) Print(out, errOut io.Writer, r *printer.Result) error {
	if r == nil {
		return nil
	}
	return printer.NewWriter(out, errOut, s.mode).Write(r)
}
