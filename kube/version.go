package kube

// Version is studioctl's version, set at build time with -ldflags -X.
var Version = "v0.1.0-dev"

// sprintf formats kube's sentences and request phrases through Sentencef.
func sprintf(format string, args ...any) string { return Sentencef(format, args...) }
