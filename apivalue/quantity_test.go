package apivalue

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/studioctl/studioctl/limits"
)

func TestParseQuantityIsExact(t *testing.T) {
	cases := map[string]string{ // quantity -> exact value as a fraction
		"0": "0", "12": "12", "250m": "1/4", "1500000n": "3/2000", "750u": "3/4000", "1.5": "3/2",
		"2k": "2000", "3M": "3000000", "1G": "1000000000", "1E": "1000000000000000000",
		"1Ki": "1024", "34Mi": "35651584", "1.5Gi": "1610612736", "1Ti": "1099511627776",
		"1e3": "1000", "5E-2": "1/20", "1e+2": "100", "-100m": "-1/10", "+2Mi": "2097152",
		".5": "1/2", "5.": "5", "1e64": "1" + strings.Repeat("0", 64),
	}
	got := map[string]string{}
	for in := range cases {
		q, ok := ParseQuantity(in)
		if !ok {
			got[in] = "refused"
			continue
		}
		got[in] = q.Rat().RatString()
	}
	if d := cmp.Diff(cases, got); d != "" {
		t.Errorf("ParseQuantity (-want +got):\n%s", d)
	}
}

// What is not a quantity, and what a server could send to make the reading itself the attack:
// an exponent of a hundred million (10^100000000 is seconds of work and megabytes) and a
// mantissa of a million digits.
func TestParseQuantityRefuses(t *testing.T) {
	for _, bad := range []string{
		"", "m", "12x", "1.2.3", "Mi", "1e", "1ee3", "1 Mi", "1KI", "1/2", "e3", ".", "+", "-m", "1e3k", "0x10", "1_000", " 250m", "250m ",
		"1e65", "1e-65", "1e99999999", "1E-2147483648", strings.Repeat("9", 1_000_000),
		strings.Repeat("1", limits.QuantityChars+1),
	} {
		if q, ok := ParseQuantity(bad); ok {
			t.Errorf("ParseQuantity(%.40q) = %s, want refused", bad, q.Rat().RatString())
		}
	}
}

func TestFormatOfWhatWasWritten(t *testing.T) {
	for in, want := range map[string]Format{"1": DecimalSI, "250m": DecimalSI, "2k": DecimalSI, "1Ki": BinarySI, "1e3": DecimalExponent, "5E-2": DecimalExponent} {
		if q, _ := ParseQuantity(in); q.Format() != want {
			t.Errorf("%s: format %d, want %d", in, q.Format(), want)
		}
	}
}

// Sums print in the canonical form the API server prints a resource list's quantities in.
func TestSumsPrintCanonically(t *testing.T) {
	for _, c := range []struct {
		in   []string
		want string
	}{
		{[]string{"100m", "250m"}, "350m"}, {[]string{"500m", "500m"}, "1"}, {[]string{"64Mi", "128Mi"}, "192Mi"},
		{[]string{"512Mi", "512Mi"}, "1Gi"}, {[]string{"1500"}, "1500"}, {[]string{"2000"}, "2k"}, {[]string{"0.5"}, "500m"},
		{[]string{"1Gi", "500M"}, "1573741824"}, {[]string{"100"}, "100"}, {[]string{"1e3"}, "1e3"}, {[]string{"1Ki", "1"}, "1025"},
		{[]string{"-2Gi"}, "-2Gi"}, {[]string{"1n"}, "1n"}, {[]string{"1.5n"}, "2n"}, {[]string{"1e-10"}, "1e-9"}, {[]string{"12e4"}, "120e3"},
		{[]string{"1Ei", "1Ei"}, "2Ei"}, {[]string{"2048Ei"}, "2048Ei"}, {[]string{"1e21"}, "1e21"}, {[]string{"1000E"}, "1e21"},
	} {
		var total Quantity
		for _, s := range c.in {
			q, ok := ParseQuantity(s)
			if !ok {
				t.Fatalf("parse %q", s)
			}
			total = total.Add(q.Nano())
		}
		if got := total.String(); got != c.want {
			t.Errorf("%v = %q, want %q", c.in, got, c.want)
		}
	}
	if (Quantity{}).String() != "0" || (Quantity{}).Sign() != 0 {
		t.Errorf("the zero Quantity is not 0")
	}
}

// CeilScaled rounds up as resource.Quantity's MilliValue and Value do, and says when a value
// does not fit an int64 instead of wrapping around.
func TestCeilScaled(t *testing.T) {
	type got struct {
		N    int64
		Fits bool
	}
	cases := []struct {
		q     string
		scale int
		want  got
	}{
		{"1n", 3, got{1, true}}, {"1500001n", 3, got{2, true}}, {"1500000n", 3, got{2, true}}, {"1000000n", 3, got{1, true}},
		{"250m", 3, got{250, true}}, {"1500Ki", 0, got{1536000, true}}, {"0.5", 0, got{1, true}}, {"-1.5", 0, got{-1, true}},
		{"3800m", 3, got{3800, true}}, {"100u", 3, got{1, true}}, {"16393028Ki", 0, got{16393028 << 10, true}},
		{"20Ei", 0, got{math.MaxInt64, false}}, {"-20Ei", 0, got{math.MinInt64, false}}, {"1e64", 3, got{math.MaxInt64, false}},
	}
	for _, c := range cases {
		q, ok := ParseQuantity(c.q)
		if !ok {
			t.Fatal(c.q)
		}
		n, fits := q.CeilScaled(c.scale)
		if d := cmp.Diff(c.want, got{n, fits}); d != "" {
			t.Errorf("CeilScaled(%s, %d): %s", c.q, c.scale, d)
		}
	}
	if n, fits := CeilScaled(new(big.Rat), 3); n != 0 || !fits {
		t.Errorf("CeilScaled(0) = %d, %v", n, fits)
	}
}

func TestUsageTextAsTopPrints(t *testing.T) {
	for _, c := range []struct{ res, q, want string }{
		{"cpu", "120006674n", "121m"}, {"cpu", "2", "2000m"}, {"memory", "64Mi", "64Mi"}, {"memory", "100Mi", "100Mi"},
		{"memory", "1Gi", "1024Mi"}, {"memory", "1048577", "1Mi"}, {"cpu", "0", "0m"},
	} {
		if got := UsageText(c.res, MustQuantity(c.q).Rat()); got != c.want {
			t.Errorf("UsageText(%s, %s) = %s, want %s", c.res, c.q, got, c.want)
		}
	}
}

func TestQuantitiesCompareByValue(t *testing.T) {
	a, b := MustQuantity("1Gi"), MustQuantity("1000M")
	if a.Cmp(b) != 1 || b.Cmp(a) != -1 || a.Cmp(MustQuantity("1073741824")) != 0 {
		t.Errorf("1Gi against 1000M and 1073741824: %d %d %d", a.Cmp(b), b.Cmp(a), a.Cmp(MustQuantity("1073741824")))
	}
	if MustQuantity("not a quantity").Sign() != 0 {
		t.Errorf("MustQuantity of a word is not zero")
	}
}

// A quota's use prints in its hard limit's format: As keeps the value and changes only that.
func TestAsPrintsInAnotherFormat(t *testing.T) {
	q := MustQuantity("2048Ki")
	if got := q.As(DecimalSI).String(); got != "2097152" {
		t.Errorf("2048Ki as DecimalSI = %s", got)
	}
	if got := MustQuantity("2097152").As(BinarySI).String(); got != "2Mi" {
		t.Errorf("2097152 as BinarySI = %s", got)
	}
}

func TestRatIsACopy(t *testing.T) {
	q := MustQuantity("5")
	q.Rat().SetInt64(7)
	if q.Rat().RatString() != "5" {
		t.Errorf("changing Rat's answer changed the quantity")
	}
}

func TestCoreSecrets(t *testing.T) {
	for _, c := range []struct {
		group, resource string
		want            bool
	}{
		{"", "secrets", true}, {"", "configmaps", false}, {"example.com", "secrets", false}, {"", "Secrets", false}, {"", "secret", false},
	} {
		if got := CoreSecrets(c.group, c.resource); got != c.want {
			t.Errorf("CoreSecrets(%q, %q) = %v", c.group, c.resource, got)
		}
	}
}

// FuzzParseQuantity: no text panics or takes the reading past its caps, and what is accepted
// prints canonically as a quantity that reads back to the same value at nano precision (when the
// print is within the reading's cap).
func FuzzParseQuantity(f *testing.F) {
	for _, s := range []string{"250m", "1.5Gi", "1e3", "-2Ki", "5E-2", ".5", "1e64", "1e-64", "2048Ei", "1e99999999", "100000000000000000000000000e40"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		q, ok := ParseQuantity(s)
		if !ok {
			return
		}
		n := q.Nano()
		back, ok := ParseQuantity(n.String())
		if !ok && pastCaps(n.String()) {
			return // the canonical form can pass the reading's caps ("1…1e-4" is "1…100e-6", "1e26e40" is "1e66")
		}
		if !ok {
			t.Fatalf("%q printed %q, which does not read back", s, n.String())
		}
		if back.Cmp(n) != 0 {
			t.Fatalf("%q printed %q, which reads back as %s, not %s", s, n.String(), back.Rat().RatString(), n.Rat().RatString())
		}
	})
}

// pastCaps reports whether a printed quantity is longer than the reading takes or names a power
// of ten past its exponent cap.
func pastCaps(s string) bool {
	if len(s) > limits.QuantityChars {
		return true
	}
	i := strings.IndexAny(s, "eE")
	if i < 0 {
		return false
	}
	n, err := strconv.Atoi(s[i+1:])
	return err == nil && (n > limits.QuantityExponent || n < -limits.QuantityExponent)
}
