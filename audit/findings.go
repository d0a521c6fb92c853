package audit

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"sort"
	"strings"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/limits"
	"github.com/studioctl/studioctl/redact"
	"github.com/studioctl/studioctl/sanitize"
)

// Finding is one check that fired on one object (and container, when it is about one).
type Finding struct {
	Code      string   `json:"code"`
	Severity  Severity `json:"severity"`
	Kind      string   `json:"kind"`
	Namespace string   `json:"namespace"`
	Name      string   `json:"name"`
	Container string   `json:"container,omitempty"`
	// Subject is the user, group or ServiceAccount an RBAC finding is about (the object is the
	// binding that grants it).
	Subject string `json:"subject,omitempty"`
	Message string `json:"message"`
	// secret is the Secret the message names, withheld in machine mode (maskSecretNames).
	secret string
}

// Key identifies a finding across runs (a baseline's match): code, object and container.
func (f Finding) Key() string {
	return strings.Join([]string{f.Code, f.Kind, f.Namespace, f.Name, f.Container, f.Subject}, "\x00")
}

// Object is kind/namespace/name, SARIF's logical location.
func (f Finding) Object() string {
	if f.Namespace == "" {
		return f.Kind + "/" + f.Name
	}
	return f.Kind + "/" + f.Namespace + "/" + f.Name
}

func newFinding(code, kind, ns, name, container, format string, args ...any) Finding {
	c, _ := CheckOf(code)
	return Finding{Code: code, Severity: c.Severity, Kind: kind, Namespace: ns, Name: name, Container: container,
		Message: fault.Sentencef(format, args...)}
}

// tidy sorts findings (namespace, severity, code, object) and drops exact repeats.
func tidy(fs []Finding) []Finding {
	sortFindings(fs)
	out := fs[:0]
	for i, f := range fs {
		if i > 0 && f == fs[i-1] {
			continue
		}
		out = append(out, f)
	}
	return out
}

func sortFindings(fs []Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if a.Namespace != b.Namespace {
			return a.Namespace < b.Namespace
		}
		if a.Severity.rank() != b.Severity.rank() {
			return a.Severity.rank() > b.Severity.rank()
		}
		return a.Key()+a.Message < b.Key()+b.Message
	})
}

// Filter is what a run leaves out: ignored codes and a baseline's findings.
type Filter struct {
	Ignore   map[string]bool
	Baseline map[string]bool // Finding.Key of every finding in the earlier report
}

// Apply keeps the findings the filter does not drop and counts the ones it does.
func (f Filter) Apply(in []Finding) (kept []Finding, ignored, known int) {
	for _, x := range in {
		switch {
		case f.Ignore[x.Code]:
			ignored++
		case f.Baseline[x.Key()]:
			known++
		default:
			kept = append(kept, x)
		}
	}
	return kept, ignored, known
}

// ParseIgnore checks codes named by --ignore or an ignore file; an unknown code is refused.
func ParseIgnore(codes []string) (map[string]bool, error) {
	out := map[string]bool{}
	for _, c := range codes {
		if _, ok := CheckOf(c); !ok {
			return nil, fault.Refusef(CodeUsage, SentenceUnknownCode, c)
		}
		out[c] = true
	}
	return out, nil
}

// maxFile is the largest ignore file or baseline read.
const maxFile = limits.AuditFileBytes

func readSmall(path string) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil || !st.Mode().IsRegular() {
		return nil, fault.Refusef(CodeFile, SentenceFileUnreadable, path)
	}
	if st.Size() > maxFile {
		return nil, fault.Refusef(CodeFile, SentenceFileTooLarge, path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fault.Refusef(CodeFile, SentenceFileUnreadable, path)
	}
	return data, nil
}

// LoadIgnoreFile reads an ignore file: one code a line; blank lines and # comments are skipped.
func LoadIgnoreFile(path string) ([]string, error) {
	data, err := readSmall(path)
	if err != nil {
		return nil, err
	}
	var codes []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "#")
		if line = strings.TrimSpace(line); line != "" {
			codes = append(codes, line)
		}
	}
	return codes, nil
}

// LoadBaseline reads an earlier -o json report and answers the keys of its findings.
func LoadBaseline(path string) (map[string]bool, error) {
	data, err := readSmall(path)
	if err != nil {
		return nil, err
	}
	var doc struct {
		APIVersion string    `json:"apiVersion"`
		Kind       string    `json:"kind"`
		Findings   []Finding `json:"findings"`
		Suppressed []Finding `json:"baselineFindings"`
	}
	if json.Unmarshal(data, &doc) != nil || doc.APIVersion != SchemaVersion || doc.Kind != SchemaKind {
		return nil, fault.Refusef(CodeFile, SentenceBaselineSchema, path, SchemaVersion)
	}
	out := map[string]bool{}
	for _, f := range append(doc.Findings, doc.Suppressed...) {
		out[f.Key()] = true
	}
	return out, nil
}

// FailOn reads --fail-on: error, warning, info or none.
func FailOn(s string) (Severity, error) {
	switch Severity(s) {
	case SeverityError, SeverityWarning, SeverityInfo:
		return Severity(s), nil
	case "none":
		return "none", nil
	}
	return "", fault.Refusef(CodeUsage, SentenceFailOn, s)
}

// Fails reports whether any finding reaches the --fail-on severity ("none" never fails).
func Fails(findings []Finding, failOn Severity) bool {
	if failOn.rank() == 0 {
		return false
	}
	for _, f := range findings {
		if f.Severity.rank() >= failOn.rank() {
			return true
		}
	}
	return false
}

// maskSecretNames withholds the Secret each finding names, for a session in machine mode: an
// agent learns that a referenced Secret is missing, not what it is called.
func maskSecretNames(fs []Finding) {
	for i := range fs {
		if name := fs[i].secret; name != "" {
			fs[i].Message = strings.ReplaceAll(fs[i].Message, sanitize.String(name), redact.Masked)
		}
	}
}
