package main

import (
	"io"
	"os"

	"github.com/studioctl/studioctl/store"

	"golang.org/x/term"
)

// IOStreams are the process's standard streams, whether each end is a terminal, the environment
// and the user's folders: everything the command reads from its surroundings, in one place, so
// tests hand in their own and nothing below the command layer reads the environment.
type IOStreams struct {
	In     io.Reader
	Out    io.Writer
	Err    io.Writer
	InTTY  bool
	OutTTY bool
	ErrTTY bool // progress displays rewrite their line in place only on a terminal
	// NoColor is set by NO_COLOR (no-color.org): the full-screen browser marks its cursor line
	// with a sign instead of reverse video.
	NoColor  bool
	Getenv   func(string) string
	HomeDirs dirs
	// Keyring is where saved credentials go when it answers (keyring.go); nil keeps them in the
	// connections file.
	Keyring store.Keyring
}

// dirs are the user's directories; tests point them at a temporary folder.
type dirs struct {
	Home   string // where ~/.kube/config is looked for; "" reads no default kubeconfig
	Cache  string
	Config string
	State  string
}

func systemStreams() *IOStreams {
	cache, _ := os.UserCacheDir()
	config, _ := os.UserConfigDir()
	state := os.Getenv("XDG_STATE_HOME")
	if state == "" {
		if home, err := os.UserHomeDir(); err == nil {
			state = home + "/.local/state"
		}
	}
	return &IOStreams{
		In: os.Stdin, Out: os.Stdout, Err: os.Stderr,
		InTTY: term.IsTerminal(int(os.Stdin.Fd())), OutTTY: term.IsTerminal(int(os.Stdout.Fd())),
		ErrTTY:   term.IsTerminal(int(os.Stderr.Fd())),
		NoColor:  os.Getenv("NO_COLOR") != "",
		Getenv:   os.Getenv,
		HomeDirs: dirs{Home: homeOf(), Cache: join(cache, "studioctl"), Config: join(config, "studioctl"), State: join(state, "studioctl")},
		Keyring:  osKeyringFor(os.Getenv),
	}
}

func join(dir, name string) string {
	if dir == "" {
		return ""
	}
	return dir + string(os.PathSeparator) + name
}
