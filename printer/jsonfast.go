package printer

import (
	"bytes"
	"encoding/json"

	"github.com/studioctl/studioctl/internal/jsonw"
)

// jsonWriter writes decoded JSON as MarshalJSON and json.Indent would (internal/jsonw), with
// every jsonEscaped character escaped as escapeJSON escapes it.
var jsonWriter = jsonw.Writer{Escape: jsonEscaped}

// indentedJSON is v as MarshalJSON then json.Indent(prefix, indent) write it, by jsonWriter when
// v is a decoded JSON value and by that pair otherwise.
func indentedJSON(buf *bytes.Buffer, v any, prefix, indent string) error {
	if out, ok := jsonWriter.Append(buf.AvailableBuffer(), v, prefix, indent); ok {
		buf.Write(out)
		return nil
	}
	data, err := encoderJSON(v)
	if err != nil {
		return err
	}
	return json.Indent(buf, data, prefix, indent)
}
