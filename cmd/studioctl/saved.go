package main

import (
	"net"
	"os"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/kube"
)

// openSaved opens a saved connection by name (--connection NAME or STUDIOCTL_CONNECTION). The
// connection is its stored fields and nothing else: they are validated again with the operator's
// switches, and the endpoint is checked against the address the connection was registered for.
func openSaved(name string, opts studioctl.Options, io *IOStreams) (*studioctl.Session, error) {
	opts.Switches = studioctl.Switches(switchesOf(io))
	opts.SSHAgent = sshAgentOf(io)
	return studioctl.OpenSaved(io.savedStore(), name, opts)
}

// sshAgentOf dials the ssh-agent SSH_AUTH_SOCK names, for a saved connection's SSH tunnel; nil
// when the variable is unset (a tunnel then says no agent is running). Only the agent's keys are
// used: studioctl never reads a key file.
func sshAgentOf(io *IOStreams) func() (net.Conn, error) {
	sock := io.Getenv("SSH_AUTH_SOCK")
	if sock == "" {
		return nil
	}
	return func() (net.Conn, error) { return net.Dial("unix", sock) }
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
