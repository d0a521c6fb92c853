package kube

import (
	"runtime/debug"
	"testing"
)

func TestBuildVersion(t *testing.T) {
	cases := []struct {
		name string
		bi   *debug.BuildInfo
		want string
	}{
		{"none", nil, develVersion},
		{"go install", &debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "v1.2.3"}}, "v1.2.3"},
		{"work tree", &debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "(devel)"}}, develVersion},
		{"imported", &debug.BuildInfo{Main: debug.Module{Path: "example.com/tool", Version: "(devel)"},
			Deps: []*debug.Module{{Path: "golang.org/x/term", Version: "v0.48.0"}, {Path: modulePath, Version: "v1.4.0"}}}, "v1.4.0"},
		{"replaced", &debug.BuildInfo{Main: debug.Module{Path: "example.com/tool"},
			Deps: []*debug.Module{{Path: modulePath, Version: "v1.4.0", Replace: &debug.Module{Path: "../studioctl"}}}}, develVersion},
	}
	for _, c := range cases {
		if got := buildVersion(c.bi); got != c.want {
			t.Errorf("%s: buildVersion = %q, want %q", c.name, got, c.want)
		}
	}
}
