//go:build ignore

// compact-recordings keeps each answer body of a recording set once (record.CompactSet): go run
// scripts/compact-recordings.go testdata/replay/v1.37.2 ... scripts/live.sh runs it on every set it
// writes, after the suite's inline files are in place; a set compacted before is read back and
// compacted again with the new files, and bodies no file names any more leave its store.
package main

import (
	"fmt"
	"os"

	"github.com/studioctl/studioctl/record"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: go run scripts/compact-recordings.go SET_DIR...")
		os.Exit(2)
	}
	for _, set := range os.Args[1:] {
		if err := record.CompactSet(set); err != nil {
			fmt.Fprintf(os.Stderr, "compact-recordings: %s: %v\n", set, err)
			os.Exit(1)
		}
	}
}
