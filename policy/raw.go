package policy

// RawPaths are the only paths get --raw reads: the server's health, readiness and liveness
// checks, its version, the two discovery roots and the OpenAPI v3 index. Each is a route Check
// admits on its own; a request the client marks as raw must also be one of these exactly, so
// get --raw can never reach an object, a collection, a log or a proxy, whatever path it is given.
var RawPaths = []string{"/healthz", "/readyz", "/livez", "/version", "/api", "/apis", "/openapi/v3"}

// IsRawPath reports whether get --raw may read path: one of RawPaths, byte for byte.
func IsRawPath(path string) bool {
	for _, p := range RawPaths {
		if p == path {
			return true
		}
	}
	return false
}

// CheckRaw admits a get --raw request: a GET of one of RawPaths exactly, with no query (kubectl
// sends none for them) and no body, and then what Check admits of it.
func CheckRaw(r Request, res Resources) (*Admitted, error) {
	if r.Method != "GET" {
		return nil, refuse("raw.method", "get --raw only reads")
	}
	if !IsRawPath(r.Path) {
		return nil, refuse("raw.path", "get --raw reads only /healthz, /readyz, /livez, /version, /api, /apis and /openapi/v3")
	}
	if len(r.Query) > 0 {
		return nil, refuse("raw.query", "get --raw sends no query")
	}
	return Check(r, res)
}
