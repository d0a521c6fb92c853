package kubeconfig

import (
	"net"
	"strconv"
	"strings"
	"unicode"
)

// server is a cluster's server split into the fields of a connection, as written.
type server struct {
	plain   bool // http://
	host    string
	port    int
	apiPath string
}

// splitServer splits a kubeconfig server into host, port and API path without normalizing
// anything: no case folding of the host, no percent-decoding, no resolving of dot segments, no
// trimming. A server that would need any of that is refused with its own code. The API path is
// kept exactly as written; kube.Connection.Validate then applies its own rules to it.
func splitServer(s string) (server, string) {
	if code := serverCharacters(s); code != "" {
		return server{}, code
	}
	scheme, rest, ok := strings.Cut(s, "://")
	var out server
	switch {
	case !ok:
		return server{}, CodeServerScheme
	case strings.EqualFold(scheme, "https"):
		out.port = 443
	case strings.EqualFold(scheme, "http"):
		out.plain, out.port = true, 80
	default:
		return server{}, CodeServerScheme
	}
	authority, path := rest, ""
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		authority, path = rest[:i], rest[i:]
	}
	switch {
	case strings.Contains(authority, "@"):
		return server{}, CodeServerUserinfo
	case strings.Contains(rest, "?"):
		return server{}, CodeServerQuery
	case strings.Contains(rest, "#"):
		return server{}, CodeServerFragment
	}
	host, port, code := splitAuthority(authority)
	if code != "" {
		return server{}, code
	}
	out.host = host
	if port != 0 {
		out.port = port
	}
	if code := checkPath(path); code != "" {
		return server{}, code
	}
	if path != "/" {
		out.apiPath = path
	}
	return out, ""
}

// serverCharacters looks at every character first, so that the worst problem is the one named:
// a control character, then a blank, then an invisible formatting character, then a backslash,
// then any other character outside ASCII (a homoglyph, a full-width slash).
func serverCharacters(s string) string {
	var control, blank, invisible, backslash, nonASCII bool
	for _, r := range s {
		switch {
		case unicode.IsSpace(r): // tab, line breaks and U+0085 too
			blank = true
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
			control = true
		case unicode.Is(unicode.Cf, r):
			invisible = true
		case r == '\\':
			backslash = true
		case r > 0x7e:
			nonASCII = true
		}
	}
	switch {
	case control:
		return CodeServerControl
	case blank:
		return CodeServerWhitespace
	case invisible:
		return CodeServerInvisible
	case backslash:
		return CodeServerBackslash
	case nonASCII:
		return CodeServerNonASCII
	}
	return ""
}

// splitAuthority splits host[:port] or [ipv6][:port]. Port 0 means none was written.
func splitAuthority(a string) (string, int, string) {
	host, portText, hasPort := a, "", false
	if strings.HasPrefix(a, "[") {
		end := strings.IndexByte(a, ']')
		if end < 0 {
			return "", 0, CodeServerHost
		}
		host = a[1:end]
		switch after := a[end+1:]; {
		case after == "":
		case after[0] == ':':
			portText, hasPort = after[1:], true
		default:
			return "", 0, CodeServerHost
		}
		if ip := net.ParseIP(host); ip == nil || !strings.Contains(host, ":") {
			return "", 0, CodeServerHost
		}
	} else {
		if strings.Count(a, ":") > 1 || strings.ContainsAny(a, "[]") {
			return "", 0, CodeServerHost
		}
		host, portText, hasPort = strings.Cut(a, ":")
	}
	if host == "" {
		return "", 0, CodeServerHost
	}
	if !hasPort {
		return host, 0, ""
	}
	port, ok := parsePort(portText)
	if !ok {
		return "", 0, CodeServerPort
	}
	return host, port, ""
}

// parsePort takes 1 to 65535 in plain decimal, without a sign or a leading zero.
func parsePort(s string) (int, bool) {
	if s == "" || len(s) > 5 || s[0] == '0' {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > 65535 {
		return 0, false
	}
	return n, true
}

// checkPath refuses a path that a reader could take two ways: one with a percent escape, an empty
// segment (//) or a . or .. segment. A single trailing slash is kept as written.
func checkPath(p string) string {
	if p == "" {
		return ""
	}
	if strings.Contains(p, "%") {
		return CodeServerPathPercent
	}
	if strings.Contains(p, "//") {
		return CodeServerPathEmptySegment
	}
	for _, seg := range strings.Split(p[1:], "/") {
		if seg == "." || seg == ".." {
			return CodeServerPathDotSegment
		}
	}
	return ""
}
