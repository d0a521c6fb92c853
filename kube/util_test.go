package kube

import (
	"io"
	"net/http"
	"os"
	"strings"
)

func osStat(p string) (os.FileInfo, error) { return os.Stat(p) }

func lastElem(p string) string { return p[strings.LastIndex(p, "/")+1:] }

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

func stringsReader(s string) io.Reader { return strings.NewReader(s) }

func contains(s, sub string) bool { return strings.Contains(s, sub) }

func splitLines(s string) []string { return strings.Split(strings.TrimSpace(s), "\n") }
