// Command studioctl is a read-only kubectl: it reads one Kubernetes API server through an
// allowlist and prints what kubectl prints, and it cannot change the cluster or show a Secret.
package main

import "os"

func main() {
	os.Exit(run(os.Args[1:], systemStreams()))
}
