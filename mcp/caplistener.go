package mcp

import (
	"net"
	"sync"
)

// capListener accepts at most n connections open at once: Accept waits while n are open, so a
// client that opens connections and never uses them holds at most n descriptors, and the ones it
// holds are closed by the server's timeouts.
func capListener(ln net.Listener, n int) net.Listener {
	return &cappedListener{Listener: ln, slots: make(chan struct{}, n)}
}

type cappedListener struct {
	net.Listener
	slots chan struct{}
}

func (l *cappedListener) Accept() (net.Conn, error) {
	l.slots <- struct{}{}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.slots
		return nil, err
	}
	return &cappedConn{Conn: c, release: func() { <-l.slots }}, nil
}

// cappedConn gives its slot back once, when it is closed.
type cappedConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *cappedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}
