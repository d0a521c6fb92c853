package kube

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/internal/httpstub"
	"github.com/studioctl/studioctl/limits"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/kube/openapi"
)

// syntheticOpenAPI is a small synthetic OpenAPI v3 document (no server serves it): a kind Gadget
// whose Node schema refers to itself, a reference chain, and references that lead nowhere.
const syntheticOpenAPI = `{
  "openapi": "3.0.0",
  "paths": {
    "/apis/synth.example.dev/v1/gadgets": {"parameters": [], "post": {"description": "no kind here"}},
    "/apis/synth.example.dev/v1/namespaces/{namespace}/gadgets": {
      "get": {"x-kubernetes-group-version-kind": {"group": "synth.example.dev", "kind": "Gadget", "version": "v1"}}
    }
  },
  "components": {"schemas": {
    "dev.example.synth.v1.Gadget": {"type": "object",
      "x-kubernetes-group-version-kind": [{"group": "synth.example.dev", "kind": "Gadget", "version": "v1"}],
      "properties": {"node": {"$ref": "#/components/schemas/dev.example.synth.v1.Node"}, "size": {"type": "integer", "default": 12345678901234567890}}},
    "dev.example.synth.v1.Node": {"type": "object",
      "properties": {"parent": {"$ref": "#/components/schemas/dev.example.synth.v1.Node"}, "alias": {"$ref": "#/components/schemas/dev.example.synth.v1.Alias"}}},
    "dev.example.synth.v1.Alias": {"$ref": "#/components/schemas/dev.example.synth.v1.Node"},
    "a.Older": {"x-kubernetes-group-version-kind": [{"group": "synth.example.dev", "kind": "Other", "version": "v1"}]}
  }}
}`

const syntheticIndex = `{"paths":{"api/v1":{"serverRelativeURL":"/openapi/v3/api/v1?hash=AA11"},
  "apis/synth.example.dev/v1":{"serverRelativeURL":"/openapi/v3/apis/synth.example.dev/v1?hash=%s"}}}`

func indexWith(hash string) string { return strings.Replace(syntheticIndex, "%s", hash, 1) }

// discoveredClient is a stub client whose discovery has been read, with the record of requests
// emptied, so a test sees only what the statement's own reads send.
func discoveredClient(t *testing.T, opts Options) (*Client, *httpstub.Registry) {
	t.Helper()
	c, reg := stubClient(t, opts)
	if _, err := c.Discovery(context.Background()); err != nil {
		t.Fatal(err)
	}
	reg.Seen = nil
	return c, reg
}

func TestOpenAPIDocumentFollowsTheIndexByItsParts(t *testing.T) {
	c, reg := discoveredClient(t, Options{})
	reg.Add(&httpstub.Stub{Path: "/openapi/v3", Body: indexWith("C0FFEE01"), Times: 2})
	reg.JSON("/openapi/v3/apis/synth.example.dev/v1", "hash=C0FFEE01", syntheticOpenAPI)
	for i := 0; i < 2; i++ {
		doc, err := c.OpenAPIDocument(context.Background(), "synth.example.dev", "v1")
		if err != nil {
			t.Fatal(err)
		}
		if doc.GroupVersion != "synth.example.dev/v1" {
			t.Fatal(doc.GroupVersion)
		}
		// Numbers keep their exact text.
		size := doc.Root["components"].(map[string]any)["schemas"].(map[string]any)["dev.example.synth.v1.Gadget"].(map[string]any)["properties"].(map[string]any)["size"].(map[string]any)["default"]
		if size != json.Number("12345678901234567890") {
			t.Fatalf("default %v (%T)", size, size)
		}
	}
	// The index per read, the document once (then from memory).
	if diff := cmp.Diff([]string{"GET /openapi/v3?", "GET /openapi/v3/apis/synth.example.dev/v1?hash=C0FFEE01", "GET /openapi/v3?"}, reg.Seen); diff != "" {
		t.Fatal(diff)
	}
}

func TestOpenAPIIndexURLsThatAreNotFollowed(t *testing.T) {
	for _, raw := range []string{
		"https://evil.example/openapi/v3/apis/synth.example.dev/v1?hash=AB",
		"//evil.example/openapi/v3/apis/synth.example.dev/v1?hash=AB",
		"/openapi/v3/apis/synth.example.dev/v1?hash=AB&watch=true",
		"/openapi/v3/apis/synth.example.dev/v1?hash=AB&hash=CD",
		"/openapi/v3/apis/synth.example.dev/v2?hash=AB",
		"/openapi/v3/apis/synth.example.dev/v1/../../../api/v1/secrets?hash=AB",
		"/openapi/v3/apis/synth.example.dev/v1?hash=not-hex",
		"/openapi/v3/apis/synth.example.dev/v1?hash=",
		"/openapi/v3/apis/synth.example.dev/v1",
		"/openapi/v3/apis/synth.example.dev/v1?hash=AB#x",
		"/openapi/v3/apis/synth.example.dev%2Fv1?hash=AB",
		"/api/v1/namespaces/shop/secrets?hash=AB",
		"/openapi/v3/apis/synth.example.dev/v1?hash=" + strings.Repeat("A", 257),
	} {
		c, reg := discoveredClient(t, Options{})
		index, _ := json.Marshal(map[string]any{"paths": map[string]any{"apis/synth.example.dev/v1": map[string]string{"serverRelativeURL": raw}}})
		reg.JSON("/openapi/v3", "", string(index))
		_, err := c.OpenAPIDocument(context.Background(), "synth.example.dev", "v1")
		wantCode(t, err, codeOpenAPIURL)
		if reg.Count() != 1 {
			t.Errorf("%s: %v", raw, reg.Seen)
		}
	}
}

func TestOpenAPIDocumentRefusalsAndAnswers(t *testing.T) {
	c, reg := discoveredClient(t, Options{})
	for _, gv := range [][2]string{{"Bad_Group", "v1"}, {"apps", "1"}, {"apps/x", "v1"}, {"", ""}} {
		_, err := c.OpenAPIDocument(context.Background(), gv[0], gv[1])
		if e := wantCode(t, err, codeRefusedRequest); e.Class != fault.Refused {
			t.Fatal(e)
		}
	}
	if reg.Count() != 0 {
		t.Fatalf("sent %v", reg.Seen)
	}
	reg.JSON("/openapi/v3", "", indexWith("AB"))
	_, err := c.OpenAPIDocument(context.Background(), "apps", "v1")
	wantCode(t, err, codeOpenAPIMissing)
	reg.Add(&httpstub.Stub{Path: "/openapi/v3", Status: 404, Body: `{"kind":"Status","message":"SERVER-SAID"}`})
	_, err = c.OpenAPIDocument(context.Background(), "apps", "v1")
	wantCode(t, err, codeOpenAPIMissing)
}

func TestOpenAPIDocumentOverTheCap(t *testing.T) {
	c, reg := discoveredClient(t, Options{})
	reg.JSON("/openapi/v3", "", indexWith("B16B16"))
	big := `{"x":"` + strings.Repeat("a", limits.MaxExplainBytes) + `"}`
	reg.JSON("/openapi/v3/apis/synth.example.dev/v1", "hash=B16B16", big)
	_, err := c.OpenAPIDocument(context.Background(), "synth.example.dev", "v1")
	if e := wantCode(t, err, codeLimitResponse); !strings.Contains(e.Sentence, "4 MiB") {
		t.Fatal(e.Sentence)
	}
}

func TestOpenAPIDiskCacheIsPrivateAndChecked(t *testing.T) {
	dir := t.TempDir()
	c, reg := discoveredClient(t, Options{CacheDir: dir})
	reg.JSON("/openapi/v3", "", indexWith("D15C01"))
	reg.JSON("/openapi/v3/apis/synth.example.dev/v1", "hash=D15C01", syntheticOpenAPI)
	if _, err := c.OpenAPIDocument(context.Background(), "synth.example.dev", "v1"); err != nil {
		t.Fatal(err)
	}
	p := c.openAPICachePath("/openapi/v3/apis/synth.example.dev/v1?hash=D15C01")
	fi, err := os.Stat(p)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("cache file: %v %v", fi, err)
	}
	for _, d := range []string{filepath.Dir(p), filepath.Dir(filepath.Dir(p))} {
		if di, err := os.Stat(d); err != nil || di.Mode().Perm() != 0o700 {
			t.Fatalf("cache dir %s: %v", d, err)
		}
	}
	if data, _ := os.ReadFile(p); strings.Contains(string(data), secretToken) {
		t.Fatal("the cache holds the token")
	}

	// A new client (a new session: its memory cache empty) reads the document from disk.
	fresh := func(t *testing.T) (*Client, *httpstub.Registry) {
		os.RemoveAll(filepath.Join(dir, "discovery"))
		c, reg := discoveredClient(t, Options{CacheDir: dir})
		reg.JSON("/openapi/v3", "", indexWith("D15C01"))
		return c, reg
	}
	c2, reg2 := fresh(t)
	if _, err := c2.OpenAPIDocument(context.Background(), "synth.example.dev", "v1"); err != nil || reg2.Count() != 1 {
		t.Fatalf("from disk: %v %v", err, reg2.Seen)
	}

	// A changed document, a loosened mode or a file of another URL is not read back.
	for name, spoil := range map[string]func(){
		"tampered": func() {
			data, _ := os.ReadFile(p)
			os.WriteFile(p, []byte(strings.Replace(string(data), "Gadget", "Gidget", 1)), 0o600)
		},
		"mode": func() { os.Chmod(p, 0o644) },
		"dir":  func() { os.Chmod(filepath.Dir(p), 0o755) },
		"url": func() {
			data, _ := os.ReadFile(p)
			os.WriteFile(p, []byte(strings.Replace(string(data), "D15C01", "D15C02", 1)), 0o600)
		},
	} {
		t.Run(name, func(t *testing.T) {
			spoil()
			c3, reg3 := fresh(t)
			reg3.JSON("/openapi/v3/apis/synth.example.dev/v1", "hash=D15C01", syntheticOpenAPI)
			if _, err := c3.OpenAPIDocument(context.Background(), "synth.example.dev", "v1"); err != nil {
				t.Fatal(err)
			}
			if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o600 {
				t.Fatalf("rewritten with %v", fi.Mode())
			}
		})
	}
}

func TestOpenAPIMemoryIsPerIdentity(t *testing.T) {
	c, reg := discoveredClient(t, Options{})
	reg.JSON("/openapi/v3", "", indexWith("1D1D"))
	reg.JSON("/openapi/v3/apis/synth.example.dev/v1", "hash=1D1D", syntheticOpenAPI)
	if _, err := c.OpenAPIDocument(context.Background(), "synth.example.dev", "v1"); err != nil {
		t.Fatal(err)
	}
	other, reg2 := discoveredClient(t, Options{})
	other.ep.Token = "another-identity"
	reg2.JSON("/openapi/v3", "", indexWith("1D1D"))
	reg2.JSON("/openapi/v3/apis/synth.example.dev/v1", "hash=1D1D", syntheticOpenAPI)
	if _, err := other.OpenAPIDocument(context.Background(), "synth.example.dev", "v1"); err != nil {
		t.Fatal(err)
	}
}

func syntheticDoc(t *testing.T) *openapi.Document {
	t.Helper()
	var root map[string]any
	if err := decodeJSON([]byte(syntheticOpenAPI), &root); err != nil {
		t.Fatal(err)
	}
	return &openapi.Document{GroupVersion: "synth.example.dev/v1", Root: root}
}

func TestOpenAPIResolveFollowsOneStepAndNeverLoops(t *testing.T) {
	d := syntheticDoc(t)
	node := d.Resolve("#/components/schemas/dev.example.synth.v1.Node")
	if node == nil || node["type"] != "object" {
		t.Fatalf("node %v", node)
	}
	// Node refers to itself: resolving its parent gives Node again, one step at a time.
	parent := node["properties"].(map[string]any)["parent"].(map[string]any)
	if again := d.Resolve(parent["$ref"].(string)); !cmp.Equal(again, node) {
		t.Fatal("the cycle does not lead back to Node")
	}
	// Alias is a reference to a reference: one step gives the reference, not its target.
	if alias := d.Resolve("#/components/schemas/dev.example.synth.v1.Alias"); alias["$ref"] != "#/components/schemas/dev.example.synth.v1.Node" {
		t.Fatalf("alias %v", alias)
	}
	for _, ref := range []string{"", "#", "other.json#/components/schemas/dev.example.synth.v1.Node",
		"https://example.dev/x#/components", "#/components/schemas/missing", "#/openapi", "components/schemas/dev.example.synth.v1.Node"} {
		if got := d.Resolve(ref); got != nil {
			t.Errorf("%q resolved to %v", ref, got)
		}
	}
}

func TestOpenAPIResourceKindAndSchema(t *testing.T) {
	d := syntheticDoc(t)
	gvk := d.ResourceKind("synth.example.dev", "v1", "gadgets")
	if diff := cmp.Diff(map[string]any{"group": "synth.example.dev", "kind": "Gadget", "version": "v1"}, gvk); diff != "" {
		t.Fatal(diff)
	}
	name, s, ok := d.SchemaFor(gvk)
	if !ok || name != "dev.example.synth.v1.Gadget" || s["type"] != "object" {
		t.Fatalf("%s %v", name, ok)
	}
	if d.ResourceKind("synth.example.dev", "v1", "widgets") != nil || d.ResourceKind("", "v1", "gadgets") != nil {
		t.Fatal("found a kind for a resource the document does not describe")
	}
	if _, _, ok := d.SchemaFor(map[string]any{"group": "synth.example.dev", "kind": "Nothing", "version": "v1"}); ok {
		t.Fatal("found a schema for an unknown kind")
	}
}

// A document that does not decode (past the nesting cap, not JSON, null) is refused each time it
// is asked for, and kept neither on disk nor in memory: the next statement asks the server again.
func TestOpenAPIDocumentThatDoesNotDecodeIsNotKept(t *testing.T) {
	for name, doc := range map[string]string{
		"too deep": strings.Repeat("[", limits.MaxNesting+1) + strings.Repeat("]", limits.MaxNesting+1),
		"not JSON": `{"components":`,
		"null":     `null`,
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			c, reg := discoveredClient(t, Options{CacheDir: dir})
			for i := 0; i < 2; i++ {
				reg.JSON("/openapi/v3", "", indexWith("BAD0C5")) // the index is read for each document
				reg.JSON("/openapi/v3/apis/synth.example.dev/v1", "hash=BAD0C5", doc)
				if _, err := c.OpenAPIDocument(context.Background(), "synth.example.dev", "v1"); err == nil {
					t.Fatalf("read %d: the document was accepted", i+1)
				}
			}
			if got := reg.Count(); got != 4 {
				t.Errorf("sent %d requests (%v), want the index and the document twice", got, reg.Seen)
			}
			if _, err := os.Stat(c.openAPICachePath("/openapi/v3/apis/synth.example.dev/v1?hash=BAD0C5")); err == nil {
				t.Error("the refused document was written to the disk cache")
			}
		})
	}
}

// A cache file whose checksum holds but whose document does not decode (past the nesting cap) is
// read again from the server, and the server's document replaces it.
func TestOpenAPICacheFileThatDoesNotDecodeIsReadAgain(t *testing.T) {
	c, reg := discoveredClient(t, Options{CacheDir: t.TempDir()})
	id := "/openapi/v3/apis/synth.example.dev/v1?hash=D15C01"
	c.writeOpenAPICache(id, []byte(strings.Repeat("[", limits.MaxNesting+1)+strings.Repeat("]", limits.MaxNesting+1)))
	reg.JSON("/openapi/v3", "", indexWith("D15C01"))
	reg.JSON("/openapi/v3/apis/synth.example.dev/v1", "hash=D15C01", syntheticOpenAPI)
	if _, err := c.OpenAPIDocument(context.Background(), "synth.example.dev", "v1"); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(c.openAPICachePath(id)); err != nil || !strings.Contains(string(data), "Gadget") {
		t.Errorf("the cache file was not replaced by the server's document: %v", err)
	}
}
