package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	studioctl "github.com/studioctl/studioctl"
	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/limits"
)

// The person's kubeconfig: with no --kubeconfig, --connection, STUDIOCTL_CONNECTION or --replay,
// the command line reads what kubectl reads, $KUBECONFIG (a list of paths) or else
// ~/.kube/config, through the same strict reader as --kubeconfig. Only the command line does:
// studioctl mcp and the library never look for a default file.

// defaultKubeconfigs are the files kubectl would read, in order, and where the list came from.
// An empty list means there is no default kubeconfig at all (KUBECONFIG unset and no file at
// ~/.kube/config), which is "no connection", not an error about a file.
func defaultKubeconfigs(io *IOStreams) (paths []string, from string) {
	if list := io.Getenv("KUBECONFIG"); list != "" {
		seen := map[string]bool{}
		for _, p := range filepath.SplitList(list) {
			// kubectl skips empty entries and reads a file named twice once.
			if p == "" || seen[p] {
				continue
			}
			seen[p] = true
			paths = append(paths, p)
		}
		return paths, "KUBECONFIG"
	}
	if io.HomeDirs.Home == "" {
		return nil, ""
	}
	p := filepath.Join(io.HomeDirs.Home, ".kube", "config")
	if _, err := os.Lstat(p); err != nil {
		return nil, ""
	}
	return []string{p}, "~/.kube/config"
}

// openDefaultKubeconfig opens the context the person's kubeconfig names (or --context picks).
func (f *Factory) openDefaultKubeconfig(paths []string, from string, opts studioctl.Options) (*studioctl.Session, error) {
	files := make([]studioctl.KubeconfigFile, 0, len(paths))
	for _, p := range paths {
		if f.flags.verbosity >= 6 {
			// The path, never the content.
			fmt.Fprintln(f.IO.Err, fault.Sentencef(sentenceVerboseKubeconfig, p, from))
		}
		data, err := readKubeconfig(p)
		if err != nil {
			return nil, err
		}
		files = append(files, studioctl.KubeconfigFile{Path: p, Data: data})
	}
	s, notices, err := studioctl.OpenKubeconfigList(files, f.flags.context, opts)
	printNotices(f.IO.Err, notices)
	return s, err
}

func printNotices(w io.Writer, notices []studioctl.Notice) {
	for _, n := range notices {
		fmt.Fprintln(w, "notice: "+n.Sentence)
	}
}

// readKubeconfig reads one kubeconfig file, at most one byte past the largest studioctl parses
// (the parser refuses that one), and only when it is a regular file. A file that cannot be read is
// named with the reason studioctl found, never the system's message.
func readKubeconfig(path string) ([]byte, error) {
	file, err := os.Open(path)
	if err != nil {
		return nil, fault.Refusef(CodeKubeconfigRead, SentenceKubeconfigOpen, path, openReason(err))
	}
	defer file.Close()
	if info, err := file.Stat(); err == nil && !info.Mode().IsRegular() {
		return nil, fault.Refusef(CodeKubeconfigRead, SentenceKubeconfigOpen, path, reasonNotAFile)
	}
	data, err := io.ReadAll(io.LimitReader(file, limits.MaxKubeconfigBytes+1))
	if err != nil {
		return nil, fault.Refusef(CodeKubeconfigRead, SentenceKubeconfigRead, path)
	}
	return data, nil
}

// openReason says why a file could not be opened, in studioctl's words.
func openReason(err error) string {
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) {
		return replayReason(err) // the same facts, said once
	}
	return reasonUnopened
}

// homeOf is the user's home folder, where ~/.kube/config lives; "" when it cannot be told.
func homeOf() string {
	home, err := os.UserHomeDir()
	if err != nil || strings.TrimSpace(home) == "" {
		return ""
	}
	return home
}
