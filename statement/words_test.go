package statement

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mattn/go-shellwords"
)

// lexSeeds cover every rule of the split: each quote, backslashes in and out of quotes, \t and \n,
// backquotes, $( ), parentheses out of place, operators (the fd digit before > included) and
// invalid UTF-8.
var lexSeeds = []string{
	"", "get pods", `get pods --token ab"c d"`, `--token a\ b`, `--token 'a'"b c"`, `'a\b' "a\"b" a\tb "x\ny"`,
	"a `b c` d", "$(a b) c", "a (b", "a b)", "$((a))", `"(" '(' ")"`, "a;b", "a | b", "2>x", "a 2>x",
	`"a`, `'a`, `a\`, "`a", "$(a", "''", `""`, "a''b", "\xff\xfe x", "a\r\nb\tc", `\$(a)`, "a$ (b)",
	"a$(b`c)`", "'`' \"`\" `'`", "a>b", "x;'y",
}

// FuzzLexAgreesWithShellwords holds lex to go-shellwords' split (Split's): the same words,
// errors and operators; and each word typed alone reads back as itself.
func FuzzLexAgreesWithShellwords(f *testing.F) {
	for _, s := range lexSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		p := shellwords.NewParser()
		p.ParseEnv, p.ParseBacktick = false, false
		want, err := p.Parse(line)
		got := lex(line)
		if (err != nil) != got.bad {
			t.Fatalf("%q: shellwords error %v, lex unreadable %v", line, err, got.bad)
		}
		if err != nil {
			return
		}
		if (p.Position >= 0) != (got.operator >= 0) {
			t.Fatalf("%q: shellwords operator at %d, lex at %d", line, p.Position, got.operator)
		}
		if got.operator >= 0 {
			return
		}
		texts := []string{}
		for _, w := range got.words {
			texts = append(texts, w.Text)
			alone := lex(line[w.Start:w.End])
			if len(alone.words) != 1 || alone.words[0].Text != w.Text {
				t.Fatalf("%q: the word typed as %q reads alone as %+v", line, line[w.Start:w.End], alone)
			}
		}
		if diff := cmp.Diff(want, texts); diff != "" {
			t.Fatalf("%q: words differ (-shellwords +lex):\n%s", line, diff)
		}
	})
}

func TestLexSpans(t *testing.T) {
	line := `get  --token ab"c d" x`
	want := []Word{{"get", 0, 3}, {"--token", 5, 12}, {"abc d", 13, 20}, {"x", 21, 22}}
	if diff := cmp.Diff(want, lex(line).words); diff != "" {
		t.Error(diff)
	}
	if l := lex(`a "b c`); !l.bad || l.open != 2 {
		t.Errorf("an open quote: %+v, want unreadable from byte 2", l)
	}
}

// One line means one line: a control character in what arrives as one statement is refused
// before it is read, whether it comes as a line (console, MCP) or as words (the command line).
func TestControlCharactersAreRefused(t *testing.T) {
	lines := []string{"get pods\ndelete pod web-1", "get pods\r", "get pods -n shop\x1b[2J", "get pods\u0085", "get pods\u2028delete pod x", "get\x00pods", "get pods\x7f"}
	for _, line := range lines {
		if _, err := ParseLine(line); err == nil || !strings.Contains(err.Error(), "control character") {
			t.Errorf("ParseLine(%q): %v", line, err)
		}
		if _, err := Parse([]string{"get", "pods", line}); err == nil || !strings.Contains(err.Error(), "control character") {
			t.Errorf("Parse(words holding %q): %v", line, err)
		}
	}
	// The sentence shows the character escaped, never raw.
	_, err := ParseLine("get pods\ndelete pod web-1")
	if err == nil || !strings.Contains(err.Error(), `\x0a`) || strings.Contains(err.Error(), "\n") {
		t.Errorf("sentence: %q", err)
	}
	// A tab is a blank, as a space is.
	if st, err := ParseLine("get\tpods"); err != nil || st == nil {
		t.Errorf("a tab: %v", err)
	}
}
