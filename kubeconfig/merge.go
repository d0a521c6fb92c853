package kubeconfig

import (
	"errors"

	"github.com/studioctl/studioctl/fault"
)

// Source is one file of a kubeconfig list: the path it was read from, which only labels the
// sentences about it (this package never opens it), and its bytes.
type Source struct {
	Path string
	Data []byte
}

// ParseList reads each file of a list strictly, as Parse does, and merges them as kubectl merges
// the files of KUBECONFIG: a cluster, user or context keeps the entry of the first file that
// defines its name, and the current-context is the first file's that sets one. A refusal of one
// file, and a refusal of an entry Import later finds at fault, names that file's path, so the
// person knows which of several files to open.
func ParseList(files []Source) (*File, error) {
	merged := &File{clusters: map[string]*cluster{}, users: map[string]*user{}, contexts: map[string]*kcontext{}}
	for _, src := range files {
		f, err := Parse(src.Data)
		if err != nil {
			return nil, inFile(src.Path, err)
		}
		f.label(src.Path)
		merged.add(f)
	}
	return merged, nil
}

// add takes from f what the files before it left undefined.
func (m *File) add(f *File) {
	for name, c := range f.clusters {
		if _, ok := m.clusters[name]; !ok {
			m.clusters[name] = c
		}
	}
	for name, u := range f.users {
		if _, ok := m.users[name]; !ok {
			m.users[name] = u
		}
	}
	for name, c := range f.contexts {
		if _, ok := m.contexts[name]; !ok {
			m.contexts[name] = c
		}
	}
	if m.current == "" && f.current != "" {
		m.current, m.currentAt = f.current, f.currentAt
	}
}

// label marks every position of f as being in the file at path.
func (f *File) label(path string) {
	f.currentAt.file = path
	for _, c := range f.clusters {
		c.at.file, c.serverAt.file = path, path
	}
	for _, c := range f.contexts {
		c.at.file = path
	}
}

// inFile puts the file's path in front of a refusal's sentence. The path is the person's (from
// the command line or KUBECONFIG), never text from the file; it is sanitised like any value.
func inFile(path string, err error) error {
	var e *fault.Error
	if path == "" || !errors.As(err, &e) {
		return err
	}
	labelled := *e
	labelled.Sentence = fault.Sentencef(sentenceInFile, path) + e.Sentence
	return &labelled
}

// refuseAt is refuse for a sentence about an entry at p: the sentence names p's file, when the
// entry came from a list of files.
func refuseAt(p pos, code, format string, args ...any) error {
	return inFile(p.file, refuse(code, format, args...))
}
