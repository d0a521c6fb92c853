package openapi

import (
	"bytes"
	"testing"
)

// A cached document is given back only to its server and URL, and only as it was written.
func TestDecodeCache(t *testing.T) {
	doc := []byte(`{"openapi":"3.0.0","components":{"schemas":{}}}`)
	data, err := EncodeCache("https://a.example:6443", "/openapi/v3/api/v1?hash=ab12", doc)
	if err != nil {
		t.Fatal(err)
	}
	if got, ok := DecodeCache(data, "https://a.example:6443", "/openapi/v3/api/v1?hash=ab12"); !ok || !bytes.Equal(got, doc) {
		t.Fatalf("the document did not read back: %v %s", ok, got)
	}
	tampered := bytes.Replace(data, []byte(`"3.0.0"`), []byte(`"3.0.1"`), 1)
	for name, c := range map[string]struct {
		data        []byte
		server, url string
	}{
		"another server": {data, "https://b.example:6443", "/openapi/v3/api/v1?hash=ab12"},
		"another URL":    {data, "https://a.example:6443", "/openapi/v3/apis/apps/v1?hash=ab12"},
		"changed":        {tampered, "https://a.example:6443", "/openapi/v3/api/v1?hash=ab12"},
		"no header":      {doc, "https://a.example:6443", "/openapi/v3/api/v1?hash=ab12"},
	} {
		if _, ok := DecodeCache(c.data, c.server, c.url); ok {
			t.Errorf("%s: read back", name)
		}
	}
}
