package fault

import "regexp"

// Name rules that rooms check before anything is sent.

var dns1123Label = regexp.MustCompile(`^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`)

// IsDNS1123Label reports whether s is a valid namespace name: lower-case letters, digits and '-',
// at most 63 characters, beginning and ending with a letter or digit.
func IsDNS1123Label(s string) bool { return len(s) <= 63 && dns1123Label.MatchString(s) }
