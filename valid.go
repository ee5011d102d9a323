package hookchain

import (
	"encoding/binary"
	"encoding/json"
	"unicode/utf8"
)

// jsonFault says what keeps b from being a JSON value a chain accepts, to
// follow "is": "not valid JSON" or "not valid UTF-8"; "" when nothing does.
// Only a refusal pays for telling the two apart.
func jsonFault(b []byte) string {
	switch {
	case validJSON(b):
		return ""
	case json.Valid(b):
		return "not valid UTF-8"
	}
	return "not valid JSON"
}

// validJSON reports whether b is exactly one JSON value (RFC 8259), with
// only white space around it, whose strings are valid UTF-8: the bytes a
// chain accepts as an input or an output.
//
// It is the one pass every run makes over the whole input, so it is written
// for speed: strings, which are most of any input, are scanned eight bytes
// at a time while they hold nothing but plain ASCII, and JSON and UTF-8 are
// checked together instead of in two passes. It keeps its own stack instead
// of recursing, so that a deeply nested document costs memory in proportion
// to its depth, never a goroutine stack. FuzzValidJSON holds it to
// encoding/json.Valid and utf8.Valid.
func validJSON(b []byte) bool {
	const (
		inValue = iota // a value must start at i
		inKey          // an object key must start at i
		after          // a value ended just before i
	)
	// The open containers: a bit per level, 1 for an object, in a word
	// while the document is shallow, as nearly every input is.
	var small uint64
	var deep []bool
	depth := 0
	objectAt := func(d int) bool {
		if d < 64 {
			return small&(1<<uint(d)) != 0
		}
		return deep[d-64]
	}
	push := func(object bool) {
		if depth < 64 {
			if object {
				small |= 1 << uint(depth)
			} else {
				small &^= 1 << uint(depth)
			}
		} else {
			deep = append(deep[:depth-64], object)
		}
		depth++
	}

	n := len(b)
	i := skipSpace(b, 0)
	state := inValue
	for {
		switch state {
		case inValue:
			if i >= n {
				return false
			}
			switch c := b[i]; {
			case c == '{':
				i = skipSpace(b, i+1)
				if i < n && b[i] == '}' {
					i, state = i+1, after
					continue
				}
				push(true)
				state = inKey
			case c == '[':
				i = skipSpace(b, i+1)
				if i < n && b[i] == ']' {
					i, state = i+1, after
					continue
				}
				push(false)
			case c == '"':
				var ok bool
				if i, ok = scanString(b, i+1); !ok {
					return false
				}
				state = after
			case c == 't':
				if !hasPrefixAt(b, i, "true") {
					return false
				}
				i, state = i+4, after
			case c == 'f':
				if !hasPrefixAt(b, i, "false") {
					return false
				}
				i, state = i+5, after
			case c == 'n':
				if !hasPrefixAt(b, i, "null") {
					return false
				}
				i, state = i+4, after
			case c == '-' || '0' <= c && c <= '9':
				var ok bool
				if i, ok = scanNumber(b, i); !ok {
					return false
				}
				state = after
			default:
				return false
			}
		case inKey:
			if i >= n || b[i] != '"' {
				return false
			}
			var ok bool
			if i, ok = scanString(b, i+1); !ok {
				return false
			}
			i = skipSpace(b, i)
			if i >= n || b[i] != ':' {
				return false
			}
			i, state = skipSpace(b, i+1), inValue
		case after:
			i = skipSpace(b, i)
			if depth == 0 {
				return i == n
			}
			if i >= n {
				return false
			}
			object := objectAt(depth - 1)
			switch b[i] {
			case ',':
				i = skipSpace(b, i+1)
				if object {
					state = inKey
				} else {
					state = inValue
				}
			case '}', ']':
				if object != (b[i] == '}') {
					return false
				}
				depth--
				i++
			default:
				return false
			}
		}
	}
}

func skipSpace(b []byte, i int) int {
	for i < len(b) {
		switch b[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

func hasPrefixAt(b []byte, i int, lit string) bool {
	return len(b)-i >= len(lit) && string(b[i:i+len(lit)]) == lit
}

// scanString reads a string's body from just after its opening quote and
// returns the index just past its closing quote.
func scanString(b []byte, i int) (int, bool) {
	n := len(b)
	for {
		// Eight bytes at a time while none of them needs a look: no quote,
		// no backslash, no control character, nothing outside ASCII.
		for i+8 <= n && !needsALook(binary.LittleEndian.Uint64(b[i:])) {
			i += 8
		}
		if i >= n {
			return i, false
		}
		switch c := b[i]; {
		case c == '"':
			return i + 1, true
		case c == '\\':
			if i+1 >= n {
				return i, false
			}
			switch b[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > n || !isHex(b[i+2]) || !isHex(b[i+3]) || !isHex(b[i+4]) || !isHex(b[i+5]) {
					return i, false
				}
				i += 6
			default:
				return i, false
			}
		case c < 0x20:
			return i, false
		case c < utf8.RuneSelf:
			i++
		default:
			r, size := utf8.DecodeRune(b[i:])
			if r == utf8.RuneError && size <= 1 {
				return i, false
			}
			i += size
		}
	}
}

const (
	lows  = 0x0101010101010101
	highs = 0x8080808080808080
)

// needsALook reports whether any of the eight bytes in w is a quote, a
// backslash, a control character (below 0x20) or not ASCII. Each test is the
// classic "some byte is zero / below n" word trick: exact about whether any
// byte qualifies, which is all the caller asks.
func needsALook(w uint64) bool {
	quote := w ^ (lows * '"')
	backslash := w ^ (lows * '\\')
	return (w|
		(w-lows*0x20)&^w|
		(quote-lows)&^quote|
		(backslash-lows)&^backslash)&highs != 0
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// scanNumber reads -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? at i.
func scanNumber(b []byte, i int) (int, bool) {
	n := len(b)
	if b[i] == '-' {
		i++
	}
	switch {
	case i < n && b[i] == '0':
		i++
	case i < n && '1' <= b[i] && b[i] <= '9':
		i = digits(b, i+1)
	default:
		return i, false
	}
	if i < n && b[i] == '.' {
		j := digits(b, i+1)
		if j == i+1 {
			return i, false
		}
		i = j
	}
	if i < n && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < n && (b[i] == '+' || b[i] == '-') {
			i++
		}
		j := digits(b, i)
		if j == i {
			return i, false
		}
		i = j
	}
	return i, true
}

func digits(b []byte, i int) int {
	for i < len(b) && '0' <= b[i] && b[i] <= '9' {
		i++
	}
	return i
}
