package printer

import "testing"

// kubectl's quick reference decodes a Secret's values with base64decode. studioctl never read
// them: the template prints the marker it left, how much was removed, and does not fail on text
// that was never base64; real base64 still decodes, and anything else still fails.
func TestBase64decodeOnARemovedValue(t *testing.T) {
	for in, want := range map[string]string{
		"(removed by studioctl: 12 bytes)": "(removed by studioctl: 12 bytes)",
		"(removed by studioctl: 1 byte)":   "(removed by studioctl: 1 byte)",
		"aGVsbG8=":                         "hello",
	} {
		if got, err := base64decode(in); err != nil || got != want {
			t.Errorf("base64decode(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := base64decode("(removed by someone else)"); err == nil {
		t.Error("text that only looks like a marker decoded")
	}
}
