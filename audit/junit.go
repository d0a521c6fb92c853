package audit

import (
	"bytes"
	"encoding/xml"
	"strings"

	"github.com/studioctl/studioctl/sanitize"
)

type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Skipped  int         `xml:"skipped,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	ClassName string        `xml:"classname,attr"`
	Failure   *junitFailure `xml:"failure,omitempty"`
	Skipped   *junitSkipped `xml:"skipped,omitempty"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

type junitSkipped struct {
	Message string `xml:"message,attr"`
}

// readsFor reports whether check c belongs to the reading.
func readsFor(c Check, reading string) bool { return c.Reading == reading || c.Reading == "both" }

// JUnit is -o junit: a suite per namespace (and one for cluster-wide findings), each check of the
// reading a testcase that fails when it has findings there. Every string is sanitised, then XML
// escaped.
func (r *Report) JUnit() []string {
	by := map[string][]Finding{}
	for _, f := range r.Findings {
		by[namespaceOf(f)+"\x00"+f.Code] = append(by[namespaceOf(f)+"\x00"+f.Code], f)
	}
	doc := junitSuites{Name: "studioctl audit " + r.Reading}
	names := []string{}
	for _, ns := range r.Namespaces {
		names = append(names, ns.Name)
	}
	if r.UsageUnavailable {
		names = append(names, "")
	}
	for i, ns := range names {
		s := junitSuite{Name: sanitize.String(dash(ns))}
		for _, c := range Checks {
			if !readsFor(c, r.Reading) || (ns == "" && c.Code != CodeUsageUnavailable) {
				continue
			}
			jc := junitCase{Name: c.Code, ClassName: "studioctl.audit." + r.Reading}
			fs := by[ns+"\x00"+c.Code]
			switch {
			case len(fs) > 0:
				jc.Failure = failureOf(c, fs)
				s.Failures++
			case i < len(r.Namespaces) && !r.Namespaces[i].Audited && c.Code != CodeNotAudited:
				jc.Skipped = &junitSkipped{Message: "namespace not audited"}
				s.Skipped++
			}
			s.Cases = append(s.Cases, jc)
			s.Tests++
		}
		doc.Tests, doc.Failures = doc.Tests+s.Tests, doc.Failures+s.Failures
		doc.Suites = append(doc.Suites, s)
	}
	var buf bytes.Buffer
	buf.WriteString(xml.Header)
	enc := xml.NewEncoder(&buf)
	enc.Indent("", "  ")
	_ = enc.Encode(doc)
	return strings.Split(buf.String(), "\n")
}

func failureOf(c Check, fs []Finding) *junitFailure {
	var lines []string
	for _, f := range fs {
		l := f.Object()
		if f.Container != "" {
			l += " (" + f.Container + ")"
		}
		lines = append(lines, sanitize.String(l+": "+f.Message))
	}
	return &junitFailure{Type: string(c.Severity), Message: sanitize.String(c.Title), Text: strings.Join(lines, "\n")}
}
