package describe

import "testing"

// Endpoints with two subsets, one with no ready address and ports with and without names, and a
// hostile address.
const syntheticEndpoints = `{
  "apiVersion": "v1", "kind": "Endpoints",
  "metadata": {"name": "web", "namespace": "shop", "labels": {"app": "web"}},
  "subsets": [
    {"addresses": [{"ip": "10.0.0.1"}, {"ip": "10.0.0.2"}], "notReadyAddresses": [{"ip": "10.0.0.3"}],
      "ports": [{"name": "http", "port": 8080, "protocol": "TCP"}, {"port": 9090, "protocol": "UDP"}]},
    {"notReadyAddresses": [{"ip": "ok\u001b]0;pwned\u0007 \nnext\tcell"}]}
  ]
}`

func TestDescribeEndpoints(t *testing.T) {
	text := renderSynthetic(t, "", "v1", "endpoints", "Endpoints", true, decodeSynthetic(t, syntheticEndpoints), syntheticEvents())
	checkSynthetic(t, "endpoints.txt", text,
		"Subsets:\n  Addresses:          10.0.0.1,10.0.0.2\n  NotReadyAddresses:  10.0.0.3\n  Ports:\n    Name     Port  Protocol\n",
		"    http     8080  TCP\n    <unset>  9090  UDP\n\n",
		"  Addresses:          <none>\n",
		"\n\nEvents:\n")
}

// A slice with a port that names nothing, endpoints with and without the optional fields, and a
// hostile hostname; and an empty slice.
const syntheticSlice = `{
  "apiVersion": "discovery.k8s.io/v1", "kind": "EndpointSlice",
  "metadata": {"name": "web-abcde", "namespace": "shop", "labels": {"kubernetes.io/service-name": "web"}},
  "addressType": "IPv6",
  "ports": [{"name": "http", "port": 8080, "protocol": "TCP"}, {"name": "", "protocol": "UDP"}],
  "endpoints": [
    {"addresses": ["fd00::1", "fd00::2"], "conditions": {"ready": true, "serving": true}, "hostname": "web-0",
      "targetRef": {"kind": "Pod", "name": "web-0", "namespace": "shop"}, "nodeName": "node-a", "zone": "z1"},
    {"addresses": [], "conditions": {"ready": false}},
    {"addresses": ["fd00::3"], "conditions": {}, "hostname": "ok\u001b]0;pwned\u0007 \nnext\tcell"}
  ]
}`

const syntheticEmptySlice = `{
  "apiVersion": "discovery.k8s.io/v1", "kind": "EndpointSlice",
  "metadata": {"name": "idle-xyz", "namespace": "shop"}, "addressType": "IPv4"
}`

func TestDescribeEndpointSlice(t *testing.T) {
	text := renderSynthetic(t, "discovery.k8s.io", "v1", "endpointslices", "EndpointSlice", true, decodeSynthetic(t, syntheticSlice), nil)
	empty := renderSynthetic(t, "discovery.k8s.io", "v1", "endpointslices", "EndpointSlice", true, decodeSynthetic(t, syntheticEmptySlice), []map[string]any{})
	checkSynthetic(t, "endpointslice.txt", text+"\n\n"+empty,
		"AddressType:  IPv6\nPorts:\n  Name     Port     Protocol\n  ----     ----     --------\n  http     8080     TCP\n  <unset>  <unset>  UDP\n",
		"  - Addresses:  fd00::1, fd00::2\n    Conditions:\n      Ready:    true\n    Hostname:   web-0\n    TargetRef:  Pod/web-0\n    NodeName:   node-a\n    Zone:       z1\n",
		"  - Addresses:  <none>\n    Conditions:\n      Ready:    false\n    Hostname:   <unset>\n    NodeName:   <unset>\n",
		"      Ready:   <unset>\n    Hostname:  "+hostileShown,
		"Ports: <unset>\nEndpoints: <none>\nEvents:  <none>\n")
}
