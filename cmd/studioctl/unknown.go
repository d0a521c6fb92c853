package main

import (
	"sort"
	"strings"

	"github.com/spf13/cobra"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/statement"
)

// The command line knows more verbs than the statement language (studioctl's own commands are
// cobra commands), so an unknown verb is re-told here with both lists and the nearest name.

// maxSuggestDistance is how many single-letter edits a typed verb may be from a known one to be
// offered as "did you mean".
const maxSuggestDistance = 2

// unknownVerb rewrites the statement parser's unknown-command refusal for the command line; any
// other error passes as it is.
func unknownVerb(root *cobra.Command, words []string, err error) error {
	e, ok := fault.As(err)
	if !ok || e.Code != statement.CodeUnknownCommand || len(words) == 0 || root == nil {
		return err
	}
	var own []string
	for _, c := range root.Commands() {
		if c.IsAvailableCommand() && c.Name() != "help" {
			own = append(own, c.Name())
		}
	}
	sort.Strings(own)
	verbs := statement.CommandNames()
	if near := nearest(words[0], append(append([]string{}, verbs...), own...)); near != "" {
		return fault.Refusef(statement.CodeUnknownCommand, sentenceUnknownVerbNear, words[0], near, strings.Join(verbs, ", "), strings.Join(own, ", "))
	}
	return fault.Refusef(statement.CodeUnknownCommand, sentenceUnknownVerb, words[0], strings.Join(verbs, ", "), strings.Join(own, ", "))
}

// nearest is the known name closest to typed within maxSuggestDistance edits ("" when none is),
// the first in the list on a tie.
func nearest(typed string, known []string) string {
	best, bestD := "", maxSuggestDistance+1
	for _, k := range known {
		if d := editDistance(strings.ToLower(typed), k); d < bestD {
			best, bestD = k, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance of two short words.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}
