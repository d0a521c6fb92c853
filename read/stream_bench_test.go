package read

import (
	"io"
	"testing"
)

// BenchmarkStreamedDocuments measures the command line's -o json and -o yaml over 5,000
// synthetic pods (ten pages), printing to nowhere: the printer's and the decoder's cost, which
// make bench sets beside kubectl's on a live server.
func BenchmarkStreamedDocuments(b *testing.B) {
	for _, form := range []string{"json", "yaml"} {
		b.Run(form, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				s := manyPodsSession(b, 5000, 100000, nil)
				if _, err := streamRun(b, s, "get pods -o "+form, io.Discard); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
