package replaytest

import (
	"encoding/base64"
	"fmt"
	"os"
	"strings"
	"testing"
)

// Needle is one text whose presence in an output proves a leak: a value, or one of its encodings.
type Needle struct {
	Text   string
	What   string // "CANARY-ALPHA", "the token of Secret shop/web-token"
	Form   string // "plain", "base64", "base64 of base64"
	Secret bool   // true: never printed in any mode; false: only machine mode must hide it
}

// Hit is a needle found in a text, with the line it is first on.
type Hit struct {
	Needle Needle
	Line   int
}

// Finder looks for every needle in one pass over a text, through an index of their first
// needlePrefix bytes. The canary tests, live and replayed, share it.
type Finder struct {
	needles []Needle
	index   map[string][]int
}

const needlePrefix = 8

// NewFinder makes an empty finder.
func NewFinder() *Finder { return &Finder{index: map[string][]int{}} }

// Len is how many needles the finder holds, every encoding counted.
func (f *Finder) Len() int { return len(f.needles) }

// Add indexes value in each of its forms: plain, base64 and, for depth 2, base64 of base64.
func (f *Finder) Add(value, what string, secret bool, depth int) {
	seen := map[string]bool{}
	level := []string{value}
	forms := []string{"plain", "base64", "base64 of base64"}
	for d := 0; d <= depth && d < len(forms); d++ {
		var next []string
		for _, v := range level {
			if len(v) >= needlePrefix && !seen[v] {
				seen[v] = true
				f.needles = append(f.needles, Needle{Text: v, What: what, Form: forms[d], Secret: secret})
				f.index[v[:needlePrefix]] = append(f.index[v[:needlePrefix]], len(f.needles)-1)
			}
			next = append(next, Base64Cores(v)...)
		}
		level = next
	}
}

// Base64Cores are the characters of every base64 encoding of s that depend on s alone, whatever
// bytes come before or after it: one run for each of the three byte alignments, in the standard
// and the URL alphabet. Whenever s is inside base64-encoded data, one of them is in the encoding.
func Base64Cores(s string) []string {
	var out []string
	seen := map[string]bool{}
	for k := 0; k < 3; k++ {
		buf := make([]byte, k, k+len(s)+2)
		buf = append(append(buf, s...), 0, 0)
		start, end := (8*k+5)/6, (8*k+8*len(s))/6
		for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding} {
			e := enc.EncodeToString(buf)
			if end <= start || end > len(e) {
				continue
			}
			if c := e[start:end]; len(c) >= needlePrefix && !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
		}
	}
	return out
}

// Find returns every needle in s, once each, with the line it is first on.
func (f *Finder) Find(s string) []Hit {
	var out []Hit
	found := map[int]bool{}
	line := 1
	for i := 0; i+needlePrefix <= len(s); i++ {
		if s[i] == '\n' {
			line++
		}
		for _, n := range f.index[s[i:i+needlePrefix]] {
			if !found[n] && strings.HasPrefix(s[i:], f.needles[n].Text) {
				found[n] = true
				out = append(out, Hit{f.needles[n], line})
			}
		}
	}
	return out
}

// Needles lists what the finder looks for.
func (f *Finder) Needles() []Needle { return f.needles }

// Report fails t for every needle in text that must not be there (with machine: any needle;
// otherwise a Secret's), saying where and in which stream, never the value itself; it returns how
// many it found.
func (f *Finder) Report(t testing.TB, where, stream, text string, machine bool) int {
	leaks := 0
	for _, h := range f.Find(text) {
		if !h.Needle.Secret && !machine {
			continue
		}
		leaks++
		t.Errorf("LEAK: %s: %s (%s) on %s, line %d", where, h.Needle.What, h.Needle.Form, stream, h.Line)
	}
	return leaks
}

// ReadCanaryClasses reads testdata/replay/canary-classes.txt: one canary a line, "NAME secret" or
// "NAME machine"; # starts a comment. A secret canary must never be printed or recorded; a
// machine canary only machine mode must hide.
func ReadCanaryClasses(path string) (map[string]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for i, line := range strings.Split(string(data), "\n") {
		if k := strings.IndexByte(line, '#'); k >= 0 {
			line = line[:k]
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		if len(f) != 2 || (f[1] != "secret" && f[1] != "machine") {
			return nil, fmt.Errorf("%s:%d: want NAME secret|machine", path, i+1)
		}
		out[f[0]] = f[1]
	}
	return out, nil
}
