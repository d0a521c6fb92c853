package livetest

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// The output forms of issue 15, compared with kubectl of the server's version: JSONPath (range,
// filters, recursive descent, unions, slices, literals, missing keys), custom columns, Go
// templates with kubectl's functions, --sort-by (numbers, quantities, times, missing fields and
// ties, which kubectl's unstable sort orders as studioctl's does), several types and get all in
// several namespaces, describe TYPE (every object, -l, a name prefix) and events -o json|yaml;
// issue 30's jsonpath-as-json and get --raw, and config over the person's kubeconfig
// (TestLiveConfigAsKubectl, through the command, the only place a kubeconfig is handed to it).
//
// Left uncompared on purpose: {..field} over maps (kubectl walks a map's keys in Go's random
// order), describe ns (kubectl prints a limit range's resources in map order), describe of pods
// (kubectl 1.37 spells probe thresholds its own way), and the allow-missing-template-keys=false
// template error, whose stderr is each tool's own sentence (the exit codes agree).
func init() {
	addCases("70-forms", "admin", formCases()...)
}

func formCases() []Case {
	var out []Case
	add := func(compare bool, statements ...string) {
		for _, s := range statements {
			out = append(out, Case{Statement: s, Compare: compare})
		}
	}
	// JSONPath: 33 expressions.
	add(true,
		`get pods -n shop -o jsonpath='{.items[*].metadata.name}'`,
		`get pods -n shop -o jsonpath='{range .items[*]}{.metadata.name}{"\t"}{.status.phase}{"\n"}{end}'`,
		`get pods -n shop -o jsonpath='{.items[0].metadata.name}'`,
		`get pods -n shop -o jsonpath='{.items[-1:].metadata.name}'`,
		`get pods -n shop -o jsonpath='{.items[0:2].metadata.name}'`,
		`get pods -n shop -o jsonpath='{.items[::2].metadata.name}'`,
		`get pods -n shop -o jsonpath='{.items[?(@.status.phase=="Running")].metadata.name}'`,
		`get pods -n shop -o jsonpath='{.items[?(@.metadata.labels.app=="web")].spec.containers[*].image}'`,
		`get pods -n shop -o jsonpath='{.items[*].metadata['name','namespace']}'`,
		`get deploy -n shop -o jsonpath='{.items[*].spec.replicas}'`,
		`get nodes -o jsonpath='{range .items[*]}{.metadata.name}{": "}{.status.capacity.cpu}{"\n"}{end}'`,
		`get nodes -o jsonpath='{.items[*].metadata.labels.kubernetes\.io/hostname}'`,
		`get svc -n shop -o jsonpath='{range .items[*]}{.metadata.name}{" "}{.spec.ports[*].port}{"\n"}{end}'`,
		`get pod/postgres-0 -n shop -o jsonpath='{.spec.containers[0].name}'`,
		`get deploy web -n shop -o jsonpath='{.metadata.labels}'`,
		`get pods -n shop -o jsonpath='{.items[*].spec.nodeName}'`,
		`get ns -o jsonpath='{range .items[*]}{.metadata.name}{"\n"}{end}'`,
		`get pods -n shop -o jsonpath='{.items[*].nope}'`,
		`get pods -n shop --allow-missing-template-keys=false -o jsonpath='{.items[*].nope}'`,
		`get pods -n shop -o jsonpath='{.items[?(@.spec.nodeName)].metadata.name}'`,
		`get pods -n shop -o jsonpath='{range .items[*]}{range .spec.containers[*]}{.name}{","}{end}{"\n"}{end}'`,
		`get pods -A -o jsonpath='{.items[?(@.metadata.namespace=="payments")].metadata.name}'`,
		`get deploy -n payments -o jsonpath='{.items[*].status.conditions[?(@.type=="Available")].status}'`,
		`get nodes -o jsonpath='{.items[?(@.spec.unschedulable==true)].metadata.name}'`,
		`get pods -n shop -o jsonpath='{.items[0].status.containerStatuses[0].restartCount}'`,
		`get pods -n shop -o jsonpath='{.kind}'`,
		`get pods -n shop -o jsonpath='{.items[*].metadata.name}{"\n"}'`,
		`get deploy -A -o jsonpath='{.items[?(@.spec.replicas>1)].metadata.name}'`,
		`get pods,svc -n shop -o jsonpath='{range .items[*]}{.kind}/{.metadata.name}{"\n"}{end}'`,
		`get all -n payments -o jsonpath='{range .items[*]}{.kind}{" "}{.metadata.name}{"\n"}{end}'`,
		`get pods -n shop -o jsonpath='{.items[*].metadata.labels.app}{"\n"}{.items[*].metadata.namespace}'`,
		`get pods -n shop -o jsonpath='{..nodeName}'`,
		`get pods -A -o jsonpath='{..hostIP}'`,
	)
	// custom-columns: 12.
	add(true,
		`get pods -n shop -o custom-columns=NAME:.metadata.name,STATUS:.status.phase`,
		`get pods -n shop -o custom-columns=NAME:.metadata.name,NODE:.spec.nodeName,IMAGES:.spec.containers[*].image`,
		`get deploy -A -o custom-columns=NS:.metadata.namespace,NAME:.metadata.name,REPLICAS:.spec.replicas`,
		`get nodes -o custom-columns=NAME:.metadata.name,CPU:.status.capacity.cpu,MEM:.status.capacity.memory`,
		`get svc -n shop -o custom-columns=NAME:.metadata.name,TYPE:.spec.type,PORTS:.spec.ports[*].port --no-headers`,
		`get pods -n shop -o custom-columns=NAME:.metadata.name,LABELS:.metadata.labels`,
		`get ns -o custom-columns=NAME:.metadata.name,PHASE:.status.phase`,
		`get pods -n shop -o custom-columns=NAME:.metadata.name,MISSING:.spec.nope`,
		`get pods -n shop -o custom-columns='NAME:.metadata.name,READY:.status.containerStatuses[*].ready'`,
		`get sts -A -o custom-columns=NAME:{.metadata.name},READY:{.status.readyReplicas}`,
		`get all -n shop -o custom-columns=KIND:.kind,NAME:.metadata.name`,
		`get pods -n monitoring -o custom-columns=NAME:.metadata.name,RESTARTS:.status.containerStatuses[0].restartCount,QOS:.status.qosClass`,
	)
	// go-template and template: 9.
	add(true,
		`get pods -n shop -o go-template='{{range .items}}{{.metadata.name}}{{"\n"}}{{end}}'`,
		`get pods -n shop -o go-template='{{range .items}}{{.metadata.name}} {{len .spec.containers}}{{"\n"}}{{end}}'`,
		`get deploy -n shop -o go-template='{{range .items}}{{printf "%s=%v\n" .metadata.name .spec.replicas}}{{end}}'`,
		`get pods -n shop -o go-template='{{range .items}}{{if eq .status.phase "Running"}}{{.metadata.name}}{{"\n"}}{{end}}{{end}}'`,
		`get nodes -o go-template='{{range .items}}{{.metadata.name}}{{range $k, $v := .metadata.labels}}{{if eq $k "kubernetes.io/os"}} {{$v}}{{end}}{{end}}{{"\n"}}{{end}}'`,
		`get pod postgres-0 -n shop -o go-template='{{.metadata.name}} {{index .metadata.labels "app"}}'`,
		`get pods -n shop -o go-template='{{range .items}}{{if exists . "spec" "nodeName"}}{{.metadata.name}} {{end}}{{end}}'`,
		`get pods -n shop -o go-template='{{range .items}}{{.metadata.name}} {{.nope}}{{"\n"}}{{end}}'`,
		`get cm -n shop -o template='{{range .items}}{{.metadata.name}}:{{len .data}}{{"\n"}}{{end}}'`,
	)
	// --sort-by: 19.
	add(true,
		`get pods -n shop --sort-by=.metadata.name -o custom-columns=NAME:.metadata.name`,
		`get pods -A --sort-by=.metadata.creationTimestamp -o custom-columns=NS:.metadata.namespace,NAME:.metadata.name`,
		`get pods -n shop --sort-by=.status.containerStatuses[0].restartCount -o custom-columns=NAME:.metadata.name,R:.status.containerStatuses[0].restartCount`,
		`get deploy -A --sort-by=.spec.replicas -o custom-columns=NAME:.metadata.name,R:.spec.replicas`,
		`get nodes --sort-by=.status.capacity.memory -o custom-columns=NAME:.metadata.name,MEM:.status.capacity.memory`,
		`get pods -n shop --sort-by=.spec.containers[0].resources.requests.cpu -o custom-columns=NAME:.metadata.name,CPU:.spec.containers[0].resources.requests.cpu`,
		`get pods -A --sort-by=.spec.nodeName -o jsonpath='{range .items[*]}{.spec.nodeName}{"\n"}{end}'`,
		`get ns --sort-by=.metadata.name`,
		`get pods -n shop --sort-by=.metadata.creationTimestamp`,
		`get svc -A --sort-by=.spec.clusterIP -o custom-columns=NAME:.metadata.name,IP:.spec.clusterIP`,
		`get pvc -A --sort-by=.spec.resources.requests.storage -o custom-columns=NAME:.metadata.name,SIZE:.spec.resources.requests.storage`,
		`get nodes --sort-by=.status.capacity.cpu -o custom-columns=NAME:.metadata.name,CPU:.status.capacity.cpu`,
		`get pods -A --sort-by=.status.startTime -o custom-columns=NAME:.metadata.name,START:.status.startTime`,
		`get pods -A --sort-by=.metadata.labels.tier -o custom-columns=NAME:.metadata.name,TIER:.metadata.labels.tier`,
		`get pods -n shop --sort-by=.metadata.labels.nope -o name`,
		`get pods -n shop --sort-by=.metadata.labels.app`,
		`get pods -n kube-node-lease --sort-by=.spec.nope -o json`,
		`get pods -A --sort-by=.spec.containers[0].resources.limits.memory -o custom-columns=NAME:.metadata.name,MEM:.spec.containers[0].resources.limits.memory`,
		`get pods -A --sort-by=.status.containerStatuses[0].restartCount -o custom-columns=NAME:.metadata.name,R:.status.containerStatuses[0].restartCount`,
	)
	// Several types, TYPE/NAME of several kinds, and get all in six namespaces: 25.
	add(true,
		`get all -n shop`,
		`get all -n payments`,
		`get all -n monitoring`,
		`get all -n ml-platform`,
		`get all -n kube-system`,
		`get all -A`,
		`get all -n shop -o wide`,
		`get all -n payments -o name`,
		`get pods,svc -n shop`,
		`get pods,svc -n payments`,
		`get deploy,sts,ds -A`,
		`get cm,secrets -n shop`,
		`get svc,deploy -n monitoring -o name`,
		`get deploy/web svc/web deploy/api -n shop`,
		`get pods,svc web -n shop`,
		`get pods,svc web -n shop --ignore-not-found`,
		`get pods,nodes -A`,
		`get rc,nodes,ns -A --no-headers`,
		`get all,cm -n ml-platform`,
		`get pods,svc -n shop -o yaml`,
		`get all -n payments -o json`,
		`get deploy,svc -n shop --sort-by=.metadata.name -o name`,
		`get all -n kube-node-lease`,
		`get widgets,deploy -A`,
	)
	// describe TYPE, -l and a name prefix: 11 statements over eight kinds.
	add(true,
		`describe svc -n shop`,
		`describe svc we -n shop`,
		`describe svc -l app=web -n shop`,
		`describe pvc -A`,
		`describe roles -A`,
		`describe ing -A`,
		`describe jobs -A`,
		`describe pv`,
		`describe svc -A`,
		`describe rolebindings -n shop`,
		`describe cm -n kube-node-lease`,
	)
	add(false, "describe ns", `get pods -n shop --allow-missing-template-keys=false -o go-template='{{range .items}}{{.nope}}{{end}}'`, "describe pods -n shop -l app=api", "get pods -n shop -o jsonpath='{..image}'")
	// Issue 30's forms: jsonpath-as-json (7) and get --raw at each of its fixed paths (7, the
	// OpenAPI index byte for byte too).
	add(true,
		`get pods -n shop -o jsonpath-as-json='{.items[*].metadata.name}'`,
		`get pods -A -o jsonpath-as-json='{.items[0].metadata.name}'`,
		`get pods -n shop -o jsonpath-as-json='{range .items[*]}{.metadata.name}{.spec.nodeName}{end}'`,
		`get deploy web -n shop -o jsonpath-as-json='{.metadata.labels}'`,
		`get pods -n shop -o jsonpath-as-json='{.items[*].nope}'`,
		`get nodes -o jsonpath-as-json='name: {.items[*].status.capacity}'`,
		`get svc -n shop -o jsonpath-as-json='{.items[*].spec.ports[*].port}{"\n"}'`,
		`get --raw /healthz`,
		`get --raw /readyz`,
		`get --raw /livez`,
		`get --raw /version`,
		`get --raw /api`,
	)
	// The discovery list and the OpenAPI index (its hashes) change whenever another test adds a
	// resource type: kubectl is asked before and after.
	for _, st := range []string{`get --raw /apis`, `get --raw /openapi/v3`} {
		out = append(out, Case{Statement: st, Compare: true, Volatile: true})
	}
	// ops holds what the audit plants move right after the seed (a Job failing its 5-second
	// deadline, Deployments whose pods start, a CronJob the quota refuses every minute): kubectl is
	// asked before and after.
	out = append(out, Case{Statement: `get all -n ops`, Compare: true, Volatile: true})
	// events as documents: 6.
	add(true,
		`events -n shop -o json`,
		`events -n shop -o yaml`,
		`events -A -o json`,
		`events -n shop --for deploy/web -o json`,
		`events -n payments --types Warning -o yaml`,
		`events -n kube-node-lease -o json`,
	)
	return out
}

// configStatements are issue 30's config statements, each compared with kubectl's output.
var configStatements = []string{
	"config view", "config view -o json", "config view -o yaml", "config view --minify",
	"config view --minify -o json", "config get-contexts", "config get-contexts -o name",
	"config get-contexts --no-headers", "config current-context",
	"config view -o jsonpath={.users[*].name}", "config view -o jsonpath={.contexts[0].context.cluster}",
}

// config reads the person's kubeconfig, which only the command hands it, so it runs as the
// command: over each identity's kubeconfig named by --kubeconfig, and over the three listed in
// KUBECONFIG, merged as kubectl merges them. Every answer is kubectl's byte for byte (tokens
// REDACTED and the CA as DATA+OMITTED in both), and no token of the three reaches studioctl's
// output.
func TestLiveConfigAsKubectl(t *testing.T) {
	needClusterAndKubectl(t)
	bin := studioctlBinary(t)
	var tokens []string
	for _, id := range []string{"ADMIN_TOKEN", "VIEW_TOKEN", "NONE_TOKEN"} {
		if tok := stateEnv(id); tok != "" {
			tokens = append(tokens, tok)
		}
	}
	run := func(program, list string, argv []string) (string, int) {
		cmd := command(t, program, argv...)
		if list != "" {
			cmd.Env = append(cmd.Env, "KUBECONFIG="+list)
		}
		var out bytes.Buffer
		cmd.Stdout = &out
		err := cmd.Run()
		if ee, ok := err.(*exec.ExitError); ok {
			return out.String(), ee.ExitCode()
		} else if err != nil {
			t.Fatalf("%s: %v", program, err)
		}
		return out.String(), 0
	}
	list := strings.Join([]string{kubeconfigPath("admin"), kubeconfigPath("view"), kubeconfigPath("none")}, string(os.PathListSeparator))
	compared := 0
	for _, source := range []struct{ flag, list string }{
		{"--kubeconfig=" + kubeconfigPath("admin"), ""}, {"--kubeconfig=" + kubeconfigPath("view"), ""},
		{"--kubeconfig=" + kubeconfigPath("none"), ""}, {"", list},
	} {
		for _, st := range configStatements {
			argv := strings.Fields(st)
			if source.flag != "" {
				argv = append([]string{source.flag}, argv...)
			}
			want, wantCode := run(kubectl, source.list, argv)
			got, code := run(bin, source.list, argv)
			compared++
			if want != got || wantCode != code {
				t.Errorf("%s (KUBECONFIG=%q): exit %d vs kubectl's %d\nkubectl:\n%s\nstudioctl:\n%s", strings.Join(argv, " "), source.list, code, wantCode, want, got)
			}
			for _, tok := range tokens {
				if strings.Contains(got, tok) {
					t.Errorf("%s printed a token", strings.Join(argv, " "))
				}
			}
		}
	}
	t.Logf("config: %d statements compared with kubectl", compared)
}
