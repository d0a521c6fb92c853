package main

import (
	"context"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"github.com/studioctl/studioctl/browse"
	"github.com/studioctl/studioctl/kube"
	"github.com/studioctl/studioctl/read/reader"
	"golang.org/x/term"
)

const sentenceBrowseTerminal = "browse draws a full-screen tree, so it needs a terminal on stdin and stdout; use studioctl tree (with --objects) in a pipe. Nothing was sent."

func browseCommand(f *Factory) *cobra.Command {
	io := f.IO
	return &cobra.Command{
		Use:     "browse",
		Example: "  studioctl --kubeconfig k.yaml browse\n  NO_COLOR=1 studioctl --connection prod browse",
		Short:   "Browse the tree full-screen: open containers and folders, Enter for YAML or a pod's logs, / to filter",
		Long: "browse shows the tree of studioctl tree on the whole terminal. Arrows (or h j k l) move, right\n" +
			"opens a container or a folder (a container's folders are read when it opens), left closes it,\n" +
			"Enter shows a pod's last 50 log lines, any other object's YAML view or a custom resource\n" +
			"type's list; d describes an object, y shows any object's YAML, / filters what was read, q quits.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			in, inOK := io.In.(*os.File)
			out, outOK := io.Out.(*os.File)
			if !io.InTTY || !io.OutTTY || !inOK || !outOK {
				return fail(kube.Refusef("refused.browse.terminal", sentenceBrowseTerminal), false)
			}
			s, err := f.Session()
			if err != nil {
				return fail(err, false)
			}
			ctx := cmd.Context()
			v, err := browse.NewView(ctx, browse.Open(s), reader.Mode(s))
			if err != nil {
				return fail(err, false)
			}
			state, err := term.MakeRaw(int(in.Fd()))
			if err != nil {
				return fail(kube.Refusef("refused.browse.terminal", sentenceBrowseTerminal), false)
			}
			defer term.Restore(int(in.Fd()), state)
			size := func() (int, int) {
				w, h, err := term.GetSize(int(out.Fd()))
				if err != nil {
					return 80, 24
				}
				return w, h
			}
			return browseLoop(ctx, v, in, out, size, io.NoColor)
		},
	}
}

// browseLoop draws the view and feeds it keys until it quits or the input ends. It writes only the
// view's sanitized lines and a few fixed control sequences (alternate screen, cursor, reverse video).
func browseLoop(ctx context.Context, v *browse.View, in io.Reader, out io.Writer, size func() (int, int), noColor bool) error {
	io.WriteString(out, "\x1b[?1049h\x1b[?25l")
	defer io.WriteString(out, "\x1b[?25h\x1b[?1049l")
	buf := make([]byte, 256)
	for {
		v.Width, v.Height = size()
		draw(out, v, noColor)
		n, err := in.Read(buf)
		for _, k := range browse.ParseKeys(buf[:n]) {
			if v.Key(ctx, k) {
				return nil
			}
		}
		if err != nil {
			return nil
		}
	}
}

// draw paints the screen; the cursor line is in reverse video, or marked with "> " under NO_COLOR.
func draw(out io.Writer, v *browse.View, noColor bool) {
	lines, cursor := v.Screen()
	var b strings.Builder
	b.WriteString("\x1b[H")
	for i, l := range lines {
		switch {
		case i == cursor && noColor:
			b.WriteString("> " + l)
		case i == cursor:
			b.WriteString("\x1b[7m" + l + "\x1b[0m")
		case noColor:
			b.WriteString("  " + l)
		default:
			b.WriteString(l)
		}
		b.WriteString("\x1b[K")
		if i < len(lines)-1 {
			b.WriteString("\r\n")
		}
	}
	io.WriteString(out, b.String())
}
