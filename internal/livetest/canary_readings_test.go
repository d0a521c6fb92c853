package livetest

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/audit"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/redact"
	"github.com/studioctl/studioctl/replaytest"
)

// canaryReadings runs the readings that are not statements on the matrix's session: the four
// audit readings of the scenario's namespaces in every format, and every platform reading (discover,
// components, mcp-runtime, check --rights of each profile) in each of its forms. It returns the
// number of outputs checked and of leaks found.
func canaryReadings(t *testing.T, ctx context.Context, f *replaytest.Finder, s *studioctl.Session, identity string, mode studioctl.Mode) (runs, leaks int) {
	machine := mode == studioctl.Machine
	for _, ns := range replaytest.AuditNamespaces {
		for _, reading := range []string{audit.ReadingWorkloads, audit.ReadingUsage, audit.ReadingRBAC, audit.ReadingHygiene} {
			text := replaytest.AuditReading(ctx, s, reading, ns)
			runs += len(audit.Formats)
			where := fmt.Sprintf("audit %s -n %s, every format [%s, %s]", reading, ns, identity, modeName(mode))
			leaks += f.Report(t, where, "stdout and stderr", text, machine)
		}
	}
	for _, c := range replaytest.PlatformCases() {
		out, errOut, code := c.Run(ctx, s)
		runs++
		where := fmt.Sprintf("%s [%s, %s]", c.Line(), identity, modeName(mode))
		leaks += f.Report(t, where, "stdout", out, machine)
		leaks += f.Report(t, where, "stderr", errOut, machine)
		if identity == "admin" && code != fault.ExitOK {
			t.Errorf("%s: exit %d (the admin reads everything and holds every right): %s", where, code, errOut)
		}
		if c.Output == "json" && (code == fault.ExitOK || code == fault.ExitWarnings) {
			var v any
			if err := json.Unmarshal([]byte(out), &v); err != nil {
				t.Errorf("%s: -o json printed something that is not JSON: %v", where, err)
			}
		}
	}
	return runs, leaks
}

// addOwnerNeedles adds every eai.io/owner value the scenario planted (read with kubectl as the
// admin, label or annotation, on any MCPServer) as a text never to be printed, in either mode:
// studioctl shows an owner only as its fingerprint.
func addOwnerNeedles(t *testing.T, f *replaytest.Finder) int {
	list := kubectlJSON[struct {
		Items []struct {
			Metadata struct {
				Name, Namespace     string
				Labels, Annotations map[string]string
			}
		}
	}](t, "get", "mcpservers", "-A", "-o", "json")
	n := 0
	for _, m := range list.Items {
		for _, v := range []string{m.Metadata.Labels[redact.OwnerKey], m.Metadata.Annotations[redact.OwnerKey]} {
			if v != "" && !redact.IsFingerprint(v) {
				n++
				f.Add(v, fmt.Sprintf("the owner of MCPServer %s/%s", m.Metadata.Namespace, m.Metadata.Name), true, 1)
			}
		}
	}
	if n == 0 {
		t.Fatal("no MCPServer names an owner: is the scenario seeded?")
	}
	return n
}
