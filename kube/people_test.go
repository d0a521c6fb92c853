package kube

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/studioctl/studioctl/internal/httpstub"
	"github.com/studioctl/studioctl/internal/synth"
	"github.com/studioctl/studioctl/kube/discovery"
)

const lyingValue = "c3VwZXItc2VjcmV0LXZhbHVl" // base64 of a synthetic value

// lyingClient serves discovery that claims core secrets answer kind "Secrets", and configmaps
// kind "ConfigMap" as usual.
func lyingClient(t *testing.T) (*Client, *httpstub.Registry) {
	t.Helper()
	reg := httpstub.New(t)
	rs := append([]synth.Resource(nil), synth.Basic...)
	for i := range rs {
		if rs[i].Group == "" && rs[i].Resource == "secrets" {
			rs[i].Kind = "Secrets"
		}
	}
	rs = append(rs, synth.Resource{Version: "v1", Resource: "configmaps", Kind: "ConfigMap", Namespaced: true, Verbs: []string{"get", "list"}})
	api, apis := synth.Discovery(rs)
	h := http.Header{"Content-Type": {synth.DiscoveryContentType}}
	reg.Add(&httpstub.Stub{Path: "/api", Body: api, Header: h})
	reg.Add(&httpstub.Stub{Path: "/apis", Body: apis, Header: h})
	ep, err := Connection{Host: "cluster.example", Port: 6443, Token: secretToken}.Validate(Switches{})
	if err != nil {
		t.Fatal(err)
	}
	return NewClient(ep, Options{Transport: reg}), reg
}

func resolve(t *testing.T, c *Client, typ string) discovery.APIResource {
	t.Helper()
	r, err := c.Resolve(context.Background(), typ)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func mustNotHold(t *testing.T, what string, v any) {
	t.Helper()
	b, _ := json.Marshal(v)
	data := string(b)
	if strings.Contains(data, lyingValue) || strings.Contains(data, "super-secret") {
		t.Fatalf("%s kept a Secret value: %s", what, data)
	}
}

// Discovery's kind for core secrets does not decide stripping: the request does.
func TestLyingDiscoveryDoesNotKeepSecretValues(t *testing.T) {
	c, reg := lyingClient(t)
	secret := `{"apiVersion":"v1","kind":"Secret","metadata":{"name":"db","namespace":"shop","annotations":{"` +
		`kubectl.kubernetes.io/last-applied-configuration":"{\"data\":{\"password\":\"` + lyingValue + `\"}}"}},"data":{"password":"` + lyingValue + `"},"stringData":{"x":"super-secret"}}`
	reg.Add(&httpstub.Stub{Path: "/api/v1/namespaces/shop/secrets/db", Body: secret})
	reg.Add(&httpstub.Stub{Path: "/api/v1/namespaces/shop/secrets", Query: "*", Body: `{"kind":"SecretsList","apiVersion":"v1","metadata":{},"items":[` +
		strings.Replace(secret, `"kind":"Secret",`, "", 1) + `]}`})
	r := resolve(t, c, "secrets")
	if r.Kind != "Secrets" {
		t.Fatalf("the lying discovery was not served: %s", r.Kind)
	}
	obj, err := c.GetObject(context.Background(), r, "shop", "db")
	if err != nil {
		t.Fatal(err)
	}
	mustNotHold(t, "GetObject", obj)
	if obj["kind"] != "Secret" || obj["apiVersion"] != "v1" {
		t.Fatalf("a core secret is printed as %v %v", obj["apiVersion"], obj["kind"])
	}
	var items []map[string]any
	err = c.ListObjects(context.Background(), r, Scope{Namespace: "shop"}, ListOptions{}, func(o map[string]any) error {
		items = append(items, o)
		return nil
	}, nil)
	if err != nil || len(items) != 1 {
		t.Fatalf("%v, %d items", err, len(items))
	}
	mustNotHold(t, "ListObjects", items)
}

// An object whose own kind says Secret is stripped whatever was asked for: a configmap's answer,
// a list's items, a SecretList's kind-less items, and a Table row's whole object.
func TestObjectsSayingSecretAreStrippedWhateverTheRequest(t *testing.T) {
	c, reg := lyingClient(t)
	secret := `{"apiVersion":"v1","kind":"Secret","metadata":{"name":"x"},"data":{"k":"` + lyingValue + `"}}`
	kindless := `{"metadata":{"name":"y"},"data":{"k":"` + lyingValue + `"}}`
	reg.Add(&httpstub.Stub{Path: "/api/v1/namespaces/shop/configmaps/x", Body: secret})
	reg.Add(&httpstub.Stub{Path: "/api/v1/namespaces/shop/configmaps", Query: "*", Body: `{"kind":"ConfigMapList","apiVersion":"v1","metadata":{},"items":[` + secret + `]}`})
	reg.Add(&httpstub.Stub{Path: "/api/v1/namespaces/shop/pods", Query: "*", Body: `{"kind":"SecretList","apiVersion":"v1","metadata":{},"items":[` + kindless + `]}`})
	reg.Add(&httpstub.Stub{Path: "/api/v1/namespaces/shop/pods", Query: "*", Body: `{"kind":"Table","apiVersion":"meta.k8s.io/v1","metadata":{},"columnDefinitions":[{"name":"Name","type":"string"}],"rows":[{"cells":["x"],"object":` + secret + `}]}`})
	cm := resolve(t, c, "configmaps")
	obj, err := c.GetObject(context.Background(), cm, "shop", "x")
	if err != nil {
		t.Fatal(err)
	}
	mustNotHold(t, "a configmap answering a Secret", obj)
	var items []map[string]any
	keep := func(o map[string]any) error { items = append(items, o); return nil }
	if err := c.ListObjects(context.Background(), cm, Scope{Namespace: "shop"}, ListOptions{}, keep, nil); err != nil {
		t.Fatal(err)
	}
	po := resolve(t, c, "pods")
	if err := c.ListObjects(context.Background(), po, Scope{Namespace: "shop"}, ListOptions{}, keep, nil); err != nil {
		t.Fatal(err)
	}
	if len(items) != 2 {
		t.Fatalf("%d items", len(items))
	}
	mustNotHold(t, "list items", items)
	var rows []Row
	if err := c.ListTable(context.Background(), po, Scope{Namespace: "shop"}, ListOptions{IncludeObject: "Metadata"}, pagerFunc(func(tb *Table) { rows = append(rows, tb.Rows...) })); err != nil {
		t.Fatal(err)
	}
	mustNotHold(t, "a Table row's object", rows)
}

type pagerFunc func(*Table)

func (p pagerFunc) Page(t *Table) error { p(t); return nil }
func (p pagerFunc) Reset()              {}

// A Table asked for with whole objects (includeObject=Object) strips each row's Secret values
// where it is decoded, and stamps the row's kind as a listed object's; the plain-list fallback
// keeps each item whole only when whole objects were asked for.
func TestWholeTableRowsAreStrippedAndStamped(t *testing.T) {
	secrets := discovery.APIResource{Version: "v1", Resource: "secrets", Kind: "Secret", Namespaced: true}
	table := `{"kind":"Table","apiVersion":"meta.k8s.io/v1","columnDefinitions":[{"name":"Name","type":"string"}],` +
		`"rows":[{"cells":["db"],"object":{"metadata":{"name":"db"},"data":{"password":"` + lyingValue + `"},"stringData":{"a":"super-secret"}}}]}`
	tb, err := decodeTableAs([]byte(table), secrets, true)
	if err != nil {
		t.Fatal(err)
	}
	mustNotHold(t, "a whole Table row", tb.Rows)
	if got := tb.Rows[0].Object["kind"]; got != "Secret" {
		t.Errorf("row object kind %v, want Secret", got)
	}
	list := `{"kind":"ConfigMapList","apiVersion":"v1","items":[{"metadata":{"name":"c"},"data":{"k":"v"}}]}`
	cms := discovery.APIResource{Version: "v1", Resource: "configmaps", Kind: "ConfigMap", Namespaced: true}
	whole, err := decodeTableAs([]byte(list), cms, true)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := whole.Rows[0].Object["data"]; !ok {
		t.Errorf("whole fallback row lost the item's data: %v", whole.Rows[0].Object)
	}
	meta, err := decodeTableAs([]byte(list), cms, false)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := meta.Rows[0].Object["data"]; ok {
		t.Errorf("metadata fallback row kept more than metadata: %v", meta.Rows[0].Object)
	}
}

// A Table read with includeObject=Object carries whole objects; a Secret among them keeps only its
// keys and sizes, decided from the request (a read of core secrets, whatever kind the row object
// or discovery claims) and from the object's own kind and apiVersion (a pods read whose rows say
// Secret).
func TestWholeObjectTableRowsAreStrippedOfSecretValues(t *testing.T) {
	c, reg := lyingClient(t)
	secret := `{"apiVersion":"v1","kind":"Secret","metadata":{"name":"db","namespace":"shop","annotations":{` +
		`"kubectl.kubernetes.io/last-applied-configuration":"{\"data\":{\"password\":\"` + lyingValue + `\"}}"}},"type":"Opaque","data":{"password":"` + lyingValue + `"},"stringData":{"x":"super-secret"}}`
	kindless := strings.Replace(secret, `"apiVersion":"v1","kind":"Secret",`, "", 1)
	table := func(obj string) string {
		return `{"kind":"Table","apiVersion":"meta.k8s.io/v1","metadata":{},"columnDefinitions":[{"name":"Name","type":"string","format":"name"}],"rows":[{"cells":["db"],"object":` + obj + `}]}`
	}
	reg.Add(&httpstub.Stub{Path: "/api/v1/namespaces/shop/secrets", Query: "limit=500&includeObject=Object", Body: table(kindless)})
	reg.Add(&httpstub.Stub{Path: "/api/v1/namespaces/shop/secrets/db", Query: "includeObject=Object", Body: table(secret)})
	reg.Add(&httpstub.Stub{Path: "/api/v1/namespaces/shop/pods", Query: "limit=500&includeObject=Object", Body: table(secret)})
	var rows []Row
	keep := pagerFunc(func(tb *Table) { rows = append(rows, tb.Rows...) })
	opts := ListOptions{IncludeObject: "Object"}
	if err := c.ListTable(context.Background(), resolve(t, c, "secrets"), Scope{Namespace: "shop"}, opts, keep); err != nil {
		t.Fatal(err)
	}
	one, err := c.GetTable(context.Background(), resolve(t, c, "secrets"), "shop", "db", "Object")
	if err != nil {
		t.Fatal(err)
	}
	rows = append(rows, one.Rows...)
	if err := c.ListTable(context.Background(), resolve(t, c, "pods"), Scope{Namespace: "shop"}, opts, keep); err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3 {
		t.Fatalf("%d rows", len(rows))
	}
	mustNotHold(t, "whole-object Table rows", rows)
	for i, row := range rows {
		// The stripped Secret still says which keys it holds, and its type stays for sorting.
		if Field(row.Object, "type") != "Opaque" || Field(row.Object, "data", "password") == nil {
			t.Errorf("row %d lost more than the values: %v", i, row.Object)
		}
	}
}
