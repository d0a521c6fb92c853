package browse

import (
	"context"
	"slices"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/kube/discovery"
	"github.com/studioctl/studioctl/limits"
)

// Namespaces is the namespace list the tree shows and where it came from.
type Namespaces struct {
	Names   []string
	Source  string // FromConnection, FromAPI, FromProjects or FromDefault
	Capped  bool   // the API lists more than MaxNamespacesListed
	Refused *Lock  // the API's namespace list was refused (Source is projects or default)
	Notices []Notice
}

// Namespaces returns the namespace list the tree shows (section 4.3 and 6 of the specification):
// the connection's list when set; else the API's first 1,000 by name, the default namespace taking
// the 1,000th place when it sorts past them and exists; on a 403, OpenShift's projects when
// discovery serves them; else the default namespace alone, with a notice. It is read once per
// Browser; concurrent callers wait for the one read.
func (b *Browser) Namespaces(ctx context.Context) (*Namespaces, error) {
	b.mu.Lock()
	if call := b.nsc; call != nil {
		b.mu.Unlock()
		select {
		case <-call.done:
			return call.res, call.err
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	call := &nsCall{done: make(chan struct{})}
	b.nsc = call
	b.mu.Unlock()
	call.res, call.err = b.readNamespaces(ctx)
	if call.err != nil {
		b.mu.Lock()
		b.nsc = nil // a failed read is not kept: the next caller tries again
		b.mu.Unlock()
	}
	close(call.done)
	return call.res, call.err
}

func (b *Browser) readNamespaces(ctx context.Context) (*Namespaces, error) {
	if list := b.c.Endpoint().Namespaces; len(list) > 0 {
		return &Namespaces{Names: append([]string(nil), list...), Source: FromConnection}, nil
	}
	d, err := b.discovery(ctx)
	if err != nil {
		return nil, err
	}
	def := b.defaultNamespace()
	nsRes, ok := d.Preferred("", "namespaces")
	if ok {
		names, capped, err := b.listNames(ctx, nsRes, kube.Scope{}, limits.MaxNamespacesListed)
		if err == nil {
			out := &Namespaces{Names: names, Source: FromAPI, Capped: capped}
			if capped {
				out.Notices = append(out.Notices, Notice{CodeNamespacesCapped, sprintf(sentenceNamespacesCapped, Thousands(limits.MaxNamespacesListed), Thousands(limits.MaxNamespacesListed))})
				if err := b.placeDefault(ctx, nsRes, out, def); err != nil {
					return nil, err
				}
			}
			return out, nil
		}
		lock, isLock := asLock(err)
		if !isLock {
			return nil, err
		}
		if pr, ok := d.Preferred("project.openshift.io", "projects"); ok {
			names, capped, perr := b.listNames(ctx, pr, kube.Scope{}, limits.MaxNamespacesListed)
			if perr == nil {
				out := &Namespaces{Names: names, Source: FromProjects, Capped: capped, Refused: lock,
					Notices: []Notice{{CodeNamespacesProjects, sentenceNamespacesProjects}}}
				if capped {
					out.Notices = append(out.Notices, Notice{CodeNamespacesCapped, sprintf(sentenceNamespacesCapped, Thousands(limits.MaxNamespacesListed), Thousands(limits.MaxNamespacesListed))})
				}
				return out, nil
			}
			if _, isLock := asLock(perr); !isLock {
				return nil, perr
			}
		}
		return &Namespaces{Names: []string{def}, Source: FromDefault, Refused: lock,
			Notices: []Notice{{CodeNamespacesRefused, sprintf(sentenceNamespacesRefused, def)}}}, nil
	}
	// A server that does not serve namespaces at all: the default namespace alone.
	return &Namespaces{Names: []string{def}, Source: FromDefault,
		Notices: []Notice{{CodeNamespacesRefused, sprintf(sentenceNamespacesRefused, def)}}}, nil
}

// placeDefault puts the default namespace in the 1,000th place when the capped list stops before
// it in name order and one read of it shows it exists. A default that sorts inside the list but is
// not in it does not exist, and is not drawn.
func (b *Browser) placeDefault(ctx context.Context, nsRes discovery.APIResource, out *Namespaces, def string) error {
	if len(out.Names) == 0 || slices.Contains(out.Names, def) {
		return nil
	}
	if def < out.Names[len(out.Names)-1] {
		return nil
	}
	b.acquire()
	_, err := b.c.GetTable(ctx, nsRes, "", def, "None")
	b.release()
	if err != nil {
		if e, ok := fault.As(err); ok && e.Class == fault.ServerError {
			return nil // not found, or not readable: the list does not show it, so it is not drawn
		}
		return err
	}
	if len(out.Names) >= limits.MaxNamespacesListed {
		out.Names[limits.MaxNamespacesListed-1] = def
	} else {
		out.Names = append(out.Names, def)
	}
	return nil
}
