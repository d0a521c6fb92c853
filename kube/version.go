package kube

import "fmt"

// Version is studioctl's version, set at build time with -ldflags -X.
var Version = "v0.1.0-dev"

func sprintf(format string, args ...any) string { return fmt.Sprintf(format, args...) }
