package statement

import (
	"fmt"
	"reflect"
	"time"
)

// Fill copies the statement into opts, a pointer to a command's options struct. It is the one
// place a flag is looked up by name outside the parser, so readers only ever see typed fields.
//
// A field tagged `flag:"LONG"` receives flag LONG, typed by the flag table's kind:
//
//	String   string (the value, or "") or *string (nil when not given)
//	Bool     bool (the value, or the table's default) or *bool (nil when not given)
//	List     []string (every value, split at commas)
//	Int      *int64 (nil when not given)
//	Duration *time.Duration (nil when not given)
//
// A pointer field is for flags whose absence means something other than their zero value (an
// empty --api-group names the core group; a missing one names every group). A []string field
// tagged `args:""` receives the arguments. Embedded structs are filled too.
//
// A tag naming no flag, or a field whose type does not match its flag's kind, is a programming
// error and panics; the reader tests fill every command's options.
func (st *Statement) Fill(opts any) {
	eachField(reflect.ValueOf(opts).Elem(), func(f reflect.Value, long string) {
		if long == "" {
			f.Set(reflect.ValueOf(append([]string(nil), st.Args...)))
			return
		}
		if v := st.typed(long, f.Type()); v.IsValid() {
			f.Set(v)
		}
	})
}

// FlagNames lists the flags opts takes, in field order, so tests can check that a command's
// options and its row in the flag table agree.
func FlagNames(opts any) []string {
	var out []string
	eachField(reflect.ValueOf(opts).Elem(), func(_ reflect.Value, long string) {
		if long != "" {
			out = append(out, long)
		}
	})
	return out
}

// eachField calls fn for every tagged field of the struct v, embedded structs included; long is
// "" for the arguments' field.
func eachField(v reflect.Value, fn func(f reflect.Value, long string)) {
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		field := t.Field(i)
		if field.Anonymous && field.Type.Kind() == reflect.Struct {
			eachField(v.Field(i), fn)
			continue
		}
		if _, ok := field.Tag.Lookup("args"); ok {
			fn(v.Field(i), "")
			continue
		}
		if long, ok := field.Tag.Lookup("flag"); ok {
			checkFieldType(t.Name(), field, long)
			fn(v.Field(i), long)
		}
	}
}

// fieldTypes are the Go types each flag kind may fill.
var fieldTypes = map[FlagKind][]reflect.Type{
	String:   {reflect.TypeFor[string](), reflect.TypeFor[*string]()},
	Bool:     {reflect.TypeFor[bool](), reflect.TypeFor[*bool]()},
	List:     {reflect.TypeFor[[]string]()},
	Int:      {reflect.TypeFor[*int64]()},
	Duration: {reflect.TypeFor[*time.Duration]()},
}

func checkFieldType(owner string, field reflect.StructField, long string) {
	spec, ok := Flags[long]
	if !ok {
		panic(fmt.Sprintf("statement: %s.%s names no flag %q", owner, field.Name, long))
	}
	for _, t := range fieldTypes[spec.Kind] {
		if field.Type == t {
			return
		}
	}
	panic(fmt.Sprintf("statement: %s.%s is %s, which flag %q cannot fill", owner, field.Name, field.Type, long))
}

// typed is flag long's value as a field of type t holds it, or an invalid Value to leave the
// field as it is (a pointer field of a flag not given).
func (st *Statement) typed(long string, t reflect.Type) reflect.Value {
	if t.Kind() == reflect.Pointer && !st.has(long) {
		return reflect.Value{}
	}
	var v any
	switch Flags[long].Kind {
	case String:
		v = st.str(long)
	case Bool:
		v = st.boolean(long)
	case List:
		return reflect.ValueOf(st.list(long))
	case Int:
		n, _ := st.integer(long)
		v = n
	case Duration:
		d, _ := st.duration(long)
		v = d
	}
	if t.Kind() != reflect.Pointer {
		return reflect.ValueOf(v)
	}
	p := reflect.New(t.Elem())
	p.Elem().Set(reflect.ValueOf(v))
	return p
}
