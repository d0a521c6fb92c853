package audit

import (
	"bytes"
	"encoding/xml"
	"strconv"
	"strings"
	"time"

	"github.com/studioctl/studioctl/sanitize"
)

type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Time     string       `xml:"time,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Skipped  int         `xml:"skipped,attr"`
	Time     string      `xml:"time,attr,omitempty"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	ClassName string        `xml:"classname,attr"`
	Time      string        `xml:"time,attr"`
	Failure   *junitFailure `xml:"failure,omitempty"`
	Skipped   *junitSkipped `xml:"skipped,omitempty"`
	// Out lists findings below --fail-on: reported, not failing.
	Out string `xml:"system-out,omitempty"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

// junitSkipped says why a case was skipped in its text: the message attribute is not in every
// JUnit schema CI servers validate against, the text is.
type junitSkipped struct {
	Text string `xml:",chardata"`
}

// clusterScoped are the checks of objects of no namespace, in the JUnit suite named "-".
var clusterScoped = map[string]bool{CodePVReleased: true, CodeNodeNotReady: true, CodeNodePressure: true, CodeNodeCordoned: true,
	CodeNodeOvercommitted: true, CodeKindUnreadable: true}

// readsFor reports whether check c belongs to the reading ("both" is the workload profile and
// the usage reading, which both list pods).
func readsFor(c Check, reading string) bool {
	return c.Reading == reading || (c.Reading == "both" && reading != ReadingRBAC)
}

// JUnit is -o junit: a suite per namespace (and one for cluster-wide findings), each check of the
// reading a testcase, classed by reading and namespace. A case fails when it has a finding at or
// above --fail-on there; findings below it are listed in the case's output and do not fail it. A
// check the filter ignored, and every check of a namespace not audited, is skipped. The reading's
// time is on <testsuites>, and on its suite when there is one; the checks themselves take no
// measurable time (they run over what was read). Every string is sanitised, then XML escaped.
func (r *Report) JUnit() []string {
	by := map[string][]Finding{}
	for _, f := range r.Findings {
		by[namespaceOf(f)+"\x00"+f.Code] = append(by[namespaceOf(f)+"\x00"+f.Code], f)
	}
	doc := junitSuites{Name: "studioctl audit " + r.Reading, Time: seconds(r.Duration)}
	names := []string{}
	for _, ns := range r.Namespaces {
		names = append(names, ns.Name)
	}
	if r.UsageUnavailable || r.Reading == ReadingRBAC || r.Reading == ReadingHygiene {
		names = append(names, "")
	}
	for i, ns := range names {
		audited := i >= len(r.Namespaces) || r.Namespaces[i].Audited
		if i >= len(r.Namespaces) && r.Reading == ReadingRBAC {
			audited = r.ClusterAudited
		}
		if i >= len(r.Namespaces) && r.Reading == ReadingHygiene {
			audited = r.Scope == "" // the nodes and volumes are read with -A only
		}
		s := r.junitSuite(ns, audited, by)
		if len(names) == 1 {
			s.Time = doc.Time
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

// junitSuite is namespace ns's suite ("" for the cluster-wide one).
func (r *Report) junitSuite(ns string, audited bool, by map[string][]Finding) junitSuite {
	s := junitSuite{Name: sanitize.String(dash(ns))}
	for _, c := range Checks {
		if !readsFor(c, r.Reading) || (ns == "" && c.Code != CodeUsageUnavailable && c.Reading != ReadingRBAC && !clusterScoped[c.Code]) {
			continue
		}
		jc := junitCase{Name: c.Code, ClassName: sanitize.String("studioctl.audit." + r.Reading + "." + dash(ns)), Time: seconds(0)}
		failing, below := splitAt(by[ns+"\x00"+c.Code], r.failOn())
		switch {
		case r.IgnoredCodes[c.Code]:
			jc.Skipped = &junitSkipped{Text: SentenceJUnitIgnored}
			s.Skipped++
		case len(failing) > 0:
			jc.Failure = failureOf(c, failing)
			s.Failures++
		case !audited && c.Code != CodeNotAudited && c.Code != CodeRBACNotAudited:
			jc.Skipped = &junitSkipped{Text: SentenceJUnitNotAudited}
			s.Skipped++
		}
		if len(below) > 0 {
			jc.Out = strings.Join(findingLines(below), "\n")
		}
		s.Cases = append(s.Cases, jc)
		s.Tests++
	}
	return s
}

// splitAt parts findings into those at or above failOn and those below it ("none" fails none).
func splitAt(fs []Finding, failOn Severity) (failing, below []Finding) {
	for _, f := range fs {
		if failOn.rank() > 0 && f.Severity.rank() >= failOn.rank() {
			failing = append(failing, f)
		} else {
			below = append(below, f)
		}
	}
	return failing, below
}

// seconds is a duration as JUnit's time: seconds with three decimals.
func seconds(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', 3, 64) }

func findingLines(fs []Finding) []string {
	var lines []string
	for _, f := range fs {
		l := f.Object()
		if f.Container+f.Subject != "" {
			l += " (" + f.Container + f.Subject + ")"
		}
		lines = append(lines, sanitize.String(l+": "+f.Message))
	}
	return lines
}

func failureOf(c Check, fs []Finding) *junitFailure {
	return &junitFailure{Type: string(c.Severity), Message: sanitize.String(c.Title), Text: strings.Join(findingLines(fs), "\n")}
}
