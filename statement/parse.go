package statement

import (
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/studioctl/studioctl/fault"
	"github.com/studioctl/studioctl/limits"
)

// Statement is one parsed statement: the command, its arguments and the flags as given.
type Statement struct {
	Command *Command
	Args    []string
	Help    bool // -h or --help: print the command's help and send nothing
	set     map[string][]string
}

// The lookups below are the parser's own; everything outside this package reads flags through
// Fill into typed options.

// has reports whether a flag was given.
func (s *Statement) has(long string) bool { _, ok := s.set[long]; return ok }

// str returns a flag's value, or "" when it was not given.
func (s *Statement) str(long string) string {
	if v := s.set[long]; len(v) > 0 {
		return v[len(v)-1]
	}
	return ""
}

// boolean returns a bool flag's value; the parser already checked it reads true or false.
func (s *Statement) boolean(long string) bool {
	v, ok := s.set[long]
	if !ok {
		return Flags[long].Default == "true"
	}
	return v[len(v)-1] == "true"
}

// list returns a list flag's values, split at commas, empty parts dropped.
func (s *Statement) list(long string) []string {
	var out []string
	for _, v := range s.set[long] {
		for _, p := range strings.Split(v, ",") {
			if p = strings.TrimSpace(p); p != "" {
				out = append(out, p)
			}
		}
	}
	return out
}

// integer returns an int flag's value and whether it was given.
func (s *Statement) integer(long string) (int64, bool) {
	v, ok := s.set[long]
	if !ok {
		return 0, false
	}
	n, _ := strconv.ParseInt(v[len(v)-1], 10, 64)
	return n, true
}

// duration returns a duration flag's value and whether it was given.
func (s *Statement) duration(long string) (time.Duration, bool) {
	v, ok := s.set[long]
	if !ok {
		return 0, false
	}
	d, _ := parseDuration(v[len(v)-1])
	return d, true
}

// ParseLine splits and parses one console line. A blank or comment line gives a nil statement.
func ParseLine(line string) (*Statement, error) {
	words, err := Split(line)
	if err != nil {
		return nil, err
	}
	return Parse(words)
}

// Parse reads words (as a shell split them) into a Statement, or refuses with a sentence.
func Parse(words []string) (*Statement, error) {
	for _, w := range words {
		if err := refuseControls(w); err != nil {
			return nil, err
		}
	}
	words = dropPrompt(words)
	if len(words) == 0 {
		return nil, nil
	}
	if err := refuseCommand(words); err != nil {
		return nil, err
	}
	cmd, n := CommandByWords(words)
	if cmd == nil {
		switch words[0] {
		case "top":
			return nil, fault.Refusef(CodeUsage, sentenceTopNeedsKind)
		case "auth":
			return nil, fault.Refusef(CodeUsage, sentenceAuthNeedsKind)
		case "config":
			return nil, refuseConfig(words)
		}
		return nil, fault.Refusef(CodeUnknownCommand, SentenceUnknownCommand, words[0], CommandList())
	}
	st := &Statement{Command: cmd, set: map[string][]string{}}
	if err := st.readWords(words[n:]); err != nil {
		return nil, err
	}
	if st.Help {
		return st, nil
	}
	if err := st.checkArgs(); err != nil {
		return nil, err
	}
	if err := st.checkValues(); err != nil {
		return nil, err
	}
	return st, nil
}

func refuseCommand(words []string) error {
	verb := words[0]
	if verb == "rollout" && len(words) > 1 && slices.Contains(ReadOnlyRollout, words[1]) {
		return nil // rollout status and history only read; the rest of rollout writes
	}
	if slices.Contains(WriteCommands, verb) {
		return fault.Refusef(CodeWriteCommand, sentenceWriteCommand, verb)
	}
	if slices.Contains(NotInV1, verb) {
		return fault.Refusef(CodeNotInV1, sentenceNotInV1Command, verb)
	}
	return nil
}

// refuseConfig answers a config statement the table does not read: a write to the kubeconfig
// file, or a subcommand that is not built.
func refuseConfig(words []string) error {
	if len(words) > 1 && slices.Contains(ConfigWrites, words[1]) {
		return fault.Refusef(CodeWriteCommand, sentenceConfigWrite, "config "+words[1])
	}
	return fault.Refusef(CodeUsage, sentenceConfigNeedsKind)
}

// CommandList names every command of the table, for the sentence that refuses an unknown one.
func CommandList() string { return strings.Join(CommandNames(), ", ") }

// CommandNames are the statement verbs in the command table's order (top pod and top node as
// two).
func CommandNames() []string {
	var names []string
	for _, c := range Commands {
		names = append(names, c.Name)
	}
	return names
}

// Allows reports whether the statement's command takes the flag of that long name.
func (st *Statement) Allows(long string) bool {
	return long == "help" || slices.Contains(st.Command.Flags, long)
}

// readWords separates flags from arguments, accepting every spelling kubectl's flag library does.
func (st *Statement) readWords(words []string) error {
	for i := 0; i < len(words); i++ {
		w := words[i]
		switch {
		case w == "--":
			st.Args = append(st.Args, words[i+1:]...)
			return nil
		case strings.HasPrefix(w, "--"):
			name, value, hasValue := strings.Cut(w[2:], "=")
			consumed, err := st.takeLong(name, value, hasValue, words[i+1:])
			if err != nil {
				return err
			}
			i += consumed
		case len(w) > 1 && w[0] == '-':
			consumed, err := st.takeShorts(w[1:], words[i+1:])
			if err != nil {
				return err
			}
			i += consumed
		default:
			st.Args = append(st.Args, w)
		}
	}
	return nil
}

func (st *Statement) takeLong(name, value string, hasValue bool, rest []string) (int, error) {
	spelled := "--" + name
	spec, err := st.lookup(name, spelled)
	if err != nil {
		return 0, err
	}
	if spec.Kind == Bool {
		if !hasValue {
			value = "true"
		}
		return 0, st.record(spec, spelled, value)
	}
	if hasValue {
		return 0, st.record(spec, spelled, value)
	}
	if len(rest) == 0 {
		return 0, fault.Refusef(CodeUsage, sentenceMissingValue, spelled)
	}
	return 1, st.record(spec, spelled, rest[0])
}

// takeShorts reads a cluster of short flags: -A, -Ao wide, -owide, -o=wide, -nshop.
func (st *Statement) takeShorts(cluster string, rest []string) (int, error) {
	for i := 0; i < len(cluster); i++ {
		spelled := "-" + cluster[i:i+1]
		spec, err := st.lookupShort(cluster[i:i+1], spelled)
		if err != nil {
			return 0, err
		}
		tail := cluster[i+1:]
		if spec.Kind == Bool {
			if strings.HasPrefix(tail, "=") {
				return 0, st.record(spec, spelled, tail[1:])
			}
			if err := st.record(spec, spelled, "true"); err != nil {
				return 0, err
			}
			continue
		}
		switch {
		case strings.HasPrefix(tail, "="):
			return 0, st.record(spec, spelled, tail[1:])
		case tail != "":
			return 0, st.record(spec, spelled, tail)
		case len(rest) == 0:
			return 0, fault.Refusef(CodeUsage, sentenceMissingValue, spelled)
		}
		return 1, st.record(spec, spelled, rest[0])
	}
	return 0, nil
}

func (st *Statement) lookup(name, spelled string) (FlagSpec, error) {
	if slices.Contains(ImpersonationFlags, name) {
		return FlagSpec{}, fault.Refusef(CodeConnectionFlag, sentenceImpersonation, spelled)
	}
	if slices.Contains(ConnectionFlags, name) {
		return FlagSpec{}, fault.Refusef(CodeConnectionFlag, sentenceConnectionFlag, spelled)
	}
	if slices.Contains(RevealingFlags[st.Command.Name], name) {
		return FlagSpec{}, fault.Refusef(CodeRevealingFlag, sentenceRevealingFlag, spelled, st.Command.Name)
	}
	spec, ok := Flags[name]
	if !ok || !st.Allows(name) {
		return FlagSpec{}, st.notInV1(spelled)
	}
	return spec, nil
}

func (st *Statement) lookupShort(short, spelled string) (FlagSpec, error) {
	if slices.Contains(ConnectionFlags, short) {
		return FlagSpec{}, fault.Refusef(CodeConnectionFlag, sentenceConnectionFlag, spelled)
	}
	for _, spec := range Flags {
		if spec.Short == short && st.Allows(spec.Long) {
			return st.lookup(spec.Long, spelled)
		}
	}
	return FlagSpec{}, st.notInV1(spelled)
}

func (st *Statement) notInV1(spelled string) error {
	var names []string
	for _, f := range st.Command.Flags {
		spec := Flags[f]
		n := "--" + spec.Long
		if spec.Short != "" {
			n = "-" + spec.Short + "|" + n
		}
		names = append(names, n)
	}
	if len(names) == 0 {
		names = []string{"no flags"}
	}
	return fault.Refusef(CodeFlagNotInV1, sentenceFlagNotInV1, spelled, st.Command.Name, strings.Join(names, ", "))
}

func (st *Statement) record(spec FlagSpec, spelled, value string) error {
	if spec.Long == "help" {
		st.Help = true
		return nil
	}
	switch spec.Kind {
	case Bool:
		if value != "true" && value != "false" {
			return fault.Refusef(CodeBadValue, sentenceBadBool, spelled)
		}
	case Int:
		if _, err := strconv.ParseInt(value, 10, 64); err != nil {
			return fault.Refusef(CodeBadValue, sentenceBadInt, spelled)
		}
	case Duration:
		if _, err := parseDuration(value); err != nil {
			return fault.Refusef(CodeBadValue, sentenceBadDuration, spelled)
		}
	}
	if hasControl(value) {
		return fault.Refusef(CodeBadValue, sentenceBadSelector, spelled)
	}
	if spec.Kind != List && spec.Kind != Bool && len(st.set[spec.Long]) > 0 && st.set[spec.Long][0] != value {
		return fault.Refusef(CodeBadValue, sentenceRepeated, spelled)
	}
	st.set[spec.Long] = append(st.set[spec.Long], value)
	return nil
}

func hasControl(s string) bool {
	for _, r := range s {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			return true
		}
	}
	return false
}

// parseDuration reads kubectl's durations: a Go duration, or a bare number of seconds.
func parseDuration(s string) (time.Duration, error) {
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		if n < 0 || n > 1<<31 {
			return 0, strconv.ErrRange
		}
		return time.Duration(n) * time.Second, nil
	}
	d, err := time.ParseDuration(s)
	if err == nil && d < 0 {
		return 0, strconv.ErrRange
	}
	return d, err
}

func (st *Statement) checkArgs() error {
	c := st.Command
	if len(st.Args) < c.MinArgs && !st.anyGiven(c.ArgsOr) {
		return fault.Refusef(CodeUsage, SentenceTooFewArgs, c.Name, c.Args, c.Name)
	}
	if c.MaxArgs >= 0 && len(st.Args) > c.MaxArgs {
		what := c.Args
		if what == "" {
			what = "no arguments"
		}
		return fault.Refusef(CodeUsage, sentenceTooManyArgs, c.Name, what)
	}
	return nil
}

// checked holds the flags whose values the parser itself checks, for every command that takes
// them; like every reader's options, it is filled from the flag table by Fill.
type checked struct {
	Namespace      *string        `flag:"namespace"`
	AllNamespaces  bool           `flag:"all-namespaces"`
	RequestTimeout *time.Duration `flag:"request-timeout"`
	Output         *string        `flag:"output"`
	Selector       *string        `flag:"selector"`
	FieldSelector  *string        `flag:"field-selector"`
}

// checkValues applies the limits and the per-command value rules every reader relies on.
func (st *Statement) checkValues() error {
	var c checked
	st.Fill(&c)
	if err := checkScope(c.Namespace, c.AllNamespaces); err != nil {
		return err
	}
	if d := c.RequestTimeout; d != nil {
		if err := checkRange("--request-timeout", *d, limits.MinRequestTimeout, limits.MaxRequestTimeout); err != nil {
			return err
		}
	}
	if c.Output != nil {
		if err := st.checkOutput(*c.Output); err != nil {
			return err
		}
	}
	if err := checkSelectors(c.Selector, c.FieldSelector); err != nil {
		return err
	}
	return nil
}

// anyGiven reports whether any of the flags was given.
func (st *Statement) anyGiven(longs []string) bool {
	for _, l := range longs {
		if st.has(l) {
			return true
		}
	}
	return false
}

func checkRange(flag string, d, min, max time.Duration) error {
	if d < min {
		return fault.Refusef(CodeLimit, sentenceLimitMin, flag, min.String())
	}
	if d > max {
		return fault.Refusef(CodeLimit, SentenceLimit, flag, max.String(), "its documented maximum")
	}
	return nil
}

// CheckCount refuses a count above its limit, naming the limit; readers call it for --tail,
// --limit-bytes and the like.
func CheckCount(flag string, n, max int64, limitName string) error {
	if n > max {
		return fault.Refusef(CodeLimit, SentenceLimit, flag, strconv.FormatInt(max, 10), limitName)
	}
	return nil
}

func (st *Statement) checkOutput(out string) error {
	format, _, _ := strings.Cut(out, "=")
	if st.Command.Name == "get" && slices.Contains(LaterGetOutputs, format) {
		return fault.Refusef(CodeLater, sentenceLaterOutput, format)
	}
	if st.Command.Forms && slices.Contains(TemplateOutputs, format) {
		return nil
	}
	if !slices.Contains(st.Command.Outputs, out) {
		return fault.Refusef(CodeBadValue, sentenceBadOutput, out, st.Command.Name, strings.Join(OutputsOf(st.Command), ", "))
	}
	return nil
}

// OutputsOf lists every -o form a command prints, the template forms with what follows their '='
// (get's jsonpath=TEMPLATE, custom-columns-file=FILE and the rest), for refusals and help.
func OutputsOf(c *Command) []string {
	out := append([]string{}, c.Outputs...)
	if !c.Forms {
		return out
	}
	for _, f := range TemplateOutputs {
		arg := "TEMPLATE"
		switch {
		case strings.HasSuffix(f, "file"):
			arg = "FILE"
		case f == "custom-columns":
			arg = "SPEC"
		}
		out = append(out, f+"="+arg)
	}
	return out
}

// Output is the statement's -o value, "" for the default table.
func (st *Statement) Output() string {
	var c checked
	st.Fill(&c)
	if c.Output == nil {
		return ""
	}
	return *c.Output
}

// FlagsGiven lists the long names of the flags given, sorted, for tests and tracing.
func (st *Statement) FlagsGiven() []string {
	var out []string
	for k := range st.set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
