package kube

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/internal/httpstub"

	"github.com/studioctl/studioctl/fault"
)

// podPage is page i of a pod list of three pages, two pods each, metadata first as servers
// write it (or after the items, when late).
func podPage(i int, late bool) string {
	cont := ""
	if i < 3 {
		cont = fmt.Sprintf("c%d", i)
	}
	items := fmt.Sprintf(`[{"metadata":{"name":"p%d-a","namespace":"shop"}},{"metadata":{"name":"p%d-b","namespace":"shop"}}]`, i, i)
	if late {
		return fmt.Sprintf(`{"kind":"PodList","apiVersion":"v1","items":%s,"metadata":{"continue":%q}}`, items, cont)
	}
	return fmt.Sprintf(`{"kind":"PodList","apiVersion":"v1","metadata":{"continue":%q},"items":%s}`, cont, items)
}

// pageQuery is the raw query of page i's request.
func pageQuery(i int) string {
	if i == 1 {
		return "limit=500"
	}
	return fmt.Sprintf("limit=500&continue=c%d", i-1)
}

// threePages registers the three pages; arrived[i] is closed when page i is asked for.
func threePages(reg *httpstub.Registry, late bool) map[int]chan struct{} {
	arrived := map[int]chan struct{}{}
	for i := 1; i <= 3; i++ {
		arrived[i] = make(chan struct{})
		reg.Add(&httpstub.Stub{Path: "/api/v1/namespaces/shop/pods", Query: pageQuery(i), Respond: func(r *http.Request) (*http.Response, error) {
			close(arrived[i])
			return &http.Response{StatusCode: 200, Header: http.Header{"Content-Type": {"application/json"}},
				Body: stringBody(podPage(i, late)), Request: r}, nil
		}})
	}
	return arrived
}

// With Prefetch, page N+1 is asked for while page N's items are still being handed on: the
// consumer of page 1 waits for page 2's request to arrive, which only a walk that reads ahead
// sends. Every object arrives once, in order.
func TestPrefetchReadsTheNextPageWhileThisOneIsHandedOn(t *testing.T) {
	c, reg := stubClient(t, Options{})
	arrived := threePages(reg, false)
	var got []string
	err := c.ListObjects(context.Background(), pods(t, c), Scope{Namespace: "shop"}, ListOptions{Prefetch: true, MaxRows: 10000},
		func(o map[string]any) error {
			name := o["metadata"].(map[string]any)["name"].(string)
			got = append(got, name)
			if name == "p1-a" {
				select {
				case <-arrived[2]:
				case <-time.After(10 * time.Second):
					return errors.New("page 2 was not asked for while page 1 was handed on")
				}
			}
			return nil
		}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"p1-a", "p1-b", "p2-a", "p2-b", "p3-a", "p3-b"}, got); diff != "" {
		t.Fatalf("objects (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"GET /api?", "GET /apis?", "GET /api/v1/namespaces/shop/pods?limit=500",
		"GET /api/v1/namespaces/shop/pods?limit=500&continue=c1", "GET /api/v1/namespaces/shop/pods?limit=500&continue=c2"}, reg.Seen); diff != "" {
		t.Fatalf("requests (-want +got):\n%s", diff)
	}
}

// A walk that stops early (the consumer fails on page 1) returns the consumer's error and waits
// for the page it asked for ahead, so nothing outlives the walk; page 3 is never asked for.
func TestPrefetchEndsWithTheWalk(t *testing.T) {
	c, reg := stubClient(t, Options{})
	reg.Add(&httpstub.Stub{Path: "/api/v1/namespaces/shop/pods", Query: pageQuery(1), Body: podPage(1, false), Header: http.Header{"Content-Type": {"application/json"}}})
	reg.Add(&httpstub.Stub{Path: "/api/v1/namespaces/shop/pods", Query: pageQuery(2), Body: podPage(2, false), Header: http.Header{"Content-Type": {"application/json"}}})
	stop := errors.New("the reader stops")
	err := c.ListObjects(context.Background(), pods(t, c), Scope{Namespace: "shop"}, ListOptions{Prefetch: true, MaxRows: 10000},
		func(map[string]any) error { return stop }, nil)
	if !errors.Is(err, stop) {
		t.Fatalf("err %v, want the consumer's", err)
	}
	if n := reg.Count(); n != 4 {
		t.Fatalf("%d requests, want discovery's 2, page 1 and page 2 asked for ahead: %v", n, reg.Seen)
	}
}

// No page is read ahead that the walk might not read: when the page puts its metadata after its
// items (its continue token is only known once it is decoded), page N+1 is asked for after page
// N was handed on; near the row cap, no page past the cap is asked for (the registry fails on a
// request it has no stub for).
func TestPrefetchSendsNothingExtra(t *testing.T) {
	t.Run("metadata after the items", func(t *testing.T) {
		c, reg := stubClient(t, Options{})
		arrived := threePages(reg, true)
		err := c.ListObjects(context.Background(), pods(t, c), Scope{Namespace: "shop"}, ListOptions{Prefetch: true, MaxRows: 10000},
			func(o map[string]any) error {
				name := o["metadata"].(map[string]any)["name"].(string)
				i := int(name[1] - '0')
				if next, ok := arrived[i+1]; ok {
					select {
					case <-next:
						return fmt.Errorf("page %d was asked for while page %d was handed on", i+1, i)
					default:
					}
				}
				return nil
			}, nil)
		if err != nil {
			t.Fatal(err)
		}
	})
	t.Run("a walk that reaches the row cap", func(t *testing.T) {
		c, reg := stubClient(t, Options{})
		h := http.Header{"Content-Type": {"application/json"}}
		reg.Add(&httpstub.Stub{Path: "/api/v1/namespaces/shop/pods", Query: "limit=2", Body: podPage(1, false), Header: h})
		reg.Add(&httpstub.Stub{Path: "/api/v1/namespaces/shop/pods", Query: "limit=2&continue=c1", Body: podPage(2, false), Header: h})
		err := c.ListObjects(context.Background(), pods(t, c), Scope{Namespace: "shop"}, ListOptions{Prefetch: true, MaxRows: 4, PageSize: 2},
			func(map[string]any) error { return nil }, nil)
		wantCode(t, err, fault.CodeLimitRows)
		if n := reg.Count(); n != 4 {
			t.Fatalf("%d requests, want discovery's 2 and two pages: %v", n, reg.Seen)
		}
	})
}

func TestPeekContinue(t *testing.T) {
	for body, want := range map[string]string{
		podPage(1, false): "c1",
		podPage(3, false): "",
		podPage(1, true):  "",
		`{"kind":"Table","metadata":{"continue":"t1"},"rows":[]}`: "t1",
		`{"kind":"Table","rows":[],"metadata":{"continue":"t1"}}`: "",
		`[`:            "",
		`{"metadata":`: "",
	} {
		if got := peekContinue([]byte(body)); got != want {
			t.Errorf("peekContinue(%.60s) = %q, want %q", body, got, want)
		}
	}
}

// ListOptions.MaxItemBytes refuses an object larger than the cap as the server sent it, naming
// it, before it is handed on, whether the page names its kind before its items or after them;
// a page whose objects are all below it is read whole.
func TestMaxItemBytes(t *testing.T) {
	pad := `"annotations":{"note":"` + strings.Repeat("n", 2000) + `"}`
	small := `{"metadata":{"name":"small","namespace":"shop"}}`
	big := `{"metadata":{"name":"big-0","namespace":"shop",` + pad + `}}`
	for _, tc := range []struct {
		name, body string
		refused    bool
	}{
		{"kind first", `{"kind":"PodList","apiVersion":"v1","metadata":{},"items":[` + small + `,` + big + `]}`, true},
		{"kind last", `{"metadata":{},"items":[` + small + `,` + big + `],"kind":"PodList","apiVersion":"v1"}`, true},
		{"all small", `{"kind":"PodList","apiVersion":"v1","metadata":{},"items":[` + small + `,` + small + `]}`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, reg := stubClient(t, Options{})
			reg.JSON("/api/v1/namespaces/shop/pods", "limit=500", tc.body)
			var got []string
			err := c.ListObjects(context.Background(), pods(t, c), Scope{Namespace: "shop"}, ListOptions{MaxItemBytes: 1000},
				func(o map[string]any) error {
					got = append(got, o["metadata"].(map[string]any)["name"].(string))
					return nil
				}, nil)
			if !tc.refused {
				if err != nil || len(got) != 2 {
					t.Fatalf("err %v, got %v", err, got)
				}
				return
			}
			e := wantCode(t, err, CodeLimitItemBytes)
			if e.Class != fault.Refused || !strings.Contains(e.Sentence, `"big-0"`) {
				t.Fatalf("%+v", e)
			}
			for _, n := range got {
				if n == "big-0" {
					t.Fatal("the object past the cap was handed on")
				}
			}
		})
	}
}
