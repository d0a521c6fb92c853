package main

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The shells' completion of the first word lists each command once: cobra's subcommands (with
// their descriptions) and the statement verbs, none of them twice, whatever the partial word.
func TestCompletionListsEachCommandOnce(t *testing.T) {
	for _, partial := range []string{"", "c", "t", "h"} {
		out, errOut, code := runCLI("--replay", "demo", "__complete", partial)
		if code != 0 {
			t.Fatalf("__complete %q: exit %d, stderr %q", partial, code, errOut)
		}
		var words, twice []string
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			word, _, _ := strings.Cut(line, "\t")
			if strings.HasPrefix(word, ":") { // cobra's directive line
				continue
			}
			if slices.Contains(words, word) {
				twice = append(twice, word)
			}
			words = append(words, word)
		}
		if diff := cmp.Diff([]string(nil), twice); diff != "" {
			t.Errorf("__complete %q lists these twice (-want +got):\n%s", partial, diff)
		}
		for _, w := range []string{"console", "tree", "check", "get", "help"} {
			if strings.HasPrefix(w, partial) && !slices.Contains(words, w) {
				t.Errorf("__complete %q: %s not offered in %q", partial, w, words)
			}
		}
	}
}

// README's completion lines serve every shell completion --help offers them for: bash (with the
// bash-completion package it depends on), zsh and fish.
func TestReadmeCompletionLines(t *testing.T) {
	var got []string
	for _, e := range readmeExamples(t) {
		if strings.Contains(e.line, "studioctl completion ") {
			got = append(got, e.line)
		}
	}
	want := []string{
		"source <(studioctl completion bash)",
		"source <(studioctl completion zsh)",
		"studioctl completion fish > ~/.config/fish/completions/studioctl.fish",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("README's completion lines (-want +got):\n%s", diff)
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(readme), "bash needs the bash-completion package") {
		t.Error("README does not say bash completion needs the bash-completion package")
	}
}
