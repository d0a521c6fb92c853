package record

import (
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

const (
	podWithFields = `{"kind":"Pod","metadata":{"managedFields":[{"manager":"kubectl"}],"name":"web"}}`
	podBare       = `{"kind":"Pod","metadata":{"name":"web"}}`
	watchStream   = `{"object":{"metadata":{"managedFields":[],"name":"a"}},"type":"ADDED"}` + "\n" + `{"object":{"metadata":{"name":"b"}},"type":"DELETED"}`
	logText       = "line one\n{\"not\": \"compact\"}\n"
)

// aSet writes two identities' group files, the same answers in each, as the recorder saves them.
func aSet(t *testing.T) string {
	t.Helper()
	set := t.TempDir()
	at := time.Date(2026, 12, 6, 0, 0, 0, 0, time.UTC)
	for _, identity := range []string{"admin", "view"} {
		for _, group := range []string{"10-get", CanaryGroup} {
			rec := &Recording{Server: "v1.37.2", Identity: identity, CapturedAt: at, Exchanges: []*Exchange{
				{Method: "GET", Path: "/api/v1/namespaces/a/pods/web", Accept: "application/json", Status: 200, Body: podWithFields},
				{Method: "GET", Path: "/api/v1/pods", Query: "watch=true", Accept: "application/json", Status: 200, Body: watchStream},
				{Method: "GET", Path: "/api/v1/namespaces/a/pods/web/log", Accept: "*/*", Status: 200, Body: logText},
				{Method: "GET", Path: "/version", Accept: "application/json", Status: 200, Body: `"a JSON string"`},
				{Method: "GET", Path: "/api/v1/nodes", Accept: "application/json", Status: 403, Body: ""},
			}}
			if err := rec.Save(filepath.Join(set, identity, GroupFile(group))); err != nil {
				t.Fatal(err)
			}
		}
	}
	return set
}

func bodies(t *testing.T, dir string, groups ...string) []string {
	t.Helper()
	rec, err := LoadGroups(dir, groups...)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, ex := range rec.Exchanges {
		out = append(out, ex.Body)
	}
	return out
}

func TestCompactSetKeepsEachBodyOnceAndReadsBackTheSame(t *testing.T) {
	set := aSet(t)
	before := bodies(t, filepath.Join(set, "view"), CanaryGroup)
	if err := CompactSet(set); err != nil {
		t.Fatal(err)
	}
	for _, identity := range []string{"admin", "view"} {
		got := bodies(t, filepath.Join(set, identity), CanaryGroup)
		if diff := cmp.Diff(before, got); diff != "" {
			t.Errorf("%s's canary group read back otherwise (-before +after):\n%s", identity, diff)
		}
		file, err := os.ReadFile(filepath.Join(set, identity, GroupFile("10-get")))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(file), `"body"`) {
			t.Errorf("%s's group file still holds bodies inline:\n%s", identity, file)
		}
	}
	store, err := loadStore(set)
	if err != nil {
		t.Fatal(err)
	}
	// Five answers, of which two lose their managedFields in 10-get: seven bodies, each once,
	// though two identities and two groups gave them twenty times.
	if len(store) != 7 {
		t.Errorf("the store holds %d bodies, want 7: %v", len(store), store)
	}
}

func TestCompactSetDropsManagedFieldsWhereTold(t *testing.T) {
	set := aSet(t)
	if err := CompactSet(set); err != nil {
		t.Fatal(err)
	}
	rec, err := LoadGroups(filepath.Join(set, "admin"), "10-get")
	if err != nil {
		t.Fatal(err)
	}
	byPath := map[string]string{}
	for _, ex := range rec.Exchanges {
		byPath[ex.Path] = ex.Body
	}
	want := map[string]string{
		"/api/v1/namespaces/a/pods/web":     podBare,
		"/api/v1/pods":                      `{"object":{"metadata":{"name":"a"}},"type":"ADDED"}` + "\n" + `{"object":{"metadata":{"name":"b"}},"type":"DELETED"}`,
		"/api/v1/namespaces/a/pods/web/log": logText, "/version": `"a JSON string"`, "/api/v1/nodes": "",
	}
	if diff := cmp.Diff(want, byPath); diff != "" {
		t.Errorf("bodies after compaction (-want +got):\n%s", diff)
	}
}

func TestCompactSetTwiceChangesNothingAndForgetsWhatNoFileNames(t *testing.T) {
	set := aSet(t)
	if err := CompactSet(set); err != nil {
		t.Fatal(err)
	}
	first, err := os.ReadFile(filepath.Join(set, BodyStore))
	if err != nil {
		t.Fatal(err)
	}
	if err := CompactSet(set); err != nil {
		t.Fatal(err)
	}
	second, _ := os.ReadFile(filepath.Join(set, BodyStore))
	if diff := cmp.Diff(string(first), string(second)); diff != "" {
		t.Errorf("a second compaction rewrote the store (-first +second):\n%s", diff)
	}
	// With the canary groups gone, the bodies only they held (managedFields kept) go too.
	for _, identity := range []string{"admin", "view"} {
		if err := os.Remove(filepath.Join(set, identity, GroupFile(CanaryGroup))); err != nil {
			t.Fatal(err)
		}
	}
	if err := CompactSet(set); err != nil {
		t.Fatal(err)
	}
	store, err := loadStore(set)
	if err != nil {
		t.Fatal(err)
	}
	if len(store) != 5 {
		t.Errorf("the store holds %d bodies after the canary groups left, want 5", len(store))
	}
}

func TestACompactedFileWithoutItsStoreIsRefused(t *testing.T) {
	set := aSet(t)
	if err := CompactSet(set); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(set, "admin", GroupFile("10-get")))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(set, BodyStore)); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadDir(filepath.Join(set, "admin")); err == nil || !strings.Contains(err.Error(), BodyStore) {
		t.Errorf("LoadDir without the store: err = %v, want one naming %s", err, BodyStore)
	}
	// Bytes alone cannot name a folder to read a store from: a replay refuses, never answers empty.
	rec, err := ParseRecording(data)
	if err != nil {
		t.Fatal(err)
	}
	rp := NewReplayer(rec)
	for _, ex := range rec.Exchanges {
		req := requestFor(t, ex)
		if _, err := rp.RoundTrip(req); !errors.Is(err, ErrNoRecording) || !strings.Contains(err.Error(), "body store") {
			t.Errorf("%s %s: err = %v, want ErrNoRecording for want of the body store", ex.Method, ex.Path, err)
		}
	}
}

func TestAStoreMissingABodyIsRefused(t *testing.T) {
	set := aSet(t)
	if err := CompactSet(set); err != nil {
		t.Fatal(err)
	}
	if err := writeStore(filepath.Join(set, BodyStore), map[string]string{"0000": "{}"}); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadDir(filepath.Join(set, "view")); err == nil || !strings.Contains(err.Error(), "does not hold") {
		t.Errorf("err = %v, want a body the store does not hold", err)
	}
}

func requestFor(t *testing.T, ex *Exchange) *http.Request {
	t.Helper()
	req, err := http.NewRequest(ex.Method, "https://"+ReplayHost+ex.Path+"?"+ex.Query, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept", ex.Accept)
	return req
}
