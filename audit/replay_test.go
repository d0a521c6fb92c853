package audit

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"testing"
	"time"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/internal/golden"
	"github.com/studioctl/studioctl/record"
)

// The audit runs on a recording as on a live server: the synthetic world is recorded once
// (testdata/recording.json, -update rewrites it), then replayed with no transport at all, and
// both runs print the same report.
func TestAuditReplaysFromARecording(t *testing.T) {
	live := profileAll(t)
	path := "testdata/recording.json"
	if golden.Updating() {
		w := newWorld(t, baseKinds)
		w.list("/api/v1/namespaces", obj{"kind": "Namespace", "metadata": obj{"name": "locked"}}, obj{"kind": "Namespace", "metadata": obj{"name": "shop"}})
		w.allForbiddenClusterWide()
		w.lockedNamespace("locked")
		w.shop("shop")
		rec := &recorder{base: w.reg, rec: record.Recording{Server: "synthetic", CapturedAt: testNow, Identity: "view"}}
		s, err := studioctl.Open(studioctl.Connection{Host: "k8s.example.com", Token: "synthetic"},
			studioctl.Options{Transport: rec, Now: func() time.Time { return testNow }})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ProfileWorkloads(context.Background(), s, "", Options{AllNamespaces: true}); err != nil {
			t.Fatal(err)
		}
		data, _ := json.MarshalIndent(rec.rec, "", " ")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rec, err := studioctl.LoadRecording(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := studioctl.OpenRecording(rec, studioctl.Options{})
	if err != nil {
		t.Fatal(err)
	}
	replayed, err := ProfileWorkloads(context.Background(), s, "", Options{AllNamespaces: true})
	if err != nil {
		t.Fatal(err)
	}
	if a, b := render(t, live, "json"), render(t, replayed, "json"); a != b {
		t.Errorf("the replayed report differs from the live one")
	}
}

// recorder keeps what the stub registry answered, as record.Recorder keeps a real server's
// answers (record's own recorder sits on net/http only).
type recorder struct {
	base http.RoundTripper
	rec  record.Recording
}

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := r.base.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body = io.NopCloser(bytes.NewReader(body))
	r.rec.Exchanges = append(r.rec.Exchanges, &record.Exchange{Method: req.Method, Path: req.URL.Path, Query: req.URL.RawQuery,
		Accept: req.Header.Get("Accept"), Status: resp.StatusCode, ContentType: resp.Header.Get("Content-Type"), Body: string(body)})
	return resp, nil
}
