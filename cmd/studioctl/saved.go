package main

import (
	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/store"
)

// openSaved opens a saved connection by name (--connection NAME or STUDIOCTL_CONNECTION). The
// connection is its stored fields and nothing else: they are validated again with the operator's
// switches, and the endpoint is checked against the address the connection was registered for,
// before and after the session is built.
func openSaved(name string, opts studioctl.Options, io *IOStreams) (*studioctl.Session, error) {
	saved, err := store.New(io.HomeDirs.Config).Get(name)
	if err != nil {
		return nil, err
	}
	sw := switchesOf(io)
	if opts.Switches != nil {
		sw = *opts.Switches
	}
	opts.Switches = &sw
	if _, err := saved.Endpoint(sw); err != nil {
		return nil, err
	}
	s, err := studioctl.Open(saved.Connection, opts)
	if err != nil {
		return nil, err
	}
	if err := saved.Guard(s.Client.Endpoint()); err != nil {
		return nil, err
	}
	return s, nil
}

// switchesOf reads the operator's two switches from the process's environment.
func switchesOf(io *IOStreams) kube.Switches {
	getenv := io.Getenv
	if getenv == nil {
		return kube.SwitchesFromEnv()
	}
	return kube.Switches{
		AllowLoopbackPlaintext: getenv(kube.EnvAllowLoopbackPlaintext) == "true",
		AllowInsecureTLS:       getenv(kube.EnvAllowInsecureTLS) == "true",
	}
}
