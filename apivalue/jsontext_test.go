package apivalue

import "testing"

func TestValueEndFindsWhereEachValueEnds(t *testing.T) {
	for _, c := range []struct {
		text string
		at   int
		want int
	}{
		{`"a\"b",1`, 0, 6},
		{`{"k":"}","n":[1,{"x":"]"}]} tail`, 0, 27},
		{`[1, 2] `, 0, 6},
		{`{"a":12.5e3}`, 5, 11},
		{`true `, 0, 4},
		{`null`, 0, 4},
		{`{"open":"never closed`, 0, -1},
		{`[1,2`, 0, -1},
		{`"no end`, 0, -1},
		{`,`, 0, -1},
		{``, 0, -1},
		{`[]`, 5, -1},
	} {
		if got := ValueEnd(c.text, c.at); got != c.want {
			t.Errorf("ValueEnd(%q, %d) = %d, want %d", c.text, c.at, got, c.want)
		}
		if got := ValueEnd([]byte(c.text), c.at); got != c.want {
			t.Errorf("ValueEnd([]byte(%q), %d) = %d, want %d", c.text, c.at, got, c.want)
		}
	}
}

func TestCheckBoundsReadsStringsAsStrings(t *testing.T) {
	for _, c := range []struct {
		text          string
		depth, values int
		want          error
	}{
		{`{"a":"[[[[","b":"\"{{{{"}`, 2, 0, nil},
		{`[[["x"]]]`, 2, 0, ErrTooDeep},
		{`["\\",[[1]]]`, 2, 0, ErrTooDeep},
		{`["open string [[[[`, 1, 0, nil},
		{`{"a":1,"b":2}`, 5, 4, ErrTooMany},
		{`{"a":"1,2,3,4,5"}`, 5, 3, nil},
	} {
		if got := CheckBounds([]byte(c.text), c.depth, c.values); got != c.want {
			t.Errorf("CheckBounds(%q, %d, %d) = %v, want %v", c.text, c.depth, c.values, got, c.want)
		}
	}
}
