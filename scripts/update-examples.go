//go:build ignore

// update-examples rewrites the `// Output:` comment of every Example whose output changed, in the
// packages named (go run scripts/update-examples.go . ./run ./browse), from what go test printed
// as got: after a new demo (make demo-snapshot). Review the diff: an example whose output is wrong
// is rewritten too. An example that panicked is reported and left alone.
package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
)

var failLine = regexp.MustCompile(`^--- FAIL: (Example\w*) \(`)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: go run scripts/update-examples.go PKG_DIR...")
		os.Exit(2)
	}
	bad := 0
	for _, dir := range os.Args[1:] {
		got, err := changed(dir)
		if err != nil {
			fmt.Fprintln(os.Stderr, "update-examples:", err)
			os.Exit(1)
		}
		for name, lines := range got {
			if lines == nil {
				fmt.Fprintf(os.Stderr, "update-examples: %s/%s printed no got: block (a panic?); left alone\n", dir, name)
				bad++
				continue
			}
			if err := rewrite(dir, name, lines); err != nil {
				fmt.Fprintln(os.Stderr, "update-examples:", err)
				bad++
				continue
			}
			fmt.Printf("updated %s %s\n", dir, name)
		}
	}
	if bad > 0 {
		os.Exit(1)
	}
}

// changed runs a package's examples and reads each failing one's got: block (nil when none).
func changed(dir string) (map[string][]string, error) {
	var out bytes.Buffer
	cmd := exec.Command("go", "test", "-count=1", "-run", "^Example", dir)
	cmd.Stdout, cmd.Stderr = &out, &out
	_ = cmd.Run() // failing examples are the point
	res := map[string][]string{}
	var name string
	var lines []string
	state := "" // "", "got", "want"
	flush := func() {
		if name != "" {
			res[name] = lines
		}
		name, lines, state = "", nil, ""
	}
	sc := bufio.NewScanner(&out)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		l := sc.Text()
		switch m := failLine.FindStringSubmatch(l); {
		case m != nil:
			flush()
			name = m[1]
		case name != "" && state == "" && l == "got:":
			state, lines = "got", []string{}
		case state == "got" && l == "want:":
			state = "want"
		case state == "got":
			lines = append(lines, l)
		case state == "want" && (l == "FAIL" || strings.HasPrefix(l, "FAIL\t") || strings.HasPrefix(l, "ok ") || strings.HasPrefix(l, "--- ")):
			flush()
		}
	}
	flush()
	if strings.Contains(out.String(), "[build failed]") || strings.Contains(out.String(), "[setup failed]") {
		return nil, fmt.Errorf("%s does not build:\n%s", dir, out.String())
	}
	return res, nil
}

// rewrite replaces the output comment of func name in dir's test files with lines.
func rewrite(dir, name string, lines []string) error {
	files, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		src := strings.Split(string(data), "\n")
		start := -1
		for i, l := range src {
			if strings.HasPrefix(l, "func "+name+"()") {
				start = i
				break
			}
		}
		if start < 0 {
			continue
		}
		for i := start + 1; i < len(src) && src[i] != "}"; i++ {
			t := strings.TrimSpace(src[i])
			if t != "// Output:" && t != "// Unordered output:" {
				continue
			}
			indent := src[i][:strings.Index(src[i], "//")]
			end := i + 1
			for end < len(src) && strings.HasPrefix(strings.TrimSpace(src[end]), "//") {
				end++
			}
			var repl []string
			for _, l := range lines {
				if l == "" {
					repl = append(repl, indent+"//")
				} else {
					repl = append(repl, indent+"// "+l)
				}
			}
			out := append(append(append([]string{}, src[:i+1]...), repl...), src[end:]...)
			return os.WriteFile(f, []byte(strings.Join(out, "\n")), 0o644)
		}
		return fmt.Errorf("%s: %s has no output comment", f, name)
	}
	return fmt.Errorf("%s: no func %s", dir, name)
}
