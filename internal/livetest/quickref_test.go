package livetest

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/studioctl/studioctl/sanitize"
	"github.com/studioctl/studioctl/statement"
	"sigs.k8s.io/yaml"
)

// The read forms of kubectl's official quick reference ("Viewing and finding resources", the reads
// of "Interacting with running Pods", "Resource types" and "Formatting output"), adapted to the
// scenario's names, run as a new user runs them: the studioctl binary with nothing but $KUBECONFIG
// set (no --kubeconfig: the person's kubeconfig is found as kubectl finds it), beside kubectl of
// the server's version with the same environment. Each answer must be kubectl's, apart from Secret
// values (absent in studioctl's) and the terminal escapes studioctl removes from log lines.
//
// The jq pipelines of the reference are compared on the decoded documents: the same jq program's
// meaning (a list of values, or the set of paths) computed from both tools' -o json.

// A quickCase is one line of the quick reference.
type quickCase struct {
	Statement string
	// How the answers compare: "" the text column by column (ages normalised), "docs" the
	// decoded JSON or YAML documents with Secret values dropped from kubectl's, "paths" the set
	// of leaf paths (jq -c 'paths|join(".")'), "secretrefs" the env secretKeyRef names (jq
	// '.items[].spec.containers[].env[]?.valueFrom.secretKeyRef.name'), "secretvalue" a read of
	// a Secret's value: studioctl must print none of kubectl's bytes, and exit as kubectl does;
	// "run" answered (exit as kubectl's) but not compared, for a form whose kubectl answer is not
	// the same twice (a map's values in Go's random order).
	How string
	// Volatile answers may move between the two reads: kubectl is asked before and after.
	Volatile bool
}

// quickReference is the quick reference's read lines, in its order.
var quickReference = []quickCase{
	// Viewing and finding resources.
	{Statement: "get services -n shop"},
	{Statement: "get pods --all-namespaces", Volatile: true},
	{Statement: "get pods -n shop -o wide"},
	{Statement: "get deployment web -n shop"},
	{Statement: "get pods -n shop"},
	{Statement: "get pod postgres-0 -n shop -o yaml", How: "docs", Volatile: true},
	{Statement: "describe nodes kwok-node-0", Volatile: true},
	{Statement: "describe pods redis-0 -n payments", Volatile: true},
	{Statement: "get services -A --sort-by=.metadata.name"},
	{Statement: "get pods -A --sort-by=.status.containerStatuses[0].restartCount", Volatile: true},
	{Statement: "get pv --sort-by=.spec.capacity.storage"},
	{Statement: "get pods -n shop --selector=app=web -o jsonpath={.items[*].metadata.labels.version}"},
	{Statement: `get configmap web-config -n shop -o jsonpath={.data.log_level}`},
	{Statement: `get configmap web-config -n shop -o jsonpath={.data.nginx\.conf}`},
	{Statement: `get secret db-credentials -n shop -o jsonpath={.data.password}`, How: "secretvalue"},
	{Statement: `get secret regcred -n shop -o jsonpath={.data.\.dockerconfigjson}`, How: "secretvalue"},
	{Statement: "get node --selector=!node-role.kubernetes.io/control-plane"},
	{Statement: "get pods -A --field-selector=status.phase=Running", Volatile: true},
	{Statement: `get nodes -o jsonpath='{.items[*].status.addresses[?(@.type=="ExternalIP")].address}'`},
	{Statement: `get nodes -o jsonpath='{.items[*].status.addresses[?(@.type=="InternalIP")].address}'`},
	{Statement: "get pods -n shop --show-labels"},
	{Statement: `get nodes -o jsonpath='{range .items[*]}{@.metadata.name}:{range @.status.conditions[*]}{@.type}={@.status};{end}{end}'`, Volatile: true},
	{Statement: `get secret db-credentials -n shop -o 'go-template={{range $k,$v := .data}}{{"### "}}{{$k}}{{"\n"}}{{$v|base64decode}}{{"\n\n"}}{{end}}'`, How: "secretvalue"},
	{Statement: "get pods -A -o json", How: "secretrefs", Volatile: true},
	{Statement: `get pods -A -o 'jsonpath={range .items[*].status.initContainerStatuses[*]}{.containerID}{"\n"}{end}'`},
	{Statement: "get events -n shop --sort-by=.metadata.creationTimestamp", Volatile: true},
	{Statement: "events -A --types=Warning", Volatile: true},
	{Statement: "get nodes -o json", How: "paths", Volatile: true},
	{Statement: "get pods -A -o json", How: "paths", Volatile: true},
	{Statement: "get pods -A --output=jsonpath={.items..metadata.name}"},
	{Statement: "get deployment web -n shop --subresource=status"},
	{Statement: "get deployment web -n shop --subresource=scale"},
	// Interacting with running Pods: the reads (the -f forms follow a log until Ctrl-C; the
	// first-hour tests follow one).
	{Statement: "logs postgres-0 -n shop --tail 20"},
	{Statement: "logs -l app=web -n shop"},
	{Statement: "logs postgres-0 -n shop --previous --tail 5"},
	{Statement: "logs deploy/web -n shop -c log-shipper --tail 5"},
	{Statement: "logs -l app=web -n shop -c web"},
	{Statement: "logs postgres-0 -n shop -c postgres --previous --tail 5"},
	{Statement: "top pod -n shop", Volatile: true},
	{Statement: "top pod -n shop --sort-by=cpu", Volatile: true},
	{Statement: "top node", Volatile: true},
	// Resource types.
	{Statement: "api-resources"},
	{Statement: "api-resources --namespaced=true"},
	{Statement: "api-resources --namespaced=false"},
	{Statement: "api-resources -o name"},
	{Statement: "api-resources -o wide"},
	{Statement: "api-resources --verbs=list,get"},
	{Statement: "api-resources --api-group=apps"},
	// Formatting output.
	{Statement: "get pods -A -o=custom-columns=DATA:spec.containers[*].image"},
	{Statement: "get pods -n shop --output=custom-columns=NAME:.metadata.name,IMAGE:.spec.containers[*].image"},
	{Statement: `get pods -A -o=custom-columns='DATA:spec.containers[?(@.image!="registry.k8s.io/coredns:1.6.2")].image'`},
	// kubectl prints metadata.* in Go's random map order (three runs, three answers) and with
	// managedFields, which studioctl removes as it decodes: answered, not compared.
	{Statement: "get pods -n shop -o=custom-columns=DATA:metadata.*", How: "run"},
	{Statement: "get pods -n shop -o custom-columns-file=COLUMNS"},
	{Statement: "get deploy -A -o json", How: "docs", Volatile: true},
	{Statement: "get pods -n shop -o jsonpath-file=JSONPATH"},
	{Statement: "get pods -A -o name"},
	{Statement: "get pods -A -o wide", Volatile: true},
	{Statement: "get configmaps -A -o yaml", How: "docs", Volatile: true},
	{Statement: "get secrets -n shop -o yaml", How: "docs"},
	{Statement: "get secrets -A -o json", How: "docs"},
}

// quickFiles are the files the -file forms name (COLUMNS, JSONPATH in a statement).
var quickFiles = map[string]string{
	"COLUMNS":  "NAME          RSRC\nmetadata.name metadata.resourceVersion\n",
	"JSONPATH": `{range .items[*]}{.metadata.name}{"\t"}{.spec.nodeName}{"\n"}{end}`,
}

func TestLiveQuickReference(t *testing.T) {
	needClusterAndKubectl(t)
	bin := studioctlBinary(t)
	dir := t.TempDir()
	for name, text := range quickFiles {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	// Both tools find the kubeconfig through $KUBECONFIG, as a person's shell sets it: studioctl
	// is given no connection flag at all.
	env := "KUBECONFIG=" + kubeconfigPath("admin")
	var ownFlags []string
	compared, failed := 0, 0
	for _, c := range quickReference {
		words, err := statement.Split(c.Statement)
		if err != nil {
			t.Fatalf("%s: %v", c.Statement, err)
		}
		for i, w := range words {
			for name := range quickFiles {
				words[i] = strings.ReplaceAll(w, "-file="+name, "-file="+filepath.Join(dir, name))
				w = words[i]
			}
		}
		var before *kubectlRun
		if c.Volatile {
			o, e, k := runWithEnv(t, env, kubectl, words...)
			before = &kubectlRun{o, e, k}
		}
		got, gotErr, code := runWithEnv(t, env, bin, append(append([]string{}, ownFlags...), words...)...)
		want, wantErr, wantCode := runWithEnv(t, env, kubectl, words...)
		compared++
		d := quickDiff(c, want, got)
		if d != "" && before != nil {
			if bd := quickDiff(c, before.out, got); bd == "" && (before.code == 0) == (code == 0) {
				d, wantCode = "", before.code
			}
		}
		if d != "" || (wantCode == 0) != (code == 0) {
			failed++
			t.Errorf("%s: differs from kubectl (exit %d vs %d):\n%s\nkubectl stderr: %s\nstudioctl stderr: %s", c.Statement, wantCode, code, d, wantErr, gotErr)
		}
	}
	t.Logf("quick reference: %d statements compared with kubectl, %d differ", compared, failed)
	fmt.Fprintf(os.Stderr, "quick reference: %d statements compared with kubectl, %d differ\n", compared, failed)
}

// runWithEnv runs a program as command does (its own home and caches) with one more variable.
func runWithEnv(t *testing.T, env, program string, argv ...string) (string, string, int) {
	t.Helper()
	cmd := command(t, program, argv...)
	cmd.Env = append(cmd.Env, env)
	var out, errOut strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	code := 0
	if err != nil {
		ee, ok := err.(interface{ ExitCode() int })
		if !ok {
			t.Fatalf("%s: %v", program, err)
		}
		code = ee.ExitCode()
	}
	return out.String(), errOut.String(), code
}

// quickDiff compares one answer by its case's rule; "" when they agree.
func quickDiff(c quickCase, want, got string) string {
	switch c.How {
	case "":
		// studioctl removes terminal escapes from every line it prints (an event's message, a log
		// line): kubectl's text is compared as studioctl would print it.
		return Diff(sanitizeLines(want), got)
	case "run":
		return ""
	case "secretvalue":
		for _, line := range strings.Split(want, "\n") {
			line = strings.TrimSpace(line)
			if len(line) >= 8 && !strings.HasPrefix(line, "###") && strings.Contains(got, line) {
				return fmt.Sprintf("studioctl printed a Secret value kubectl printed: %q", line)
			}
		}
		return ""
	}
	w, err := decodeDocument(want)
	if err != nil {
		return "kubectl's document: " + err.Error()
	}
	g, err := decodeDocument(got)
	if err != nil {
		return "studioctl's document: " + err.Error()
	}
	dropSecretValues(w)
	dropSecretValues(g) // the markers where studioctl removed them, and the annotations it masks
	switch c.How {
	case "paths":
		w, g = leafPaths(w), leafPaths(g)
	case "secretrefs":
		w, g = secretKeyRefNames(w), secretKeyRefNames(g)
	}
	wj, _ := json.MarshalIndent(w, "", " ")
	gj, _ := json.MarshalIndent(g, "", " ")
	if string(wj) == string(gj) {
		return ""
	}
	return Diff(string(wj), string(gj))
}

// sanitizeLines is text as studioctl prints it: each line through the sanitiser. kubectl writes
// an ESC in a table cell as the two characters ^[ (its EscapeTerminal), which leaves the rest of
// the sequence visible; studioctl removes the whole sequence, so ^[ is read back as ESC first.
func sanitizeLines(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = sanitize.String(strings.ReplaceAll(l, "^[", "\x1b"))
	}
	return strings.Join(lines, "\n")
}

// decodeDocument reads a JSON or YAML answer into plain values (numbers as json.Number).
func decodeDocument(text string) (any, error) {
	if strings.TrimSpace(text) == "" {
		return nil, fmt.Errorf("empty answer")
	}
	data := []byte(text)
	if !strings.HasPrefix(strings.TrimSpace(text), "{") {
		j, err := yaml.YAMLToJSON(data)
		if err != nil {
			return nil, err
		}
		data = j
	}
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.UseNumber()
	var v any
	err := dec.Decode(&v)
	return v, err
}

// dropSecretValues replaces what studioctl never prints of a Secret (its values, and the
// annotations that may copy them) with one placeholder, in whichever document holds Secrets, so
// the rest of both documents compares as it is.
func dropSecretValues(v any) {
	for _, o := range documentObjects(v) {
		if o["kind"] != "Secret" {
			continue
		}
		if data, ok := o["data"].(map[string]any); ok {
			for k := range data {
				data[k] = "<value>"
			}
		}
		delete(o, "stringData")
		if md, ok := o["metadata"].(map[string]any); ok {
			delete(md, "annotations")
		}
	}
}

// documentObjects is the object a document is, or the items of a List.
func documentObjects(v any) []map[string]any {
	o, ok := v.(map[string]any)
	if !ok {
		return nil
	}
	items, ok := o["items"].([]any)
	if !ok {
		return []map[string]any{o}
	}
	var out []map[string]any
	for _, it := range items {
		if m, ok := it.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

// leafPaths is jq's 'paths|join(".")' as a sorted set: every path to a value, array indexes as
// numbers.
func leafPaths(v any) any {
	set := map[string]bool{}
	var walk func(prefix string, v any)
	walk = func(prefix string, v any) {
		join := func(k string) string {
			if prefix == "" {
				return k
			}
			return prefix + "." + k
		}
		switch x := v.(type) {
		case map[string]any:
			for k, c := range x {
				set[join(k)] = true
				walk(join(k), c)
			}
		case []any:
			for i, c := range x {
				set[join(fmt.Sprint(i))] = true
				walk(join(fmt.Sprint(i)), c)
			}
		}
	}
	walk("", v)
	return slices.Sorted(maps.Keys(set))
}

// secretKeyRefNames is jq's '.items[].spec.containers[].env[]?.valueFrom.secretKeyRef.name' with
// the nulls dropped, sorted and made unique (the reference's | grep -v null | sort | uniq).
func secretKeyRefNames(v any) any {
	set := map[string]bool{}
	for _, o := range documentObjects(v) {
		spec, _ := o["spec"].(map[string]any)
		containers, _ := spec["containers"].([]any)
		for _, c := range containers {
			cm, _ := c.(map[string]any)
			env, _ := cm["env"].([]any)
			for _, e := range env {
				em, _ := e.(map[string]any)
				vf, _ := em["valueFrom"].(map[string]any)
				ref, _ := vf["secretKeyRef"].(map[string]any)
				if name, ok := ref["name"].(string); ok {
					set[name] = true
				}
			}
		}
	}
	return slices.Sorted(maps.Keys(set))
}
