package screen

import (
	"fmt"

	"github.com/charmbracelet/lipgloss"
)

// styles are the screen's few looks, made by the renderer the command built on its terminal.
// Under NO_COLOR, or with no renderer (tests), or on a monochrome terminal (where the renderer
// finds no colours) every style is plain and the cursor row is told by its "> " mark
// alone, which is drawn in every mode.
type styles struct {
	plain                         bool
	title, header, cursor, status lipgloss.Style
}

func newStyles(noColor bool, r *lipgloss.Renderer) *styles {
	s := &styles{plain: noColor || r == nil}
	if s.plain {
		return s
	}
	s.title = r.NewStyle().Bold(true).Reverse(true)
	s.header = r.NewStyle().Bold(true)
	s.cursor = r.NewStyle().Reverse(true)
	s.status = r.NewStyle().Faint(true)
	return s
}

func (s *styles) render(st lipgloss.Style, text string) string {
	if s.plain {
		return text
	}
	return st.Render(text)
}

func sprintf(format string, args ...any) string { return fmt.Sprintf(format, args...) }
