package jsonw

import (
	"encoding/json"
	"testing"
)

// validNumber accepts exactly the json.Number texts Go's encoder writes (and refuses those it
// fails on), over numbers and near misses.
func TestValidNumber(t *testing.T) {
	for _, s := range []string{"0", "-0", "7", "-12", "10", "1.5", "-0.25", "1e3", "1E+3", "2.5e-10", "123456789012345678901234567890",
		"-", "+1", "01", "-01", "1.", ".5", "1e", "1e+", "0x1f", "1_000", " 1", "1 ", "NaN", "Infinity", "1.2.3", "--1", "\"1\""} {
		_, err := json.Marshal(json.Number(s))
		if got, want := validNumber(s), err == nil; got != want {
			t.Errorf("validNumber(%q) = %v, the encoder's %v", s, got, want)
		}
	}
}
