package main

import (
	"errors"
	"io/fs"
	"os"

	"github.com/studioctl/studioctl/kubeconfig"
	"github.com/studioctl/studioctl/read"
	"github.com/studioctl/studioctl/read/config"
)

// kubeconfigReader is a statement that reads the person's kubeconfig rather than a server
// (config view, config get-contexts, config current-context).
type kubeconfigReader interface{ Use(config.Kubeconfig) }

// handKubeconfig gives a config statement the files kubectl would read: --kubeconfig's, else
// KUBECONFIG's list (a file of it that does not exist skipped, as kubectl skips it), else
// ~/.kube/config, and --context. Each is read by the same bounded reader as for a connection;
// only the statement's reader decides what of it is printed.
func (f *Factory) handKubeconfig(st *read.Statement) error {
	r, ok := st.Options.(kubeconfigReader)
	if !ok {
		return nil
	}
	paths, from := []string{f.flags.kubeconfig}, ""
	if f.flags.kubeconfig == "" {
		paths, from = defaultKubeconfigs(f.IO)
	}
	files := make([]kubeconfig.Source, 0, len(paths))
	for _, p := range paths {
		if from == "KUBECONFIG" {
			if _, err := os.Stat(p); errors.Is(err, fs.ErrNotExist) {
				continue
			}
		}
		data, err := readKubeconfig(p)
		if err != nil {
			return err
		}
		files = append(files, kubeconfig.Source{Path: p, Data: data})
	}
	r.Use(config.Kubeconfig{Files: files, Context: f.flags.context})
	return nil
}
