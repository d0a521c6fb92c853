package printer

import (
	"slices"
	"strings"

	"github.com/studioctl/studioctl/redact"
)

// Masking comes before rendering, as its own step: Mask applies a mode's rules to a result's
// structures once, and the Writer renders what it is handed (it masks a result first unless it
// was masked already, so no printer can skip the step). A caller that needs the masked data
// rather than text, the agent surface, reads it from the masked result with a receipt of what
// was masked (MaskCounted), instead of printing a cell at a time to find out.

// ruleDescribed counts the values a describe answer masked: describe renders its own text, so a
// receipt says how many, not by which rule.
const ruleDescribed = "described values"

// Mask is r with mode's masking applied: machine mode masks Secret names, RBAC resource names of
// rules about Secrets, custom resources' printer columns and section 9's fields of documents; in
// every mode documents lose managedFields (kubectl hides them) and a describe becomes its lines.
// Documents are masked in place; the tables and lines of the result given are left as they were.
func Mask(r *Result, mode RedactMode) *Result {
	m, _ := mask(r, mode, false)
	return m
}

// MaskCounted is Mask with a receipt of what was masked, by rule. A describe is rendered a second
// time, for people, to count what machine mode masked in it.
func MaskCounted(r *Result, mode RedactMode) (*Result, redact.Receipt) {
	return mask(r, mode, true)
}

func mask(r *Result, mode RedactMode, counted bool) (*Result, redact.Receipt) {
	var rc redact.Receipt
	if r.masked && r.maskedIn >= mode {
		return r, rc
	}
	var count *redact.Receipt
	if counted {
		count = &rc
	}
	m := *r
	m.masked, m.maskedIn = true, mode
	if mode == Machine {
		m.Table = maskTable(r.Table, count)
		m.Groups = nil
		for _, t := range r.Groups {
			m.Groups = append(m.Groups, maskTable(t, count))
		}
		m.Lines = maskLines(r.Lines, count)
	}
	if r.Describe != nil {
		m.Describe = nil
		m.Lines = &Lines{Text: r.Describe.Render(mode)}
		if counted && mode == Machine {
			rc.Add(ruleDescribed, maskedCount(m.Lines.Text)-maskedCount(r.Describe.Render(People)))
		}
	}
	if r.Docs != nil {
		maskDocs(r.Docs, mode, count)
	}
	return &m, rc
}

func maskedCount(lines []string) int { return strings.Count(strings.Join(lines, "\n"), redact.Masked) }

// maskTable is t with machine mode's cell masks; nil for nil. Only the rows a mask changes are
// copied (and the list of rows once, then): a table of 20,000 pods, with no cell to mask, is
// handed on as it is, and the table given is never written.
func maskTable(t *Table, rc *redact.Receipt) *Table {
	if t == nil {
		return nil
	}
	m := *t
	rowsCopied := false
	for i, row := range t.Rows {
		var cells []string // the row's copy, made at its first masked cell
		for j, cell := range row {
			masked := maskCell(t, i, j, cell)
			if masked == cell {
				continue
			}
			if cells == nil {
				cells = slices.Clone(row)
			}
			cells[j] = masked
			if rc != nil && strings.Contains(masked, redact.Masked) {
				rc.Add(cellRule(t, j), 1)
			}
		}
		if cells == nil {
			continue
		}
		if !rowsCopied {
			m.Rows, rowsCopied = slices.Clone(t.Rows), true
		}
		m.Rows[i] = cells
	}
	return &m
}

// maskCell is one cell as machine mode prints it, by its column's role and its row's marks.
func maskCell(t *Table, row, col int, cell string) string {
	if col >= len(t.Columns) {
		return cell
	}
	secretRow := t.SecretRows != nil && row < len(t.SecretRows) && t.SecretRows[row]
	switch t.Columns[col].Role {
	case RoleName:
		if t.SecretNames || secretRow {
			// A get of several kinds prefixes names with kind/ (a Secret's name holds no slash):
			// the kind stays, the name is masked.
			if kind, _, ok := strings.Cut(cell, "/"); ok && t.SecretNames {
				return kind + "/" + redact.Masked
			}
			return redact.Masked
		}
	case RoleResourceNames:
		if secretRow && cell != "" && cell != "[]" {
			return redact.Masked
		}
	case RoleObjectRef:
		if kind, _, ok := strings.Cut(cell, "/"); ok && strings.EqualFold(kind, "secret") {
			return kind + "/" + redact.Masked
		}
	case RoleServerCell:
		return redact.Masked
	}
	return cell
}

// cellRule is the receipt's rule for a masked cell of column col.
func cellRule(t *Table, col int) string {
	if col < len(t.Columns) {
		switch t.Columns[col].Role {
		case RoleResourceNames:
			return redact.RuleResourceNames
		case RoleServerCell:
			return redact.RuleCells
		}
	}
	return redact.RuleSecretNames
}

// maskLines is l with machine mode's masks: the name part of -o name lines about Secrets; nil for
// nil. The text is copied at the first line masked; the lines given are never written.
func maskLines(l *Lines, rc *redact.Receipt) *Lines {
	if l == nil || !l.Names {
		return l
	}
	m := *l
	copied := false
	for i, s := range l.Text {
		secretLine := i < len(l.SecretLines) && l.SecretLines[i]
		kind, name, ok := strings.Cut(s, "/")
		if !ok || !(l.SecretNames || secretLine || kind == "secret") {
			continue
		}
		if !copied {
			m.Text, copied = slices.Clone(l.Text), true
		}
		m.Text[i] = kind + "/" + redact.Masked
		if rc != nil && name != redact.Masked {
			rc.Add(redact.RuleSecretNames, 1)
		}
	}
	return &m
}

// maskDocs masks a result's documents in place.
func maskDocs(d *Docs, mode RedactMode, rc *redact.Receipt) {
	if d.Value != nil {
		if mode == Machine {
			machine(d.Value, rc)
		}
		return
	}
	for i, o := range d.Objects {
		d.Objects[i] = prepareDoc(d, o, d.secretItem(i), mode, rc)
	}
}

// prepareDoc removes managedFields (kubectl hides them too) and, in machine mode, masks the
// object: its name when it was read as a core Secret, and section 9's fields.
func prepareDoc(d *Docs, o map[string]any, secret bool, mode RedactMode, rc *redact.Receipt) map[string]any {
	if md, ok := o["metadata"].(map[string]any); ok {
		delete(md, "managedFields")
		if mode == Machine && (d.SecretNames || secret) {
			if n, ok := md["name"]; ok {
				md["name"] = redact.Masked
				if rc != nil && n != redact.Masked {
					rc.Add(redact.RuleSecretNames, 1)
				}
			}
		}
	}
	if mode == Machine {
		machine(o, rc)
	}
	return o
}

// machine applies section 9's rules to a document, counting them when asked.
func machine(v any, rc *redact.Receipt) {
	if rc == nil {
		redact.Machine(v)
		return
	}
	rc.Merge(redact.MachineCounted(v))
}

// secretItem reports whether the i-th object was read as a core Secret.
func (d *Docs) secretItem(i int) bool { return i < len(d.SecretItems) && d.SecretItems[i] }
