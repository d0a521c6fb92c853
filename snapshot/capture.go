package snapshot

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/kube/discovery"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/record"
	"github.com/studioctl/studioctl/redact"
)

// Options configure a capture. Complete applies the defaults; Validate refuses a value outside its
// limit, naming it.
type Options struct {
	// Path is the file written; a temporary file beside it is renamed into place at the end.
	Path string
	// Namespaces are the namespaces captured; empty means every namespace (-A).
	Namespaces []string
	// LogLines are the last lines kept of each container's log (0: limits.DefaultLogLines).
	LogLines int
	// NoLogs keeps no log at all.
	NoLogs bool
	// MaxRows is the cap of each kind's share per namespace (0: none, every object is
	// kept up to limits.SnapshotMaxKindObjects of a kind): past it a namespace's objects are cut (events keep the newest) and the
	// manifest says how many.
	MaxRows int
	// MaxBytes is the size cap of the file (0: limits.SnapshotDefaultBytes).
	MaxBytes int64
	// Machine applies machine masking at capture too.
	Machine bool
	// Progress, when set, is called after each kind and each batch of logs.
	Progress func(Progress)
}

// Progress is how far a capture has come.
type Progress struct {
	KindsDone, KindsTotal int
	Objects               int
	LogsDone, LogsTotal   int
	Bytes                 int64
}

// Summary is what a capture closes with.
type Summary struct {
	Manifest *Manifest
	Bytes    int64
	Duration time.Duration
}

// ByState lists the kinds recorded in a state (locked, cut, failed).
func (m *Manifest) ByState(state string) []string {
	var out []string
	for _, k := range m.Kinds {
		if k.State == state {
			out = append(out, k.GroupResource())
		}
	}
	return out
}

// Complete applies the defaults.
func (o *Options) Complete() {
	if o.LogLines == 0 && !o.NoLogs {
		o.LogLines = limits.DefaultLogLines
	}
	if o.NoLogs {
		o.LogLines = 0
	}
	if o.MaxBytes == 0 {
		o.MaxBytes = limits.SnapshotDefaultBytes
	}
}

// Validate refuses a value outside its limit.
func (o *Options) Validate() error {
	switch {
	case o.Path == "":
		return fault.Refusef(CodeFlags, sentenceNoPath)
	case o.LogLines < 0 || o.LogLines > limits.SnapshotMaxLogLines:
		return fault.Refusef(CodeLimit, sentenceLogLines, limits.SnapshotMaxLogLines)
	case o.MaxRows < 0 || o.MaxRows > limits.SnapshotMaxRows:
		return fault.Refusef(CodeLimit, sentenceMaxRows, limits.SnapshotMaxRows)
	case o.MaxBytes < 4*centralSlack || o.MaxBytes > limits.SnapshotMaxBytes:
		return fault.Refusef(CodeLimit, sentenceMaxBytes, 4*centralSlack>>20, limits.SnapshotMaxBytes>>20)
	}
	for _, ns := range o.Namespaces {
		if !fault.IsDNS1123Label(ns) {
			return fault.Refusef(CodeFlags, sentenceBadNamespace)
		}
	}
	return nil
}

// NewRecorder is the recorder a capture's session is opened with (internal/inner.Capture): it
// keeps the fixed answers (version, discovery, OpenAPI, self reviews), Secret values stripped,
// and lets every list and log pass through unkept, since the capture keeps those itself.
func NewRecorder() *record.Recorder { return &record.Recorder{Keep: keepAnswer} }

func keepAnswer(method, path string) bool {
	switch {
	case method == "POST":
		return true
	case path == "/version", path == "/api", path == "/apis", path == "/readyz", path == "/healthz", path == "/livez":
		return true
	case path == "/openapi/v3" || strings.HasPrefix(path, "/openapi/v3/"):
		return true
	}
	return false
}

// capture is one capture's state.
type capture struct {
	c        *kube.Client
	o        Options
	a        *archive
	m        *Manifest
	mu       sync.Mutex
	progress Progress
	routes   routing
	logs     []logTarget // the containers of the pods kept (not the pods: memory stays small)
	// namespaceNames are the namespaces listed, for their rules reviews.
	namespaceNames []string
}

// Capture reads the cluster the client is connected to into o.Path. The client's session must
// have been opened with rec (NewRecorder) beneath its guard and without a discovery disk cache.
// Every request passes the allowlist; the file is written only when the capture ends well, and an
// interrupted or failed capture leaves nothing behind.
func Capture(ctx context.Context, c *kube.Client, rec *record.Recorder, o Options) (*Summary, error) {
	o.Complete()
	if err := o.Validate(); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(kube.WithStatement(ctx, "snapshot"), limits.SnapshotDeadline)
	defer cancel()
	start := time.Now()
	at := c.Now().UTC().Truncate(time.Second)
	a, err := newArchive(o.Path, o.MaxBytes)
	if err != nil {
		return nil, fault.Refusef(CodeWrite, sentenceCreate)
	}
	cp := &capture{c: c, o: o, a: a, m: &Manifest{
		Format: Format, Version: Version, CapturedAt: at, Redact: redactName(o.Machine),
		Namespaces: o.Namespaces, LogLines: o.LogLines, MaxRows: o.MaxRows, MaxBytes: o.MaxBytes,
	}}
	if err := cp.run(ctx, rec); err != nil {
		a.abort()
		if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
			return nil, fault.Refusef(fault.CodeCanceled, sentenceCanceled)
		}
		return nil, err
	}
	size, err := a.commit()
	if err != nil {
		return nil, fault.Refusef(CodeWrite, sentenceWrite)
	}
	return &Summary{Manifest: cp.m, Bytes: size, Duration: time.Since(start)}, nil
}

func redactName(machine bool) string {
	if machine {
		return "machine"
	}
	return "people"
}

func (cp *capture) run(ctx context.Context, rec *record.Recorder) error {
	v, err := cp.c.ServerVersion(ctx)
	if err != nil {
		return err
	}
	cp.m.Server, _ = v["gitVersion"].(string)
	d, err := cp.c.RefreshDiscovery(ctx)
	if err != nil {
		return err
	}
	cp.m.Beta = d.Beta
	cp.m.Discovery = "v2"
	if d.Beta {
		cp.m.Discovery = "v2beta1"
	}
	if _, _, err := cp.c.Readyz(ctx); err != nil && ctx.Err() != nil {
		return ctx.Err()
	}
	raw, err := cp.captureRaw(ctx)
	if err != nil {
		return err
	}
	if u, _, err := cp.c.WhoAmI(ctx); err == nil {
		cp.m.Identity = identityOf(u)
	} else if ctx.Err() != nil {
		return ctx.Err()
	}
	kinds := listableKinds(d)
	cp.progress.KindsTotal = len(kinds)
	cp.m.Kinds = kinds
	if err := cp.captureKinds(ctx); err != nil {
		return err
	}
	if err := cp.captureReviews(ctx); err != nil {
		return err
	}
	cp.captureOpenAPI(ctx)
	if err := cp.captureLogs(ctx); err != nil {
		return err
	}
	for _, k := range cp.m.Kinds {
		if k.Group == "metrics.k8s.io" && k.State == StateCaptured {
			cp.m.Metrics = true
		}
	}
	if o := cp.o; o.Machine {
		cp.m.Routing = len(cp.routes.DefaultContainer) + len(cp.routes.SecretUIDs)
		if err := cp.a.addJSON(entryRouting, cp.routes, true); err != nil {
			return err
		}
		cp.m.Notes = append(cp.m.Notes, noteMachine)
	}
	answers, openapi := keptAnswers(rec, raw)
	if cp.o.Machine {
		answers = maskReviews(answers)
	}
	if err := cp.a.addJSON(entryAnswers, answers, false); err != nil {
		return fault.Refusef(CodeLimit, sentenceTooSmall, cp.o.MaxBytes>>20)
	}
	if err := cp.a.addJSON(entryOpenAPI, openapi, true); errors.Is(err, errFull) {
		cp.m.Notes = append(cp.m.Notes, noteNoOpenAPI)
	} else if err != nil {
		return err
	}
	if err := cp.a.addJSON(entryManifest, cp.m, false); err != nil {
		return fault.Refusef(CodeLimit, sentenceTooSmall, cp.o.MaxBytes>>20)
	}
	return nil
}

// keptAnswers are the recorder's exchanges that answered (a failed review or document is not
// kept: the reader then says what is missing), sorted for a stable file: the OpenAPI ones apart,
// get --raw's once each with the server's bytes (raw.go).
func keptAnswers(rec *record.Recorder, raw map[string][]byte) (answers, openapi []*record.Exchange) {
	kept := map[string]bool{}
	for _, e := range rec.Exchanges() {
		switch {
		case e.Status != 200 && e.Status != 201:
		case isRawExchange(e):
			if r := rawAnswer(e, raw, kept); r != nil {
				answers = append(answers, r)
			}
		case strings.HasPrefix(e.Path, "/openapi/"):
			openapi = append(openapi, e)
		default:
			answers = append(answers, e)
		}
	}
	for _, list := range [][]*record.Exchange{answers, openapi} {
		sort.SliceStable(list, func(i, j int) bool { return list[i].Path+list[i].Query < list[j].Path+list[j].Query })
	}
	return answers, openapi
}

func identityOf(u kube.UserInfo) Identity {
	h := sha256.New()
	h.Write([]byte(u.Username + "\x00" + u.UID + "\x00" + strings.Join(u.Groups, "\x00")))
	return Identity{User: u.Username, Fingerprint: hex.EncodeToString(h.Sum(nil))[:16]}
}

// listableKinds are the kinds discovery says may be listed: for each group and resource, the
// group's preferred version when it serves the resource, else the first version that does.
func listableKinds(d *discovery.Discovery) []Kind {
	type gr struct{ g, r string }
	chosen := map[gr]discovery.APIResource{}
	var order []gr
	for _, r := range d.Resources {
		if !r.Has("list") || strings.Contains(r.Resource, "/") {
			continue
		}
		k := gr{r.Group, r.Resource}
		prev, seen := chosen[k]
		if !seen {
			order = append(order, k)
		}
		if !seen || (r.Preferred && !prev.Preferred) {
			chosen[k] = r
		}
	}
	out := make([]Kind, 0, len(order))
	for _, k := range order {
		r := chosen[k]
		out = append(out, Kind{Group: r.Group, Version: r.Version, Resource: r.Resource, Kind: r.Kind, Namespaced: r.Namespaced})
	}
	return out
}

// report hands the progress to the caller's display.
func (cp *capture) report(f func(p *Progress)) {
	cp.mu.Lock()
	f(&cp.progress)
	cp.progress.Bytes = cp.a.size()
	p := cp.progress
	cp.mu.Unlock()
	if cp.o.Progress != nil {
		cp.o.Progress(p)
	}
}

// reviewNamespaces are the namespaces whose rules review is kept: the chosen ones, or every
// namespace captured (up to the tree's namespace cap), and default.
func (cp *capture) reviewNamespaces() []string {
	seen := map[string]bool{apivalue.NamespaceDefault: true}
	out := []string{apivalue.NamespaceDefault}
	add := func(ns string) {
		if !seen[ns] && len(out) < limits.MaxNamespacesListed {
			seen[ns] = true
			out = append(out, ns)
		}
	}
	for _, ns := range cp.o.Namespaces {
		add(ns)
	}
	if len(cp.o.Namespaces) == 0 {
		for _, ns := range cp.namespaceNames {
			add(ns)
		}
	}
	return out
}

func (cp *capture) captureReviews(ctx context.Context) error {
	for _, ns := range cp.reviewNamespaces() {
		if _, err := cp.c.RulesReview(ctx, ns); err == nil {
			cp.m.Reviews = append(cp.m.Reviews, ns)
		} else if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	return nil
}

// captureOpenAPI reads the OpenAPI v3 document of each captured kind's group and version; the
// recorder keeps them. A document the server does not give is left out (explain then says so).
func (cp *capture) captureOpenAPI(ctx context.Context) {
	seen := map[string]bool{}
	for _, k := range cp.m.Kinds {
		gv := k.Group + "/" + k.Version
		if k.State != StateCaptured || seen[gv] {
			continue
		}
		seen[gv] = true
		_, _ = cp.c.OpenAPIDocument(ctx, k.Group, k.Version)
	}
}

// maskReviews applies machine masking to the self reviews kept (issue 32 item 10): a whoami's
// extra values and a rules review's resource names under Secrets are masked in the file, as the
// live path masks them when it prints, so a machine-mode snapshot holds nothing machine mode
// would mask. An answer that does not decode is dropped: the reader then says it is missing.
func maskReviews(answers []*record.Exchange) []*record.Exchange {
	out := answers[:0]
	for _, e := range answers {
		if e.Method == "POST" {
			var v any
			if decode([]byte(e.Body), &v) != nil {
				continue
			}
			redact.Machine(v)
			b, err := json.Marshal(v)
			if err != nil {
				continue
			}
			e.Body = string(b)
		}
		out = append(out, e)
	}
	return out
}
