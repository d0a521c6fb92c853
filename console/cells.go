package console

import (
	"encoding/json"
	"fmt"

	"github.com/studioctl/studioctl/kube"
)

// cellString prints a Table cell the way kubectl does: strings as they are, numbers with their
// exact text, nothing for null, and fmt's form for anything else.
func cellString(v any) string {
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

// sprintf formats the console's sentences and notices through kube.Sentencef, which sanitises and
// cuts every value it interpolates.
func sprintf(format string, args ...any) string { return kube.Sentencef(format, args...) }
