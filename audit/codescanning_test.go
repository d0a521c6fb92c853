package audit

import (
	"encoding/xml"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"
)

// sarifLog is the part of -o sarif code scanning reads on upload.
type sarifLog struct {
	Runs []struct {
		Tool struct {
			Driver struct {
				Version         string `json:"version"`
				SemanticVersion string `json:"semanticVersion"`
				Rules           []struct {
					ID      string `json:"id"`
					HelpURI string `json:"helpUri"`
					Help    struct {
						Text     string `json:"text"`
						Markdown string `json:"markdown"`
					} `json:"help"`
					Properties struct {
						Tags     []string `json:"tags"`
						Severity string   `json:"security-severity"`
					} `json:"properties"`
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		Automation struct {
			ID string `json:"id"`
		} `json:"automationDetails"`
		Results []struct {
			RuleID    string `json:"ruleId"`
			Locations []struct {
				Physical struct {
					Artifact struct {
						URI string `json:"uri"`
					} `json:"artifactLocation"`
				} `json:"physicalLocation"`
				Logical []struct {
					FullyQualifiedName string `json:"fullyQualifiedName"`
				} `json:"logicalLocations"`
			} `json:"locations"`
			BaselineState string `json:"baselineState"`
			Suppressions  []struct {
				Kind string `json:"kind"`
			} `json:"suppressions"`
		} `json:"results"`
	} `json:"runs"`
}

func readSARIF(t *testing.T, r *Report) sarifLog {
	t.Helper()
	var log sarifLog
	readJSON(t, render(t, r, "sarif"), &log)
	if len(log.Runs) != 1 {
		t.Fatalf("%d runs", len(log.Runs))
	}
	return log
}

// TestSARIFResultsHaveAnArtifact: code scanning refuses a result without
// physicalLocation.artifactLocation.uri, and a URI with a scheme; each object gets its own
// relative path, and the logical location stays beside it.
func TestSARIFResultsHaveAnArtifact(t *testing.T) {
	log := readSARIF(t, profileAll(t))
	if len(log.Runs[0].Results) == 0 {
		t.Fatal("no results: the test proves nothing")
	}
	byObject := map[string]string{}
	for _, res := range log.Runs[0].Results {
		loc := res.Locations[0]
		uri := loc.Physical.Artifact.URI
		u, err := url.Parse(uri)
		if uri == "" || err != nil || u.Scheme != "" || strings.HasPrefix(uri, "/") || !strings.HasPrefix(uri, sarifArtifactRoot+"/") {
			t.Errorf("%s: artifact uri %q is not a relative path under %s/", res.RuleID, uri, sarifArtifactRoot)
		}
		if len(loc.Logical) != 1 || loc.Logical[0].FullyQualifiedName == "" {
			t.Errorf("%s: the logical location is gone", res.RuleID)
			continue
		}
		fqn := loc.Logical[0].FullyQualifiedName
		if other, ok := byObject[uri]; ok && other != fqn {
			t.Errorf("%s and %s share the artifact %s", other, fqn, uri)
		}
		byObject[uri] = fqn
	}
	cases := map[string]Finding{
		"kubernetes/namespaces/shop/Deployment/web": {Kind: "Deployment", Namespace: "shop", Name: "web"},
		"kubernetes/cluster/Namespace/locked":       {Kind: "Namespace", Name: "locked"},
		"kubernetes/namespaces/a%2Fb/Pod/x%2F..":    {Kind: "Pod", Namespace: "a/b", Name: "x/.."},
	}
	for want, f := range cases {
		if got := artifactURI(f); got != want {
			t.Errorf("artifactURI(%+v) = %q, want %q", f, got, want)
		}
	}
}

// TestSARIFRulesForCodeScanning: every rule has help, a help URI and a category tag; the security
// checks carry a security-severity code scanning can rank (0.1 to 10); the driver's version starts
// with a number.
func TestSARIFRulesForCodeScanning(t *testing.T) {
	log := readSARIF(t, profileAll(t))
	d := log.Runs[0].Tool.Driver
	if len(d.Rules) != len(Checks) {
		t.Fatalf("%d rules for %d checks", len(d.Rules), len(Checks))
	}
	security := 0
	for i, rule := range d.Rules {
		c := Checks[i]
		if strings.Contains(rule.Help.Markdown, `\x`) || strings.Contains(rule.Help.Text, `\x`) {
			t.Errorf("%s: help holds a spelled-out control character: %q", rule.ID, rule.Help.Markdown)
		}
		if rule.Help.Text == "" || rule.Help.Markdown == "" || rule.HelpURI == "" || len(rule.Properties.Tags) == 0 {
			t.Errorf("%s: help %+v, helpUri %q, tags %v", rule.ID, rule.Help, rule.HelpURI, rule.Properties.Tags)
		}
		if c.Category == "security" {
			security++
			v, err := strconv.ParseFloat(rule.Properties.Severity, 64)
			if err != nil || v < 0.1 || v > 10 {
				t.Errorf("%s: security-severity %q", rule.ID, rule.Properties.Severity)
			}
		} else if rule.Properties.Severity != "" {
			t.Errorf("%s is not a security check but has security-severity %q", rule.ID, rule.Properties.Severity)
		}
	}
	for _, code := range []string{CodePrivileged, CodeHostPath, CodeHostNetwork, CodeHostPID, CodeRunsAsRoot} {
		if c, _ := CheckOf(code); c.Category != "security" {
			t.Errorf("%s is not tagged security", code)
		}
	}
	if security == 0 {
		t.Error("no security rule")
	}
	if d.Version == "" || d.Version[0] < '0' || d.Version[0] > '9' {
		t.Errorf("driver version %q does not start with a number", d.Version)
	}
	for v, ok := range map[string]bool{"0.1.0-dev": true, "0.1.0-dev+4f2c466": true, "1.2.3": true, "4f2c466": false, "dev": false, "01.2.3": false} {
		if semanticVersion.MatchString(v) != ok {
			t.Errorf("semantic version %q: %v, want %v", v, !ok, ok)
		}
	}
}

// TestSARIFAutomationIDs: the two readings, and two namespaces, are separate categories, so one
// upload does not close the other's alerts.
func TestSARIFAutomationIDs(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range []*Report{{Reading: ReadingWorkloads}, {Reading: ReadingUsage}, {Reading: ReadingWorkloads, Scope: "shop"}, {Reading: ReadingUsage, Scope: "shop"}} {
		id := readSARIF(t, r).Runs[0].Automation.ID
		if id == "" || !strings.HasSuffix(id, "/") || seen[id] {
			t.Errorf("%s in %q: automation id %q is empty, not a category, or taken", r.Reading, r.Scope, id)
		}
		seen[id] = true
	}
	if got := profileAll(t).Scope; got != "" {
		t.Errorf("an audit of every namespace has scope %q", got)
	}
}

// TestSARIFKeepsBaselineFindings: with a baseline, the findings it held stay as results, marked
// unchanged and suppressed, and the rest are marked new; code scanning would otherwise close every
// known alert as fixed.
func TestSARIFKeepsBaselineFindings(t *testing.T) {
	all := profileAll(t)
	known := map[string]bool{}
	for _, f := range all.Findings[1:] {
		known[f.Key()] = true
	}
	r := profileAll(t)
	r.ApplyFilter(Filter{Baseline: known})
	log := readSARIF(t, r)
	if got := len(log.Runs[0].Results); got != len(all.Findings) {
		t.Fatalf("%d results with the baseline, %d without", got, len(all.Findings))
	}
	states := map[string]int{}
	for _, res := range log.Runs[0].Results {
		states[res.BaselineState]++
		if suppressed := len(res.Suppressions) == 1 && res.Suppressions[0].Kind == "external"; suppressed != (res.BaselineState == "unchanged") {
			t.Errorf("%s: baselineState %q with suppressions %+v", res.RuleID, res.BaselineState, res.Suppressions)
		}
	}
	if states["new"] != 1 || states["unchanged"] != len(all.Findings)-1 {
		t.Errorf("baseline states %v", states)
	}
	// Without a baseline no result claims a state.
	for _, res := range readSARIF(t, profileAll(t)).Runs[0].Results {
		if res.BaselineState != "" {
			t.Errorf("%s: baselineState %q without a baseline", res.RuleID, res.BaselineState)
		}
	}
}

type junitDoc struct {
	Failures int    `xml:"failures,attr"`
	Time     string `xml:"time,attr"`
	Suites   []struct {
		Name    string `xml:"name,attr"`
		Skipped int    `xml:"skipped,attr"`
		Cases   []struct {
			Name      string    `xml:"name,attr"`
			ClassName string    `xml:"classname,attr"`
			Failure   *struct{} `xml:"failure"`
			Skipped   *string   `xml:"skipped"`
			Out       string    `xml:"system-out"`
		} `xml:"testcase"`
	} `xml:"testsuite"`
}

func readJUnit(t *testing.T, r *Report) junitDoc {
	t.Helper()
	var d junitDoc
	if err := xml.Unmarshal([]byte(render(t, r, "junit")), &d); err != nil {
		t.Fatal(err)
	}
	return d
}

// TestJUnitAgreesWithFailOn: a JUnit report fails exactly when the run's exit code does: its
// failures are the checks with a finding at or above --fail-on, and findings below it are listed
// in the case's output instead.
func TestJUnitAgreesWithFailOn(t *testing.T) {
	for _, failOn := range []Severity{"", SeverityError, SeverityWarning, SeverityInfo, "none"} {
		r := profileAll(t)
		r.FailOn = failOn
		d := readJUnit(t, r)
		want := map[string]bool{}
		for _, f := range r.Findings {
			if failOn != "none" && f.Severity.rank() >= r.failOn().rank() {
				want[namespaceOf(f)+"/"+f.Code] = true
			}
		}
		if d.Failures != len(want) {
			t.Errorf("--fail-on %q: failures=%d, want %d", failOn, d.Failures, len(want))
		}
		if (d.Failures > 0) != Fails(r.Findings, r.failOn()) {
			t.Errorf("--fail-on %q: JUnit failures %d but the run fails=%v", failOn, d.Failures, Fails(r.Findings, r.failOn()))
		}
		listed := 0
		for _, s := range d.Suites {
			for _, c := range s.Cases {
				if (c.Failure != nil) != want[s.Name+"/"+c.Name] {
					t.Errorf("--fail-on %q: %s/%s failure=%v", failOn, s.Name, c.Name, c.Failure != nil)
				}
				if c.Out != "" {
					listed++
				}
			}
		}
		if failOn == "none" && listed == 0 {
			t.Errorf("--fail-on none: the findings are listed nowhere")
		}
	}
}

// TestJUnitSkipsIgnoredChecksAndNamesNamespaces: an ignored check is skipped, not passed; a
// case's classname holds its namespace; the report has a time.
func TestJUnitSkipsIgnoredChecksAndNamesNamespaces(t *testing.T) {
	r := profileAll(t)
	r.ApplyFilter(Filter{Ignore: map[string]bool{CodeLivenessMissing: true}})
	r.Duration = 1500 * time.Millisecond
	d := readJUnit(t, r)
	if d.Time != "1.500" {
		t.Errorf("time %q, want 1.500", d.Time)
	}
	found := false
	for _, s := range d.Suites {
		for _, c := range s.Cases {
			if !strings.HasSuffix(c.ClassName, "."+s.Name) {
				t.Errorf("%s/%s: classname %q does not name the namespace", s.Name, c.Name, c.ClassName)
			}
			if c.Name == CodeLivenessMissing && s.Name == "shop" {
				found = true
				if c.Skipped == nil || c.Failure != nil {
					t.Errorf("the ignored check in shop: skipped=%v failure=%v", c.Skipped != nil, c.Failure != nil)
				}
			}
		}
	}
	if !found {
		t.Error("no liveness case in shop")
	}
}

// TestDocumentListsAreNeverNull: jq over .namespaces[].workloads[] or .containers[] must never
// meet null, in either reading.
func TestDocumentListsAreNeverNull(t *testing.T) {
	for _, r := range []*Report{profileAll(t), {Reading: ReadingUsage, Namespaces: []*Namespace{{Name: "empty", Audited: true}}}} {
		var doc struct {
			Namespaces []map[string]any `json:"namespaces"`
		}
		readJSON(t, render(t, r, "json"), &doc)
		if len(doc.Namespaces) == 0 {
			t.Fatal("no namespaces")
		}
		for _, ns := range doc.Namespaces {
			for _, key := range []string{"workloads", "containers"} {
				if _, ok := ns[key].([]any); !ok {
					t.Errorf("%s reading, namespace %v: %s is %v, not a list", r.Reading, ns["name"], key, ns[key])
				}
			}
		}
	}
}
