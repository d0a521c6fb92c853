package apivalue

import (
	"testing"
	"time"
)

func TestTimeReadsTheAPIsTimes(t *testing.T) {
	for in, want := range map[string]time.Time{
		"2026-12-05T21:00:00Z":          time.Date(2026, 12, 5, 21, 0, 0, 0, time.UTC),
		"2026-12-05T21:00:00.123456Z":   time.Date(2026, 12, 5, 21, 0, 0, 123456000, time.UTC),
		"2026-12-05T22:00:00+01:00":     time.Date(2026, 12, 5, 21, 0, 0, 0, time.UTC),
		"":                              {},
		"yesterday":                     {},
		"2026-12-05 21:00:00":           {},
		"2026-12-05T21:00:00Z trailing": {},
	} {
		if got := Time(in); !got.Equal(want) {
			t.Errorf("Time(%q) = %v, want %v", in, got, want)
		}
	}
}
