package jsonscan

import (
	"bytes"
	"strconv"
	"unsafe"

	"github.com/tidwall/gjson"
)

// PlainKeys splits a path made only of object keys ("command",
// "options.timeout") into its keys, or returns nil for any other path: one
// with an array index, a query, a wildcard, a modifier or an escape, which
// gjson reads.
func PlainKeys(path string) []string {
	var keys []string
	start := 0
	for i := 0; i <= len(path); i++ {
		if i < len(path) && path[i] != '.' {
			c := path[i]
			switch {
			case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', c == '_':
			case '0' <= c && c <= '9', c == '-':
				if i == start {
					return nil // a number may be an array index to gjson
				}
			default:
				return nil
			}
			continue
		}
		if i == start {
			return nil // an empty key
		}
		keys = append(keys, path[start:i])
		start = i + 1
	}
	return keys
}

// Lookup reads the value at a plain path the way gjson.Get does, but
// without parsing the values it passes over: it compares keys as bytes and
// skips the values of other keys. ok is false when it meets anything it
// does not read this way — a key with an escape, a string value with one,
// input that is not well-formed — and the caller then asks gjson, so the
// answer is always gjson's. FuzzFastLookup holds the two to each other.
func Lookup(input []byte, keys []string) (r gjson.Result, ok bool) {
	raw, ok := locate(input, keys)
	if !ok || raw == nil {
		return gjson.Result{}, ok
	}
	return resultOf(raw)
}

// Exists reports whether a plain path is in input, as gjson's Exists does,
// without building the value: a number is not parsed to be seen. ok is
// false when Lookup would leave the answer to gjson.
func Exists(input []byte, keys []string) (exists, ok bool) {
	raw, ok := locate(input, keys)
	switch {
	case !ok:
		return false, false
	case len(raw) == 0:
		return false, raw == nil
	case raw[0] == '-' || '0' <= raw[0] && raw[0] <= '9':
		// gjson reads a number by its own rules: say so only for one
		// that is well-formed, as resultOf does.
		end, ok := scanNumber(raw, 0)
		return true, ok && end == len(raw)
	}
	return true, true
}

// locate finds the value at a plain path and returns its bytes, or nil
// with ok true when the path is not there; ok is false as for Lookup.
func locate(input []byte, keys []string) (raw []byte, ok bool) {
	raw, _, ok = locateIn(input, skipSpace(input, 0), keys)
	return raw, ok
}

// locateIn is locate in the object that starts at i, which must be one:
// gjson has its own ways with what is not. When the path is not there, end
// is just past the object.
//
// Where the object gives keys[0] twice and the rest of the path is not under
// the first, gjson reads on to the next, and so does locateIn: input that
// is not validated may give a key twice.
func locateIn(b []byte, i int, keys []string) (raw []byte, end int, ok bool) {
	if i >= len(b) || b[i] != '{' {
		return nil, 0, false
	}
	for i = skipSpace(b, i+1); ; {
		if i < len(b) && b[i] == '}' {
			return nil, i + 1, true
		}
		if i >= len(b) || b[i] != '"' {
			return nil, 0, false
		}
		end, escaped, ok := scanString(b, i+1)
		if !ok || escaped {
			// An escaped key: gjson compares the key it decodes.
			return nil, 0, false
		}
		name := b[i+1 : end-1]
		if i = skipSpace(b, end); i >= len(b) || b[i] != ':' {
			return nil, 0, false
		}
		i = skipSpace(b, i+1)
		switch {
		case string(name) != keys[0]:
			end, ok = skipValue(b, i)
		case len(keys) > 1:
			if raw, end, ok = locateIn(b, i, keys[1:]); raw != nil {
				return raw, 0, ok
			}
		default:
			if end, ok = skipValue(b, i); !ok {
				return nil, 0, false
			}
			// The value must end where gjson would end it: at a comma or
			// the object's close, white space aside.
			if j := skipSpace(b, end); j >= len(b) || b[j] != ',' && b[j] != '}' {
				return nil, 0, false
			}
			return b[i:end], 0, true
		}
		if !ok {
			return nil, 0, false
		}
		switch i = skipSpace(b, end); {
		case i < len(b) && b[i] == ',':
			i = skipSpace(b, i+1)
		case i < len(b) && b[i] == '}':
		default:
			return nil, 0, false
		}
	}
}

// resultOf is the gjson.Result of one well-formed JSON value, built without
// copying it; ok is false for a string with an escape, whose text gjson
// decodes.
func resultOf(raw []byte) (gjson.Result, bool) {
	s := unsafe.String(unsafe.SliceData(raw), len(raw))
	switch s {
	case "true":
		return gjson.Result{Type: gjson.True, Raw: s}, true
	case "false":
		return gjson.Result{Type: gjson.False, Raw: s}, true
	case "null":
		return gjson.Result{Type: gjson.Null, Raw: s}, true
	}
	switch raw[0] {
	case '"':
		if bytes.IndexByte(raw, '\\') >= 0 {
			return gjson.Result{}, false
		}
		return gjson.Result{Type: gjson.String, Raw: s, Str: s[1 : len(s)-1]}, true
	case '{', '[':
		return gjson.Result{Type: gjson.JSON, Raw: s}, true
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		if end, ok := scanNumber(raw, 0); !ok || end != len(raw) {
			return gjson.Result{}, false
		}
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return gjson.Result{}, false
		}
		return gjson.Result{Type: gjson.Number, Raw: s, Num: f}, true
	}
	return gjson.Result{}, false
}

// skipValue returns the index just past the well-formed value that starts
// at i. It checks what it skips as strictly as the chain checks an input,
// because gjson reads a document with a broken value in it its own way, and
// the fast path must only ever answer as gjson would.
func skipValue(b []byte, i int) (int, bool) {
	if i >= len(b) {
		return 0, false
	}
	switch c := b[i]; {
	case c == '"':
		end, _, ok := scanString(b, i+1)
		return end, ok
	case c == '{' || c == '[':
		// Find the end by the brackets, then check the whole of it.
		depth, j := 0, i
		for j < len(b) {
			switch b[j] {
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1, Valid(b[i : j+1])
				}
			case '"':
				end, _, ok := scanString(b, j+1)
				if !ok {
					return 0, false
				}
				j = end
				continue
			}
			j++
		}
		return 0, false
	case c == '-' || '0' <= c && c <= '9':
		return scanNumber(b, i)
	case hasPrefixAt(b, i, "true"):
		return i + 4, true
	case hasPrefixAt(b, i, "false"):
		return i + 5, true
	case hasPrefixAt(b, i, "null"):
		return i + 4, true
	}
	return 0, false
}
