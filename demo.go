package studioctl

import _ "embed"

// demoRecording is the recorded cluster `--replay demo` answers from: what a real v1.37.2 API
// server answered the admin identity of the live suite, Secret values stripped at capture.
//
//go:embed testdata/replay/v1.37.2/admin/recording.json
var demoRecording []byte
