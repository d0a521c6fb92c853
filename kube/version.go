package kube

import (
	"runtime/debug"

	"github.com/studioctl/studioctl/fault"
)

// Version is studioctl's version, as the User-Agent and `studioctl version` say it. A build with
// -ldflags "-X github.com/studioctl/studioctl/kube.Version=..." (the Makefile's) sets it; otherwise
// it is the version of the studioctl module in the binary's build information: the main module's
// for a `go install github.com/studioctl/studioctl/cmd/studioctl@v1.2.3`, the dependency's for a
// program that imports the library, and v0.1.0-dev for a build from a work tree.
var Version = ""

// modulePath is the studioctl module's path, as build information names it.
const modulePath = "github.com/studioctl/studioctl"

// develVersion is the version of a build that carries no module version.
const develVersion = "v0.1.0-dev"

func init() {
	if Version == "" {
		bi, _ := debug.ReadBuildInfo()
		Version = buildVersion(bi)
	}
}

// buildVersion finds the studioctl module's version in build information.
func buildVersion(bi *debug.BuildInfo) string {
	if bi == nil {
		return develVersion
	}
	if bi.Main.Path == modulePath && released(bi.Main.Version) {
		return bi.Main.Version
	}
	for _, d := range bi.Deps {
		if d.Path != modulePath {
			continue
		}
		if d.Replace != nil {
			d = d.Replace
		}
		if released(d.Version) {
			return d.Version
		}
	}
	return develVersion
}

// released reports whether a module version names a version rather than a local build.
func released(v string) bool { return v != "" && v != "(devel)" }

// sprintf formats kube's sentences and request phrases through Sentencef.
func sprintf(format string, args ...any) string { return fault.Sentencef(format, args...) }
