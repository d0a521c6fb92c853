// Package version answers version: studioctl's version and the server's, or studioctl's alone
// with --client, which needs no server.
package version

import (
	"context"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/read/reader"
)

// Options are version's options, filled once from the statement.
type Options struct {
	reader.Plain
	Client bool `flag:"client"`
}

// LocalOnly reports that --client reads no server, so the command needs no connection.
func (o *Options) LocalOnly() bool { return o.Client }

// Run prints studioctl's version and the server's, as kubectl version does: lines, or one
// document with kubectl's clientVersion and serverVersion keys.
func (o *Options) Run(ctx context.Context, s *reader.Session) (*printer.Result, error) {
	doc := map[string]any{"clientVersion": ClientInfo()}
	lines := []string{"Client Version: studioctl " + kube.Version}
	if !o.Client {
		server, err := s.Client.ServerVersion(ctx)
		if err != nil {
			return nil, err
		}
		doc["serverVersion"] = server
		gv, _ := server["gitVersion"].(string)
		lines = append(lines, "Server Version: "+gv)
	}
	if out := o.Output; out == "json" || out == "yaml" {
		return &printer.Result{Docs: &printer.Docs{Format: out, Value: doc}}, nil
	}
	return &printer.Result{Lines: &printer.Lines{Text: lines}}, nil
}

// ClientInfo is studioctl's version in the shape of kubectl's clientVersion: the version with its
// major and minor parts, the commit and tree state and build time from the build information
// (empty when the build recorded none), and the Go toolchain and platform.
func ClientInfo() map[string]any {
	major, minor := majorMinor(kube.Version)
	info := map[string]any{
		"major": major, "minor": minor, "gitVersion": kube.Version,
		"gitCommit": "", "gitTreeState": "", "buildDate": "",
		"goVersion": runtime.Version(), "compiler": runtime.Compiler,
		"platform": runtime.GOOS + "/" + runtime.GOARCH, "program": "studioctl",
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, setting := range bi.Settings {
			switch setting.Key {
			case "vcs.revision":
				info["gitCommit"] = setting.Value
			case "vcs.time":
				info["buildDate"] = setting.Value
			case "vcs.modified":
				info["gitTreeState"] = map[string]string{"true": "dirty", "false": "clean"}[setting.Value]
			}
		}
	}
	return info
}

// majorMinor reads "1" and "2" from v1.2.3 (and from v1.2.3-dev and the like).
func majorMinor(v string) (string, string) {
	parts := strings.SplitN(strings.TrimPrefix(v, "v"), ".", 3)
	if len(parts) < 2 {
		return "", ""
	}
	return parts[0], parts[1]
}
