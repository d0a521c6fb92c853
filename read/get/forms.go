package get

import (
	"context"
	"io"
	"os"

	"github.com/studioctl/studioctl/printer"
	"github.com/studioctl/studioctl/printer/jsonpath"
)

// readForms reads -o's template or columns and --sort-by's path before anything is sent, so a
// template that cannot be read is refused without a request.
func (o *Options) readForms() (printer.Form, *sorter, error) {
	read := o.ReadFile
	if read == nil {
		read = readLocalFile
	}
	f, err := printer.NewForm(o.Output, o.AllowMissing == nil || *o.AllowMissing, read)
	if err != nil {
		return nil, nil, err
	}
	if f != nil && o.NoHeaders {
		printer.SetNoHeaders(f)
	}
	if o.SortBy == "" {
		return f, nil, nil
	}
	s, err := newSorter(o.SortBy)
	return f, s, err
}

// readLocalFile reads a form's file: a regular file of at most the template cap.
func readLocalFile(name string) ([]byte, error) {
	if name == "" {
		return nil, os.ErrInvalid
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return nil, os.ErrInvalid
	}
	data, err := io.ReadAll(io.LimitReader(f, jsonpath.MaxTemplateBytes+1))
	if err != nil || len(data) > jsonpath.MaxTemplateBytes {
		return nil, os.ErrInvalid
	}
	return data, nil
}

// sortRows orders the table's rows by their --sort-by keys.
func (b *tableBuilder) sortRows() error {
	if b.g.sort == nil || len(b.keys) != len(b.out.Rows) {
		return nil
	}
	if err := b.g.sort.checkFound(b.keys, 2); err != nil {
		return err
	}
	order(b.keys, func(perm []int) {
		rows := make([][]string, len(perm))
		var marks []bool
		if b.out.SecretRows != nil {
			marks = make([]bool, len(perm))
		}
		for i, p := range perm {
			rows[i] = b.out.Rows[p]
			if marks != nil {
				marks[i] = b.out.SecretRows[p]
			}
		}
		b.out.Rows, b.out.SecretRows = rows, marks
	})
	return nil
}

// sortedDocs reads the documents and, with --sort-by, orders them as the table would be.
func (g *getRead) sortedDocs(ctx context.Context) (*printer.Result, error) {
	res, err := g.docs(ctx)
	if err != nil || res.Docs == nil {
		return res, err
	}
	if err := g.sortDocs(res.Docs); err != nil {
		return nil, err
	}
	return res, nil
}

// sortDocs orders documents by their --sort-by keys (a stable sort, as kubectl's), keeping each
// object's Secret mark with it.
func (g *getRead) sortDocs(d *printer.Docs) error {
	if g.sort == nil {
		return nil
	}
	objs, secret := d.Objects, d.SecretItems
	keys := make([]any, len(objs))
	for i, o := range objs {
		keys[i] = g.sort.key(o)
	}
	if err := g.sort.checkFound(keys, 1); err != nil {
		return err
	}
	order(keys, func(perm []int) {
		sorted := make([]map[string]any, len(perm))
		var marks []bool
		if secret != nil {
			marks = make([]bool, len(perm))
		}
		for i, p := range perm {
			sorted[i] = objs[p]
			if secret != nil && p < len(secret) {
				marks[i] = secret[p]
			}
		}
		d.Objects, d.SecretItems = sorted, marks
	})
	return nil
}
