package describe

import "strings"

// Discovery: the addresses behind a service, as core v1 Endpoints and as EndpointSlices, in the
// layouts of kubectl's describers for them.

func (r *dRenderer) endpoints() {
	w := r.w
	r.headAndLabels(true)
	w.write(0, "Subsets:\n")
	for _, s := range dlist(r.obj, "subsets") {
		w.write(1, "Addresses:\t%s\n", dOrNone(strings.Join(dAddressIPs(dlist(s, "addresses")), ",")))
		w.write(1, "NotReadyAddresses:\t%s\n", dOrNone(strings.Join(dAddressIPs(dlist(s, "notReadyAddresses")), ",")))
		if ports := dlist(s, "ports"); len(ports) > 0 {
			w.write(1, "Ports:\n")
			w.write(2, "Name\tPort\tProtocol\n")
			w.write(2, "----\t----\t--------\n")
			for _, p := range ports {
				name := dstr(p, "name")
				if name == "" {
					name = "<unset>"
				}
				w.write(2, "%s\t%s\t%s\n", name, dint(p, "port"), dstr(p, "protocol"))
			}
		}
		w.write(0, "\n")
	}
	r.events()
}

// dAddressIPs lists the IPs of an Endpoints subset's addresses.
func dAddressIPs(addrs []any) []string {
	out := make([]string, 0, len(addrs))
	for _, a := range addrs {
		out = append(out, dstr(a, "ip"))
	}
	return out
}

func (r *dRenderer) endpointSlice() {
	w, o := r.w, r.obj
	r.headAndLabels(true)
	w.write(0, "AddressType:\t%s\n", dstr(o, "addressType"))
	if ports := dlist(o, "ports"); len(ports) == 0 {
		w.write(0, "Ports: <unset>\n")
	} else {
		w.write(0, "Ports:\n")
		w.write(1, "Name\tPort\tProtocol\n")
		w.write(1, "----\t----\t--------\n")
		for _, p := range ports {
			w.write(1, "%s\t%s\t%s\n", dNonEmptyOrUnset(dstr(p, "name")), dOrUnset(p, "port"), dstr(p, "protocol"))
		}
	}
	eps := dlist(o, "endpoints")
	if len(eps) == 0 {
		w.write(0, "Endpoints: <none>\n")
	} else {
		w.write(0, "Endpoints:\n")
		for _, ep := range eps {
			r.sliceEndpoint(ep)
		}
	}
	r.events()
}

// sliceEndpoint prints one endpoint of a slice: its addresses, readiness, hostname, the object it
// stands for, its node and zone; "<unset>" for what the slice does not say.
func (r *dRenderer) sliceEndpoint(ep any) {
	w := r.w
	w.write(1, "- Addresses:\t%s\n", dOrNone(strings.Join(dStrList(ep, "addresses"), ", ")))
	w.write(2, "Conditions:\n")
	w.write(3, "Ready:\t%s\n", dOrUnset(ep, "conditions", "ready"))
	w.write(2, "Hostname:\t%s\n", dOrUnset(ep, "hostname"))
	if ref := dmap(ep, "targetRef"); ref != nil {
		w.write(2, "TargetRef:\t%s/%s\n", dstr(ref, "kind"), dstr(ref, "name"))
	}
	w.write(2, "NodeName:\t%s\n", dOrUnset(ep, "nodeName"))
	w.write(2, "Zone:\t%s\n", dOrUnset(ep, "zone"))
}

// dNonEmptyOrUnset is s, "<unset>" when it is empty.
func dNonEmptyOrUnset(s string) string {
	if s == "" {
		return "<unset>"
	}
	return s
}
