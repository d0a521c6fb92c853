// Package replaytest runs statements against recordings of real API servers and compares what
// studioctl prints with golden files, so the tests need no server. A request the recording does
// not hold fails the test, which also proves which requests each statement makes.
package replaytest

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Case is one statement and what studioctl printed for it.
type Case struct {
	Statement string
	Stdout    string
	Stderr    string
	Exit      int
}

// The golden file holds every case of one recording, in a form a person can read and diff:
//
//	=== $ get pods -n shop
//	--- stdout
//	...
//	--- stderr
//	...
//	--- exit 0
const (
	markCase   = "=== $ "
	markStdout = "--- stdout"
	markStderr = "--- stderr"
	markExit   = "--- exit "
	// markNoNewline follows a section whose text does not end in a newline (a jsonpath answer),
	// as diff marks one.
	markNoNewline = `\ no newline at end`
)

// WriteGolden writes cases to path.
func WriteGolden(path string, cases []Case) error {
	var b strings.Builder
	for _, c := range cases {
		b.WriteString(markCase + c.Statement + "\n")
		b.WriteString(markStdout + "\n" + c.Stdout)
		if c.Stdout != "" && !strings.HasSuffix(c.Stdout, "\n") {
			b.WriteString("\n" + markNoNewline + "\n")
		}
		b.WriteString(markStderr + "\n" + c.Stderr)
		if c.Stderr != "" && !strings.HasSuffix(c.Stderr, "\n") {
			b.WriteString("\n" + markNoNewline + "\n")
		}
		b.WriteString(markExit + strconv.Itoa(c.Exit) + "\n")
	}
	return WriteParts(path, []byte(b.String()))
}

// ReadGolden reads a golden file, its parts joined.
func ReadGolden(path string) ([]Case, error) {
	data, err := ReadParts(path)
	if err != nil {
		return nil, err
	}
	var cases []Case
	var cur *Case
	var section *strings.Builder
	var out, errOut strings.Builder
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, markCase):
			cases = append(cases, Case{Statement: strings.TrimPrefix(line, markCase)})
			cur = &cases[len(cases)-1]
			out.Reset()
			errOut.Reset()
			section = nil
		case cur != nil && line == markStdout:
			section = &out
		case cur != nil && line == markStderr:
			section = &errOut
		case cur != nil && strings.HasPrefix(line, markExit):
			n, err := strconv.Atoi(strings.TrimPrefix(line, markExit))
			if err != nil {
				return nil, fmt.Errorf("%s: bad exit line %q", path, line)
			}
			cur.Exit, cur.Stdout, cur.Stderr = n, out.String(), errOut.String()
			section = nil
		case section != nil && line == markNoNewline:
			text := strings.TrimSuffix(section.String(), "\n")
			section.Reset()
			section.WriteString(text)
		case section != nil:
			section.WriteString(line + "\n")
		}
	}
	return cases, sc.Err()
}

// GoldenFiles lists a recording directory's golden files in the order their statements run (each
// with its parts, PartFiles):
// golden.txt (a recording kept whole) first, then golden-<group>.txt in name order, which is the
// order of the recording's group files.
func GoldenFiles(dir string) ([]string, error) {
	all, err := filepath.Glob(filepath.Join(dir, "golden-*.txt"))
	if err != nil {
		return nil, err
	}
	var paths []string
	for _, p := range all {
		if !IsPart(p) {
			paths = append(paths, p)
		}
	}
	sort.Strings(paths)
	if _, err := os.Stat(filepath.Join(dir, "golden.txt")); err == nil {
		paths = append([]string{filepath.Join(dir, "golden.txt")}, paths...)
	}
	return paths, nil
}

// GoldenFile is the name of a group's golden file.
func GoldenFile(group string) string { return "golden-" + group + ".txt" }

// ReadGoldenDir reads every golden file of a recording directory, in order.
func ReadGoldenDir(dir string) ([]Case, error) {
	paths, err := GoldenFiles(dir)
	if err != nil {
		return nil, err
	}
	var all []Case
	for _, p := range paths {
		cases, err := ReadGolden(p)
		if err != nil {
			return nil, err
		}
		all = append(all, cases...)
	}
	return all, nil
}
