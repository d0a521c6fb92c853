package printer

import (
	"bytes"
	"io"

	"github.com/studioctl/studioctl/fault"
)

// DocStream prints a collection's documents as they are read (get -o json, yaml, jsonpath,
// go-template, custom-columns on the command line): the List's opening before the first item,
// each item when it is handed over, the List's close at the end, so only the page being read is
// ever held. Each item passes the same machine masking and encoder as Write, and the bytes are
// those Write prints for the whole List. A stream that fails part way is left unclosed, so no
// reader takes what was printed for the whole list.
type DocStream struct {
	w    *Writer
	d    *Docs // Format, SecretNames and Form; Objects stays empty
	form formStream
	n    int // items printed
	buf  bytes.Buffer
	yaml yamlEmitter // -o yaml's fast road, its scalar cache kept across items
}

// formStream is a form that prints a List item by item with the output it prints for the whole.
type formStream interface {
	begin(w io.Writer) error
	item(w io.Writer, obj any) error
	end(w io.Writer) error
}

// streamingForm is a Form that may print a List item by item; stream answers false when this
// form's output needs the whole List (a template that indexes or counts the items).
type streamingForm interface {
	stream() (formStream, bool)
}

// The List envelope as writeDocument prints it around its items, in JSON and in YAML.
const (
	jsonListHead = "{\n    \"apiVersion\": \"v1\",\n    \"items\": [\n"
	jsonListTail = "\n    ],\n    \"kind\": \"List\",\n    \"metadata\": {\n        \"resourceVersion\": \"\"\n    }\n}\n"
	jsonItemStep = "        " // an item's indentation inside the List
	yamlListHead = "apiVersion: v1\nitems:\n"
	yamlListTail = "kind: List\nmetadata:\n  resourceVersion: \"\"\n"
)

// Docs starts printing a List of documents as they are read. It answers false when d cannot be
// printed item by item (a form that needs the whole List, a typed list, a value): the caller
// then reads the list whole, under its row cap, and prints it with Write.
func (s *Stream) Docs(d *Docs) (*DocStream, bool) {
	if d.Single || d.Value != nil || d.ListKind != "" || d.FieldOrder != nil || len(d.Objects) > 0 {
		return nil, false
	}
	ds := &DocStream{w: s.w, d: d}
	switch {
	case d.Form != nil:
		sf, ok := d.Form.(streamingForm)
		if !ok {
			return nil, false
		}
		if ds.form, ok = sf.stream(); !ok {
			return nil, false
		}
	case d.Format != "json" && d.Format != "yaml":
		return nil, false
	}
	return ds, true
}

// Item prints one object of the List; secret marks an object read as a core Secret (machine mode
// masks its name).
func (ds *DocStream) Item(o map[string]any, secret bool) error {
	o = prepareDoc(ds.d, o, secret, ds.w.mode, nil)
	ds.buf.Reset()
	var err error
	switch {
	case ds.form != nil:
		if ds.n == 0 {
			err = ds.form.begin(&ds.buf)
		}
		if err == nil {
			err = ds.form.item(&ds.buf, o)
		}
	case ds.d.Format == "yaml":
		err = ds.yamlItem(o)
	default:
		err = ds.jsonItem(o)
	}
	if err != nil {
		return err
	}
	ds.n++
	return ds.flush()
}

// jsonItem writes the item as writeDocument indents it inside the List: the encoder sorts each
// object's keys whatever holds it, so the item's text depends only on its depth.
func (ds *DocStream) jsonItem(o map[string]any) error {
	if ds.n == 0 {
		ds.buf.WriteString(jsonListHead)
	} else {
		ds.buf.WriteString(",\n")
	}
	ds.buf.WriteString(jsonItemStep)
	return indentedJSON(&ds.buf, o, jsonItemStep, "    ")
}

// yamlItem writes the item as the List's items sequence holds it: a sequence of one item prints
// "- " and the item's lines at the columns the List's does (a sequence under a top-level key is
// not indented), so line folding and block scalars come out the same.
func (ds *DocStream) yamlItem(o map[string]any) error {
	if ds.n == 0 {
		ds.buf.WriteString(yamlListHead)
	}
	if y, ok := ds.yaml.item(ds.buf.AvailableBuffer(), o); ok {
		ds.buf.Write(y)
		return nil
	}
	data, err := MarshalJSON([]any{o})
	if err != nil {
		return err
	}
	y, err := toYAML(data)
	if err != nil {
		return &fault.Error{Code: CodeYAML, Class: fault.ServerError, Sentence: sentenceYAML}
	}
	ds.buf.Write(y)
	return nil
}

// Close prints the end of the List; a List with no items is printed as Write prints it.
func (ds *DocStream) Close() error {
	if ds.n == 0 {
		return ds.w.writeDocs(&Docs{Format: ds.d.Format, Form: ds.d.Form, SecretNames: ds.d.SecretNames})
	}
	ds.buf.Reset()
	switch {
	case ds.form != nil:
		if err := ds.form.end(&ds.buf); err != nil {
			return err
		}
	case ds.d.Format == "yaml":
		ds.buf.WriteString(yamlListTail)
	default:
		ds.buf.WriteString(jsonListTail)
	}
	return ds.flush()
}

// flush writes what the last call printed: documents as encoded, a form's text made safe line by
// line as writeForm makes it.
func (ds *DocStream) flush() error {
	data := ds.buf.Bytes()
	if ds.form != nil {
		data = sanitizeLines(ds.buf.String())
	}
	_, err := ds.w.Out.Write(data)
	return err
}
