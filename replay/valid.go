package replay

import (
	"encoding/binary"
	"math/bits"
	"unsafe"
)

// valid says b is one JSON value, with whitespace around it allowed: what
// gjson.ValidBytes says, in its grammar exactly (a line one says is valid
// is read by gjson), but with the bytes of strings scanned eight at a
// time — validating every line is the largest part of a read, and a
// transcript's bytes are nearly all strings (outputs, base64 images) —
// and without recursion: a line of 32 MB opening arrays keeps a bit a
// level, where a call a level would exceed the goroutine's stack, which
// is fatal.
func valid(b []byte) bool {
	var objects []uint64 // a bit a container open: 1 an object, 0 an array
	depth := 0
	push := func(object bool) {
		if depth/64 == len(objects) {
			objects = append(objects, 0)
		}
		if object {
			objects[depth/64] |= 1 << (depth % 64)
		} else {
			objects[depth/64] &^= 1 << (depth % 64)
		}
		depth++
	}
	inObject := func() bool { return objects[(depth-1)/64]>>((depth-1)%64)&1 == 1 }
	var ok bool
	i := space(b, 0)
	for {
		// A value starts at b[i].
		if i >= len(b) {
			return false
		}
		ok = true // an empty container breaks out whole
		switch c := b[i]; {
		case c == '{':
			if i = space(b, i+1); i < len(b) && b[i] == '}' {
				i++
				break
			}
			push(true)
			if i, ok = validKey(b, i); !ok {
				return false
			}
			continue
		case c == '[':
			if i = space(b, i+1); i < len(b) && b[i] == ']' {
				i++
				break
			}
			push(false)
			continue
		case c == '"':
			i, ok = validStr(b, i+1)
		case c == '-' || c >= '0' && c <= '9':
			i, ok = validNumber(b, i)
		case c == 't':
			i, ok = validWord(b, i, "true")
		case c == 'f':
			i, ok = validWord(b, i, "false")
		case c == 'n':
			i, ok = validWord(b, i, "null")
		default:
			return false
		}
		if !ok {
			return false
		}
		// A value ended before b[i]: close what it ends, up to the next
		// value.
		for {
			i = space(b, i)
			if depth == 0 {
				return i == len(b)
			}
			end := byte(']')
			if inObject() {
				end = '}'
			}
			if i < len(b) && b[i] == end {
				i++
				depth--
				continue
			}
			if i >= len(b) || b[i] != ',' {
				return false
			}
			if i = space(b, i+1); inObject() {
				if i, ok = validKey(b, i); !ok {
					return false
				}
			}
			break
		}
	}
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

// validKey is an object's key at b[i] and its colon, up to its value.
func validKey(b []byte, i int) (int, bool) {
	if i >= len(b) || b[i] != '"' {
		return i, false
	}
	i, ok := validStr(b, i+1)
	if !ok {
		return i, false
	}
	if i = space(b, i); i >= len(b) || b[i] != ':' {
		return i, false
	}
	return space(b, i+1), true
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
