// Package studioctl is a read-only Kubernetes client for Go programs: open a session on one API
// server, then read it with typed calls (or with kubectl-subset statements, in package run). It
// has no client-go dependency and cannot write: every request passes an allowlist of GET routes
// and self reviews beneath the session, Secret values are stripped where answers are decoded, and
// every read is bounded (a row cap, byte caps, deadlines).
//
// # Opening
//
// A session is opened from exactly what the caller gives it; the library reads no environment
// variable and no file it was not handed:
//
//   - [OpenKubeconfig]: a kubeconfig's bytes and a context name, read strictly.
//   - [Open]: a connection's explicit fields (server, CA, token or client certificate).
//   - [OpenSaved]: a connection saved in a store the caller opened with store.New(dir).
//   - [OpenRecording]: a recording of a real server's answers ([LoadRecording], or the demo
//     cluster in package github.com/studioctl/studioctl/demo).
//
// [Options] carry the rest: the redaction mode, the row cap, the discovery cache directory and the
// operator switches (plain HTTP to loopback, unchecked TLS), which are off unless set.
//
// # Reading
//
// Typed reads name a kind as kubectl does ("pods", "po", "deployments.apps",
// "deployments.v1.apps", or [GVR.String]):
//
//	for pod, err := range s.List(ctx, "pods", studioctl.ListOptions{AllNamespaces: true}) {
//		if err != nil {
//			return err
//		}
//		fmt.Println(pod.Namespace(), pod.Name())
//	}
//
// [Session.List] and [Session.Get] answer [Object] values, [Session.Table] the server's own table
// (the columns kubectl prints), [Session.Logs] a pod's log, [Session.Watch] a bounded window of
// changes, [Session.Kinds] discovery, and [Session.CanI], [Session.WhoAmI] and [Session.Rules] the
// self reviews.
//
// Two packages build on a session, so that a program linking only the typed reads does not carry
// them: package github.com/studioctl/studioctl/run answers kubectl-subset statements and prints
// them exactly as the studioctl command does (run.Line, run.Print), for statement-driven callers
// such as a console or an agent; package github.com/studioctl/studioctl/browse walks the cluster
// tree (browse.Open).
//
// # Errors
//
// Every failure is an [*Error] (errors.As works) with a stable Code, the HTTP Status when the
// server answered, and a sentence studioctl composed; its IsRefusal method tells a refusal by
// studioctl from the server's own error.
//
// # Redaction
//
// People mode (the default) strips Secret values. Machine mode ([Machine], for agents) also masks
// what an agent must not read, keys kept; it is chosen at open or raised later with
// [Session.Raise], and never lowered.
package studioctl

import (
	"net"
	"net/http"
	"time"

	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/internal/housekey"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/kubeconfig"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/policy"
	"github.com/studioctl/studioctl/record"
	"github.com/studioctl/studioctl/snapshot"
	"github.com/studioctl/studioctl/store"
)

// Mode is a session's redaction mode: [People] or [Machine]. A higher mode is stricter.
type Mode int

// The redaction modes. Package printer's People and Machine are these, so a session's mode is
// the mode its answers print in.
const (
	// People strips Secret values (the default).
	People Mode = iota
	// Machine also masks every value an agent must not read, keys kept (docs/redaction.md).
	Machine
)

// Recording is what a real API server answered, for a session that replays it.
type Recording = record.Recording

// Options configure a session. The zero value reads with people redaction, the default row cap
// (5,000), discovery kept in memory only and both operator switches off.
type Options struct {
	// Redact is the redaction mode; it can be raised later, never lowered.
	Redact Mode
	// MaxRows is the row cap of each list: 0 means 5,000; at most 1,000,000.
	MaxRows int
	// CacheDir is the root of the discovery disk cache; "" keeps discovery in memory.
	CacheDir string
	// Switches are the operator switches the connection is validated with.
	Switches Switches
	// Transport replaces net/http beneath the allowlist (tests). The allowlist still applies.
	Transport http.RoundTripper
	// Observe sees every admitted request (for tracing and request counts).
	Observe func(method, url string)
	// Now is the clock for ages studioctl computes itself (describe, events); nil is the system
	// clock. A replay runs at its capture time.
	Now func() time.Time
	// Notice, when set, receives the notices a snapshot's answers carry (a log asked for more
	// lines than the snapshot kept), each once.
	Notice func(string)
	// SSHAgent connects to the ssh-agent that signs in to a connection's SSH tunnel
	// (Connection.Tunnel); nil refuses a tunnel. The library reads no SSH_AUTH_SOCK and no key
	// file: the caller decides which agent.
	SSHAgent func() (net.Conn, error)

	// What the module's own captures set (Capture): not the library's.
	recorder      *record.Recorder
	discoveryBeta bool
}

// Capture makes the session record, for the studioctl module's own captures only (the live
// suite's recordings, snapshot capture): rec keeps every exchange with the real server beneath
// the guard (Secret values stripped), and discoveryBeta asks discovery's v2beta1 form first (a
// 1.28/1.29-style answer). Its first argument's type is internal to the module, so a program
// outside it cannot call it; internal/inner.Capture is the module's way to.
func (o *Options) Capture(_ housekey.Key, rec *record.Recorder, discoveryBeta bool) {
	o.recorder, o.discoveryBeta = rec, discoveryBeta
}

// Session is an open, read-only session on one API server. It is safe for concurrent use, except
// that Raise and CapRows must not race with reads.
type Session struct {
	client   *kube.Client
	maxRows  int
	mode     Mode
	replayer *record.Replayer
}

// Snapshot is a snapshot file, read and checked (package snapshot, docs/snapshot.md).
type Snapshot = snapshot.Snapshot

// LoadSnapshot reads a snapshot file under the reader's limits.
func LoadSnapshot(path string) (*Snapshot, error) { return snapshot.Load(path) }

// ParseSnapshot reads a snapshot from its bytes under the reader's limits.
func ParseSnapshot(data []byte) (*Snapshot, error) { return snapshot.Parse(data) }

// OpenSnapshot opens a session that answers every read from a snapshot as the live server would:
// lists and tables are filtered on the captured objects, so any selector works offline. Its clock
// is the capture time; a request the snapshot cannot answer fails saying what it lacks.
func OpenSnapshot(snap *Snapshot, o Options) (*Session, error) {
	rd := snapshot.NewReader(snap)
	rd.Notice = o.Notice
	at := snap.Manifest.CapturedAt
	ko := kube.Options{Transport: rd, Now: func() time.Time { return at }, DiscoveryBeta: snap.Manifest.Beta}
	return open(record.ReplayEndpoint(apivalue.NamespaceDefault), o, ko)
}

// Open validates a connection's fields and opens a session on it. Nothing is sent until a read.
func Open(conn Connection, o Options) (*Session, error) {
	ep, err := conn.kube().Validate(kube.Switches(o.Switches))
	if err != nil {
		return nil, err
	}
	return openEndpoint(ep, o)
}

func openEndpoint(ep *kube.Endpoint, o Options) (*Session, error) {
	ko := kube.Options{Transport: o.Transport, CacheDir: o.CacheDir, Now: o.Now, DiscoveryBeta: o.discoveryBeta, SSHAgent: o.SSHAgent}
	if o.recorder != nil {
		ko.Layer = o.recorder.Layer // NewClient puts it on net/http, beneath the guard
	}
	return open(ep, o, ko)
}

func open(ep *kube.Endpoint, o Options, ko kube.Options) (*Session, error) {
	if o.MaxRows < 0 || o.MaxRows > limits.MaxMaxRows {
		return nil, fault.Refusef(fault.CodeLimitValue, sentenceMaxRows, limits.MaxMaxRows)
	}
	if o.Observe != nil {
		ko.Observe = func(method, url string, _ *policy.Admitted) { o.Observe(method, url) }
	}
	if o.Redact < People || o.Redact > Machine {
		return nil, fault.Refusef(fault.CodeBadValue, sentenceMode, int(o.Redact))
	}
	return &Session{client: kube.NewClient(ep, ko), maxRows: o.MaxRows, mode: o.Redact}, nil
}

// OpenKubeconfig reads a kubeconfig's bytes strictly and opens a session on one of its contexts
// ("" for the current context). The notices say what the file held that studioctl does not use.
// A context whose user signs in only through a credential plugin is refused: studioctl runs no
// program, and would have nothing to sign in with.
func OpenKubeconfig(data []byte, contextName string, o Options) (*Session, []Notice, error) {
	f, err := kubeconfig.Parse(data)
	if err != nil {
		return nil, nil, err
	}
	return openContext(f, contextName, o)
}

// KubeconfigFile is one file of a kubeconfig list: the path it was read from, which only labels
// studioctl's sentences about it, and its bytes. The library never opens a path itself.
type KubeconfigFile struct {
	Path string
	Data []byte
}

// OpenKubeconfigList reads several kubeconfig files strictly and merges them as kubectl merges
// the files of KUBECONFIG (the first file that defines a cluster, user or context wins, and the
// current-context is the first file's that sets one), then opens a session on one context as
// OpenKubeconfig does. A refusal about one file names its path. The caller reads the files: the
// library reads no environment and no default file.
func OpenKubeconfigList(files []KubeconfigFile, contextName string, o Options) (*Session, []Notice, error) {
	srcs := make([]kubeconfig.Source, len(files))
	for i, kf := range files {
		srcs[i] = kubeconfig.Source{Path: kf.Path, Data: kf.Data}
	}
	f, err := kubeconfig.ParseList(srcs)
	if err != nil {
		return nil, nil, err
	}
	return openContext(f, contextName, o)
}

func openContext(f *kubeconfig.File, contextName string, o Options) (*Session, []Notice, error) {
	imp, err := f.Import(contextName)
	if err != nil {
		return nil, nil, err
	}
	if err := imp.PluginOnly(); err != nil {
		return nil, nil, err
	}
	s, err := Open(connectionOf(imp.Connection), o)
	return s, noticesOf(imp.Notices), err
}

// OpenSaved opens a session on the connection saved as name in st (store.New(dir) opens the
// folder; nothing else is read). The connection is validated again with o.Switches, and the
// endpoint is checked against the address the connection was registered for.
func OpenSaved(st *store.Store, name string, o Options) (*Session, error) {
	saved, err := st.Get(name)
	if err != nil {
		return nil, err
	}
	ep, err := saved.Endpoint(kube.Switches(o.Switches))
	if err != nil {
		return nil, err
	}
	return openEndpoint(ep, o)
}

// OpenRecording opens a session that answers from a recording instead of a server. Its clock is
// the capture time, so ages read as they did then; a request the recording does not hold fails
// (see [Session.Unrecorded]).
func OpenRecording(rec *Recording, o Options) (*Session, error) {
	rp := record.NewReplayer(rec)
	at := rec.CapturedAt
	ko := kube.Options{Transport: rp, Now: func() time.Time { return at }, DiscoveryBeta: rec.DiscoveryBeta}
	s, err := open(record.ReplayEndpoint(apivalue.NamespaceDefault), o, ko)
	if err != nil {
		return nil, err
	}
	s.replayer = rp
	return s, nil
}

// LoadRecording reads a recording: path is a recording file, or a directory holding one
// (recording.json) or a recording's group files (recording-<group>.json, merged in name order).
func LoadRecording(path string) (*Recording, error) { return record.LoadRecording(path) }

// ParseRecording reads a recording from its JSON bytes.
func ParseRecording(data []byte) (*Recording, error) { return record.ParseRecording(data) }

// Unrecorded lists the requests a replayed session asked for that its recording did not hold
// (each failed); it is nil for a session on a server.
func (s *Session) Unrecorded() []string {
	if s.replayer == nil {
		return nil
	}
	return s.replayer.Missed()
}

// KubeClient is the low-level client beneath the typed reads (package kube), for the studioctl
// module's own rooms only: its argument's type is internal to the module, so a program outside
// it cannot call it, and the typed reads are the library's way in (docs/library.md).
func (s *Session) KubeClient(housekey.Key) *kube.Client { return s.client }

// Namespace is the namespace a read that names none reads: the connection's default namespace
// (a kubeconfig context's, a saved connection's), or "default".
func (s *Session) Namespace() string {
	return apivalue.NamespaceOr(s.client.Endpoint().DefaultNamespace)
}

// RowCap is the row cap of a list that sets none: [Options].MaxRows, or 5,000.
func (s *Session) RowCap() int {
	if s.maxRows > 0 {
		return s.maxRows
	}
	return limits.DefaultMaxRows
}

// CapRows lowers the session's row cap to n (an agent's server caps what its agent reads). Like
// the redaction mode it is never raised: n above the current cap, or below 1, is refused and the
// cap is kept.
func (s *Session) CapRows(n int) error {
	if n < 1 || n > s.RowCap() {
		return fault.Refusef(fault.CodeLimitValue, sentenceCapRows, s.RowCap())
	}
	s.maxRows = n
	return nil
}

// Mode is the session's redaction mode.
func (s *Session) Mode() Mode { return s.mode }

// Raise moves the session to a stricter redaction mode (Machine). It can never be lowered: a
// lower mode is refused with the code refused.redact_lower, and the session keeps its mode.
func (s *Session) Raise(m Mode) error {
	if m < s.mode {
		return fault.Refusef(fault.CodeRedactLower, sentenceRedactLower)
	}
	if m > Machine {
		return fault.Refusef(fault.CodeBadValue, sentenceMode, int(m))
	}
	s.mode = m
	return nil
}
