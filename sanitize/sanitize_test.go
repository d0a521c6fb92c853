package sanitize

import "testing"

func TestSanitize(t *testing.T) {
	cases := map[string]string{
		"plain text":                 "plain text",
		"\x1b[31mred\x1b[0m":         "red",
		"\x1b]8;;http://x\x1b\\link": "link",
		"\x1b(Bsgr0":                 "sgr0",
		"bell\x07":                   `bell\x07`,
		"nul\x00":                    `nul\x00`,
		"c1\u009b31mX":               "c1X",
		"\u200bzero":                 `\u200bzero`,
		"bad\xffutf":                 `bad\xffutf`,
		"keep\ttab":                  "keep\ttab",
		"\x1bPdcs\x1b\\after":        "after",
		"del\x7f":                    `del\x7f`,
		// Invisible text: the soft hyphen, the line and paragraph separators, a noncharacter,
		// and tag characters that spell "hi" to whoever decodes them.
		"soft\u00adhyphen":        `soft\u00adhyphen`,
		"line\u2028para\u2029":    `line\u2028para\u2029`,
		"non\ufffechar":           `non\ufffechar`,
		"tag\U000e0068\U000e0069": `tag\U000e0068\U000e0069`,
	}
	for in, want := range cases {
		if got := String(in); got != want {
			t.Errorf("String(%q) = %q, want %q", in, got, want)
		}
	}
}
