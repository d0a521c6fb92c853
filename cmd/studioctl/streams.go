package main

import (
	"io"
	"os"

	"golang.org/x/term"
)

// streams are the process's standard streams, with whether each end is a terminal.
type streams struct {
	In       io.Reader
	Out      io.Writer
	Err      io.Writer
	InTTY    bool
	OutTTY   bool
	Getenv   func(string) string
	HomeDirs dirs
}

// dirs are the user's directories; tests point them at a temporary folder.
type dirs struct {
	Cache  string
	Config string
	State  string
}

func systemStreams() streams {
	cache, _ := os.UserCacheDir()
	config, _ := os.UserConfigDir()
	state := os.Getenv("XDG_STATE_HOME")
	if state == "" {
		if home, err := os.UserHomeDir(); err == nil {
			state = home + "/.local/state"
		}
	}
	return streams{
		In: os.Stdin, Out: os.Stdout, Err: os.Stderr,
		InTTY: term.IsTerminal(int(os.Stdin.Fd())), OutTTY: term.IsTerminal(int(os.Stdout.Fd())),
		Getenv:   os.Getenv,
		HomeDirs: dirs{Cache: join(cache, "studioctl"), Config: join(config, "studioctl"), State: join(state, "studioctl")},
	}
}

func join(dir, name string) string {
	if dir == "" {
		return ""
	}
	return dir + string(os.PathSeparator) + name
}
