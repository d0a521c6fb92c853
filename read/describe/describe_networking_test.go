package describe

import "testing"

const syntheticIngressClass = `{
  "apiVersion": "networking.k8s.io/v1", "kind": "IngressClass",
  "metadata": {"name": "internal", "labels": {"team": "edge"}, "annotations": {"ingressclass.kubernetes.io/is-default-class": "false"}},
  "spec": {"controller": "example.com/ok\u001b]0;pwned\u0007 \nnext\tcell",
    "parameters": {"apiGroup": "k8s.example.com", "kind": "IngressParameters", "name": "internal", "scope": "Cluster"}}
}`

func TestDescribeIngressClass(t *testing.T) {
	text := renderSynthetic(t, "networking.k8s.io", "v1", "ingressclasses", "IngressClass", false,
		decodeSynthetic(t, syntheticIngressClass), []map[string]any{})
	checkSynthetic(t, "ingressclass.txt", text, "Name:         internal\nLabels:       team=edge\n",
		"Parameters:\n  APIGroup:  k8s.example.com\n  Kind:      IngressParameters\n  Name:      internal\nEvents:      <none>\n")
}

// A policy with ingress and egress rules that reach every branch of kubectl's prose: ports by
// number, name and range, the default protocol, peers by both selectors, by one, by an IP block,
// a rule with no ports and a rule with no peers; and one that selects every pod and isolates it.
const syntheticNetworkPolicy = `{
  "apiVersion": "networking.k8s.io/v1", "kind": "NetworkPolicy",
  "metadata": {"name": "api", "namespace": "shop", "creationTimestamp": "2031-05-01T10:00:00Z", "labels": {"app": "api"}},
  "spec": {
    "podSelector": {"matchLabels": {"app": "api"}, "matchExpressions": [{"key": "track", "operator": "NotIn", "values": ["canary"]}]},
    "policyTypes": ["Ingress", "Egress"],
    "ingress": [
      {"ports": [{"port": 8080, "protocol": "TCP"}, {"port": "metrics"}, {"port": 30000, "endPort": 30100, "protocol": "UDP"}],
        "from": [{"namespaceSelector": {"matchLabels": {"team": "web"}}, "podSelector": {"matchLabels": {"app": "web"}}},
          {"podSelector": {}}, {"namespaceSelector": {"matchExpressions": [{"key": "env", "operator": "Exists"}]}}]},
      {"from": [{"ipBlock": {"cidr": "10.0.0.0/8", "except": ["10.1.0.0/16", "10.2.0.0/16"]}}]}
    ],
    "egress": [
      {"ports": [{"port": 53, "protocol": "UDP"}]},
      {"to": [{"ipBlock": {"cidr": "ok\u001b]0;pwned\u0007 \nnext\tcell"}}]}
    ]}
}`

const syntheticDenyAll = `{
  "apiVersion": "networking.k8s.io/v1", "kind": "NetworkPolicy",
  "metadata": {"name": "deny", "namespace": "shop", "creationTimestamp": "2031-05-01T10:00:00Z"},
  "spec": {"podSelector": {}, "policyTypes": ["Egress"]}
}`

func TestDescribeNetworkPolicy(t *testing.T) {
	text := renderSynthetic(t, "networking.k8s.io", "v1", "networkpolicies", "NetworkPolicy", true, decodeSynthetic(t, syntheticNetworkPolicy), nil)
	deny := renderSynthetic(t, "networking.k8s.io", "v1", "networkpolicies", "NetworkPolicy", true, decodeSynthetic(t, syntheticDenyAll), nil)
	checkSynthetic(t, "networkpolicy.txt", text+"\n\n"+deny,
		"Created on:   2031-05-01 10:00:00 +0000 UTC\n",
		"Spec:\n  PodSelector:     app=api,track notin (canary)\n  Allowing ingress traffic:\n",
		"    To Port: 8080/TCP\n    To Port: metrics/TCP\n    To Port Range: 30000-30100/UDP\n    From:\n      NamespaceSelector: team=web\n      PodSelector: app=web\n",
		"    From:\n      PodSelector: <none>\n    From:\n      NamespaceSelector: env\n    ----------\n",
		"    To Port: <any> (traffic allowed to all ports)\n    From:\n      IPBlock:\n        CIDR: 10.0.0.0/8\n        Except: 10.1.0.0/16, 10.2.0.0/16\n",
		"  Allowing egress traffic:\n    To Port: 53/UDP\n    To: <any> (traffic not restricted by destination)\n    ----------\n",
		"  Policy Types: Ingress, Egress\n",
		"  PodSelector:     <none> (Allowing the specific traffic to all pods in this namespace)\n  Not affecting ingress traffic\n  Allowing egress traffic:\n    <none> (Selected pods are isolated for egress connectivity)\n  Policy Types: Egress\n")
}
