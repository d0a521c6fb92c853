package snapshot

import (
	"encoding/json"
	"sort"
	"strconv"
	"strings"

	"github.com/studioctl/studioctl/limits"
)

// changedFields are the paths at which two objects differ (a field added, removed or changed; an
// array of another length as one path), in order, at most limits.SnapshotDiffMaxFields of them,
// and how many more there were. masked folds a Secret's data keys into their parent (machine
// mode masks a Secret's keys as it masks its name).
func changedFields(a, b map[string]any, masked bool) ([]string, int) {
	var out []string
	walkDiff(withoutIgnored(a), withoutIgnored(b), "", 0, &out)
	if masked {
		out = foldSecretKeys(out)
	}
	if len(out) > limits.SnapshotDiffMaxFields {
		return out[:limits.SnapshotDiffMaxFields], len(out) - limits.SnapshotDiffMaxFields
	}
	return out, 0
}

// maxDiffPaths bounds the paths one object's walk collects before it stops, whatever its size.
const maxDiffPaths = limits.SnapshotDiffMaxPaths

func walkDiff(a, b any, path string, depth int, out *[]string) {
	if len(*out) >= maxDiffPaths {
		return
	}
	if depth > limits.MaxNesting {
		*out = append(*out, path)
		return
	}
	switch av := a.(type) {
	case map[string]any:
		bv, ok := b.(map[string]any)
		if !ok {
			*out = append(*out, path)
			return
		}
		for _, k := range unionKeys(av, bv) {
			x, inA := av[k]
			y, inB := bv[k]
			p := joinPath(path, k)
			if inA != inB {
				*out = append(*out, p)
				continue
			}
			walkDiff(x, y, p, depth+1, out)
		}
	case []any:
		bv, ok := b.([]any)
		if !ok || len(av) != len(bv) {
			*out = append(*out, path)
			return
		}
		for i := range av {
			walkDiff(av[i], bv[i], path+"["+strconv.Itoa(i)+"]", depth+1, out)
		}
	default:
		if !sameScalar(a, b) {
			*out = append(*out, path)
		}
	}
}

func unionKeys(a, b map[string]any) []string {
	keys := make([]string, 0, len(a)+len(b))
	for k := range a {
		keys = append(keys, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	return keys
}

// sameScalar compares two decoded scalars (numbers are json.Number or float64, compared as text).
func sameScalar(a, b any) bool {
	switch x := a.(type) {
	case json.Number:
		y, ok := b.(json.Number)
		return ok && x == y
	case map[string]any, []any:
		return false
	}
	switch b.(type) {
	case json.Number, map[string]any, []any:
		return false
	}
	return a == b
}

// joinPath names a field as a path: a key that is not a plain word goes in brackets.
func joinPath(path, key string) string {
	if key == "" || strings.ContainsAny(key, ".[]/ ") {
		return path + "[" + key + "]"
	}
	if path == "" {
		return key
	}
	return path + "." + key
}

// foldSecretKeys replaces each path under a Secret's data or stringData by the field itself.
func foldSecretKeys(paths []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, p := range paths {
		for _, f := range []string{"data", "stringData"} {
			if strings.HasPrefix(p, f+".") || strings.HasPrefix(p, f+"[") {
				p = f
			}
		}
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}
