package describe

import "testing"

// An autoscaler with one metric of each source, the current values the status holds for the
// first four (the fifth has none yet), a behavior, and a condition whose message is hostile.
const syntheticHPA = `{
  "apiVersion": "autoscaling/v2", "kind": "HorizontalPodAutoscaler",
  "metadata": {"name": "checkout", "namespace": "shop", "labels": {"tier": "web"}, "creationTimestamp": "2031-05-01T10:00:00Z"},
  "spec": {"scaleTargetRef": {"apiVersion": "apps/v1", "kind": "Deployment", "name": "checkout"},
    "minReplicas": 2, "maxReplicas": 10,
    "metrics": [
      {"type": "Resource", "resource": {"name": "cpu", "target": {"type": "Utilization", "averageUtilization": 70}}},
      {"type": "Resource", "resource": {"name": "memory", "target": {"type": "AverageValue", "averageValue": "512Mi"}}},
      {"type": "Pods", "pods": {"metric": {"name": "requests_per_second"}, "target": {"type": "AverageValue", "averageValue": "1k"}}},
      {"type": "Object", "object": {"metric": {"name": "hits"}, "describedObject": {"apiVersion": "networking.k8s.io/v1", "kind": "Ingress", "name": "main"},
        "target": {"type": "Value", "value": "2k"}}},
      {"type": "External", "external": {"metric": {"name": "queue_depth"}, "target": {"type": "AverageValue", "averageValue": "30"}}},
      {"type": "ContainerResource", "containerResource": {"name": "cpu", "container": "app", "target": {"type": "Utilization", "averageUtilization": 60}}},
      {"type": "Sideways"}
    ],
    "behavior": {
      "scaleUp": {"stabilizationWindowSeconds": 0, "selectPolicy": "Max",
        "policies": [{"type": "Pods", "value": 4, "periodSeconds": 15}, {"type": "Percent", "value": 100, "periodSeconds": 15}]},
      "scaleDown": {"stabilizationWindowSeconds": 300, "policies": [{"type": "Percent", "value": 10, "periodSeconds": 60}]}}},
  "status": {"currentReplicas": 3, "desiredReplicas": 4,
    "currentMetrics": [
      {"type": "Resource", "resource": {"name": "cpu", "current": {"averageUtilization": 82, "averageValue": "0.41"}}},
      {"type": "Resource", "resource": {"name": "memory", "current": {"averageValue": "400Mi"}}},
      {"type": "Pods", "pods": {"metric": {"name": "requests_per_second"}, "current": {"averageValue": "1500m"}}},
      {"type": "Object", "object": {"metric": {"name": "hits"}, "describedObject": {"kind": "Ingress", "name": "main"}, "current": {"value": "2500"}}}
    ],
    "conditions": [
      {"type": "AbleToScale", "status": "True", "reason": "SucceededRescale", "message": "the HPA controller was able to update the target scale to 4"},
      {"type": "ScalingLimited", "status": "False", "reason": "DesiredWithinRange", "message": "ok\u001b]0;pwned\u0007 \nnext\tcell"}
    ]}
}`

// An autoscaler as autoscaling/v1 writes it: one CPU target and no conditions; its target's name
// is hostile.
const syntheticHPAv1 = `{
  "apiVersion": "autoscaling/v1", "kind": "HorizontalPodAutoscaler",
  "metadata": {"name": "legacy", "namespace": "shop", "creationTimestamp": "2031-05-01T10:00:00Z"},
  "spec": {"scaleTargetRef": {"kind": "StatefulSet", "name": "ok\u001b]0;pwned\u0007 \nnext\tcell"}, "maxReplicas": 3, "targetCPUUtilizationPercentage": 50},
  "status": {"currentReplicas": 1, "desiredReplicas": 1}
}`

func TestDescribeHPA(t *testing.T) {
	text := renderSynthetic(t, "autoscaling", "v2", "horizontalpodautoscalers", "HorizontalPodAutoscaler", true,
		decodeSynthetic(t, syntheticHPA), syntheticEvents())
	checkSynthetic(t, "hpa.txt", text,
		"CreationTimestamp:",
		"Reference:",
		"Metrics:",
		"( current / target )\n",
		"  resource cpu on pods  (as a percentage of request):",
		"82% (410m) / 70%\n",
		"  resource memory on pods:",
		"400Mi / 512Mi\n",
		`  "requests_per_second" on pods:`,
		"1500m / 1k\n",
		`  "hits" on Ingress/main (target value):`,
		"2500 / 2k\n",
		`  "queue_depth" (target average value):`,
		"<unknown> / 30\n",
		`  resource cpu of container "app" on pods  (as a percentage of request):`,
		"<unknown> / 60%\n",
		`  <unknown metric type "Sideways">`,
		"Behavior:\n  Scale Up:\n    Stabilization Window: 0 seconds\n    Select Policy: Max\n    Policies:\n      - Type: Pods",
		"  Scale Down:\n    Stabilization Window: 300 seconds\n    Select Policy: Max\n",
		"3 current / 4 desired\n",
		"  AbleToScale     True    SucceededRescale",
		"Warning  Failed   ",
		"(x4 over 30m)",
	)
	v1 := renderSynthetic(t, "autoscaling", "v1", "horizontalpodautoscalers", "HorizontalPodAutoscaler", true,
		decodeSynthetic(t, syntheticHPAv1), []map[string]any{})
	checkSynthetic(t, "hpa-v1.txt", v1, "Target CPU utilization:", "50%\n", "Current CPU utilization:", "<unknown>%\n",
		"Min replicas:", "<unset>\n", "StatefulSet pods:", "1 current / 1 desired\n", "Events:")
}
