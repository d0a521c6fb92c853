package logs

import (
	"context"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/printer"
)

// follow is logs -f on the command line: every stream at once (at most --max-log-requests, 5
// by default, as kubectl's), each line printed as it arrives, until every container's log ends,
// Ctrl-C (exit 0), the idle limit or a stream's failure, which stops the others.
func (l *logRead) follow(ctx context.Context, streams []logStream) (*printer.Result, error) {
	most := int64(limits.DefaultLogRequests)
	if l.o.MaxRequests != nil {
		most = *l.o.MaxRequests
	}
	if int64(len(streams)) > most {
		return nil, &fault.Error{Code: CodeLogStreams, Class: fault.Refused, Sentence: fault.Sentencef(sentenceLogsFollowMany, len(streams), most)}
	}
	query := l.options()
	if l.defaultTail {
		// A followed log's length is not known up front: the default tail is said at once.
		l.res.Notices = append(l.res.Notices, fault.Sentencef(SentenceLogsDefaultTail, limits.DefaultLogLines, limits.MaxTailLines))
	}
	for _, n := range l.res.Notices {
		l.s.Live.Notice(n)
	}
	l.res.Notices = nil
	lv := l.s.Client.NewLive(ctx)
	defer lv.Stop()
	done := make(chan struct{}, len(streams))
	for _, sm := range streams {
		go func(sm logStream) {
			if err := l.followOne(lv, sm, query); err != nil && lv.Context().Err() == nil {
				lv.Fail(err)
			}
			done <- struct{}{}
		}(sm)
	}
	for range streams {
		<-done
	}
	if err := lv.End(nil); err != nil {
		return nil, err
	}
	return l.res, nil
}

func (l *logRead) followOne(lv *kube.Live, sm logStream, q kube.LogOptions) error {
	q.Container = sm.container
	prefix := l.prefix(sm)
	return l.s.Client.FollowLog(lv, sm.pod.Metadata.Namespace, sm.pod.Metadata.Name, q, func(line []byte) error {
		return l.s.Live.Lines(&printer.Lines{Text: []string{prefix + string(line)}, Raw: true})
	})
}
