package casefile

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
)

// sameJSON reports whether a and b hold the same JSON value: whitespace and
// the order of object keys do not matter, and numbers compare as numbers
// (1, 1.0 and 1e0 are equal), as they do in the core's InputEquals. Two
// byte strings that are not both valid JSON are equal only when they are the
// same text.
func sameJSON(a, b []byte) bool {
	va, okA := decodeValue(a)
	vb, okB := decodeValue(b)
	if !okA || !okB {
		return !okA && !okB && bytes.Equal(bytes.TrimSpace(a), bytes.TrimSpace(b))
	}
	return sameValue(va, vb)
}

func decodeValue(b []byte) (any, bool) {
	if !json.Valid(b) {
		return nil, false
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber() // keep the digits: float64 would make 2^53 and 2^53+1 equal
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, false
	}
	return v, true
}

func sameValue(a, b any) bool {
	switch a := a.(type) {
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, va := range a {
			vb, ok := b[k]
			if !ok || !sameValue(va, vb) {
				return false
			}
		}
		return true
	case []any:
		b, ok := b.([]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for i := range a {
			if !sameValue(a[i], b[i]) {
				return false
			}
		}
		return true
	case json.Number:
		b, ok := b.(json.Number)
		return ok && sameNumber(string(a), string(b))
	}
	return a == b // string, bool or nil
}

// sameNumber compares two JSON numbers exactly, by their decimal digits and
// exponent rather than through float64.
func sameNumber(a, b string) bool {
	if a == b {
		return true
	}
	na, okA := normalNumber(a)
	nb, okB := normalNumber(b)
	return okA && okB && na == nb
}

// normalNumber rewrites a JSON number as sign, significant digits and a
// power of ten ("-12e3" for -12000 and -1.2e4), so that equal numbers have
// equal forms. It reports false for an exponent too large to rewrite, and
// then only the same text is the same number.
func normalNumber(s string) (string, bool) {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	mant, exp := s, int64(0)
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		e, err := strconv.ParseInt(strings.TrimPrefix(s[i+1:], "+"), 10, 64)
		if err != nil || e > 1<<40 || e < -1<<40 {
			return "", false
		}
		mant, exp = s[:i], e
	}
	if i := strings.IndexByte(mant, '.'); i >= 0 {
		exp -= int64(len(mant) - i - 1)
		mant = mant[:i] + mant[i+1:]
	}
	mant = strings.TrimLeft(mant, "0")
	if mant == "" {
		return "0", true // -0 is 0
	}
	trimmed := strings.TrimRight(mant, "0")
	exp += int64(len(mant) - len(trimmed))
	sign := ""
	if neg {
		sign = "-"
	}
	return sign + trimmed + "e" + strconv.FormatInt(exp, 10), true
}
