package replay

import (
	"encoding/binary"
	"math/bits"
	"unsafe"
)

// valid says b is one JSON value, with whitespace around it allowed: what
// gjson.ValidBytes says, in its grammar exactly (a line one says is valid
// is read by gjson), but with the bytes of strings scanned eight at a
// time. Validating every line is the largest part of a read, and a
// transcript's bytes are nearly all strings (outputs, base64 images).
func valid(b []byte) bool {
	i, ok := validValue(b, space(b, 0))
	return ok && space(b, i) == len(b)
}

func validString(s string) bool {
	return valid(unsafe.Slice(unsafe.StringData(s), len(s)))
}

func space(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// validValue is the value at b[i] (no whitespace before it) and where it
// ends.
func validValue(b []byte, i int) (int, bool) {
	if i >= len(b) {
		return i, false
	}
	switch c := b[i]; {
	case c == '{':
		return validObject(b, i+1)
	case c == '[':
		return validArray(b, i+1)
	case c == '"':
		return validStr(b, i+1)
	case c == '-' || c >= '0' && c <= '9':
		return validNumber(b, i)
	case c == 't':
		return validWord(b, i, "true")
	case c == 'f':
		return validWord(b, i, "false")
	case c == 'n':
		return validWord(b, i, "null")
	}
	return i, false
}

func validObject(b []byte, i int) (int, bool) {
	i = space(b, i)
	if i < len(b) && b[i] == '}' {
		return i + 1, true
	}
	for {
		if i >= len(b) || b[i] != '"' {
			return i, false
		}
		var ok bool
		if i, ok = validStr(b, i+1); !ok {
			return i, false
		}
		if i = space(b, i); i >= len(b) || b[i] != ':' {
			return i, false
		}
		if i, ok = validValue(b, space(b, i+1)); !ok {
			return i, false
		}
		var closed bool
		if i, closed, ok = validAfter(b, i, '}'); !ok || closed {
			return i, ok
		}
	}
}

// validAfter is where a container closed by end goes on after a value
// ending at b[i]: past end (closed), or at the next value after a comma.
func validAfter(b []byte, i int, end byte) (next int, closed, ok bool) {
	switch i = space(b, i); {
	case i >= len(b):
		return i, false, false
	case b[i] == end:
		return i + 1, true, true
	case b[i] != ',':
		return i, false, false
	}
	return space(b, i+1), false, true
}

func validArray(b []byte, i int) (int, bool) {
	i = space(b, i)
	if i < len(b) && b[i] == ']' {
		return i + 1, true
	}
	for {
		var ok bool
		if i, ok = validValue(b, i); !ok {
			return i, false
		}
		var closed bool
		if i, closed, ok = validAfter(b, i, ']'); !ok || closed {
			return i, ok
		}
	}
}

const ones, highs = 0x0101010101010101, 0x8080808080808080

// stops marks (in its bytes' high bits) the bytes of x that end a run of
// a string's plain bytes: a quote, a backslash or a control byte. The
// lowest marked byte is exact; marks above it may be false, so only the
// lowest is used.
func stops(x uint64) uint64 {
	q, s := x^(ones*'"'), x^(ones*'\\')
	return ((q-ones)&^q | (s-ones)&^s | (x-ones*0x20)&^x) & highs
}

// validStr is the string whose opening quote is before b[i].
func validStr(b []byte, i int) (int, bool) {
	for {
		for i+8 <= len(b) {
			if m := stops(binary.LittleEndian.Uint64(b[i:])); m != 0 {
				i += bits.TrailingZeros64(m) / 8
				break
			}
			i += 8
		}
		if i >= len(b) {
			return i, false
		}
		switch c := b[i]; {
		case c == '"':
			return i + 1, true
		case c < ' ':
			return i, false
		case c != '\\':
			i++
			continue
		}
		i++
		if i >= len(b) {
			return i, false
		}
		switch b[i] {
		case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			i++
		case 'u':
			if i+5 > len(b) || !isHex(b[i+1]) || !isHex(b[i+2]) || !isHex(b[i+3]) || !isHex(b[i+4]) {
				return i, false
			}
			i += 5
		default:
			return i, false
		}
	}
}

func isHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

func validWord(b []byte, i int, w string) (int, bool) {
	if len(b)-i >= len(w) && string(b[i:i+len(w)]) == w {
		return i + len(w), true
	}
	return i, false
}

// validNumber is -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? at b[i].
func validNumber(b []byte, i int) (int, bool) {
	digits := func() bool {
		start := i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		return i > start
	}
	if b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case !digits():
		return i, false
	}
	if i < len(b) && b[i] == '.' {
		i++
		if !digits() {
			return i, false
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if !digits() {
			return i, false
		}
	}
	return i, true
}
