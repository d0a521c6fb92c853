package redact

// Receipt counts what machine mode masked, by rule, so that an agent learns a value exists and
// which rule hid it without ever seeing the value.
type Receipt struct {
	// Masked is how many values were masked in all.
	Masked int `json:"masked"`
	// ByRule is how many of them each rule masked (the Rule* names).
	ByRule map[string]int `json:"byRule,omitempty"`
}

// The rules a Receipt counts by, named as docs/redaction.md names them.
const (
	RuleEnv           = "env and header values"
	RuleCommand       = "command and args"
	RuleAnnotations   = "annotations"
	RuleData          = "ConfigMap and Secret data"
	RuleSecretNames   = "Secret names"
	RuleResourceNames = "RBAC resource names"
	RuleUserExtra     = "user extra"
	RuleCells         = "custom resource cells"
	RuleOther         = "other"
)

// Add counts n values masked by rule.
func (r *Receipt) Add(rule string, n int) {
	if n <= 0 {
		return
	}
	if r.ByRule == nil {
		r.ByRule = map[string]int{}
	}
	r.ByRule[rule] += n
	r.Masked += n
}

// Merge adds another receipt's counts to r.
func (r *Receipt) Merge(o Receipt) {
	for rule, n := range o.ByRule {
		r.Add(rule, n)
	}
}

// MachineCounted masks v in place as Machine does and counts every value it turned into Masked,
// attributing each to the rule its field path names. A value already Masked is not counted again.
func MachineCounted(v any) Receipt {
	before := clone(v, 0)
	Machine(v)
	var r Receipt
	countMasked(before, v, nil, &r, 0)
	return r
}

// clone copies a decoded JSON value deeply enough to compare it after masking.
func clone(v any, depth int) any {
	if depth > maxDepth {
		return v
	}
	switch t := v.(type) {
	case map[string]any:
		c := make(map[string]any, len(t))
		for k, x := range t {
			c[k] = clone(x, depth+1)
		}
		return c
	case []any:
		c := make([]any, len(t))
		for i, x := range t {
			c[i] = clone(x, depth+1)
		}
		return c
	}
	return v
}

// countMasked walks the value before and after masking side by side and counts each value that
// became Masked.
func countMasked(before, after any, path []string, r *Receipt, depth int) {
	if depth > maxDepth {
		return
	}
	switch b := before.(type) {
	case map[string]any:
		a, ok := after.(map[string]any)
		if !ok {
			countWhole(before, after, path, r)
			return
		}
		for k, bv := range b {
			if av, present := a[k]; present {
				countMasked(bv, av, append(path, k), r, depth+1)
			}
		}
	case []any:
		a, ok := after.([]any)
		if !ok || len(a) != len(b) {
			countWhole(before, after, path, r)
			return
		}
		for i := range b {
			countMasked(b[i], a[i], append(path, ""), r, depth+1)
		}
	default:
		countWhole(before, after, path, r)
	}
}

// countWhole counts one value replaced whole by Masked.
func countWhole(before, after any, path []string, r *Receipt) {
	if s, ok := after.(string); ok && s == Masked && before != nil {
		if bs, ok := before.(string); !ok || bs != Masked {
			r.Add(ruleOf(path), 1)
		}
	}
}

// ruleOf names the rule that masks a value at path: the innermost field that names a rule, else
// a Secret's name for a name field, else other.
func ruleOf(path []string) string {
	for i := len(path) - 1; i >= 0; i-- {
		switch k := path[i]; {
		case k == "env" || k == "httpHeaders":
			return RuleEnv
		case k == "command" || k == "args":
			return RuleCommand
		case k == "annotations":
			return RuleAnnotations
		case k == "data" || k == "binaryData" || k == "stringData":
			return RuleData
		case k == "resourceNames":
			return RuleResourceNames
		case k == "extra":
			return RuleUserExtra
		case isSecretNameKey(k) || isSecretRefKey(k) || k == "certificateRefs":
			return RuleSecretNames
		}
	}
	if n := len(path); n > 0 && (path[n-1] == "name" || path[n-1] == "generateName" || path[n-1] == "selfLink") {
		return RuleSecretNames
	}
	return RuleOther
}
