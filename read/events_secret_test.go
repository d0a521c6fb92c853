package read

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/studioctl/studioctl/internal/httpstub"
	"github.com/studioctl/studioctl/internal/synth"
	"github.com/studioctl/studioctl/printer"
)

// An Event is named after what it is about (NAME.<hash>), so an event about a Secret carries the
// Secret's name twice: in its own name and in the Object cell. Machine mode hides both, in the
// table, -o wide, -o name and the documents, for core events and events.k8s.io; the event about a
// pod keeps its names. (Synthetic answers, in the server's Table shape for events.)

const eventSecretName = "evsecname-canary-q7"

func eventObject(name, kind, involved, refKey string) map[string]any {
	return map[string]any{"apiVersion": "v1", "kind": "Event",
		"metadata": map[string]any{"name": name, "namespace": "shop"},
		refKey:     map[string]any{"kind": kind, "name": involved, "namespace": "shop"},
		"reason":   "Synthetic", "type": "Normal"}
}

// eventTable is the server's Table of the two events, each row with its object when include asks.
func eventTable(include, refKey string) string {
	objs := []map[string]any{
		eventObject(eventSecretName+".17f3a9c2", "Secret", eventSecretName, refKey),
		eventObject("web-0.17f3a9c3", "Pod", "web-0", refKey),
	}
	cols := [][3]string{{"Last Seen", "string", "0"}, {"Type", "string", "0"}, {"Reason", "string", "0"},
		{"Object", "string", "0"}, {"Message", "string", "0"}, {"Name", "string", "1"}}
	rows := [][]any{
		{"5m", "Normal", "Synthetic", "secret/" + eventSecretName, "synthetic", eventSecretName + ".17f3a9c2"},
		{"5m", "Normal", "Synthetic", "pod/web-0", "synthetic", "web-0.17f3a9c3"},
	}
	var t map[string]any
	if err := json.Unmarshal([]byte(synth.Table(cols, rows, "")), &t); err != nil {
		panic(err)
	}
	for i, r := range t["rows"].([]any) {
		switch include {
		case "Object":
			r.(map[string]any)["object"] = objs[i]
		case "Metadata":
			r.(map[string]any)["object"] = map[string]any{"kind": "PartialObjectMetadata", "apiVersion": "meta.k8s.io/v1", "metadata": objs[i]["metadata"]}
		}
	}
	b, _ := json.Marshal(t)
	return string(b)
}

func secretEventList(refKey string) string {
	b, _ := json.Marshal(map[string]any{"apiVersion": "v1", "kind": "EventList", "metadata": map[string]any{"resourceVersion": "9"},
		"items": []any{eventObject(eventSecretName+".17f3a9c2", "Secret", eventSecretName, refKey), eventObject("web-0.17f3a9c3", "Pod", "web-0", refKey)}})
	return string(b)
}

// eventStubs answers any Table or list read of events at path, with objects as asked.
func eventStubs(path, refKey string) *httpstub.Stub {
	return &httpstub.Stub{Path: path, Query: "*", Respond: func(r *http.Request) (*http.Response, error) {
		body := secretEventList(refKey)
		if strings.Contains(r.Header.Get("Accept"), "as=Table") {
			body = eventTable(r.URL.Query().Get("includeObject"), refKey)
		}
		return &http.Response{StatusCode: 200, Header: http.Header{"Content-Type": {"application/json"}},
			Body: io.NopCloser(strings.NewReader(body)), Request: r}, nil
	}}
}

func TestEventsAboutSecretsHideTheirNamesInMachineMode(t *testing.T) {
	for _, kind := range []struct{ kind, path, refKey string }{
		{"events", "/api/v1/namespaces/shop/events", "involvedObject"},
		{"events.events.k8s.io", "/apis/events.k8s.io/v1/namespaces/shop/events", "regarding"},
	} {
		for _, form := range []string{"", " -o wide", " -o name", " -o json", " -o yaml", " --sort-by=.type -o wide", " -o custom-columns=N:.metadata.name"} {
			line := "get " + kind.kind + " -n shop" + form
			for _, mode := range []printer.RedactMode{printer.People, printer.Machine} {
				s := formSession(t, eventStubs(kind.path, kind.refKey))
				s.Machine = mode == printer.Machine
				out, errOut, code := metaRun(t, s, mode, line)
				if code != 0 {
					t.Fatalf("%s (mode %d): exit %d %s", line, mode, code, errOut)
				}
				leaked := strings.Contains(out, eventSecretName)
				if mode == printer.Machine && leaked {
					t.Errorf("%s: machine mode prints the Secret's name:\n%s", line, out)
				}
				if !strings.Contains(out, "web-0") {
					t.Errorf("%s (mode %d): the event about a pod lost its names:\n%s", line, mode, out)
				}
				if mode == printer.People && !leaked && form != "" {
					t.Errorf("%s: people mode hides the event's name:\n%s", line, out)
				}
			}
		}
	}
}
