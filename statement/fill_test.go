package statement

import (
	"reflect"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Outside this package a flag is read only through Fill: Statement exports no lookup by name.
// A new exported method must be added here on purpose.
func TestStatementExportsNoLookupByName(t *testing.T) {
	var got []string
	typ := reflect.TypeFor[*Statement]()
	for i := 0; i < typ.NumMethod(); i++ {
		got = append(got, typ.Method(i).Name)
	}
	slices.Sort(got)
	// Allows answers from the command table (may this command take the flag?), not from the
	// statement's values.
	if d := cmp.Diff([]string{"Allows", "Fill", "FlagsGiven", "Output"}, got); d != "" {
		t.Fatal(d)
	}
}

func TestFillPanicsOnAFieldItCannotFill(t *testing.T) {
	st, err := Parse([]string{"logs", "web-0", "--tail", "5"})
	if err != nil {
		t.Fatal(err)
	}
	for name, opts := range map[string]any{
		"an int field for --tail": &struct {
			Tail int `flag:"tail"`
		}{},
		"a flag the table lacks": &struct {
			Lines string `flag:"lines"`
		}{},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			st.Fill(opts)
		}()
	}
}

func TestFillLeavesAbsentPointersNil(t *testing.T) {
	st, err := Parse([]string{"logs", "web-0", "--tail", "5"})
	if err != nil {
		t.Fatal(err)
	}
	var o struct {
		Args       []string `args:""`
		Tail       *int64   `flag:"tail"`
		LimitBytes *int64   `flag:"limit-bytes"`
		Container  string   `flag:"container"`
		Untagged   string
	}
	o.Untagged = "kept"
	st.Fill(&o)
	if o.Tail == nil || *o.Tail != 5 || o.LimitBytes != nil || o.Container != "" || o.Untagged != "kept" || !slices.Equal(o.Args, []string{"web-0"}) {
		t.Fatalf("%+v", o)
	}
}
