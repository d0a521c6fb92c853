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
