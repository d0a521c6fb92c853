package apivalue

// Where a value ends in JSON text, for the rooms that cut an answer's text without decoding it (a
// snapshot's kind entries, the YAML printer's strings, a body store's repeated parts). The text
// is read as it is; nothing is validated beyond finding the end.

// StringEnd is the index just past the JSON string whose opening quote is at text[i], or -1 when
// the text ends inside it.
func StringEnd[T string | []byte](text T, i int) int {
	for j := i + 1; j < len(text); j++ {
		switch text[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return -1
}

// ValueEnd is the index just past the JSON value that starts at text[i] (a string, an object or
// array with everything inside it, or a literal up to the next separator or space), or -1 when
// the text ends first or holds no value there.
func ValueEnd[T string | []byte](text T, i int) int {
	if i >= len(text) {
		return -1
	}
	switch text[i] {
	case '"':
		return StringEnd(text, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(text); j++ {
			switch text[j] {
			case '"':
				e := StringEnd(text, j)
				if e < 0 {
					return -1
				}
				j = e - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return j + 1
				}
			}
		}
		return -1
	}
	j := i
	for j < len(text) && !literalStop(text[j]) {
		j++
	}
	if j == i {
		return -1
	}
	return j
}

// literalStop ends a literal (a number, true, false, null): a separator, a closing bracket or
// white space.
func literalStop(c byte) bool {
	switch c {
	case ',', '}', ']', ' ', '\t', '\n', '\r':
		return true
	}
	return false
}
