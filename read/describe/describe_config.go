package describe

import (
	"strconv"
	"strings"

	"github.com/studioctl/studioctl/redact"
)

// Configuration: config maps and Secrets; a Secret's values are never printed.

func (r *dRenderer) configMap() {
	w, o := r.w, r.obj
	r.headAndLabels(true)
	w.write(0, "\nData\n====\n")
	data := dmap(o, "data")
	for _, k := range dKeys(data) {
		w.write(0, "%s:\n----\n", k)
		for _, line := range strings.Split(dscalar(data[k]), "\n") {
			w.write(0, "%s\n", line)
		}
		w.write(0, "\n")
	}
	w.write(0, "\nBinaryData\n====\n")
	bin := dmap(o, "binaryData")
	for _, k := range dKeys(bin) {
		size := "<redacted>"
		if !r.machine {
			size = strconv.Itoa(dBase64Len(dscalar(bin[k]))) + " bytes"
		}
		w.write(0, "%s: %s\n", k, size)
	}
	w.write(0, "\n")
	r.events()
}

// secret prints a Secret's key names and the size of each value, never a value: the object was
// stripped at decode (redact.SecretObject) and only its markers' sizes are read here. kubectl
// prints a service-account token's value; studioctl prints its size like any other.
func (r *dRenderer) secret() {
	w, o := r.w, r.obj
	r.headAndLabels(true)
	w.write(0, "\nType:\t%s\n", dstr(o, "type"))
	w.write(0, "\nData\n====\n")
	for _, ks := range redact.SecretKeys(o) {
		switch {
		case r.machine:
			w.write(0, "%s:\t%s\n", ks.Name, redact.Masked)
		case ks.Bytes < 0:
			w.write(0, "%s:\tsize unknown\n", ks.Name)
		default:
			w.write(0, "%s:\t%d bytes\n", ks.Name, ks.Bytes)
		}
	}
}
