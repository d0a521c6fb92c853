// Package printer holds a statement's answer as data (a table, lines, documents, a describe) and
// the Writer, the one way out to a terminal: machine masking in machine mode, every byte
// sanitised, tables as kubectl prints them, JSON and YAML with control characters escaped.
package printer

import (
	"github.com/studioctl/studioctl/fault"
)

// Result is what a reader answers: one of a table, lines or documents, plus notices for stderr.
// Readers fill it with what the server said; the Writer sanitizes, masks (machine mode) and prints
// it, so no reader can skip either step.
type Result struct {
	Table *Table
	// Groups is a get of several types (TYPE,TYPE, TYPE/NAME of different kinds, get all): each
	// kind's table in turn, laid out on its own, a blank line between two (none under
	// --no-headers), as kubectl prints them.
	Groups []*Table
	Lines  *Lines
	Docs   *Docs
	// Body is get --raw's answer: the server's bytes, printed as they came after sanitising each
	// line, with no line feed added (kubectl adds none).
	Body []byte
	// Describe is a describe answer kept as data; the Writer renders it in its own mode, so
	// machine mode masks the object before it becomes text.
	Describe Rendered
	// Notices go to stderr before the answer (kubectl's "Defaulted container" and the like).
	Notices []string
	// Empty is the stderr line for an answer with nothing in it ("No resources found ...").
	Empty string
	// Exit, when not zero, is the statement's exit code for an answer that is not an error
	// (auth can-i's "no" exits 1 as kubectl's does, with nothing on stderr).
	Exit int
	// Errors are per-item failures printed after the answer (a named object not found); the
	// statement then exits with the first one's code.
	Errors []*fault.Error

	masked   bool       // Mask has applied maskedIn's rules
	maskedIn RedactMode // the mode it masked in
}

// ColumnRole tells the writer what a column holds, for machine-mode masking.
type ColumnRole int

// What a column may hold, as machine mode reads it.
const (
	RolePlain         ColumnRole = iota
	RoleName                     // the object's name
	RoleAge                      // an age
	RoleNamespace                // the NAMESPACE decoration
	RoleObjectRef                // kind/name of another object (events)
	RoleResourceNames            // RBAC resource names (auth can-i --list)
	RoleLabel                    // a label value (-L, --show-labels): passes in machine mode, as documented
	RoleServerCell               // a custom resource's printer column
)

// Column is one column of a table result.
type Column struct {
	Header string // as printed: upper-case
	Role   ColumnRole
}

// Table is a result printed as kubectl prints tables.
type Table struct {
	Columns   []Column
	Rows      [][]string
	NoHeaders bool
	// SecretNames marks a table whose rows are core Secrets: machine mode masks their names.
	SecretNames bool
	// SecretRows marks rows about Secrets (an RBAC rule covering secrets); may be nil.
	SecretRows []bool
	// Heading is printed on its own line above the table (rollout history's object line).
	Heading string
	// Narrow lays the table out as kubectl's describe-style tables do (two spaces between
	// columns, no minimum width) instead of get's.
	Narrow bool
}

// Lines is a result printed one line each (-o name, api-versions, logs).
type Lines struct {
	Text []string
	// Names marks -o name lines (kind/name); SecretNames masks their name part in machine mode, as
	// it does on any line whose kind is a core Secret's ("secret/NAME").
	Names       bool
	SecretNames bool
	// SecretLines marks single lines about Secrets (an event named after one); may be nil.
	SecretLines []bool
	// Raw lines are a log: printed as the server wrote them, after Sanitize.
	Raw bool
}

// Docs is a result printed as JSON or YAML: one object, or a List of them.
type Docs struct {
	Format  string // json or yaml
	Objects []map[string]any
	Single  bool // one named object: printed as itself, not inside a List
	// SecretNames masks every object's name in machine mode (a read of core secrets).
	SecretNames bool
	// SecretItems marks, object by object, the objects read as core Secrets (a get of several
	// types, where only some are); machine mode masks their names. May be nil.
	SecretItems []bool
	// Value, when set, is printed instead of Objects (version, whoami): a document that is not a
	// Kubernetes object list.
	Value any
	// ListKind, when set, is the kind of the list several objects are printed in (kubectl events'
	// EventList, with empty metadata) instead of kubectl get's v1 List.
	ListKind string
	// FieldOrder, when set, prints JSON keys in the order a typed object has them, as kubectl
	// prints a typed list (kubectl events): by path ("" the document, "items[]" each item,
	// "items[].metadata" its metadata), the keys named first in order and any others after them,
	// sorted. YAML is always sorted, as kubectl's is.
	FieldOrder map[string][]string
	// Form, when set, prints the document (the object, or the List) through a JSONPath template,
	// custom columns or a Go template, after machine masking; Format is then unused.
	Form Form
}

// Rendered is an answer kept as data until it is printed (describe's), so that machine mode can
// mask the object before any of it becomes text.
type Rendered interface {
	Render(mode RedactMode) []string
}
