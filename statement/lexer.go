package statement

import (
	"strings"

	"github.com/mattn/go-shellwords"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/limits"
)

// Split reads one console line into words with POSIX quoting. A line that is empty or only a
// comment gives no words. A leading "kubectl", "$" or "%" is dropped, so a line pasted from a
// runbook reads as it would at a shell. Nothing is expanded: no variables, no backquotes.
func Split(line string) ([]string, error) {
	if len(line) > limits.MaxStatementBytes {
		return nil, fault.Refusef(CodeLexer, SentenceLineTooLong)
	}
	if err := refuseControls(line); err != nil {
		return nil, err
	}
	line, err := stripComment(line)
	if err != nil {
		return nil, err
	}
	p := shellwords.NewParser()
	p.ParseEnv = false
	p.ParseBacktick = false
	words, err := p.Parse(line)
	if err != nil {
		return nil, fault.Refusef(CodeLexer, sentenceUnterminated)
	}
	if p.Position >= 0 {
		return nil, fault.Refusef(CodeLexer, sentenceOperator)
	}
	return dropPrompt(words), nil
}

func dropPrompt(words []string) []string {
	if len(words) > 0 && (words[0] == "$" || words[0] == "%") {
		words = words[1:]
	}
	if len(words) > 0 && words[0] == "kubectl" {
		words = words[1:]
	}
	return words
}

// stripComment cuts the line at a '#' that starts a word outside quotes, as a POSIX shell does.
// It also finds an unterminated quote, which shellwords reports without a position.
func stripComment(line string) (string, error) {
	var quote byte
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote == '\'':
			if c == '\'' {
				quote = 0
			}
		case quote == '"':
			if c == '\\' {
				i++
			} else if c == '"' {
				quote = 0
			}
		case c == '\\':
			i++
		case c == '\'' || c == '"':
			quote = c
		case c == '#' && (i == 0 || strings.ContainsRune(" \t", rune(line[i-1]))):
			return line[:i], nil
		}
	}
	if quote != 0 {
		return "", fault.Refusef(CodeLexer, sentenceUnterminated)
	}
	return line, nil
}
