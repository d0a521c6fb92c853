package get

import (
	"strings"
	"testing"

	"github.com/studioctl/studioctl/limits"
)

// A raw answer prints up to its last line feed; a line longer than limits.RawHeldBytes prints in parts cut at
// a character's end, never inside one.
func TestRawCut(t *testing.T) {
	long := strings.Repeat("a", limits.RawHeldBytes)
	cases := []struct {
		held string
		want int
	}{
		{"", 0},
		{"ok", 0},
		{"a\nb", 2},
		{"a\nb\n", 4},
		{long, limits.RawHeldBytes},
		{long + "é", limits.RawHeldBytes + 2},
		{long + "\xc3", limits.RawHeldBytes},     // é's first byte alone: held back
		{long + "\xe2\x82", limits.RawHeldBytes}, // € cut after two of its three bytes
		{long + "\xe2\x82\xac", limits.RawHeldBytes + 3},
		{long + "\xf0\x9f\x98", limits.RawHeldBytes}, // an emoji cut after three of four
	}
	for _, c := range cases {
		if got := rawCut([]byte(c.held)); got != c.want {
			t.Errorf("rawCut(%q...) = %d, want %d", c.held[max(0, len(c.held)-8):], got, c.want)
		}
	}
}
