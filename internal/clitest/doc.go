// Package clitest holds the command's statement tests that need no server: every recorded
// statement replayed against its golden output (testdata/replay), the canary search of every
// recording, the hostile server's whole statements, the console over a recording, streamed
// gets and snapshot replays. They run the command's own path (internal/cli) on library sessions,
// so they live beside it rather than in the root package, whose tests are the library's.
// `go test ./internal/clitest -update` rewrites the goldens.
package clitest
