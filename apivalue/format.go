package apivalue

import (
	"math/big"
	"strconv"
)

// String prints the quantity in the canonical form the API server prints one in, to whole nano
// units: a power of 1024 for a BinarySI quantity that is a whole number at least 1024 in size;
// otherwise the largest power of 1000 that leaves a whole mantissa, as a suffix ("350m", "2k")
// or, for a DecimalExponent quantity, as an exponent ("35e1").
func (q Quantity) String() string {
	v := q.value()
	if v.Sign() == 0 {
		return "0"
	}
	if q.f == BinarySI && v.IsInt() && new(big.Int).Abs(v.Num()).Cmp(big.NewInt(1024)) >= 0 {
		return binaryString(v.Num())
	}
	n, exp := decimalMantissa(v)
	if q.f == DecimalExponent {
		if exp == 0 {
			return n.String()
		}
		return n.String() + "e" + strconv.Itoa(exp)
	}
	for s, e := range decimalSuffixes {
		if e == exp {
			return n.String() + s
		}
	}
	return n.String() + "e" + strconv.Itoa(exp)
}

// binaryString prints a whole number with the largest binary suffix that leaves a whole mantissa.
func binaryString(n *big.Int) string {
	n = new(big.Int).Set(n)
	k := big.NewInt(1024)
	p := 0
	for p < 6 {
		q, m := new(big.Int).QuoRem(n, k, new(big.Int))
		if m.Sign() != 0 {
			break
		}
		n = q
		p++
	}
	for s, e := range binarySuffixes {
		if e == p {
			return n.String() + s
		}
	}
	return n.String()
}

// decimalMantissa is v in whole nano units with its factors of ten taken into the exponent, the
// exponent then stepped down to a multiple of 3: v = n × 10^exp.
func decimalMantissa(v *big.Rat) (n *big.Int, exp int) {
	n = new(big.Int).Mul(v.Num(), new(big.Int).Exp(big.NewInt(10), big.NewInt(9), nil))
	n.Quo(n, v.Denom())
	exp = -9
	ten := big.NewInt(10)
	for n.Sign() != 0 {
		q, m := new(big.Int).QuoRem(n, ten, new(big.Int))
		if m.Sign() != 0 {
			break
		}
		n = q
		exp++
	}
	if extra := ((exp % 3) + 3) % 3; extra > 0 {
		n.Mul(n, new(big.Int).Exp(ten, big.NewInt(int64(extra)), nil))
		exp -= extra
	}
	return n, exp
}
