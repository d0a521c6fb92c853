package main

import (
	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/kube"
)

// openSaved opens a saved connection by name.
func openSaved(name string, opts studioctl.Options, io streams) (*studioctl.Session, error) {
	return nil, kube.Refusef("refused.connection.unknown", "There is no saved connection named %q. Nothing was sent.", name)
}
