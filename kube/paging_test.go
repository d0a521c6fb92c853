package kube

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/studioctl/studioctl/internal/httpstub"
	"github.com/studioctl/studioctl/limits"

	"github.com/studioctl/studioctl/fault"
)

// endlessPages answers every page of a list with no rows and a new continue token.
func endlessPages(n *atomic.Int32, table bool) func(*http.Request) (*http.Response, error) {
	return func(r *http.Request) (*http.Response, error) {
		i := n.Add(1)
		body := fmt.Sprintf(`{"kind":"PodList","apiVersion":"v1","metadata":{"continue":"c%d"},"items":[]}`, i)
		if table {
			body = fmt.Sprintf(`{"kind":"Table","apiVersion":"meta.k8s.io/v1","metadata":{"continue":"c%d"},"columnDefinitions":[{"name":"Name","type":"string"}],"rows":[]}`, i)
		}
		return &http.Response{StatusCode: 200, Header: http.Header{"Content-Type": {"application/json"}},
			Body: stringBody(body), Request: r}, nil
	}
}

func stringBody(s string) *readCloser { return &readCloser{strings.NewReader(s)} }

type readCloser struct{ *strings.Reader }

func (readCloser) Close() error { return nil }

// A server that answers every page with no rows and a new continue token is stopped at the page
// cap that the row cap implies, for Table reads and object lists alike, with exit 2.
func TestEndlessPagingStopsAtThePageCap(t *testing.T) {
	for _, table := range []bool{true, false} {
		t.Run(fmt.Sprint("table=", table), func(t *testing.T) {
			c, reg := stubClient(t, Options{})
			var n atomic.Int32
			reg.Add(&httpstub.Stub{Path: "/api/v1/namespaces/shop/pods", Query: "*", Times: maxPages(1000, limits.PageSize), Respond: endlessPages(&n, table)})
			r := pods(t, c)
			o := ListOptions{MaxRows: 1000}
			var err error
			if table {
				err = c.ListTable(context.Background(), r, Scope{Namespace: "shop"}, o, &collect{})
			} else {
				err = c.ListObjects(context.Background(), r, Scope{Namespace: "shop"}, o, func(map[string]any) error { return nil }, nil)
			}
			e := wantCode(t, err, fault.CodeLimitPages)
			if e.Class != fault.Refused {
				t.Fatalf("exit %d", e.Exit())
			}
			want := maxPages(1000, limits.PageSize)
			if int(n.Load()) != want || want != 2+limits.PageSlack {
				t.Fatalf("%d pages read, want %d", n.Load(), want)
			}
			if !strings.Contains(e.Sentence, fmt.Sprintf("%d pages", want)) {
				t.Fatalf("the sentence does not name the cap: %s", e.Sentence)
			}
		})
	}
}

// A statement's paged reads share its deadline, measured by the client's clock: a server that
// answers each page slowly (here, a clock that moves a minute a page) is stopped when the
// statement's deadline has passed, across walks, with the command named.
func TestStatementDeadlineBoundsPaging(t *testing.T) {
	var now atomic.Int64
	clock := func() time.Time { return time.Unix(0, 0).Add(time.Duration(now.Load())) }
	c, reg := stubClient(t, Options{Now: clock})
	var n atomic.Int32
	reg.Add(&httpstub.Stub{Path: "/api/v1/namespaces/shop/pods", Query: "*", Times: 3, Respond: func(r *http.Request) (*http.Response, error) {
		now.Add(int64(time.Minute))
		return endlessPages(&n, true)(r)
	}})
	r := pods(t, c)
	ctx := WithStatement(context.Background(), "get")
	err := c.ListTable(ctx, r, Scope{Namespace: "shop"}, ListOptions{MaxRows: 100000}, &collect{})
	e := wantCode(t, err, fault.CodeStatementDeadline)
	if e.Class != fault.Unreachable || !strings.Contains(e.Sentence, "2 minutes") || !strings.Contains(e.Sentence, "one get statement") {
		t.Fatalf("exit %d: %s", e.Exit(), e.Sentence)
	}
	// A second walk of the same statement starts past the deadline and sends nothing.
	err = c.ListTable(ctx, r, Scope{Namespace: "shop"}, ListOptions{}, &collect{})
	wantCode(t, err, fault.CodeStatementDeadline)
	if limits.StatementDeadline("get") != limits.DefaultStatementDeadline || limits.StatementDeadline("no such command") != limits.DefaultStatementDeadline {
		t.Fatal("the table's default")
	}
}

// A blocked page is cut by the statement's deadline in real time too (the context deadline), not
// only by the request's.
func TestStatementDeadlineCutsABlockedPage(t *testing.T) {
	c, reg := stubClient(t, Options{RequestTimeout: time.Minute})
	reg.Add(&httpstub.Stub{Path: "/api/v1/namespaces/shop/pods", Query: "*", Respond: func(r *http.Request) (*http.Response, error) {
		<-r.Context().Done()
		return nil, r.Context().Err()
	}})
	r := pods(t, c)
	ctx := context.WithValue(context.Background(), statementKey{}, &statement{command: "events", deadline: 50 * time.Millisecond})
	err := c.ListTable(ctx, r, Scope{Namespace: "shop"}, ListOptions{}, &collect{})
	e := wantCode(t, err, fault.CodeStatementDeadline)
	if !strings.Contains(e.Sentence, "one events statement") {
		t.Fatal(e.Sentence)
	}
}
