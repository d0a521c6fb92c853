package console

import "testing"

func TestMaskCredentials(t *testing.T) {
	for in, want := range map[string]string{
		"get pods --token abc":                     "get pods --token ****",
		"get pods --token=abc":                     "get pods --token=****",
		`get pods --password "a b c"`:              "get pods --password ****",
		"create secret x --from-literal=k=v":       "create secret x --from-literal=****",
		"get pods --client-key 'x y' --tokenish z": "get pods --client-key **** --tokenish z",
	} {
		if got := MaskCredentials(in); got != want {
			t.Errorf("%q -> %q, want %q", in, got, want)
		}
	}
}
