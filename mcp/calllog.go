package mcp

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/sanitize"
	"github.com/studioctl/studioctl/statement"
)

// LogFile is the call log's name in the state directory.
const LogFile = "mcp-calls.log"

// maxLoggedStatement bounds the statement a log line keeps, in bytes.
const maxLoggedStatement = MaxStatementChars

// logRecord is one line of the call log: when, which tool, on which connection, the statement
// with credential flag values masked, the outcome (ok or a stable code) and how many rows. Never
// an answer.
type logRecord struct {
	Time       string `json:"time"`
	Tool       string `json:"tool"`
	Connection string `json:"connection,omitempty"`
	Statement  string `json:"statement,omitempty"`
	Outcome    string `json:"outcome"`
	Rows       int    `json:"rows"`
}

type callLog struct {
	mu  sync.Mutex
	w   io.Writer
	now func() time.Time
}

func (l *callLog) write(r *logRecord, rows int, err error) {
	if l.w == nil {
		return
	}
	line := *r
	line.Time = l.now().UTC().Format(time.RFC3339)
	line.Statement = loggedStatement(r.Statement)
	line.Connection = sanitize.String(truncate(r.Connection, 253))
	line.Rows, line.Outcome = rows, "ok"
	if err != nil {
		line.Outcome = "internal"
		if e, ok := fault.As(err); ok {
			line.Outcome = e.Code
		}
	}
	data, _ := json.Marshal(line)
	l.mu.Lock()
	defer l.mu.Unlock()
	l.w.Write(append(data, '\n'))
}

// loggedStatement is the statement with every credential flag's value masked, cut and sanitised.
func loggedStatement(s string) string {
	return sanitize.String(statement.MaskCredentials(truncate(s, maxLoggedStatement)))
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// OpenLog opens the call log in the state directory for appending: the directory 0700, the file
// 0600 (an existing file is narrowed to 0600).
func OpenLog(stateDir string) (*os.File, error) {
	if err := os.MkdirAll(stateDir, 0o700); err != nil {
		return nil, err
	}
	path := filepath.Join(stateDir, LogFile)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	if err := f.Chmod(0o600); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
