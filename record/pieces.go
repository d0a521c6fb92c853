package record

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/limits"
)

// A body store keeps each body once, but bodies still repeat inside one another: the same pod
// is an item of the list of all pods, of its namespace's list, of a label's list and of each
// later capture of them, and the two OpenAPI documents of a version share most of their schemas.
// So the store keeps each JSON object or array of pieceMinBytes or more that appears twice or
// more in the set's bodies once, as a piece, and a body (or a larger piece) names it where it
// stood by a marker: a JSON string of NUL followed by the piece's key. Reading the store puts
// the pieces back byte for byte. Splitting the v1.37.2 set's 8.1 MB store this way left 2.1 MB.
const pieceMinBytes = 256

// pieceMarker opens a marker in a stored body's text. No body holding these six bytes anywhere
// is stored as JSON of its own (storedWhole), so in a stored body's text they open a marker.
const pieceMarker = `"\u0000`

// splitter holds a set's bodies while it finds their repeated parts.
type splitter struct {
	seen   map[string]int    // how many times each large part appears, by its text
	pieces map[string]string // a piece's key → its stored text, itself split
}

// splitStore turns a set's bodies (key → body) into the store's entries (key → stored JSON
// text): a body that can stand as JSON of its own is stored so, its repeated parts split out
// as pieces beside it; any other body (a log, a watch's stream) is stored as a JSON string.
func splitStore(bodies map[string]string) (map[string]string, error) {
	s := &splitter{seen: map[string]int{}, pieces: map[string]string{}}
	whole := map[string]bool{} // storedWhole compacts the body to tell: once each
	for key, body := range bodies {
		if whole[key] = storedWhole(body); whole[key] {
			s.count(body)
		}
	}
	entries := make(map[string]string, len(bodies))
	for key, body := range bodies {
		if whole[key] {
			entries[key] = s.split(body)
			continue
		}
		text, err := json.Marshal(body)
		if err != nil {
			return nil, err
		}
		entries[key] = string(text)
	}
	for key, text := range s.pieces {
		if _, isBody := entries[key]; !isBody {
			entries[key] = text
		}
	}
	return entries, nil
}

// storedWhole tells whether a body is stored as JSON of its own, where its parts can be split.
func storedWhole(body string) bool {
	return storedAsIs(body) && !strings.Contains(body, pieceMarker[1:])
}

// count notes each large object or array below the top of a compact JSON value.
func (s *splitter) count(value string) {
	for _, sp := range children(value) {
		if kid := value[sp.start:sp.end]; isComposite(kid) {
			if len(kid) >= pieceMinBytes {
				s.seen[kid]++
			}
			s.count(kid)
		}
	}
}

// split gives value's text with each of its repeated large parts named by a marker, adding the
// parts to the pieces, themselves split.
func (s *splitter) split(value string) string {
	var b strings.Builder
	rest := 0
	for _, sp := range children(value) {
		kid := value[sp.start:sp.end]
		if !isComposite(kid) {
			continue
		}
		b.WriteString(value[rest:sp.start])
		rest = sp.end
		if len(kid) < pieceMinBytes || s.seen[kid] < 2 {
			b.WriteString(s.split(kid))
			continue
		}
		key := bodyKey(kid)
		if _, ok := s.pieces[key]; !ok {
			s.pieces[key] = s.split(kid)
		}
		b.WriteString(pieceMarker + key + `"`)
	}
	b.WriteString(value[rest:])
	return b.String()
}

func isComposite(value string) bool { return value[0] == '{' || value[0] == '[' }

// span is where a value stands in the text that holds it: text[start:end].
type span struct{ start, end int }

// children gives where the direct child values of a compact JSON object or array stand (an
// object's values, not its keys); nil for anything else. value is compact JSON, as storedAsIs
// made sure, so no whitespace stands between tokens.
func children(value string) []span {
	if !isComposite(value) {
		return nil
	}
	var kids []span
	i := 1
	for i < len(value)-1 {
		if value[0] == '{' {
			i = apivalue.StringEnd(value, i) + 1 // the key and its colon
		}
		end := apivalue.ValueEnd(value, i)
		if i <= 0 || end < 0 {
			return nil // not compact JSON after all: no parts to split
		}
		kids = append(kids, span{i, end})
		i = end + 1 // the comma, or the closing bracket
	}
	return kids
}

// joiner puts a store's bodies back together from its entries.
type joiner struct {
	entries map[string]json.RawMessage
	done    map[string]string
	total   int // bytes put back so far
	max     int // bytes past which the store is refused
}

// join gives the text of entry key with every piece it names put back, refusing a store that
// names a piece it does not hold, nests pieces deeper than an answer may nest (limits.MaxNesting:
// CompactSet nests them as deep as the bodies' JSON, and a store made by hand could loop) or grows
// past the cap on a recording's bytes as it is put back together.
func (j *joiner) join(key string, depth int) (string, error) {
	if text, ok := j.done[key]; ok {
		return text, nil
	}
	if depth > limits.MaxNesting {
		return "", fmt.Errorf("record: %s nests its pieces more than %d deep", BodyStore, limits.MaxNesting)
	}
	raw, ok := j.entries[key]
	if !ok || len(raw) == 0 || !isComposite(string(raw)) {
		return "", fmt.Errorf("record: %s names a piece (%s) that it does not hold as JSON", BodyStore, key)
	}
	text := string(raw)
	var b strings.Builder
	for {
		at := strings.Index(text, pieceMarker)
		if at < 0 {
			break
		}
		b.WriteString(text[:at])
		name, rest, ok := strings.Cut(text[at+len(pieceMarker):], `"`)
		if !ok {
			return "", fmt.Errorf("record: %s holds a piece marker with no end", BodyStore)
		}
		piece, err := j.join(name, depth+1)
		if err != nil {
			return "", err
		}
		b.WriteString(piece)
		text = rest
		if j.total += len(piece); j.total > j.max {
			return "", fmt.Errorf("record: %s grows past %d bytes as its pieces are put back", BodyStore, j.max)
		}
	}
	b.WriteString(text)
	j.done[key] = b.String()
	return j.done[key], nil
}
