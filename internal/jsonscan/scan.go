// Package jsonscan reads the JSON a chain is given the way the chain needs
// it read: Valid checks a whole input or output in one pass (JSON, UTF-8,
// and no key given twice in one object), and Lookup reads one plain path the
// way gjson does, without parsing what it passes over. Both are held to a
// reference (encoding/json, gjson) by fuzz targets.
package jsonscan

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"strconv"
	"unicode/utf8"
	"unsafe"
)

// Fault says what keeps b from being a JSON value a chain accepts, to
// follow "is": "not valid JSON", "not valid UTF-8", or "ambiguous: …" for an
// object that gives one key twice; "" when nothing does. Only a refusal pays
// for telling them apart.
func Fault(b []byte) string {
	var dup string
	switch {
	case scan(b, &dup):
		return ""
	case !json.Valid(b):
		return "not valid JSON"
	case !utf8.Valid(b):
		return "not valid UTF-8"
	}
	return "ambiguous: an object in it has the key " + strconv.Quote(dup) + " twice"
}

// Valid reports whether b is exactly one JSON value (RFC 8259), with
// only white space around it, whose strings are valid UTF-8 and whose objects
// never give a key twice: the bytes a chain accepts as an input or an output.
func Valid(b []byte) bool {
	var dup string
	return scan(b, &dup)
}

// scan is Valid, and names the key given twice when that is why it
// refuses b.
//
// A key given twice is refused because readers disagree about it: gjson, and
// so every input matcher, reads the first, while encoding/json and most
// tools read the last. {"command":"ls","command":"rm -rf /"} would show a
// guard one command and run another.
//
// This is the one pass every run makes over the whole input, so it is
// written for speed: strings, which are most of any input, are scanned eight
// bytes at a time while they hold nothing but plain ASCII, and JSON, UTF-8
// and keys are checked together instead of in several passes. It keeps its
// own stacks instead of recursing, so that a deeply nested document costs
// memory in proportion to its depth, never a goroutine stack. FuzzValidJSON
// holds it to encoding/json.
func scan(b []byte, dup *string) bool {
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
	// The keys of the open objects, innermost last, and where each open
	// object's keys start. Arrays on the stack keep a shallow input from
	// allocating.
	var keyBuf [16]string
	var startBuf [8]int
	var setBuf [8]map[string]bool
	keys, starts, sets := keyBuf[:0], startBuf[:0], setBuf[:0] // sets: per open object, its keys once it has many

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
				starts, sets = append(starts, len(keys)), append(sets, nil)
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
			start := i
			var ok bool
			if i, ok = scanString(b, i+1); !ok {
				return false
			}
			key := keyText(b[start:i])
			top := len(starts) - 1
			if set := sets[top]; set != nil {
				if set[key] {
					*dup = key
					return false
				}
				set[key] = true
			} else {
				for _, k := range keys[starts[top]:] {
					if k == key {
						*dup = key
						return false
					}
				}
				keys = append(keys, key)
				if mine := keys[starts[top]:]; len(mine) > 32 {
					// Many keys: a set, so that an object of a hundred
					// thousand keys costs linear time, not quadratic.
					set := make(map[string]bool, 2*len(mine))
					for _, k := range mine {
						set[k] = true
					}
					sets[top], keys = set, keys[:starts[top]]
				}
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
				if object {
					top := len(starts) - 1
					keys, starts, sets = keys[:starts[top]], starts[:top], sets[:top]
				}
				depth--
				i++
			default:
				return false
			}
		}
	}
}

// keyText is a scanned key, quotes included, as the text it stands for:
// the bytes themselves when there is no escape in it, as in nearly every
// key, and the decoded text otherwise, so that "comm\u0061nd" is "command".
func keyText(quoted []byte) string {
	if bytes.IndexByte(quoted, '\\') < 0 {
		return unsafe.String(unsafe.SliceData(quoted[1:]), len(quoted)-2)
	}
	var s string
	if json.Unmarshal(quoted, &s) != nil {
		return string(quoted) // not reached: scanString accepted it
	}
	return s
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
