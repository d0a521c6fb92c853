package livetest

import "testing"

// TestRewritten holds the oracle's test for an object written after the capture to the answers
// it reads: a moved resourceVersion in JSON or YAML, at any depth of the diff, is a rewrite; any
// other difference is not.
func TestRewritten(t *testing.T) {
	snap := "{\n  \"a\": 1,\n  \"b\": 2,\n  \"c\": 3,\n  \"d\": 4,\n  \"e\": 5,\n  \"f\": 6,\n  \"resourceVersion\": \"1366\",\n  \"averageValue\": \"110m\"\n}\n"
	for _, c := range []struct {
		name, live, snap string
		want             bool
	}{
		{"json, after five other differing rows", "{\n  \"a\": 9,\n  \"b\": 9,\n  \"c\": 9,\n  \"d\": 9,\n  \"e\": 9,\n  \"f\": 9,\n  \"resourceVersion\": \"1376\",\n  \"averageValue\": \"111m\"\n}\n", snap, true},
		{"yaml", "metadata:\n  resourceVersion: \"1376\"\n", "metadata:\n  resourceVersion: \"1366\"\n", true},
		{"another field only", "{\n  \"resourceVersion\": \"1366\",\n  \"averageValue\": \"111m\"\n}\n", "{\n  \"resourceVersion\": \"1366\",\n  \"averageValue\": \"110m\"\n}\n", false},
		{"a value that names the field", "{\n  \"note\": \"resourceVersion: 2\"\n}\n", "{\n  \"note\": \"resourceVersion: 1\"\n}\n", false},
	} {
		if got := rewritten(c.live, c.snap); got != c.want {
			t.Errorf("%s: rewritten = %v, want %v", c.name, got, c.want)
		}
	}
}
