package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/studioctl/studioctl/limits"
)

func runCLI(args ...string) (string, string, int) {
	var out, errOut bytes.Buffer
	io := &IOStreams{In: strings.NewReader(""), Out: &out, Err: &errOut, Getenv: func(string) string { return "" }}
	code := run(args, io)
	return out.String(), errOut.String(), code
}

// --max-rows takes 1 to the maximum: a given 0 is refused (the library's zero Options means its
// default, the flag's 0 does not), and so are negatives and values above the maximum (by the
// library, after the replay notice), with the limit's sentence and nothing sent.
func TestMaxRowsRefusedOutsideItsRange(t *testing.T) {
	want := fmt.Sprintf(sentenceMaxRows, limits.MaxMaxRows) + "\n"
	for _, v := range []string{"0", "-1", "-5000", "1000001"} {
		out, errOut, code := runCLI("--replay", "demo", "--max-rows", v, "api-versions")
		if code != 2 || out != "" || !strings.HasSuffix(errOut, "error: "+want) {
			t.Errorf("--max-rows %s: exit %d, stdout %q, stderr %q", v, code, out, errOut)
		}
	}
}

func TestMaxRowsInRangeRuns(t *testing.T) {
	for _, args := range [][]string{{"--max-rows", "1"}, {"--max-rows", "1000000"}, {}} {
		out, errOut, code := runCLI(append(append([]string{"--replay", "demo"}, args...), "api-versions")...)
		if code != 0 || !strings.Contains(out, "apps/v1\n") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
}
