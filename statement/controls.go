package statement

import (
	"fmt"

	"github.com/studioctl/studioctl/fault"
)

// One line means one line: a statement is printable text. A line break inside what arrives as one
// statement (an MCP argument, a console line, a word of the command line) would otherwise be read
// as a blank between words, so "get pods\ndelete pod web-1" became one get of three more names;
// any other control character is text nobody sees. Each is refused before the statement is read,
// on every path, with nothing sent. A tab is the one exception: it is a blank, as a space is.

// refuseControls refuses text holding a C0 or C1 control character other than tab, DEL, or a
// Unicode line or paragraph separator.
func refuseControls(text string) error {
	for i, r := range text {
		if isStatementControl(r) {
			return fault.Refusef(CodeControlChar, sentenceControlChar, controlName(r), i)
		}
	}
	return nil
}

func isStatementControl(r rune) bool {
	switch {
	case r == '\t':
		return false
	case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f:
		return true
	case r == '\u2028', r == '\u2029':
		return true
	}
	return false
}

// controlName writes r as an escape a person can read (\x0a, \u2028), never the character.
func controlName(r rune) string {
	if r <= 0xff {
		return fmt.Sprintf(`\x%02x`, r)
	}
	return fmt.Sprintf(`\u%04x`, r)
}
