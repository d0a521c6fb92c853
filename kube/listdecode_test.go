package kube

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestEachListItem(t *testing.T) {
	type seen struct {
		Name   string
		Secret bool
	}
	cases := []struct {
		name, body string
		want       []seen
		cont       string
		bad        bool
	}{
		{"the server's order", `{"kind":"PodList","apiVersion":"v1","metadata":{"continue":"c1","resourceVersion":"9"},"items":[{"metadata":{"name":"a"}},null,{"metadata":{"name":"b"}}]}`,
			[]seen{{"a", false}, {"b", false}}, "c1", false},
		{"a Secret list", `{"kind":"SecretList","apiVersion":"v1","metadata":{},"items":[{"metadata":{"name":"s"}}]}`,
			[]seen{{"s", true}}, "", false},
		{"the kind after the items", `{"items":[{"metadata":{"name":"s"}}],"metadata":{"continue":"c2"},"apiVersion":"v1","kind":"SecretList"}`,
			[]seen{{"s", true}}, "c2", false},
		{"no items", `{"kind":"PodList","apiVersion":"v1","metadata":{},"items":null}`, nil, "", false},
		{"an unknown key", `{"kind":"PodList","extra":{"x":[1,2]},"items":[]}`, nil, "", false},
		{"an item that is not an object", `{"kind":"PodList","items":[1]}`, nil, "", true},
		{"items that are not an array", `{"kind":"PodList","items":{}}`, nil, "", true},
		{"trailing data", `{"kind":"PodList","items":[]} {}`, nil, "", true},
		{"not an object", `[]`, nil, "", true},
		{"cut short", `{"kind":"PodList","items":[{"metadata":`, nil, "", true},
	}
	for _, c := range cases {
		var got []seen
		cont, n, err := eachListItem([]byte(c.body), func(it map[string]any, secret bool) error {
			md, _ := it["metadata"].(map[string]any)
			name, _ := md["name"].(string)
			got = append(got, seen{name, secret})
			return nil
		})
		if c.bad {
			if err == nil {
				t.Errorf("%s: no error", c.name)
			}
			continue
		}
		if err != nil || cont != c.cont || n != len(c.want) {
			t.Errorf("%s: cont %q n %d err %v", c.name, cont, n, err)
		}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.name, diff)
		}
	}
	// Too deep a page is refused before anything is decoded.
	deep := `{"kind":"PodList","items":[` + strings.Repeat("[", 2000) + `]}`
	if _, _, err := eachListItem([]byte(deep), func(map[string]any, bool) error { return nil }); err == nil {
		t.Error("a page nested 2,000 deep was read")
	}
}
