package statement

import (
	"strings"
	"testing"
)

func TestMaskCredentials(t *testing.T) {
	for in, want := range map[string]string{
		"get pods --token abc":                     "get pods --token ****",
		"get pods --token=abc":                     "get pods --token=****",
		`get pods --password "a b c"`:              "get pods --password ****",
		"create secret x --from-literal=k=v":       "create secret x --from-literal=****",
		"get pods --client-key 'x y' --tokenish z": "get pods --client-key **** --tokenish z",
		// Mixed quoting and backslashes: the value is the shell's whole word.
		`get pods --token ab"c d"`:           "get pods --token ****",
		`get pods --token a\ b -n x`:         "get pods --token **** -n x",
		`get pods --token 'a'"b c"`:          "get pods --token ****",
		`get pods --token=ab"c d" -A`:        "get pods --token=**** -A",
		`get pods "--token" x`:               `get pods "--token" ****`,
		`get pods --tok'en'=x\ y`:            "get pods --token=****",
		"get pods --docker-password `a b`":   "get pods --docker-password ****",
		"get pods --password $(a b) -o wide": "get pods --password **** -o wide",
		// The rest of the line stays as typed.
		`get  pods -l 'app=web'  --client-certificate "c d"  # note`: `get  pods -l 'app=web'  --client-certificate ****  # note`,
		// Every statement of a line, and a comment.
		"get pods --token a;get pods --token=b": "get pods --token ****;get pods --token=****",
		"get pods # --token abc":                "get pods # --token ****",
		// Quoting left open: everything after the flag.
		`get pods --token ab"c d -n x`: "get pods --token ****",
		`get pods --token=ab'c`:        "get pods --token=****",
		`get pods "x --password y`:     "get pods ****",
		`get pods --token a\`:          "get pods --token ****",
		`get pods -n 'x`:               `get pods -n 'x`,
		// Not a credential flag, or no value.
		"get pods --tokens x --token": "get pods --tokens x --token",
		`get pods -l "--token x"`:     `get pods -l "--token x"`,
	} {
		if got := MaskCredentials(in); got != want {
			t.Errorf("%q -> %q, want %q", in, got, want)
		}
	}
}

// canary is a credential value made of letters no statement around it uses, so any one of its
// bytes in a masked line is a leak.
const canary = "QZXJKVW"

// canaryLine types the canary as a credential flag's value, quoted piece by piece as quoting
// chooses (bare, '…', "…", a backslash before each byte, "\…" inside double quotes), after the
// flag spelled one of several ways, in one of several statements.
func canaryLine(stmt, flag uint8, quoting []byte) string {
	stmts := []string{"get pods %s -n x", "get pods -l 'a=b' %s -o wide", "describe pod p %s # c", "get pods %s;get nodes", "logs p %s"}
	var spellings []string
	for _, f := range CredentialFlags {
		spellings = append(spellings, "--"+f+" ", "--"+f+"=", `"--`+f+`" `, "--'"+f+"'=")
	}
	var v strings.Builder
	rest := canary
	for i := 0; rest != ""; i++ {
		n := 1 + i%3
		if i < len(quoting) {
			n = 1 + int(quoting[i]>>4)%len(rest)
		}
		n = min(n, len(rest))
		piece := rest[:n]
		rest = rest[n:]
		var q byte
		if i < len(quoting) {
			q = quoting[i] & 0xf
		}
		switch q % 5 {
		case 0:
			v.WriteString(piece)
		case 1:
			v.WriteString("'" + piece + "'")
		case 2:
			v.WriteString(`"` + piece + `"`)
		case 3:
			for _, c := range []byte(piece) {
				v.WriteString(`\` + string(c))
			}
		case 4:
			v.WriteString(`"\` + piece + `"`)
		}
	}
	s := stmts[int(stmt)%len(stmts)]
	return strings.Replace(s, "%s", spellings[int(flag)%len(spellings)]+v.String(), 1)
}

// FuzzMaskCredentialsCanary types the canary under random quoting and checks that no byte of it
// survives MaskCredentials (what the history and the call log keep).
func FuzzMaskCredentialsCanary(f *testing.F) {
	f.Add(uint8(0), uint8(0), []byte{})
	f.Add(uint8(1), uint8(2), []byte{0x21, 0x32, 0x13})
	f.Add(uint8(3), uint8(4), []byte{0x03, 0x14, 0x00, 0x22})
	f.Add(uint8(2), uint8(7), []byte{0x44, 0x01, 0x02, 0x03, 0x04, 0x00, 0x01})
	f.Fuzz(func(t *testing.T, stmt, flag uint8, quoting []byte) {
		line := canaryLine(stmt, flag, quoting)
		if got := MaskCredentials(line); strings.ContainsAny(got, canary) {
			t.Fatalf("%q masked as %q: a byte of the canary is kept", line, got)
		}
	})
}
