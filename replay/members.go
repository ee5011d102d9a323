package replay

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"

	"github.com/tidwall/gjson"
)

// members is one pass over the keys of obj, an object in a line valid
// has validated, calling fn with each key and its value's JSON text, in
// order. Unlike object (gjson's ForEach), no value is decoded: a reader
// decodes (with value) only the ones it keeps, and an output of megabytes
// is unescaped once, not once more for every key walked past.
func members(obj string, fn func(key, raw string)) {
	b := unsafe.Slice(unsafe.StringData(obj), len(obj))
	i := space(b, 0)
	if i >= len(b) || b[i] != '{' {
		return
	}
	for i = space(b, i+1); i < len(b) && b[i] == '"'; i = space(b, i+1) {
		end := skipStr(b, i+1)
		key := unquote(obj[i:end])
		if i = space(b, end); i >= len(b) || b[i] != ':' {
			return
		}
		start := space(b, i+1)
		end = skip(b, start)
		fn(key, obj[start:end])
		if i = space(b, end); i >= len(b) || b[i] != ',' {
			return
		}
	}
}

// skip is where the value at b[i], in a valid text, ends: it is not
// validated again, and its strings are crossed quote to quote.
func skip(b []byte, i int) int {
	depth := 0
	for ; i < len(b); i++ {
		switch b[i] {
		case '"':
			if i = skipStr(b, i+1); depth == 0 {
				return i
			}
			i--
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 {
				return i
			}
			if depth--; depth == 0 {
				return i + 1
			}
		case ',', ':', ' ', '\t', '\n', '\r':
			if depth == 0 {
				return i // the end of a number, true, false or null
			}
		}
	}
	return i
}

// skipStr is where the string whose opening quote is before b[i] ends,
// past its closing quote: the first quote after an even run of
// backslashes.
func skipStr(b []byte, i int) int {
	start := i
	for {
		j := bytes.IndexByte(b[i:], '"')
		if j < 0 {
			return len(b)
		}
		q := i + j
		n := 0
		for k := q - 1; k >= start && b[k] == '\\'; k-- {
			n++
		}
		if n%2 == 0 {
			return q + 1
		}
		i = q + 1
	}
}

// value is the JSON text raw as gjson reads it, its string unescaped by
// unquote.
func value(raw string) gjson.Result {
	if len(raw) >= 2 && raw[0] == '"' {
		return gjson.Result{Type: gjson.String, Raw: raw, Str: unquote(raw)}
	}
	return gjson.Parse(raw)
}

// unquote is the value of the valid JSON string raw (quotes included), as
// gjson decodes it (a lone surrogate is U+FFFD); the runs between escapes
// are copied whole. Without an escape it is a view of raw.
func unquote(raw string) string {
	s := raw[1 : len(raw)-1]
	i := strings.IndexByte(s, '\\')
	if i < 0 {
		return s
	}
	out := make([]byte, 0, len(s))
	for i >= 0 && i+1 < len(s) {
		out = append(out, s[:i]...)
		c := s[i+1]
		s = s[i+2:]
		switch e := strings.IndexByte("bfnrt", c); {
		case e >= 0:
			out = append(out, "\b\f\n\r\t"[e])
		case c == 'u':
			r := hex4(s)
			s = s[4:]
			if r >= 0xD800 && r < 0xDC00 && len(s) >= 6 && s[0] == '\\' && s[1] == 'u' {
				if r2 := hex4(s[2:]); r2 >= 0xDC00 && r2 < 0xE000 {
					r, s = utf16.DecodeRune(r, r2), s[6:]
				}
			}
			out = utf8.AppendRune(out, r)
		default: // '"', '\\', '/'
			out = append(out, c)
		}
		i = strings.IndexByte(s, '\\')
	}
	out = append(out, s...)
	return unsafe.String(unsafe.SliceData(out), len(out))
}

func hex4(s string) rune {
	n, _ := strconv.ParseUint(s[:4], 16, 32)
	return rune(n)
}

// decoded is the string v (of value) as bytes, to keep: the bytes unquote
// made are shared (nothing else holds them), a view of the line is copied.
func decoded(v gjson.Result) []byte {
	if strings.IndexByte(v.Raw, '\\') >= 0 {
		return unsafe.Slice(unsafe.StringData(v.Str), len(v.Str))
	}
	return []byte(v.Str)
}
