// Package logs answers logs: kubectl's choice of pod and container, the tail, since and byte
// limits, several pods under -l, each stream capped.
package logs

import (
	"context"
	"sort"
	"strings"
	"time"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/kube/discovery"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read/reader"
	"github.com/studioctl/studioctl/statement"
)

// DefaultContainerAnnotation is kubectl's annotation naming a pod's default container.
const DefaultContainerAnnotation = "kubectl.kubernetes.io/default-container"

// Options are logs' options, filled once from the statement.
type Options struct {
	reader.Common
	Args          []string       `args:""`
	Namespace     string         `flag:"namespace"`
	Selector      *string        `flag:"selector"` // nil: read the pod Args names
	Container     string         `flag:"container"`
	AllContainers bool           `flag:"all-containers"`
	AllPods       bool           `flag:"all-pods"`
	Prefix        bool           `flag:"prefix"` // begin each line with [pod/NAME/CONTAINER] (--all-pods sets it)
	Previous      bool           `flag:"previous"`
	Timestamps    bool           `flag:"timestamps"`
	Tail          *int64         `flag:"tail"` // nil: the default number of lines
	Since         *time.Duration `flag:"since"`
	SinceTime     *string        `flag:"since-time"`
	LimitBytes    *int64         `flag:"limit-bytes"`
	Follow        bool           `flag:"follow"`
	MaxRequests   *int64         `flag:"max-log-requests"` // nil: limits.DefaultLogRequests
	MaxRows       int            // the row cap of the pod lists, from the session (Complete)
}

// Validate holds kubectl's own argument rules and studioctl's caps, so a refusal never
// depends on a connection.
func (o *Options) Validate() error {
	if err := o.validateTarget(); err != nil {
		return err
	}
	if o.AllContainers && o.Container != "" {
		return fault.Refusef(statement.CodeUsage, SentenceLogsContainerAll)
	}
	if err := o.validateSince(); err != nil {
		return err
	}
	return o.validateCounts()
}

// validateTarget: a pod (POD or TYPE/NAME) or -l, never both.
func (o *Options) validateTarget() error {
	switch {
	case len(o.Args) == 0 && o.Selector == nil:
		return fault.Refusef(statement.CodeUsage, SentenceLogsNeedTarget)
	case len(o.Args) == 1 && o.Selector != nil:
		return fault.Refusef(statement.CodeUsage, SentenceLogsTargetAndLabel)
	}
	if len(o.Args) == 1 {
		if _, _, err := logTarget(o.Args[0]); err != nil {
			return err
		}
	}
	return nil
}

func (o *Options) validateSince() error {
	if o.Since != nil && o.SinceTime != nil {
		return fault.Refusef(statement.CodeUsage, SentenceLogsSinceBoth)
	}
	if o.SinceTime != nil {
		if _, err := time.Parse(time.RFC3339, *o.SinceTime); err != nil {
			return fault.Refusef(statement.CodeBadValue, SentenceLogsSinceTime)
		}
	}
	if o.Since != nil && *o.Since > 0 && o.Since.Round(time.Second) < time.Second {
		return fault.Refusef(statement.CodeLimit, SentenceLogsSinceShort)
	}
	return nil
}

func (o *Options) validateCounts() error {
	if o.Tail != nil {
		switch n := *o.Tail; {
		case n == -1:
			return fault.Refusef(statement.CodeLimit, SentenceLogsTailAll)
		case n < 0:
			return fault.Refusef(statement.CodeBadValue, SentenceLogsTailNegative)
		}
		if err := statement.CheckCount("--tail", *o.Tail, limits.MaxTailLines, LimitNameTail); err != nil {
			return err
		}
	}
	if o.MaxRequests != nil {
		if *o.MaxRequests < 1 {
			return fault.Refusef(statement.CodeBadValue, SentenceLogsRequestsLow)
		}
		if err := statement.CheckCount("--max-log-requests", *o.MaxRequests, limits.MaxLogRequests, LimitNameLogRequests); err != nil {
			return err
		}
	}
	if o.LimitBytes != nil {
		if *o.LimitBytes < 0 {
			return fault.Refusef(statement.CodeBadValue, SentenceLogsLimitNegative)
		}
		if err := statement.CheckCount("--limit-bytes", *o.LimitBytes, limits.MaxLogStreamBytes, LimitNameLimitBytes); err != nil {
			return err
		}
	}
	return nil
}

// Complete fills the namespace and the row cap the session supplies.
func (o *Options) Complete(s *reader.Session) {
	o.Namespace = s.Namespace(o.Namespace)
	o.MaxRows = s.RowCap()
}

// logTarget reads POD or TYPE/NAME; a bare name is a pod, as kubectl reads it.
func logTarget(arg string) (typ, name string, err error) {
	if !strings.Contains(arg, "/") {
		return "pods", arg, nil
	}
	typ, name, _ = strings.Cut(arg, "/")
	if typ == "" || name == "" || strings.Contains(name, "/") {
		return "", "", fault.Refusef(statement.CodeUsage, SentenceLogsTypeName)
	}
	return typ, name, nil
}

// logStream is one log request to make: a pod and a container.
type logStream struct {
	pod       *LogPod
	container string
}

type logRead struct {
	s       *reader.Session
	o       *Options
	ns      string
	res     *printer.Result
	seen    map[string]bool
	allPods bool
	// defaultTail: no --tail was given, so studioctl's own default bounds each stream; longest
	// is the most lines one stream answered.
	defaultTail bool
	longest     int
}

// tailNotice says that studioctl's default tail bounded the read, at the place in the notices
// where the read began, only when a stream answered as many lines as the default (a shorter log
// was read whole, and saying otherwise would mislead).
func (l *logRead) tailNotice(q kube.LogOptions, at int) {
	if !l.defaultTail || int64(l.longest) < q.TailLines {
		return
	}
	n := fault.Sentencef(SentenceLogsDefaultTail, limits.DefaultLogLines, limits.MaxTailLines)
	l.res.Notices = append(l.res.Notices[:at], append([]string{n}, l.res.Notices[at:]...)...)
}

// notice adds a stderr notice once: pods that default alike say so once.
func (l *logRead) notice(text string) {
	if l.seen[text] {
		return
	}
	l.seen[text] = true
	l.res.Notices = append(l.res.Notices, text)
}

// Run finds the pods and containers to read and reads their logs, one stream each.
func (o *Options) Run(ctx context.Context, s *reader.Session) (*printer.Result, error) {
	if o.Follow && s.Live == nil {
		return nil, fault.Refusef(statement.CodeFollow, statement.SentenceFollow)
	}
	l := &logRead{s: s, o: o, ns: o.Namespace, res: &printer.Result{}, seen: map[string]bool{}, allPods: o.AllPods}
	pods, err := l.pods(ctx)
	if err != nil {
		return nil, err
	}
	if len(pods) == 0 {
		return l.res, nil
	}
	var streams []logStream
	for _, p := range pods {
		if o.AllContainers {
			for _, c := range p.everyContainer() {
				streams = append(streams, logStream{p, c})
			}
			continue
		}
		c, err := l.container(p)
		if err != nil {
			return nil, err
		}
		streams = append(streams, logStream{p, c})
	}
	if o.Follow {
		return l.follow(ctx, streams)
	}
	if len(streams) > limits.MaxLogStreams {
		return nil, &fault.Error{Code: CodeLogStreams, Class: fault.Refused, Sentence: fault.Sentencef(sentenceLogsStreams, len(streams), limits.MaxLogStreams)}
	}
	query := l.options()
	tailNoticeAt := len(l.res.Notices)
	lines := &printer.Lines{Raw: true}
	l.res.Lines = lines
	defer func() { l.tailNotice(query, tailNoticeAt) }()
	for i, sm := range streams {
		q := query
		q.Container = sm.container
		out, err := s.Client.PodLog(ctx, sm.pod.Metadata.Namespace, sm.pod.Metadata.Name, q)
		if err != nil {
			e, ok := fault.As(err)
			if i == 0 || !ok {
				return nil, err
			}
			// kubectl stops at the first stream that fails, after printing the ones before it.
			l.res.Errors = append(l.res.Errors, e)
			break
		}
		got := SplitLogLines(out.Data, l.prefix(sm), out.Truncated)
		l.longest = max(l.longest, len(got))
		lines.Text = append(lines.Text, got...)
		if out.Truncated {
			l.res.Notices = append(l.res.Notices, fault.Sentencef(sentenceLogsCut, sm.container, sm.pod.Metadata.Name, "1 MiB"))
		}
	}
	return l.res, nil
}

// prefix is what begins each line of a stream: kubectl's [pod/NAME/CONTAINER] under --prefix or
// --all-pods (which sets it), nothing otherwise.
func (l *logRead) prefix(sm logStream) string {
	if !l.o.Prefix && !l.allPods {
		return ""
	}
	return "[pod/" + sm.pod.Metadata.Name + "/" + sm.container + "] "
}

// SplitLogLines splits a log at line feeds. A cut log drops its last, partial line; a log that
// simply does not end with a line feed keeps it.
func SplitLogLines(data []byte, prefix string, cut bool) []string {
	text := string(data)
	if cut {
		k := strings.LastIndexByte(text, '\n')
		text = text[:k+1]
	}
	if text == "" {
		return nil
	}
	parts := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if prefix != "" {
		for i := range parts {
			parts[i] = prefix + parts[i]
		}
	}
	return parts
}

// options are the query every stream of the statement shares.
func (l *logRead) options() kube.LogOptions {
	o := l.o
	q := kube.LogOptions{Timestamps: o.Timestamps, Previous: o.Previous, HasTail: true}
	switch {
	case o.Tail != nil:
		q.TailLines = *o.Tail
	case o.Selector != nil:
		q.TailLines = limits.SelectorLogLines
	default:
		q.TailLines = limits.DefaultLogLines
		l.defaultTail = true
	}
	if o.LimitBytes != nil && *o.LimitBytes > 0 {
		q.LimitBytes = *o.LimitBytes
	}
	if o.Since != nil && *o.Since > 0 {
		q.SinceSeconds = int64(o.Since.Round(time.Second).Seconds())
	}
	if o.SinceTime != nil {
		if t, err := time.Parse(time.RFC3339, *o.SinceTime); err == nil {
			q.SinceTime = t.UTC().Format(time.RFC3339)
		}
	}
	return q
}

// pods finds the pods to read: those -l selects (in list order), the pod named, or the pod
// kubectl would pick among those a TYPE/NAME selects (every one of them with --all-pods).
func (l *logRead) pods(ctx context.Context) ([]*LogPod, error) {
	c := l.s.Client
	podsRes, err := c.Resolve(ctx, "pods")
	if err != nil {
		return nil, err
	}
	if l.o.Selector != nil {
		pods, err := l.list(ctx, podsRes, *l.o.Selector)
		if err != nil {
			return nil, err
		}
		if len(pods) == 0 {
			l.res.Empty = fault.Sentencef(reader.SentenceNoResourcesIn, l.ns)
		}
		return pods, nil
	}
	typ, name, err := logTarget(l.o.Args[0])
	if err != nil {
		return nil, err
	}
	r := podsRes
	if typ != "pods" {
		if r, err = c.Resolve(ctx, typ); err != nil {
			return nil, err
		}
	}
	isPod := r.Group == "" && r.Resource == "pods"
	if !isPod {
		if _, supported, _ := podSelector(r, nil); !supported {
			return nil, &fault.Error{Code: CodeLogKind, Class: fault.Refused, Sentence: fault.Sentencef(SentenceLogsKind, r.GroupResource())}
		}
	}
	obj, err := c.GetObject(ctx, r, l.ns, name)
	if err != nil {
		return nil, err
	}
	if isPod {
		p, err := DecodeLogPod(obj)
		if err != nil {
			return nil, err
		}
		return []*LogPod{p}, nil
	}
	selector, _, ok := podSelector(r, obj)
	if !ok {
		return nil, &fault.Error{Code: CodeLogSelector, Class: fault.ServerError, Sentence: fault.Sentencef(sentenceLogsNoSelector, r.Kind, name, l.ns)}
	}
	pods, err := l.list(ctx, podsRes, selector)
	if err != nil {
		return nil, err
	}
	if len(pods) == 0 {
		return nil, &fault.Error{Code: CodeLogNoPod, Class: fault.ServerError, Sentence: fault.Sentencef(sentenceLogsNoPod, l.ns, strings.ToLower(r.Kind), name, selector)}
	}
	sort.Sort(ByLogging(pods))
	if l.allPods || len(pods) == 1 {
		return pods, nil
	}
	l.notice(fault.Sentencef(noticeFoundPods, len(pods), pods[0].Metadata.Name))
	return pods[:1], nil
}

func (l *logRead) list(ctx context.Context, r discovery.APIResource, selector string) ([]*LogPod, error) {
	var pods []*LogPod
	err := l.s.Client.ListObjects(ctx, r, kube.Scope{Namespace: l.ns}, kube.ListOptions{LabelSelector: selector, MaxRows: l.o.MaxRows},
		func(obj map[string]any) error {
			p, err := DecodeLogPod(obj)
			if err != nil {
				return err
			}
			pods = append(pods, p)
			return nil
		}, func() { pods = nil })
	return pods, err
}

// container is the container logs reads in a pod when --all-containers is not given: -c, else
// the default-container annotation, else the first container, with kubectl's notices.
func (l *logRead) container(p *LogPod) (string, error) {
	name := l.o.Container
	if name == "" {
		if ann := p.Metadata.Annotations[DefaultContainerAnnotation]; ann != "" {
			if p.hasContainer(ann) {
				name = ann
			} else {
				l.notice(fault.Sentencef(noticeDefaultNotFound, ann, p.Metadata.Name))
			}
		}
	}
	if name == "" {
		if len(p.Spec.Containers) == 0 {
			return "", &fault.Error{Code: CodeLogContainer, Class: fault.ServerError, Sentence: fault.Sentencef(sentenceLogsNoContainers, p.Metadata.Name, p.Metadata.Namespace)}
		}
		name = p.Spec.Containers[0].Name
		if (len(p.Spec.Containers) > 1 || len(p.Spec.InitContainers) > 0 || len(p.Spec.EphemeralContainers) > 0) && !l.allPods {
			l.notice(fault.Sentencef(noticeDefaultedContainer, name, p.allContainerNames()))
		}
	}
	if !p.hasContainer(name) {
		return "", &fault.Error{Code: CodeLogContainer, Class: fault.ServerError, Sentence: fault.Sentencef(sentenceLogsContainer, p.Metadata.Name, p.Metadata.Namespace, name, strings.Join(p.everyContainer(), ", "))}
	}
	return name, nil
}
