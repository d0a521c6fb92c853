package studioctl

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/studioctl/studioctl/console"
	"github.com/studioctl/studioctl/kube"
)

// Exec runs one parsed statement, prints its answer (stdout) and its notices and errors (stderr)
// and returns the exit code of the command-line contract.
func (s *Session) Exec(ctx context.Context, st *console.Statement, out, errOut io.Writer) int {
	jsonErrors := st.Output() == "json"
	res, err := s.Session.Run(ctx, st)
	if err != nil {
		return Report(errOut, err, jsonErrors)
	}
	if err := s.Print(out, errOut, res); err != nil {
		return Report(errOut, err, jsonErrors)
	}
	for _, e := range res.Errors {
		printError(errOut, e, jsonErrors)
	}
	if len(res.Errors) > 0 {
		return res.Errors[0].Exit
	}
	return res.Exit
}

// ExecWords parses words (as a shell split them) and runs them; a refusal prints its sentence.
func (s *Session) ExecWords(ctx context.Context, words []string, out, errOut io.Writer) int {
	st, err := console.Parse(words)
	if err != nil {
		return Report(errOut, err, WantsJSON(words))
	}
	if st == nil {
		return kube.ExitOK
	}
	if st.Help {
		for _, l := range console.HelpLines(st.Command) {
			fmt.Fprintln(out, l)
		}
		return kube.ExitOK
	}
	return s.Exec(ctx, st, out, errOut)
}

// WantsJSON reports whether a statement asks for -o json, so its errors are JSON too.
func WantsJSON(words []string) bool {
	for i, w := range words {
		if w == "-ojson" || w == "-o=json" || w == "--output=json" || ((w == "-o" || w == "--output") && i+1 < len(words) && words[i+1] == "json") {
			return true
		}
	}
	return false
}

// Report prints an error as studioctl's sentence (or a JSON object with its stable code) and
// returns its exit code.
func Report(errOut io.Writer, err error, jsonErrors bool) int {
	e, ok := kube.AsError(err)
	if !ok {
		e = &kube.Error{Code: console.CodeInternal, Sentence: kube.Sentencef(console.SentenceInternal, err.Error()), Exit: kube.ExitRefused}
	}
	printError(errOut, e, jsonErrors)
	return e.Exit
}

func printError(errOut io.Writer, e *kube.Error, jsonErrors bool) {
	if jsonErrors {
		data, _ := json.Marshal(map[string]any{"code": e.Code, "sentence": e.Sentence, "exit": e.Exit})
		fmt.Fprintln(errOut, string(data))
		return
	}
	fmt.Fprintln(errOut, "error: "+e.Sentence)
}
