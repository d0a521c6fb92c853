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

// TestTiesReordered holds the oracle's test for top's rows among equal figures: names may change
// places where the figures are equal, nothing else may.
func TestTiesReordered(t *testing.T) {
	snap := "NAME      CPU(cores)   MEMORY(bytes)\nweb-b     1m           124Mi\nweb-c     1m           124Mi\nweb-a     1m           124Mi\ndb-0      250m         300Mi\n"
	// Two nodes tied on cpu may differ in their other figures (CI saw kwok-node-2 at 0% memory
	// and kwok-small-0 at 1% change places): only the sort key must agree row by row.
	nodes := "NAME      CPU(cores)   CPU(%)   MEMORY(bytes)   MEMORY(%)\nnode-2    10m          0%       24Mi            0%\nsmall-0   10m          0%       24Mi            1%\nnode-0    50m          1%       30Mi            1%\n"
	for _, c := range []struct {
		name, statement, live string
		want                  bool
		snap                  string // the snapshot's answer, when not snap
	}{
		{"equal figures, names swapped", "top pod -n shop --sort-by cpu", "NAME      CPU(cores)   MEMORY(bytes)\nweb-a     1m           124Mi\nweb-b     1m           124Mi\nweb-c     1m           124Mi\ndb-0      250m         300Mi\n", true, ""},
		{"a figure moved", "top pod -n shop --sort-by cpu", "NAME      CPU(cores)   MEMORY(bytes)\nweb-a     1m           124Mi\nweb-b     1m           124Mi\nweb-c     1m           125Mi\ndb-0      250m         300Mi\n", false, ""},
		{"rows out of their sorted place", "top pod -n shop --sort-by cpu", "NAME      CPU(cores)   MEMORY(bytes)\ndb-0      250m         300Mi\nweb-b     1m           124Mi\nweb-c     1m           124Mi\nweb-a     1m           124Mi\n", false, ""},
		{"a row missing", "top pod -n shop --sort-by cpu", "NAME      CPU(cores)   MEMORY(bytes)\nweb-a     1m           124Mi\nweb-b     1m           124Mi\ndb-0      250m         300Mi\n", false, ""},
		{"a cpu figure moved", "top pod -n shop --sort-by cpu", "NAME      CPU(cores)   MEMORY(bytes)\nweb-a     1m           124Mi\nweb-b     1m           124Mi\nweb-c     1m           124Mi\ndb-0      251m         300Mi\n", false, ""},
		{"tied on cpu, swapped", "top node --sort-by cpu", "NAME      CPU(cores)   CPU(%)   MEMORY(bytes)   MEMORY(%)\nsmall-0   10m          0%       24Mi            1%\nnode-2    10m          0%       24Mi            0%\nnode-0    50m          1%       30Mi            1%\n", true, nodes},
		{"tied on cpu, swapped, --sort-by=cpu", "top node --sort-by=cpu", "NAME      CPU(cores)   CPU(%)   MEMORY(bytes)   MEMORY(%)\nsmall-0   10m          0%       24Mi            1%\nnode-2    10m          0%       24Mi            0%\nnode-0    50m          1%       30Mi            1%\n", true, nodes},
		{"not tied on cpu", "top node --sort-by cpu", "NAME      CPU(cores)   CPU(%)   MEMORY(bytes)   MEMORY(%)\nnode-0    50m          1%       30Mi            1%\nnode-2    10m          0%       24Mi            0%\nsmall-0   10m          0%       24Mi            1%\n", false, nodes},
		{"swapped, sorted by memory where they differ", "top node --sort-by memory", "NAME      CPU(cores)   CPU(%)   MEMORY(bytes)   MEMORY(%)\nnode-2    10m          0%       24Mi            0%\nnode-0    50m          1%       30Mi            1%\nsmall-0   10m          0%       24Mi            1%\n", false, nodes},
		{"not sorted by a figure", "top pod -n shop", "NAME      CPU(cores)   MEMORY(bytes)\nweb-a     1m           124Mi\nweb-b     1m           124Mi\nweb-c     1m           124Mi\ndb-0      250m         300Mi\n", false, ""},
	} {
		want := snap
		if c.snap != "" {
			want = c.snap
		}
		if got := tiesReordered(c.statement, c.live, want); got != c.want {
			t.Errorf("%s: tiesReordered = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestCPUResampled holds the oracle's test for top --sort-by cpu when CPU was sampled again
// between the capture and the live read (CI saw two web pods trade places so): the rows and every
// cell outside the CPU columns must agree, and each answer must be sorted by its own CPU figures.
func TestCPUResampled(t *testing.T) {
	const header = "NAME                   CPU(cores)   MEMORY(bytes)\n"
	snap := header + "db-0                   250m         300Mi\nweb-568bd749f7-l462t   3m           124Mi\nweb-568bd749f7-wrjrc   2m           124Mi\n"
	nodes := "NAME      CPU(cores)   CPU(%)   MEMORY(bytes)   MEMORY(%)\nnode-0    50m          1%       30Mi            1%\nnode-2    10m          0%       24Mi            0%\n"
	for _, c := range []struct {
		name, statement, live, snap string
		want                        bool
	}{
		{"two pods traded CPU and places", "top pod -n shop --sort-by cpu", header + "db-0                   251m         300Mi\nweb-568bd749f7-wrjrc   3m           124Mi\nweb-568bd749f7-l462t   2m           124Mi\n", snap, true},
		{"the same answer", "top pod -n shop --sort-by cpu", snap, snap, true},
		{"the live answer out of CPU order", "top pod -n shop --sort-by cpu", header + "db-0                   250m         300Mi\nweb-568bd749f7-wrjrc   2m           124Mi\nweb-568bd749f7-l462t   3m           124Mi\n", snap, false},
		{"the snapshot's answer out of CPU order", "top pod -n shop --sort-by cpu", snap, header + "web-568bd749f7-l462t   3m           124Mi\ndb-0                   250m         300Mi\nweb-568bd749f7-wrjrc   2m           124Mi\n", false},
		{"a memory figure moved", "top pod -n shop --sort-by cpu", header + "db-0                   250m         300Mi\nweb-568bd749f7-l462t   3m           125Mi\nweb-568bd749f7-wrjrc   2m           124Mi\n", snap, false},
		{"a pod missing", "top pod -n shop --sort-by cpu", header + "db-0                   250m         300Mi\nweb-568bd749f7-l462t   3m           124Mi\n", snap, false},
		{"another pod", "top pod -n shop --sort-by cpu", header + "db-0                   250m         300Mi\nweb-568bd749f7-xxxxx   3m           124Mi\nweb-568bd749f7-wrjrc   2m           124Mi\n", snap, false},
		{"sorted by memory", "top pod -n shop --sort-by memory", header + "db-0                   250m         300Mi\nweb-568bd749f7-wrjrc   3m           124Mi\nweb-568bd749f7-l462t   2m           124Mi\n", snap, false},
		{"not sorted", "top pod -n shop", header + "db-0                   250m         300Mi\nweb-568bd749f7-wrjrc   3m           124Mi\nweb-568bd749f7-l462t   2m           124Mi\n", snap, false},
		{"nodes, CPU(%) moves with CPU", "top node --sort-by=cpu", "NAME      CPU(cores)   CPU(%)   MEMORY(bytes)   MEMORY(%)\nnode-2    60m          2%       24Mi            0%\nnode-0    50m          1%       30Mi            1%\n", nodes, true},
		{"nodes, a memory share moved", "top node --sort-by=cpu", "NAME      CPU(cores)   CPU(%)   MEMORY(bytes)   MEMORY(%)\nnode-0    50m          1%       30Mi            2%\nnode-2    10m          0%       24Mi            0%\n", nodes, false},
	} {
		if got := cpuResampled(c.statement, c.live, c.snap); got != c.want {
			t.Errorf("%s: cpuResampled = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestByStream holds the grouping of prefixed log lines: streams in name order, each stream's
// lines in their own order, so only the order of whole streams is forgiven.
func TestByStream(t *testing.T) {
	kubectl := "[pod/web-c/web] 1\n[pod/web-c/web] 2\n[pod/web-a/web] 1\n[pod/web-a/web] 2\n"
	studioctl := "[pod/web-a/web] 1\n[pod/web-a/web] 2\n[pod/web-c/web] 1\n[pod/web-c/web] 2\n"
	if Diff(byStream(kubectl), byStream(studioctl)) != "" {
		t.Errorf("streams in another order should compare equal:\n%s", Diff(byStream(kubectl), byStream(studioctl)))
	}
	swapped := "[pod/web-a/web] 2\n[pod/web-a/web] 1\n[pod/web-c/web] 1\n[pod/web-c/web] 2\n"
	if Diff(byStream(kubectl), byStream(swapped)) == "" {
		t.Errorf("lines swapped within one stream compared equal")
	}
}
