package read

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/statement"
)

// events -o json is kubectl events' typed EventList: the events oldest first, keys in core/v1
// Event's field order, an unknown field after them; -o yaml sorts keys as kubectl's YAML does.
func TestEventsAsDocuments(t *testing.T) {
	list := `{"kind":"EventList","apiVersion":"v1","metadata":{},"items":[
{"metadata":{"namespace":"shop","name":"b"},"type":"Warning","reason":"BackOff","message":"late","lastTimestamp":"2026-01-15T09:58:00Z","involvedObject":{"name":"web-0","kind":"Pod"},"zNew":1,"eventTime":null},
{"metadata":{"namespace":"shop","name":"a"},"type":"Normal","reason":"Pulled","message":"early","lastTimestamp":"2026-01-15T09:50:00Z","involvedObject":{"name":"web-0","kind":"Pod"},"eventTime":null}]}`
	wantJSON := `{
    "kind": "EventList",
    "apiVersion": "v1",
    "metadata": {},
    "items": [
        {
            "kind": "Event",
            "apiVersion": "v1",
            "metadata": {
                "name": "a",
                "namespace": "shop"
            },
            "involvedObject": {
                "kind": "Pod",
                "name": "web-0"
            },
            "reason": "Pulled",
            "message": "early",
            "lastTimestamp": "2026-01-15T09:50:00Z",
            "type": "Normal",
            "eventTime": null
        },
        {
            "kind": "Event",
            "apiVersion": "v1",
            "metadata": {
                "name": "b",
                "namespace": "shop"
            },
            "involvedObject": {
                "kind": "Pod",
                "name": "web-0"
            },
            "reason": "BackOff",
            "message": "late",
            "lastTimestamp": "2026-01-15T09:58:00Z",
            "type": "Warning",
            "eventTime": null,
            "zNew": 1
        }
    ]
}
`
	wantYAML := `apiVersion: v1
items:
- apiVersion: v1
  eventTime: null
  involvedObject:
    kind: Pod
    name: web-0
  kind: Event
  lastTimestamp: "2026-01-15T09:50:00Z"
  message: early
  metadata:
    name: a
    namespace: shop
  reason: Pulled
  type: Normal
`
	for _, c := range []struct{ line, want string }{{"events -o json", wantJSON}, {"events -o yaml --types Normal", wantYAML + "kind: EventList\nmetadata: {}\n"}} {
		s, reg := famSession(t, nil)
		query := "limit=500"
		if c.line != "events -o json" {
			query = "limit=500&fieldSelector=type%3DNormal"
		}
		reg.JSON("/api/v1/namespaces/shop/events", query, list)
		out, errOut, code := famRun(t, s, c.line)
		if code != 0 || errOut != "" {
			t.Fatalf("%s: exit %d: %s", c.line, code, errOut)
		}
		if d := cmp.Diff(c.want, out); d != "" {
			t.Errorf("%s (-want +got):\n%s", c.line, d)
		}
	}
}

// kubectl events has no wide form, and a watch prints the table only.
func TestEventsOutputRefusals(t *testing.T) {
	for line, want := range map[string]string{"events -o wide": statement.CodeBadValue, "events -w -o json": statement.CodeUsage} {
		if _, err := ParseLine(line); code(t, err) != want {
			t.Errorf("%s: %v, want %s", line, err, want)
		}
	}
}
