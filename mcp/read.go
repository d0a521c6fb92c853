package mcp

import (
	"context"
	"slices"
	"strings"
	"unicode/utf8"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/read"
	"github.com/studioctl/studioctl/read/reader"
	"github.com/studioctl/studioctl/statement"
)

// ownFlags are studioctl's own flags that are not kubectl's connection flags: the server fixes
// what they set, and no statement may (statement.GlobalFlags).
var ownFlags = statement.AgentRefusedFlags()

func (s *Server) runRead(ctx context.Context, _ *sdk.CallToolRequest, in ReadInput) (*sdk.CallToolResult, ReadOutput, error) {
	out := ReadOutput{Connection: in.Connection, Statement: in.Statement}
	var content []sdk.Content
	rec := &logRecord{Tool: "run_kubectl_read", Connection: in.Connection, Statement: in.Statement}
	err := s.call(ctx, rec, func(ctx context.Context) (int, error) {
		c, err := s.resolve(rec, in.Connection)
		if err != nil {
			return 0, err
		}
		out.Connection = c.Name
		words, err := agentWords(in.Statement)
		if err != nil {
			return 0, err
		}
		open := func(*read.Statement) (*reader.Session, error) {
			sess, err := s.session(c)
			if err != nil {
				return nil, err
			}
			return reader.Of(sess), nil
		}
		o := read.Exec(ctx, words, read.Surface{Admit: admitStatement, Open: open})
		switch {
		case o.Err != nil:
			return 0, agentRefusal(o.Err)
		case o.Help != nil:
			out.Lines = o.Help
			content = []sdk.Content{&sdk.TextContent{Text: strings.Join(out.Lines, "\n")}}
			return len(out.Lines), nil
		case o.Statement == nil:
			return 0, fault.Refusef(CodeEmpty, sentenceEmpty)
		}
		res := o.Result
		content, err = answer(res, &out)
		return out.RowCount, err
	})
	if err != nil {
		return nil, ReadOutput{}, err
	}
	// An answer with per-item errors (a named object not found) is a failed call, as the command
	// exits 1 for it; its rows and errors are still the answer's.
	return &sdk.CallToolResult{Content: content, IsError: len(out.Errors) > 0}, out, nil
}

// agentWords splits an agent's line as the console does, with the agent path's refusals that
// read words: the line's length, studioctl's own flags and connection flags. Nothing is sent
// before it answers.
func agentWords(line string) ([]string, error) {
	if n := utf8.RuneCountInString(line); n > MaxStatementChars {
		return nil, fault.Refusef(CodeTooLong, sentenceTooLong, n, MaxStatementChars)
	}
	words, err := statement.Split(line)
	if err != nil {
		return nil, err
	}
	return words, flagRefusal(words)
}

// admitStatement is the agent surface's Admit (read.Surface): a local template file, watch and
// follow are refused once the statement is read.
func admitStatement(st *read.Statement) error {
	if form, _, _ := strings.Cut(st.Output(), "="); strings.HasSuffix(form, "-file") || form == "templatefile" {
		return fault.Refusef(CodeLocalFile, sentenceLocalFile, form)
	}
	for _, f := range st.FlagsGiven() {
		switch f {
		case "watch", "watch-only":
			return fault.Refusef(CodeWatch, sentenceWatch)
		case "follow":
			return fault.Refusef(CodeFollow, sentenceFollow)
		}
	}
	return nil
}

// flagRefusal refuses studioctl's own flags and connection flags in the agent's words, naming the
// flag as it was written.
func flagRefusal(words []string) error {
	for _, w := range words {
		if w == "--" {
			return nil
		}
		if !strings.HasPrefix(w, "-") || w == "-" {
			continue
		}
		name, _, _ := strings.Cut(strings.TrimLeft(w, "-"), "=")
		spelled, _, _ := strings.Cut(w, "=")
		switch {
		case slices.Contains(ownFlags, name):
			return fault.Refusef(CodeOwnFlag, sentenceOwnFlag, spelled, MaxRows)
		case slices.Contains(statement.ConnectionFlags, name):
			return fault.Refusef(CodeConnectionFlag, sentenceConnectionFlag, spelled)
		}
	}
	return nil
}

// agentRefusal rewrites a row-cap refusal with advice that fits an agent, which has no flag to
// lift the cap.
func agentRefusal(err error) error {
	if e, ok := fault.As(err); ok && e.Code == fault.CodeLimitRows {
		return fault.Refusef(CodeRowCap, sentenceRowCap, MaxRows)
	}
	return err
}
