package apivalue

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestMetaReadsWhatIsThereAndToleratesTheRest(t *testing.T) {
	obj := map[string]any{"metadata": map[string]any{
		"name": "web-0", "uid": 7.0, "labels": map[string]any{"app": "web", "n": 1.0}, "annotations": "not a map",
	}}
	got := map[string]any{
		"name":        MetaString(obj, "name"),
		"uid":         MetaString(obj, "uid"),
		"missing":     MetaString(obj, "namespace"),
		"labels":      MetaStrings(obj, "labels"),
		"annotations": MetaStrings(obj, "annotations") == nil,
		"no metadata": Meta(map[string]any{"metadata": "x"}) == nil && MetaString(nil, "name") == "",
	}
	want := map[string]any{
		"name": "web-0", "uid": "", "missing": "", "labels": map[string]string{"app": "web"},
		"annotations": true, "no metadata": true,
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

func TestNamespaceOrDefault(t *testing.T) {
	if NamespaceOr("") != "default" || NamespaceOr("shop") != "shop" {
		t.Errorf("NamespaceOr: %q, %q", NamespaceOr(""), NamespaceOr("shop"))
	}
}
