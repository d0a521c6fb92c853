// Package rollout answers rollout status and rollout history for deployments, stateful sets and
// daemon sets, as kubectl prints them; both only read. On the command line, rollout status
// watches until the rollout is done (or --timeout); elsewhere it reports the state once.
package rollout

import (
	"context"
	"strings"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/kube/discovery"
	"github.com/studioctl/studioctl/read/reader"
	"github.com/studioctl/studioctl/statement"
)

// target is what a rollout statement names: one object of a kind that rolls out.
type target struct {
	r    discovery.APIResource
	name string
}

// rollingKinds are the kinds rollout reads, by group and kind.
var rollingKinds = map[string]bool{"apps/Deployment": true, "apps/StatefulSet": true, "apps/DaemonSet": true}

// targetWords reads TYPE/NAME or TYPE NAME.
func targetWords(args []string) (typ, name string, err error) {
	switch {
	case len(args) == 1 && strings.Count(args[0], "/") == 1:
		typ, name, _ = strings.Cut(args[0], "/")
	case len(args) == 2 && !strings.Contains(args[0], "/"):
		typ, name = args[0], args[1]
	}
	if typ == "" || name == "" {
		return "", "", fault.Refusef(statement.CodeUsage, sentenceTarget)
	}
	return typ, name, nil
}

// resolve finds the kind the statement names and checks it rolls out.
func resolve(ctx context.Context, s *reader.Session, args []string) (target, error) {
	typ, name, err := targetWords(args)
	if err != nil {
		return target{}, err
	}
	r, err := s.Client.Resolve(ctx, typ)
	if err != nil {
		return target{}, err
	}
	if !rollingKinds[r.Group+"/"+r.Kind] {
		return target{}, fault.Refusef(codeKind, sentenceKind, r.GroupResource())
	}
	return target{r: r, name: name}, nil
}

// field reads a nested value of a decoded object, nil where a step is missing.
func field(obj map[string]any, path ...string) any {
	return kube.Field(obj, path...)
}

// number reads an integer field the way the API server writes it (a JSON number), 0 when absent.
func number(obj map[string]any, path ...string) int64 {
	switch n := field(obj, path...).(type) {
	case interface{ Int64() (int64, error) }:
		v, _ := n.Int64()
		return v
	case float64:
		return int64(n)
	}
	return 0
}

// text reads a string field, "" when absent.
func text(obj map[string]any, path ...string) string {
	s, _ := field(obj, path...).(string)
	return s
}
