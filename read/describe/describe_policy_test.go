package describe

import "testing"

// A budget by percentage over a selector with expressions, and one with no selector at all.
const syntheticPDB = `{
  "apiVersion": "policy/v1", "kind": "PodDisruptionBudget",
  "metadata": {"name": "checkout", "namespace": "shop", "labels": {"not": "printed"}},
  "spec": {"maxUnavailable": "25%", "selector": {"matchLabels": {"app": "checkout"},
    "matchExpressions": [{"key": "tier", "operator": "In", "values": ["web", "api"]}, {"key": "canary", "operator": "DoesNotExist"}]}},
  "status": {"disruptionsAllowed": 1, "currentHealthy": 4, "desiredHealthy": 3, "expectedPods": 4}
}`

const syntheticPDBNoSelector = `{
  "apiVersion": "policy/v1", "kind": "PodDisruptionBudget",
  "metadata": {"name": "ok\u001b]0;pwned\u0007 \nnext\tcell", "namespace": "shop"},
  "spec": {"minAvailable": 1}, "status": {}
}`

func TestDescribePDB(t *testing.T) {
	text := renderSynthetic(t, "policy", "v1", "poddisruptionbudgets", "PodDisruptionBudget", true,
		decodeSynthetic(t, syntheticPDB), syntheticEvents())
	none := renderSynthetic(t, "policy", "v1", "poddisruptionbudgets", "PodDisruptionBudget", true,
		decodeSynthetic(t, syntheticPDBNoSelector), nil)
	checkSynthetic(t, "pdb.txt", text+"\n\n"+none,
		"Max unavailable:  25%\n", "Selector:         app=checkout,!canary,tier in (api,web)\n",
		"Status:\n    Allowed disruptions:  1\n    Current:              4\n    Desired:              3\n    Total:                4\n",
		"Min available:  1\n", "Selector:       <unset>\n", "    Allowed disruptions:  0\n")
}

const syntheticPriorityClass = `{
  "apiVersion": "scheduling.k8s.io/v1", "kind": "PriorityClass",
  "metadata": {"name": "batch-low", "annotations": {"owner": "data", "team": "ingest"}},
  "value": -10, "preemptionPolicy": "Never", "description": "ok\u001b]0;pwned\u0007 \nnext\tcell"
}`

func TestDescribePriorityClass(t *testing.T) {
	text := renderSynthetic(t, "scheduling.k8s.io", "v1", "priorityclasses", "PriorityClass", false,
		decodeSynthetic(t, syntheticPriorityClass), []map[string]any{})
	checkSynthetic(t, "priorityclass.txt", text, "Value:             -10\n", "GlobalDefault:     false\n",
		"PreemptionPolicy:  Never\n", "Annotations:       owner=data,team=ingest\n", "Events:            <none>\n")
}

// A limit range with three items (the container's resources set in several fields, a pod's, a
// claim's), a quantity that is not in its canonical form and a hostile type.
const syntheticLimitRange = `{
  "apiVersion": "v1", "kind": "LimitRange",
  "metadata": {"name": "defaults", "namespace": "shop"},
  "spec": {"limits": [
    {"type": "Container", "max": {"cpu": "2", "memory": "1.5Gi"}, "min": {"cpu": "10m"},
      "default": {"cpu": "500m", "memory": "512Mi"}, "defaultRequest": {"cpu": "0.1", "memory": "128Mi"},
      "maxLimitRequestRatio": {"cpu": "4"}},
    {"type": "Pod", "max": {"memory": "4Gi"}},
    {"type": "PersistentVolumeClaim", "min": {"storage": "1Gi"}, "max": {"storage": "100Gi"}},
    {"type": "ok\u001b]0;pwned\u0007 \nnext\tcell", "max": {"cpu": "1"}}
  ]}
}`

func TestDescribeLimitRange(t *testing.T) {
	text := renderSynthetic(t, "", "v1", "limitranges", "LimitRange", true, decodeSynthetic(t, syntheticLimitRange), nil)
	checkSynthetic(t, "limitrange.txt", text,
		"Type                   Resource  Min  Max     Default Request  Default Limit  Max Limit/Request Ratio\n",
		"Container              cpu       10m  2       100m             500m           4\n",
		"Container              memory    -    1536Mi  128Mi            512Mi          -\n",
		"PersistentVolumeClaim  storage   1Gi  100Gi   -                -              -\n")
}

// A quota with scopes, one kubectl has no sentence for, and uses in another format than their
// limits.
const syntheticQuota = `{
  "apiVersion": "v1", "kind": "ResourceQuota",
  "metadata": {"name": "compute", "namespace": "shop", "labels": {"not": "printed"}},
  "spec": {"scopes": ["NotTerminating", "BestEffort", "PriorityClass"]},
  "status": {
    "hard": {"pods": "10", "requests.memory": "1Gi", "limits.memory": "4", "requests.cpu": "2", "count/ok\u001b]0;pwned\u0007 \nnext\tcell": "5", "services": "3"},
    "used": {"pods": "3", "requests.memory": "500M", "limits.memory": "1.5Gi", "requests.cpu": "1500m"}}
}`

func TestDescribeResourceQuota(t *testing.T) {
	text := renderSynthetic(t, "", "v1", "resourcequotas", "ResourceQuota", true, decodeSynthetic(t, syntheticQuota), nil)
	checkSynthetic(t, "resourcequota.txt", text,
		"Scopes:     BestEffort, NotTerminating, PriorityClass\n",
		" * Matches all pods that do not have resource requirements set. These pods have a best effort quality of service.\n",
		" * Matches all pods that do not have an active deadline.",
		"Resource                 Used        Hard\n",
		"--------                 ----        ----\n",
		"count/"+hostileShown+"  0           5\n",
		"limits.memory            1610612736  4\n",
		"requests.cpu             1500m       2\n",
		"requests.memory          500000000   1Gi\n",
		"services                 0           3\n")
}
