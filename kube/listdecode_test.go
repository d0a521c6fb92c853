package kube

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/studioctl/studioctl/kube/discovery"
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
		cont, n, err := eachListItem([]byte(c.body), 0, func(it map[string]any, secret bool) error {
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
	if _, _, err := eachListItem([]byte(deep), 0, func(map[string]any, bool) error { return nil }); err == nil {
		t.Error("a page nested 2,000 deep was read")
	}
}

func TestStreamTable(t *testing.T) {
	var rows []string
	for i := 0; i < 120; i++ {
		rows = append(rows, fmt.Sprintf(`{"cells":["s-%d"],"object":{"metadata":{"name":"s-%d","namespace":"shop"},"data":{"k":"dmFsdWU="}}}`, i, i))
	}
	page := `{"kind":"Table","apiVersion":"meta.k8s.io/v1","metadata":{"continue":"c9","resourceVersion":"7"},` +
		`"columnDefinitions":[{"name":"Name","type":"string","format":"name"}],"rows":[` + strings.Join(rows, ",") + `]}`
	secrets := discovery.APIResource{Version: "v1", Resource: "secrets", Kind: "Secret", Namespaced: true}
	var sizes []int
	cont, n, handled, err := streamTable([]byte(page), secrets, func(tb *Table) error {
		sizes = append(sizes, len(tb.Rows))
		if tb.Continue != "c9" || tb.ResourceVersion != "7" || len(tb.Columns) != 1 {
			t.Errorf("a batch lost the page's facts: %+v", tb)
		}
		for _, r := range tb.Rows {
			if data, _ := r.Object["data"].(map[string]any); data["k"] == "dmFsdWU=" || r.Object["kind"] != "Secret" {
				t.Errorf("a row's Secret was not stripped and stamped: %v", r.Object)
			}
		}
		return nil
	})
	if err != nil || !handled || cont != "c9" || n != 120 || !slices.Equal(sizes, []int{50, 50, 20}) {
		t.Fatalf("cont %q n %d handled %v err %v batches %v", cont, n, handled, err, sizes)
	}
	// A page that names its columns after its rows, or is no Table, is left to the whole decode.
	late := `{"kind":"Table","metadata":{},"rows":[],"columnDefinitions":[]}`
	if _, _, handled, err := streamTable([]byte(late), secrets, func(*Table) error { t.Fatal("emitted"); return nil }); handled || err != nil {
		t.Errorf("late columns: handled %v err %v", handled, err)
	}
	if _, _, handled, _ := streamTable([]byte(`{"kind":"SecretList","items":[]}`), secrets, func(*Table) error { return nil }); handled {
		t.Error("a list was read as a Table")
	}
}
