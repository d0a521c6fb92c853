package printer

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/sanitize"
)

// WriteError prints one error: "error: " and its sentence, or, asJSON, an object with the
// stable code, the sentence and the exit code. An outcome that exits 0 (a watch that reached a
// snapshot's end or its idle limit) is a notice, printed without "error: ": an error line always
// comes with a non-zero exit, so a script that greps for it is not misled. The sentence's values were sanitised when
// fault.Sentencef composed it; it is sanitised again here, the last step before the terminal, so
// a sentence built some other way cannot skip it.
func WriteError(errOut io.Writer, e *fault.Error, asJSON bool) {
	sentence := sanitize.String(e.Sentence)
	if asJSON {
		data, _ := json.Marshal(map[string]any{"code": e.Code, "sentence": sentence, "exit": e.Exit()})
		fmt.Fprintln(errOut, string(escapeJSON(data)))
		return
	}
	if e.Class == fault.Ended {
		fmt.Fprintln(errOut, sentence)
		return
	}
	fmt.Fprintln(errOut, "error: "+sentence)
}
