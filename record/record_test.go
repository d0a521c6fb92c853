package record

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/sanitize"
)

func TestReplayAnswersRepeatsInRecordedOrder(t *testing.T) {
	rec := &Recording{Exchanges: []*Exchange{
		{Method: "GET", Path: "/version", Accept: kube.AcceptJSON, Status: 200, Body: `{"gitVersion":"first"}`},
		{Method: "GET", Path: "/version", Accept: kube.AcceptJSON, Status: 200, Body: `{"gitVersion":"second"}`},
	}}
	c := kube.NewClient(ReplayEndpoint("default"), kube.Options{Transport: NewReplayer(rec)})
	for _, want := range []string{"first", "second", "second"} {
		v, err := c.ServerVersion(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if v["gitVersion"] != want {
			t.Fatalf("gitVersion = %v, want %s", v["gitVersion"], want)
		}
	}
}

func TestReplayFailsARequestItDoesNotHold(t *testing.T) {
	rp := NewReplayer(&Recording{})
	req, _ := http.NewRequest("GET", "https://"+ReplayHost+"/api", nil)
	if _, err := rp.RoundTrip(req); !errors.Is(err, ErrNoRecording) {
		t.Fatalf("err = %v", err)
	}
	if len(rp.Missed()) != 1 {
		t.Fatalf("missed = %v", rp.Missed())
	}
}

func TestRecorderStripsSecretsBeforeKeeping(t *testing.T) {
	body := `{"kind":"SecretList","apiVersion":"v1","items":[{"metadata":{"name":"s","annotations":{"kubectl.kubernetes.io/last-applied-configuration":"{\"stringData\":{\"k\":\"CANARY-RECORDER\"}}"}},"data":{"k":"Q0FOQVJZLVJFQ09SREVS"}}]}`
	r := &Recorder{Base: kubeStub(func(req *http.Request) (*http.Response, error) {
		return &http.Response{StatusCode: 200, Header: http.Header{}, Body: io.NopCloser(strings.NewReader(body)), Request: req}, nil
	})}
	req, _ := http.NewRequest("GET", "https://x/api/v1/namespaces/a/secrets", nil)
	if _, err := r.RoundTrip(req); err != nil {
		t.Fatal(err)
	}
	kept := r.Rec.Exchanges[0].Body
	for _, bad := range []string{"CANARY-RECORDER", "Q0FOQVJZLVJFQ09SREVS"} {
		if strings.Contains(kept, bad) {
			t.Fatalf("recording kept %s: %s", bad, kept)
		}
	}
}

func TestRecorderStripsEverySecretOfAWatchStream(t *testing.T) {
	ev := `{"type":"MODIFIED","object":{"kind":"Table","apiVersion":"meta.k8s.io/v1","rows":[{"cells":["s"],"object":{"kind":"PartialObjectMetadata","metadata":{"name":"s","annotations":{"kubectl.kubernetes.io/last-applied-configuration":"{\"data\":{\"k\":\"CANARY-WATCH\"}}"}}}}]}}`
	got := string(scrubForRecording("/api/v1/namespaces/a/secrets", "application/json", []byte(ev+"\n"+ev+"\n"+ev)))
	if strings.Contains(got, "CANARY-WATCH") {
		t.Fatalf("a watch event kept a Secret's value: %s", got)
	}
	if n := len(strings.Split(strings.TrimSpace(got), "\n")); n != 3 {
		t.Fatalf("%d events kept, want 3", n)
	}
	if scrubForRecording("/api/v1/namespaces/a/secrets", "application/json", []byte(`{"broken`)) != nil {
		t.Fatal("an unreadable answer about secrets was kept")
	}
	if line := `{"b":1, "a":2}` + "\n"; string(scrubForRecording("/api/v1/namespaces/a/pods/p/log", "text/plain", []byte(line))) != line {
		t.Fatal("a log was changed")
	}
}

// A recording is a file anyone can hand over: the fields printed as they are come out safe.
func TestRecordingFieldsAndNoticeAreSanitised(t *testing.T) {
	rec, err := ParseRecording([]byte(`{"server":"v1.37\u001b]0;owned\u0007\u009b2J\u202e` + strings.Repeat("x", 5000) + `","identity":"ad\u001b[2Jmin","capturedAt":"2025-01-02T03:04:05Z","exchanges":[]}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{rec.Server, rec.Identity, rec.Notice()} {
		if r, ok := sanitize.FirstUnsafe(s); !ok {
			t.Fatalf("%U in %q", r, s)
		}
	}
	if n := rec.Notice(); !strings.HasPrefix(n, `studioctl: answering from a recording of v1.37\u202exxx`) || len(n) > limits.MaxSentenceValue+200 || !strings.Contains(n, "captured 2025-01-02 03:04 UTC") {
		t.Fatalf("notice: %q", n)
	}
}

// kubeStub is a transport made of one function.
type kubeStub func(*http.Request) (*http.Response, error)

func (f kubeStub) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
