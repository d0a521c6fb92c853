package kube

import (
	"bytes"
	"encoding/json"
	"errors"

	"github.com/studioctl/studioctl/limits"

	"github.com/studioctl/studioctl/apivalue"
	"github.com/studioctl/studioctl/fault"
)

// decodeJSON decodes an answer with exact numbers (json.Number) under the nesting cap.
func decodeJSON(data []byte, v any) error {
	if err := apivalue.CheckNesting(data, limits.MaxNesting); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("trailing data")
	}
	return nil
}

func decodeError(what string, err error) *fault.Error {
	if errors.Is(err, apivalue.ErrTooDeep) {
		return fault.Server(codeLimitNesting, 200, sprintf(sentenceTooDeep, what, limits.MaxNesting))
	}
	return fault.Server(codeMalformed, 200, sprintf(sentenceMalformed, what))
}

// Field reads a nested value of a decoded answer by its keys, nil where a step is missing or is
// not an object. Readers of decoded objects share it.
func Field(v any, path ...string) any {
	for _, p := range path {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[p]
	}
	return v
}

// Copy deep-copies a decoded answer's objects and arrays, passing every other value through leaf
// (nil keeps it as it is), so a reader can change the copy and leave the answer as it was.
func Copy(v any, leaf func(any) any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = Copy(e, leaf)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = Copy(e, leaf)
		}
		return out
	}
	if leaf != nil {
		return leaf(v)
	}
	return v
}
