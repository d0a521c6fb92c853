package livetest

import "strings"

// The canary statements: every statement and output format that can show an object e2e/seed.sh
// planted a CANARY-* value in (see testdata/replay/canary-classes.txt). TestCanaryLive
// (canary_test.go) runs them for each identity in both redaction modes; the recorded suite runs
// them in people mode, so the replay tests (internal/clitest's canary_test.go) can prove offline
// that no recorded answer and no golden output holds a Secret's canary, and that machine mode
// prints no canary at all.
func init() {
	seen := map[string]bool{}
	for _, c := range extraCases("all") {
		seen[c.Statement] = true
	}
	for _, c := range canaryStatements(true) {
		if !seen[c.Statement] {
			seen[c.Statement] = true
			addCases(canaryGroup, "all", Case{Statement: c.Statement})
		}
	}
}

// canaryCase is one statement of the canary matrix and the key names (env variable names,
// ConfigMap and Secret keys, annotation keys) its output must still hold, in either mode, when it
// succeeds: redaction hides values and keeps keys.
type canaryCase struct {
	Statement string
	Keys      []string
	// MayCap marks a statement over every namespace that prints whole objects: on a cluster seeded
	// with --big it lists more than -o json and -o yaml may print, and is refused (exit 2).
	MayCap bool
	// MachineRefusal is the refusal code machine mode (agents) answers by design, with no object
	// printed; people mode answers the statement as any other.
	MachineRefusal string
	// RefusalAfterRead marks a refusal decided on what a read answered (a Secret not found by its
	// exact name): an identity the server does not let read answers 403 instead, which is as good.
	RefusalAfterRead bool
}

// canaryFormats are the get forms of a collection; the watch window is short so the matrix stays
// quick.
var canaryFormats = []string{"", "-o wide", "-o name", "-o json", "-o yaml", "--show-labels", "-w --request-timeout 2s"}

// canaryObjectFormats are the get forms of one named object.
var canaryObjectFormats = []string{"", "-o wide", "-o name", "-o json", "-o yaml", "--show-labels"}

// canaryCollections are the resources the seed planted canaries in, or that hold a pod template
// or a reference to a Secret, with the key names their objects print in full, by namespace.
var canaryCollections = []struct {
	resource string
	keys     map[string][]string
	more     []string // namespaces besides shop and payments
}{
	{resource: "secrets", keys: map[string][]string{
		"shop":     {"password", "username", ".dockerconfigjson", "token", "ca.crt", "kubernetes.io/service-account.name"},
		"payments": {"stripe", "region", "webhook-secret", "publishable", "tls.crt", "example.com/rotation-notes"},
	}},
	{resource: "configmaps", keys: map[string][]string{"shop": {"PAYMENT_PROVIDER_KEY", "FEATURE_FLAGS", "settings.json", "nginx.conf"}}},
	{resource: "deployments", keys: map[string][]string{"shop": {"DB_PASSWORD", "DB_HOST", "DB_PASSWORD_FROM_SECRET", "example.com/deploy-note"}}},
	{resource: "cronjobs", keys: map[string][]string{"payments": {"SFTP_TOKEN", "REPORT_BUCKET"}}},
	{resource: "jobs"},
	{resource: "pods", keys: map[string][]string{"shop": {"DB_PASSWORD", "DB_HOST", "DB_PASSWORD_FROM_SECRET"}}},
	{resource: "replicasets", keys: map[string][]string{"shop": {"DB_PASSWORD", "DB_HOST"}}},
	{resource: "controllerrevisions"},
	{resource: "serviceaccounts"},
	{resource: "events"},
	{resource: "widgets"},
	{resource: "mcpservers", more: []string{"mcp-4b1f0c9a7e21"}},
}

// crowdedKinds are the kinds e2e/seed.sh --big creates thousands of. The recorded suite reads them
// one namespace at a time, so the recordings stay small; the live matrix reads them over every
// namespace too, and narrows -o json and -o yaml with narrowAll so they stay under its cap.
var crowdedKinds = map[string]bool{"pods": true, "configmaps": true, "serviceaccounts": true, "events": true}

// narrowAll narrows a read over every namespace to a few objects that still span namespaces.
var narrowAll = map[string]string{
	"pods":            "-l app=api",
	"configmaps":      "-l app=api",
	"serviceaccounts": "-l app=api",
	"events":          "--field-selector type=Warning",
}

// recordedWatches are the collections the recorded suite watches: each window costs its 2 s in
// every identity's run.
var recordedWatches = map[string]bool{
	"secrets -n shop": true, "secrets -n payments": true, "secrets -A": true, "configmaps -n shop": true,
	"deployments -n shop": true, "cronjobs -n payments": true, "pods -n shop": true,
}

// canaryObjects are the planted objects (and the objects that refer to them), read by name and
// described; keys are the key names their full output and their describe output hold.
var canaryObjects = []struct {
	kind, name, ns string
	keys           []string
}{
	{"secret", "db-credentials", "shop", []string{"password", "username"}},
	{"secret", "regcred", "shop", []string{".dockerconfigjson"}},
	{"secret", "web-token", "shop", []string{"token", "ca.crt", "namespace", "kubernetes.io/service-account.name"}},
	{"secret", "api-keys", "payments", []string{"stripe", "region"}},
	{"secret", "stripe-keys", "payments", []string{"webhook-secret", "publishable", "secret"}},
	{"secret", "legacy-cert", "payments", []string{"tls.crt", "example.com/rotation-notes"}},
	{"configmap", "app-settings", "shop", []string{"PAYMENT_PROVIDER_KEY", "FEATURE_FLAGS", "settings.json"}},
	{"deployment", "api", "shop", []string{"DB_PASSWORD", "DB_HOST", "DB_PASSWORD_FROM_SECRET", "example.com/deploy-note"}},
	{"deployment", "web", "shop", nil},
	{"cronjob", "settlement-report", "payments", []string{"SFTP_TOKEN", "REPORT_BUCKET"}},
	{"statefulset", "postgres", "shop", []string{"POSTGRES_PASSWORD"}},
	{"serviceaccount", "web", "shop", nil},
	{"serviceaccount", "api", "shop", nil},
	{"serviceaccount", "payments-api", "payments", nil},
	{"widget", "sprocket", "shop", nil},
	{"mcpserver", "github-tools", "shop", nil},
	{"mcpserver", "fetch-7c2e91", "mcp-4b1f0c9a7e21", nil},
	{"managedcomponent", "search-indexer", "platform", nil},
	{"managedcomponent", "postgres-main", "platform", nil},
}

// commandTraces are the commands that are not statements (audit and the platform read side), run
// through the command with -v 6 as traceStatements are; TestCanaryLive also runs every audit
// format and every platform reading through the library (replaytest.AuditReading, PlatformCases).
var commandTraces = []string{
	"audit workloads -n ops -o sarif",
	"audit workloads -n shop -o json",
	"audit workloads -n payments -o markdown",
	"audit usage -n shop -o junit",
	"audit usage -A",
	"discover -o json",
	"discover -o yaml",
	"components -A -o yaml",
	"components -n platform",
	"mcp-runtime -o json",
	"mcp-runtime --tenant acme",
	"check --rights mcp-runtime -o json",
	"check --rights navin-manager",
}

// canaryNamespaces are the namespaces auth can-i --list is asked about.
var canaryNamespaces = []string{"shop", "payments", "monitoring", "kube-system", "default", "toolhive-system", "mcp-4b1f0c9a7e21"}

func prefixAll(p string, list []string) []string {
	out := make([]string, 0, len(list))
	for _, s := range list {
		out = append(out, p+s)
	}
	return out
}

// fullFormat is true for a form that prints whole objects, where every key name shows.
func fullFormat(form string) bool { return form == "-o json" || form == "-o yaml" }

// canaryStatements are the matrix's statements that name no object the seed names at random
// (TestCanaryLive adds the api pods and their ReplicaSet, whose names it reads from the cluster).
// recorded picks the lighter set the recorded suite runs (see crowdedKinds and recordedWatches).
func canaryStatements(recorded bool) []canaryCase {
	var out []canaryCase
	add := func(statement string, keys []string) {
		out = append(out, canaryCase{Statement: strings.Join(strings.Fields(statement), " "), Keys: keys})
	}
	for _, c := range canaryCollections {
		scopes := append([]string{"-n shop", "-n payments"}, prefixAll("-n ", c.more)...)
		if !recorded || !crowdedKinds[c.resource] {
			scopes = append(scopes, "-A")
		}
		var all []string
		for _, ns := range append([]string{"shop", "payments"}, c.more...) {
			all = append(all, c.keys[ns]...)
		}
		for _, form := range canaryFormats {
			for _, scope := range scopes {
				if recorded && strings.HasPrefix(form, "-w") && !recordedWatches[c.resource+" "+scope] {
					continue
				}
				var keys []string
				if fullFormat(form) {
					keys = c.keys[strings.TrimPrefix(scope, "-n ")]
					if scope == "-A" {
						keys = all
					}
				}
				add("get "+c.resource+" "+scope+" "+form, keys)
				if scope == "-A" && fullFormat(form) && crowdedKinds[c.resource] {
					out[len(out)-1].MayCap = true
					add("get "+c.resource+" -A "+narrowAll[c.resource]+" "+form, nil)
				}
			}
		}
	}
	for _, o := range canaryObjects {
		for _, form := range canaryObjectFormats {
			var keys []string
			if fullFormat(form) {
				keys = o.keys
			}
			add("get "+o.kind+" "+o.name+" -n "+o.ns+" "+form, keys)
		}
		add("describe "+o.kind+" "+o.name+" -n "+o.ns, o.keys)
	}
	add("logs deploy/api -n shop --tail 50", nil)
	add("logs -l app=api -n shop --tail 20 --timestamps", nil)
	add("events -n shop", nil)
	add("events -n payments", nil)
	if !recorded {
		add("events -A", nil)
	}
	add("events -n shop --for deployment/api", nil)
	for _, ns := range canaryNamespaces {
		add("auth can-i --list -n "+ns, nil)
	}
	add("auth can-i get secrets -n payments", nil)
	add("auth can-i get secrets/api-keys -n payments", nil)
	add("auth whoami", nil)
	add("auth whoami -o json", nil)
	add("auth whoami -o yaml", nil)
	add("explain secrets", nil)
	add("explain secrets.data", nil)
	out = append(out, canaryForms(recorded)...)
	return out
}

// canaryForms are issue 15's forms over the planted objects: several types and get all in one
// statement, templates and columns that reach a Secret's data or an env value, --sort-by, describe
// of every object of a kind, by selector and by name prefix, and events as documents.
func canaryForms(recorded bool) []canaryCase {
	shopKeys := append(append([]string{}, canaryCollections[0].keys["shop"]...), canaryCollections[1].keys["shop"]...)
	out := []canaryCase{
		{Statement: "get secrets,configmaps -n shop"},
		{Statement: "get secrets,configmaps -n shop -o name"},
		{Statement: "get secrets,configmaps -n shop -o json", Keys: shopKeys},
		{Statement: "get secrets,configmaps,deployments -n payments -o yaml"},
		{Statement: "get secret/db-credentials configmap/app-settings deployment/api -n shop -o json", Keys: []string{"password", "PAYMENT_PROVIDER_KEY", "DB_PASSWORD"}},
		{Statement: "get all -n shop -o json", Keys: []string{"DB_PASSWORD", "DB_HOST"}},
		{Statement: "get all -n payments -o yaml", Keys: []string{"SFTP_TOKEN"}},
		{Statement: "get all,secrets -n shop"},
		{Statement: "get secrets -n shop -o jsonpath={.items[*].data}"},
		{Statement: "get secrets -A -o jsonpath={..data}"},
		{Statement: "get secrets,configmaps -n shop -o 'jsonpath={range .items[*]}{.metadata.name}{.data}{.stringData}{end}'"},
		{Statement: "get secret db-credentials -n shop -o jsonpath={.data.password}"},
		{Statement: "get deployments -n shop -o jsonpath={..env}"},
		{Statement: "get pods -n shop -o jsonpath={.items[*].spec.containers[*].env[*].value}"},
		{Statement: "get secrets -n payments -o custom-columns=NAME:.metadata.name,DATA:.data,NOTES:.metadata.annotations"},
		{Statement: "get cronjobs -n payments -o custom-columns=ENV:.spec.jobTemplate.spec.template.spec.containers[*].env"},
		{Statement: "get secrets -n shop -o 'go-template={{range .items}}{{.metadata.name}}{{.data}}{{end}}'"},
		{Statement: "get configmaps -n shop -o 'go-template={{range .items}}{{range $k, $v := .data}}{{$k}}={{$v}}{{end}}{{end}}'"},
		// Machine mode masks Secret names, so an order by them would tell masked names apart.
		{Statement: "get secrets -n shop --sort-by=.metadata.name -o json", Keys: canaryCollections[0].keys["shop"], MachineRefusal: "refused.sort_by.masked"},
		{Statement: "get secrets -n payments --sort-by=.metadata.creationTimestamp -o name"},
		{Statement: "describe secrets -n shop", Keys: []string{"password", "username"}},
		{Statement: "describe secrets -n payments"},
		// A name prefix: people mode describes what starts with it, as kubectl; machine mode
		// refuses it, so masked names cannot be told apart.
		{Statement: "describe secret db -n shop", Keys: []string{"password"}, MachineRefusal: "refused.describe.secret_prefix", RefusalAfterRead: true},
		{Statement: "describe configmaps -n shop"},
		{Statement: "describe deployments -n shop -l app=api", Keys: []string{"DB_PASSWORD"}},
		{Statement: "describe cronjobs -n payments"},
		{Statement: "events -n shop -o json"},
		{Statement: "events -n payments -o yaml"},
	}
	if !recorded {
		out = append(out, canaryCase{Statement: "get all -A -o json", MayCap: true}, canaryCase{Statement: "events -A -o json"})
		out = append(out, secretShapes...)
		out = append(out, scaleForms...)
	}
	return out
}

// scaleForms are the forms the command line gained at kubectl's scale (issue 24), live only: a
// --sort-by off metadata reads each Table row with its whole object (a Secret's too), documents
// and names stream page by page, and --subresource reads status and scale. Machine mode refuses a
// sort by what it masks.
var scaleForms = []canaryCase{
	{Statement: "get secrets -n shop --sort-by=.type"},
	{Statement: "get secrets -A --sort-by=.type -o wide"},
	{Statement: "get secrets -n payments --sort-by=.type -o yaml", Keys: []string{"stripe", "region"}},
	{Statement: "get secrets -n shop --sort-by=.data -o json", MachineRefusal: "refused.sort_by.masked"},
	{Statement: "get configmaps -n shop --sort-by=.data -o json", MachineRefusal: "refused.sort_by.masked"},
	{Statement: "get pods -A --sort-by=.status.containerStatuses[0].restartCount -o wide"},
	{Statement: "get deployments -A --sort-by=.spec.replicas -o json", MayCap: true},
	{Statement: "get pods -n shop --sort-by=.spec.containers[0].image -o name"},
	{Statement: "get secrets -A -o name"},
	{Statement: "get secrets -A -o jsonpath={.items[*].metadata.annotations}"},
	{Statement: "get deployment api -n shop --subresource=status -o yaml"},
	{Statement: "get deployment api -n shop --subresource=scale -o json"},
	{Statement: "get statefulset postgres -n shop --subresource=status"},
	{Statement: "get events -A -o wide"},
	{Statement: "get events -A -o name"},
}

// secretShapes are the statements over issue 25's shapes (e2e/seed.sh, "shapes of issue 25"):
// events about a Secret, a Role rule naming Secrets beside another group, and a lower-case
// embedded secret manifest. Machine mode must print none of the Secret names planted there
// (secret-names.txt), and no mode the embedded value.
var secretShapes = []canaryCase{
	{Statement: "get events -n shop"},
	{Statement: "get events -n shop -o wide"},
	{Statement: "get events -n shop -o name"},
	{Statement: "get events -n shop -o yaml"},
	{Statement: "get events.events.k8s.io -n shop -o json"},
	{Statement: "get events -n shop -o custom-columns=NAME:.metadata.name,OBJECT:.involvedObject.name"},
	{Statement: "events -n shop --types Warning,Normal"},
	{Statement: "describe events -n shop"},
	{Statement: "get roles -n payments -o yaml", Keys: []string{"resourceNames"}},
	{Statement: "get roles -n payments -o json"},
	{Statement: "get roles -A -o jsonpath={..resourceNames}"},
	{Statement: "describe role secret-rotator -n payments"},
	{Statement: "describe roles -n payments"},
	{Statement: "get clusterpolicies.kyverno.io -o yaml", Keys: []string{"generate"}},
	{Statement: "get clusterpolicies.kyverno.io secret-sync -o json"},
	{Statement: "get clusterpolicies.kyverno.io -o jsonpath={..generate}"},
	{Statement: "describe clusterpolicies.kyverno.io secret-sync"},
}
