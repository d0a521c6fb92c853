package policy

import "strings"

// OwnerLabel is the label that names the person an object belongs to. studioctl shows its value
// only as a fingerprint, so a label selector on it would let the answers confirm a guessed
// identity (eai.io/owner=alice@example.com: one object or none). The allowlist refuses such a
// selector on every request that carries one, whichever path built it: a statement, an audit's
// -l, an agent's selector argument.
const OwnerLabel = "eai.io/owner"

// SelectsOwner reports whether a label selector names the owner label in one of its requirements,
// in any of the selector's forms: app=web,eai.io/owner=x; eai.io/owner in (a,b); !eai.io/owner;
// eai.io/owner; eai.io/owner>1. The key is compared without regard to case.
func SelectsOwner(selector string) bool {
	for _, r := range SelectorTerms(selector) {
		r = strings.TrimLeft(strings.TrimSpace(r), "! \t")
		if end := strings.IndexAny(r, "=!<> \t("); end >= 0 {
			r = r[:end]
		}
		if strings.EqualFold(r, OwnerLabel) {
			return true
		}
	}
	return false
}

// SelectorTerms splits a label selector into its requirements: on the commas outside
// parentheses, so "tier in (a,b),app=web" is two.
func SelectorTerms(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}
