package main

import (
	"os"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/store"
)

// openSaved opens a saved connection by name (--connection NAME or STUDIOCTL_CONNECTION). The
// connection is its stored fields and nothing else: they are validated again with the operator's
// switches, and the endpoint is checked against the address the connection was registered for.
func openSaved(name string, opts studioctl.Options, io *IOStreams) (*studioctl.Session, error) {
	opts.Switches = switchesOf(io)
	return studioctl.OpenSaved(store.New(io.HomeDirs.Config), name, opts)
}

// switchesOf reads the operator's two switches from the process's environment.
func switchesOf(io *IOStreams) kube.Switches {
	getenv := io.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	return kube.Switches{
		AllowLoopbackPlaintext: getenv(kube.EnvAllowLoopbackPlaintext) == "true",
		AllowInsecureTLS:       getenv(kube.EnvAllowInsecureTLS) == "true",
	}
}
