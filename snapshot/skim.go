package snapshot

import "github.com/studioctl/studioctl/apivalue"

// A stored item's metadata is read from its object's bytes without decoding the rest: the
// object was already checked to be JSON when it was read as raw bytes, so finding the one
// top-level member needs only a skim that counts brackets outside strings. Decoding the whole
// object for its metadata was most of a replay's time.

// topLevelMember answers the bytes of the value of key in the JSON object obj (its last
// occurrence, as a decoder keeps the last), and whether obj could be skimmed: a key written with
// escapes, or anything unexpected, answers false and the caller decodes the object instead.
func topLevelMember(obj []byte, key string) (val []byte, ok bool) {
	ok = eachMember(obj, func(name []byte, _, start, stop int) {
		if string(name) == key {
			val = obj[start:stop]
		}
	})
	if !ok {
		return nil, false
	}
	return val, true
}

// withoutMember answers obj with the member key cut out (every occurrence) and that member's
// last value, or ok false when obj cannot be skimmed.
func withoutMember(obj []byte, key string) (rest, val []byte, ok bool) {
	type span struct{ from, to int }
	var cut []span
	ok = eachMember(obj, func(name []byte, keyStart, start, stop int) {
		if string(name) == key {
			cut = append(cut, span{keyStart, stop})
			val = obj[start:stop]
		}
	})
	if !ok || len(cut) == 0 {
		return obj, val, ok
	}
	rest = make([]byte, 0, len(obj))
	last := 0
	for _, c := range cut {
		// The member goes with the comma after it, or (the last member) the one before it.
		to := skipSpace(obj, c.to)
		from := c.from
		if to < len(obj) && obj[to] == ',' {
			to++
		} else if k := lastNonSpace(obj, c.from); k >= 0 && obj[k] == ',' && k >= last {
			from = k
		}
		rest = append(rest, obj[last:from]...)
		last = to
	}
	return append(rest, obj[last:]...), val, true
}

func lastNonSpace(b []byte, i int) int {
	for i--; i >= 0; i-- {
		if c := b[i]; c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			return i
		}
	}
	return -1
}

// eachMember calls fn with each top-level member of the object obj: its name, where its key
// starts, and where its value starts and stops. It answers false for anything it cannot skim.
func eachMember(obj []byte, fn func(name []byte, keyStart, start, stop int)) bool {
	i := skipSpace(obj, 0)
	if i >= len(obj) || obj[i] != '{' {
		return false
	}
	i = skipSpace(obj, i+1)
	if i < len(obj) && obj[i] == '}' {
		return true
	}
	for i < len(obj) {
		if obj[i] != '"' {
			return false
		}
		keyStart := i
		end := apivalue.StringEnd(obj, i)
		if end < 0 {
			return false
		}
		name := obj[i+1 : end-1]
		for _, c := range name {
			if c == '\\' {
				return false
			}
		}
		i = skipSpace(obj, end)
		if i >= len(obj) || obj[i] != ':' {
			return false
		}
		start := skipSpace(obj, i+1)
		stop := apivalue.ValueEnd(obj, start)
		if stop < 0 {
			return false
		}
		fn(name, keyStart, start, stop)
		i = skipSpace(obj, stop)
		switch {
		case i < len(obj) && obj[i] == ',':
			i = skipSpace(obj, i+1)
		case i < len(obj) && obj[i] == '}':
			return true
		default:
			return false
		}
	}
	return false
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}
