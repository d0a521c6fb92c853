package printer

import (
	"encoding/json"
	"fmt"
)

// CellString prints a Table cell the way kubectl does: strings as they are, numbers with their
// exact text, nothing for null, and fmt's form for anything else.
func CellString(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case json.Number:
		return x.String()
	case bool:
		if x {
			return "true"
		}
		return "false"
	}
	return fmt.Sprint(v)
}
