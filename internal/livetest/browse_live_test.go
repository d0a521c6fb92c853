package livetest

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"
	"github.com/studioctl/studioctl/limits"
)

// secretCanaries are the canaries testdata/replay/canary-classes.txt files as planted in a Secret:
// none may ever be drawn, in either mode. The others only machine mode masks.
func secretCanaries(t *testing.T) map[string]bool {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "replay", "canary-classes.txt"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, l := range strings.Split(string(data), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[1] == "secret" {
			out[f[0]] = true
		}
	}
	return out
}

// browseRefresh is how soon a change on the server must be on the screen: the watch hands it over
// at once, and a watch the server closed is opened again after limits.LiveReconnectPause.
const browseRefresh = limits.LiveReconnectPause + 10*time.Second

// ptyScreen is the whole stream the program wrote to its terminal.
type ptyScreen struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (s *ptyScreen) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.Write(p)
}

func (s *ptyScreen) since(mark int) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.String()[min(mark, s.buf.Len()):]
}

func (s *ptyScreen) len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.Len()
}

// browseSession is studioctl browse running under a pseudo-terminal.
type browseSession struct {
	t      *testing.T
	tty    *os.File
	cmd    *exec.Cmd
	screen *ptyScreen
	done   chan struct{}
}

func startBrowse(t *testing.T, identity string, env []string, args ...string) *browseSession {
	t.Helper()
	bin := treeBinary(t)
	home := t.TempDir()
	cmd := exec.Command(bin, append([]string{"--kubeconfig", kubeconfigPath(identity), "browse"}, args...)...)
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "XDG_CACHE_HOME=" + filepath.Join(home, "cache"), "TERM=xterm-256color"}, env...)
	tty, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 50, Cols: 180})
	if err != nil {
		t.Fatal(err)
	}
	b := &browseSession{t: t, tty: tty, cmd: cmd, screen: &ptyScreen{}, done: make(chan struct{})}
	go func() {
		io.Copy(b.screen, tty)
		close(b.done)
	}()
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		tty.Close()
	})
	return b
}

// keys types as a person would, a key at a time.
func (b *browseSession) keys(text string) {
	for _, r := range text {
		if _, err := b.tty.Write([]byte(string(r))); err != nil {
			b.t.Fatal(err)
		}
		time.Sleep(15 * time.Millisecond)
	}
}

// wait waits until every want has been drawn since mark, within d; it answers how long it took.
func (b *browseSession) wait(mark int, d time.Duration, want ...string) time.Duration {
	b.t.Helper()
	start := time.Now()
	for {
		got := b.screen.since(mark)
		missing := ""
		for _, w := range want {
			if !strings.Contains(got, w) {
				missing = w
				break
			}
		}
		if missing == "" {
			return time.Since(start)
		}
		if time.Since(start) > d {
			b.t.Fatalf("%q was not drawn within %s; the screen since then:\n%q", missing, d, lastBytes(got, 4000))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func lastBytes(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

// quit presses q and waits for the program to end.
func (b *browseSession) quit() {
	b.keys("q")
	select {
	case <-b.done:
	case <-time.After(10 * time.Second):
		b.t.Error("browse did not end on q")
	}
	b.cmd.Wait()
	if code := b.cmd.ProcessState.ExitCode(); code != 0 {
		b.t.Errorf("browse exited %d", code)
	}
}

// TestLiveBrowse drives studioctl browse under a pseudo-terminal against the live scenario, as
// admin in people and machine mode: a ConfigMap created and then labelled with kubectl appears on
// the screen within the refresh time (found again by a label selector), and after every Secret of
// shop and payments has been shown as YAML and described (in machine mode their names are masked
// and the screen refuses to read them by name), and the api Deployment as YAML, no Secret's canary
// was ever drawn (in machine mode no canary at all), plain or in base64. A pod's log is read and
// then followed.
func TestLiveBrowse(t *testing.T) {
	needCluster(t)
	needKubectl(t)
	canaries, secret := readCanaries(t), secretCanaries(t)
	for _, mode := range []string{"people", "machine"} {
		t.Run(mode, func(t *testing.T) {
			b := startBrowse(t, "admin", nil, "--redact", mode, "configmaps", "-n", "shop")
			b.wait(0, 30*time.Second, "configmaps | ", "updated ", "namespace shop")

			name := fmt.Sprintf("browse-live-%s-%d", mode, time.Now().UnixNano()%1_000_000)
			mark := b.screen.len()
			if _, errOut, code := runKubectl(t, "admin", []string{"create", "configmap", name, "-n", "shop", "--from-literal=k=v"}); code != 0 {
				t.Fatalf("kubectl create: %s", errOut)
			}
			t.Cleanup(func() {
				runKubectl(t, "admin", []string{"delete", "configmap", name, "-n", "shop", "--ignore-not-found"})
			})
			took := b.wait(mark, browseRefresh, name)
			t.Logf("%s: the new ConfigMap was drawn %s after kubectl created it", mode, took.Round(time.Millisecond))

			if _, errOut, code := runKubectl(t, "admin", []string{"label", "configmap", name, "-n", "shop", "browse-live=" + mode}); code != 0 {
				t.Fatalf("kubectl label: %s", errOut)
			}
			mark = b.screen.len()
			b.keys("/-l browse-live=" + mode + "\r")
			b.wait(mark, browseRefresh, "labels browse-live="+mode, "configmaps | 1 of 1 rows", name)
			mark = b.screen.len()
			if _, errOut, code := runKubectl(t, "admin", []string{"delete", "configmap", name, "-n", "shop"}); code != 0 {
				t.Fatalf("kubectl delete: %s", errOut)
			}
			b.wait(mark, browseRefresh, "configmaps | 0 of 0 rows")
			mark = b.screen.len()
			b.keys("\x1b")
			b.wait(mark, 30*time.Second, "configmaps | ", "updated ")

			// The renderer redraws only the lines that changed, so each wait names a line the
			// step changes: shop's Secrets first, then payments' (the header's namespace changes).
			for _, ns := range []string{"shop", "payments"} {
				mark = b.screen.len()
				if ns == "shop" {
					b.keys(":secrets\r")
				} else {
					b.keys(":ns " + ns + "\r")
					b.wait(mark, 30*time.Second, "namespace "+ns)
				}
				b.wait(mark, 30*time.Second, "secrets | ", "updated ")
				for range kubectlNames(t, "get", "secrets", "-n", ns) {
					for _, key := range []string{"y", "d"} {
						mark = b.screen.len()
						b.keys(key)
						if mode == "machine" {
							// The name is masked: the screen says so and sends nothing.
							b.wait(mark, 30*time.Second, "Machine mode masks this row's name")
						} else {
							b.wait(mark, 30*time.Second, map[string]string{"y": "yaml secret/", "d": "describe secret/"}[key])
						}
						// Back to the list, and wait for its footer: a key typed straight after
						// esc would be read as alt and that key.
						mark = b.screen.len()
						b.keys("\x1b")
						b.wait(mark, 30*time.Second, "? help  : jump")
					}
					b.keys("j")
				}
			}
			mark = b.screen.len()
			b.keys(":ns shop\r:deploy\r")
			b.wait(mark, 30*time.Second, "deployments | ", "namespace shop", "> api")
			mark = b.screen.len()
			b.keys("y")
			b.wait(mark, 30*time.Second, "yaml deployment.apps/api", "kind: Deployment")
			mark = b.screen.len()
			b.keys(" \x1b")
			b.wait(mark, 30*time.Second, "? help  : jump")

			// A pod's log, then followed: the same lines kubectl reads, then the stream stays open.
			mark = b.screen.len()
			b.keys(":pods\r")
			b.wait(mark, 30*time.Second, "pods | ", "> api-")
			mark = b.screen.len()
			b.keys("l")
			b.wait(mark, 30*time.Second, "logs pod/api-", "--tail=50", "tick processed=")
			// Followed, the same last lines come first: the renderer redraws only the title, which
			// is all there is to wait for (the model's tests see the followed lines themselves).
			mark = b.screen.len()
			b.keys("f")
			b.wait(mark, 30*time.Second, "--tail=50 -f")
			mark = b.screen.len()
			b.keys("\x1b")
			b.wait(mark, 30*time.Second, "? help  : jump")
			b.quit()

			drawn := b.screen.since(0)
			for _, c := range canaries {
				if !secret[c] && mode == "people" {
					continue
				}
				for _, form := range []string{c, base64.StdEncoding.EncodeToString([]byte(c))} {
					if strings.Contains(drawn, form) {
						t.Errorf("%s: the screen drew %q", mode, form)
					}
				}
			}
			if !strings.Contains(drawn, "\x1b[7m> ") {
				t.Errorf("%s: on a colour terminal the cursor row is not in reverse video", mode)
			}
			// The capture holds what the views drew: in people mode the api Deployment's
			// annotation canary (no Secret's) is on the screen, as get -o yaml prints it.
			if mode == "people" && !strings.Contains(drawn, "CANARY-INDIA") {
				t.Error("people mode: the api Deployment's YAML view never drew its annotation canary: the capture missed the views")
			}
			t.Logf("%s: %d bytes drawn, no canary among them", mode, len(drawn))
		})
	}
}

// TestLiveBrowseNoColor: under NO_COLOR on the same terminal no style is drawn, and the cursor row
// is told by its mark.
func TestLiveBrowseNoColor(t *testing.T) {
	needCluster(t)
	b := startBrowse(t, "view", []string{"NO_COLOR=1"}, "deployments", "-n", "shop")
	b.wait(0, 30*time.Second, "deployments | ", "updated ", "> api")
	b.quit()
	drawn := b.screen.since(0)
	for _, style := range []string{"\x1b[7m", "\x1b[1m", "\x1b[2m"} {
		if strings.Contains(drawn, style) {
			t.Errorf("NO_COLOR drew %q", style)
		}
	}
}
