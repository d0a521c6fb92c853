package console

import (
	"io"

	"golang.org/x/term"
)

// The console's keys beyond x/term's own line editing. x/term ends ReadLine at Ctrl-C as it
// does at Ctrl-D on an empty line, so the console would close on the key a person presses to
// give up a line. keyReader reads Ctrl-C as "go to the end of the line, then erase to its
// start": the line is cleared and the prompt stays. Ctrl-D on an empty line still leaves.
// (While a statement runs the terminal is in its normal mode, where Ctrl-C is a signal that
// cancels the statement: see Interactive.)

const (
	keyInterrupt = 0x03 // Ctrl-C
	keyLineEnd   = 0x05 // Ctrl-E: x/term's end of line
	keyEraseHead = 0x15 // Ctrl-U: x/term's erase to the start of the line
)

// keyReader hands x/term the terminal's bytes with each Ctrl-C made Ctrl-E Ctrl-U.
type keyReader struct {
	r       io.Reader
	pending []byte
}

func (k *keyReader) Read(p []byte) (int, error) {
	if len(k.pending) == 0 {
		buf := make([]byte, len(p))
		n, err := k.r.Read(buf)
		for _, b := range buf[:n] {
			if b == keyInterrupt {
				k.pending = append(k.pending, keyLineEnd, keyEraseHead)
				continue
			}
			k.pending = append(k.pending, b)
		}
		if len(k.pending) == 0 {
			return 0, err
		}
	}
	n := copy(p, k.pending)
	k.pending = k.pending[n:]
	return n, nil
}

// newTerminal is the console's line editor over a terminal's input and output: the prompt, the
// keys above and tab completion through complete.
func newTerminal(in io.Reader, out io.Writer, complete func(line string, pos int, key rune) (string, int, bool)) *term.Terminal {
	rw := struct {
		io.Reader
		io.Writer
	}{&keyReader{r: in}, out}
	t := term.NewTerminal(rw, "studioctl> ")
	t.AutoCompleteCallback = complete
	return t
}
