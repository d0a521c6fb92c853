//go:build ignore

// gen writes the demo recording: the recording directory named by its first argument, its group
// files merged in order, as one gzipped JSON file named by its second (go generate ./demo).
package main

import (
	"compress/gzip"
	"encoding/json"
	"fmt"
	"os"

	"github.com/studioctl/studioctl/record"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: go run gen.go RECORDING_DIR OUT.json.gz")
		os.Exit(2)
	}
	rec, err := record.LoadDir(os.Args[1])
	if err != nil {
		fail(err)
	}
	data, err := json.Marshal(rec)
	if err != nil {
		fail(err)
	}
	f, err := os.Create(os.Args[2])
	if err != nil {
		fail(err)
	}
	zw, _ := gzip.NewWriterLevel(f, gzip.BestCompression)
	if _, err := zw.Write(data); err != nil {
		fail(err)
	}
	if err := zw.Close(); err != nil {
		fail(err)
	}
	if err := f.Close(); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "gen:", err)
	os.Exit(1)
}
