package apivalue

import "time"

// Time reads a time as the API writes one: a metav1.Time ("2026-12-05T21:00:00Z") or a
// MicroTime (with fractional seconds), both RFC 3339. An empty or unreadable text is the zero
// time, as an unset metav1.Time is; callers ask IsZero.
func Time(s string) time.Time {
	if s == "" {
		return time.Time{}
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}
	}
	return t
}
