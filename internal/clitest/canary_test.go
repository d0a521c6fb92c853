package clitest_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/internal/cli"
	"github.com/studioctl/studioctl/internal/race"
	"github.com/studioctl/studioctl/record"
	"github.com/studioctl/studioctl/replaytest"
	"github.com/studioctl/studioctl/statement"
)

// The replay side of the proof that no Secret value leaves studioctl, with no server. e2e/seed.sh plants CANARY-* strings in a
// real cluster; the live suite records what the server answered (recording-<group>.json) and what
// studioctl printed in people mode (golden-<group>.txt), and copies the planted strings to
// testdata/replay/<version>/canaries.txt. testdata/replay/canary-classes.txt says which of them
// were planted in a Secret.

const canaryClassesPath = "../../testdata/replay/canary-classes.txt"

// TestCanaryReplay checks every recording: (1) none of its recording or golden files holds a
// Secret's canary, plain, in base64 or in base64 of base64; (2) replaying every recorded statement
// in machine mode prints no canary at all, on stdout or stderr. It runs in make test's plain pass
// (PLAIN_TESTS): under -race, where (1) searches text on one goroutine and (2) replays the
// statements TestReplay replays there already, it only checks the canary files are there.
func TestCanaryReplay(t *testing.T) {
	classes := readClasses(t)
	versions, _ := filepath.Glob("../../testdata/replay/*")
	recordings, checked := 0, 0
	for _, v := range versions {
		if fi, err := os.Stat(v); err != nil || !fi.IsDir() {
			continue
		}
		dirs := recordedDirs(v)
		recordings += len(dirs)
		canaries, err := os.ReadFile(filepath.Join(v, "canaries.txt"))
		if os.IsNotExist(err) {
			t.Logf("%s has no canaries.txt, so its %d recordings were not checked for canaries (record it again with the live suite)", v, len(dirs))
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if len(dirs) == 0 {
			t.Errorf("%s has canaries.txt but no recording (no <identity>/golden-<group>.txt)", v)
			continue
		}
		f := replayNeedles(t, v, canaries, classes)
		for _, dir := range dirs {
			checked++
			if race.Enabled {
				continue
			}
			t.Run(filepath.ToSlash(dir), func(t *testing.T) {
				t.Parallel()
				canaryReplayDir(t, dir, f)
			})
		}
	}
	if recordings == 0 {
		t.Fatal("no recording under testdata/replay (<version>/<identity>/golden-<group>.txt): record them with the live suite (make e2e)")
	}
	t.Logf("%d of %d recordings checked for canaries", checked, recordings)
}

func canaryReplayDir(t *testing.T, dir string, f *replaytest.Finder) {
	// (1) Neither file holds a Secret's canary in any encoding. The bodies are checked both as
	// the file spells them (JSON strings) and decoded.
	leaks := 0
	files, _ := filepath.Glob(filepath.Join(dir, "recording*.json"))
	// A compacted set keeps its bodies in one store beside the identities' folders.
	if store := filepath.Join(filepath.Dir(dir), record.BodyStore); statOK(store) {
		files = append(files, store)
	}
	goldens, _ := replaytest.GoldenFiles(dir)
	for _, g := range goldens {
		files = append(files, replaytest.PartFiles(g)...)
	}
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		leaks += f.Report(t, filepath.Base(path), "file", string(data), false)
	}
	rec := loadRecording(t, dir)
	for _, ex := range rec.Exchanges {
		leaks += f.Report(t, "the recording's answer to "+ex.Method+" "+ex.Path+"?"+ex.Query, "body", ex.Body, false)
	}

	// (2) Every recorded statement, replayed in machine mode, prints no canary at all.
	cases, err := replaytest.ReadGoldenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	s, err := studioctl.OpenRecording(rec, studioctl.Options{Redact: studioctl.Machine})
	if err != nil {
		t.Fatal(err)
	}
	people := 0
	for _, c := range cases {
		words, err := statement.Split(c.Statement)
		if err != nil {
			t.Fatalf("%s: %v", c.Statement, err)
		}
		var out, errOut bytes.Buffer
		cli.ExecWords(context.Background(), s, words, &out, &errOut)
		leaks += f.Report(t, c.Statement+" [machine]", "stdout", out.String(), true)
		leaks += f.Report(t, c.Statement+" [machine]", "stderr", errOut.String(), true)
		if len(f.Find(c.Stdout+c.Stderr)) > 0 {
			people++
		}
	}
	if missed := s.Unrecorded(); len(missed) > 0 {
		t.Errorf("machine mode asked for %d requests the recording does not hold, so those statements proved nothing: %v", len(missed), missed)
	}
	t.Logf("%s: %d statements replayed in machine mode, %d exchanges, %d of the statements print a machine-mode canary in people mode, %d leaks",
		dir, len(cases), len(rec.Exchanges), people, leaks)
}

// TestCanaryClasses checks canary-classes.txt against the canaries section of e2e/seed.sh, where
// each canary's comment names the object it is planted in: a canary planted in a Secret is of
// class secret, every other one of class machine.
func TestCanaryClasses(t *testing.T) {
	classes := readClasses(t)
	seed, err := os.ReadFile("../../e2e/seed.sh")
	if err != nil {
		t.Fatal(err)
	}
	planted := regexp.MustCompile(`(?m)^C_[A-Z0-9_]+=(CANARY-[A-Z0-9-]+)\s+#\s*(\S+)`)
	want := map[string]string{}
	for _, m := range planted.FindAllStringSubmatch(string(seed), -1) {
		class := "machine"
		if m[2] == "Secret" {
			class = "secret"
		}
		want[m[1]] = class
	}
	if len(want) == 0 {
		t.Fatal("../../e2e/seed.sh plants no canary that this test can read")
	}
	var names []string
	for n := range want {
		names = append(names, n)
	}
	for n := range classes {
		if _, ok := want[n]; !ok {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		if want[n] != classes[n] {
			t.Errorf("%s: e2e/seed.sh makes it %q, %s says %q", n, want[n], canaryClassesPath, classes[n])
		}
	}
}

// replayNeedles builds what must not be printed from a version's canaries.txt: every canary has
// to have a class.
func replayNeedles(t *testing.T, version string, canaries []byte, classes map[string]string) *replaytest.Finder {
	f := replaytest.NewFinder()
	for _, c := range strings.Fields(string(canaries)) {
		class, ok := classes[c]
		if !ok {
			t.Fatalf("%s/canaries.txt names %s, which %s does not classify", version, c, canaryClassesPath)
		}
		if class == "secret" {
			f.Add(c, c, true, 2)
		} else {
			f.Add(c, c, false, 1)
		}
	}
	if f.Len() == 0 {
		t.Fatalf("%s/canaries.txt names no canary", version)
	}
	return f
}

func readClasses(t *testing.T) map[string]string {
	out, err := replaytest.ReadCanaryClasses(canaryClassesPath)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatalf("%s classifies no canary", canaryClassesPath)
	}
	return out
}

// The base64 cores must find a canary inside any base64 text, at any offset, twice encoded too.
func TestCanaryBase64Cores(t *testing.T) {
	const c = "CANARY-KILO"
	f := replaytest.NewFinder()
	f.Add(c, c, true, 2)
	for pre := 0; pre < 6; pre++ {
		for post := 0; post < 4; post++ {
			inner := strings.Repeat("x", pre) + c + strings.Repeat("y", post)
			for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding, base64.RawStdEncoding} {
				once := enc.EncodeToString([]byte(inner))
				twice := base64.StdEncoding.EncodeToString([]byte(`{"auth":"` + once + `"}`))
				for _, text := range []string{inner, once, twice} {
					if len(f.Find(text)) == 0 {
						t.Errorf("%q (prefix %d, suffix %d) not found", text, pre, post)
					}
				}
			}
		}
	}
	if got := f.Find(fmt.Sprint("CANARY-KIL0 and ", base64.StdEncoding.EncodeToString([]byte("CANARY-KIL0")))); len(got) != 0 {
		t.Errorf("a near miss matched: %v", got)
	}
}

// recordedDirs lists the recording directories of one version folder: those with golden files.
func recordedDirs(version string) []string {
	var dirs []string
	all, _ := filepath.Glob(filepath.Join(version, "*"))
	for _, d := range all {
		if files, _ := replaytest.GoldenFiles(d); len(files) > 0 {
			dirs = append(dirs, d)
		}
	}
	return dirs
}

func statOK(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
