package mcp

import (
	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/record"
	"github.com/studioctl/studioctl/store"
)

// FromStore lists the saved connections that opted in to studioctl mcp, each opened as the agent:
// with the connection's agent token alone when it holds one, else with its own credential. The
// endpoint is validated and guarded against any address but the registered one when the session
// opens. base carries the operator switches, the discovery cache and the like; the server raises
// the redaction to machine and sets the agent's row cap itself.
func FromStore(st *store.Store, base studioctl.Options) ([]Connection, error) {
	saved, err := st.List()
	if err != nil {
		return nil, err
	}
	var out []Connection
	for _, sv := range saved {
		if !sv.MCP {
			continue
		}
		sv := sv
		out = append(out, Connection{Name: sv.Name, Host: sv.Connection.Host, Open: func() (*studioctl.Session, error) {
			o := base
			o.Redact, o.MaxRows = studioctl.Machine, MaxRows
			return studioctl.OpenSavedAsAgent(st, sv.Name, o)
		}})
	}
	return out, nil
}

// FromSnapshot serves a snapshot file under name, in machine mode, with the agent's row cap.
func FromSnapshot(name string, snap *studioctl.Snapshot, base studioctl.Options) Connection {
	return Connection{Name: name, Host: record.ReplayHost, Open: func() (*studioctl.Session, error) {
		o := base
		o.Redact, o.MaxRows = studioctl.Machine, MaxRows
		return studioctl.OpenSnapshot(snap, o)
	}}
}

// FromRecording is one connection that answers from a recording (studioctl mcp --replay), named
// name, with the recording's server host.
func FromRecording(name string, rec *studioctl.Recording, base studioctl.Options) Connection {
	return Connection{Name: name, Host: record.ReplayHost, Open: func() (*studioctl.Session, error) {
		o := base
		o.Redact, o.MaxRows = studioctl.Machine, MaxRows
		return studioctl.OpenRecording(rec, o)
	}}
}
