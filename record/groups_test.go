package record

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// A recording saved by group reads back as one, its groups merged in name order, so a request
// asked in two groups is answered in the order it was asked.
func TestSaveGroupsLoadDir(t *testing.T) {
	at := time.Date(2026, 12, 2, 4, 0, 0, 0, time.UTC)
	rec := Recording{Server: "v1.37.2", Identity: "admin", CapturedAt: at}
	add := func(group, path, body string) {
		rec.Exchanges = append(rec.Exchanges, &Exchange{Method: "GET", Path: path, Accept: "application/json", Status: 200, Body: body, group: group})
	}
	add("", "/version", "v")
	add("10-get", "/api/v1/pods", "first")
	add("20-describe", "/api/v1/pods", "second")
	add("10-get", "/api/v1/nodes", "nodes")
	dir := t.TempDir()
	if err := rec.SaveGroups(dir, "00-session", nil); err != nil {
		t.Fatal(err)
	}
	names, _ := filepath.Glob(filepath.Join(dir, "*"))
	var got []string
	for _, n := range names {
		got = append(got, filepath.Base(n))
	}
	if diff := cmp.Diff([]string{"recording-00-session.json", "recording-10-get.json", "recording-20-describe.json"}, got); diff != "" {
		t.Fatalf("files (-want +got):\n%s", diff)
	}
	back, err := LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var bodies []string
	for _, ex := range back.Exchanges {
		bodies = append(bodies, ex.Path+"="+ex.Body)
	}
	want := []string{"/version=v", "/api/v1/nodes=nodes", "/api/v1/pods=first", "/api/v1/pods=second"}
	if diff := cmp.Diff(want, bodies); diff != "" {
		t.Fatalf("merged exchanges (-want +got):\n%s", diff)
	}
	if !back.CapturedAt.Equal(at) || back.Server != "v1.37.2" {
		t.Fatalf("header = %s %s", back.Server, back.CapturedAt)
	}
}

// SaveGroups writes only the groups keep accepts, leaving the other files as they are.
func TestSaveGroupsKeep(t *testing.T) {
	rec := Recording{Server: "v1.37.2", Identity: "admin"}
	rec.Exchanges = []*Exchange{{Method: "GET", Path: "/version", group: "00-session"}, {Method: "GET", Path: "/api", group: "55-auth"}}
	dir := t.TempDir()
	if err := rec.SaveGroups(dir, "00-session", func(g string) bool { return g == "55-auth" }); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, GroupFile("00-session"))); !os.IsNotExist(err) {
		t.Fatalf("the session group was written: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, GroupFile("55-auth"))); err != nil {
		t.Fatal(err)
	}
}

// Files captured apart (another clock, server or identity) are not merged, and a group name
// cannot name a path.
func TestLoadDirRefusesMixedCaptures(t *testing.T) {
	dir := t.TempDir()
	a := Recording{Server: "v1.37.2", Identity: "admin", CapturedAt: time.Unix(1, 0)}
	b := Recording{Server: "v1.37.2", Identity: "admin", CapturedAt: time.Unix(2, 0)}
	if err := a.Save(filepath.Join(dir, GroupFile("10-a"))); err != nil {
		t.Fatal(err)
	}
	if err := b.Save(filepath.Join(dir, GroupFile("20-b"))); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadDir(dir); err == nil {
		t.Fatal("two captures were merged")
	}
	if _, err := LoadDir(t.TempDir()); err == nil {
		t.Fatal("an empty directory read as a recording")
	}
	bad := Recording{Exchanges: []*Exchange{{Method: "GET", Path: "/", group: "../x"}}}
	if err := bad.SaveGroups(t.TempDir(), "00-session", nil); err == nil {
		t.Fatal("a group name with a path was written")
	}
}

// LoadGroups reads only the groups named: a request two groups asked is answered as the named one
// was answered; a group with no file is an error.
func TestLoadGroups(t *testing.T) {
	rec := Recording{Server: "v1.37.2", Identity: "admin"}
	rec.Exchanges = []*Exchange{{Method: "GET", Path: "/version", Body: "v", group: "00-session"},
		{Method: "GET", Path: "/api/v1/pods", Body: "first", group: "10-get"},
		{Method: "GET", Path: "/api/v1/pods", Body: "second", group: "80-audit"}}
	dir := t.TempDir()
	if err := rec.SaveGroups(dir, "00-session", nil); err != nil {
		t.Fatal(err)
	}
	back, err := LoadGroups(dir, "80-audit", "00-session")
	if err != nil {
		t.Fatal(err)
	}
	var bodies []string
	for _, ex := range back.Exchanges {
		bodies = append(bodies, ex.Path+"="+ex.Body)
	}
	if diff := cmp.Diff([]string{"/version=v", "/api/v1/pods=second"}, bodies); diff != "" {
		t.Fatalf("exchanges (-want +got):\n%s", diff)
	}
	if _, err := LoadGroups(dir, "00-session", "84-platform"); err == nil {
		t.Fatal("a group with no file loaded")
	}
	if _, err := LoadGroups(dir, "../x"); err == nil {
		t.Fatal("a path loaded as a group")
	}
}
