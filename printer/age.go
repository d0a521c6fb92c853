package printer

import (
	"strconv"
	"time"
)

// HumanDuration prints an age the way kubectl does (apimachinery's duration.HumanDuration): about
// two or three significant figures, "<invalid>" for a time more than a second in the future.
func HumanDuration(d time.Duration) string {
	if seconds := int(d.Seconds()); seconds < -1 {
		return "<invalid>"
	} else if seconds < 0 {
		return "0s"
	} else if seconds < 60*2 {
		return strconv.Itoa(seconds) + "s"
	}
	minutes := int(d / time.Minute)
	if minutes < 10 {
		s := int(d/time.Second) % 60
		if s == 0 {
			return strconv.Itoa(minutes) + "m"
		}
		return strconv.Itoa(minutes) + "m" + strconv.Itoa(s) + "s"
	} else if minutes < 60*3 {
		return strconv.Itoa(minutes) + "m"
	}
	hours := int(d / time.Hour)
	if hours < 8 {
		m := int(d/time.Minute) % 60
		if m == 0 {
			return strconv.Itoa(hours) + "h"
		}
		return strconv.Itoa(hours) + "h" + strconv.Itoa(m) + "m"
	} else if hours < 48 {
		return strconv.Itoa(hours) + "h"
	} else if hours < 24*8 {
		h := hours % 24
		if h == 0 {
			return strconv.Itoa(hours/24) + "d"
		}
		return strconv.Itoa(hours/24) + "d" + strconv.Itoa(h) + "h"
	} else if hours < 24*365*2 {
		return strconv.Itoa(hours/24) + "d"
	} else if hours < 24*365*8 {
		dy := (hours / 24) % 365
		if dy == 0 {
			return strconv.Itoa(hours/24/365) + "y"
		}
		return strconv.Itoa(hours/24/365) + "y" + strconv.Itoa(dy) + "d"
	}
	return strconv.Itoa(hours/24/365) + "y"
}
