package replay

import (
	"bytes"
	"encoding/json"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/tidwall/gjson"
)

func isBlank(b []byte) bool { return len(bytes.TrimSpace(b)) == 0 }

// validJSON says b is one JSON value opening with open ('{' or '[').
func validJSON(b []byte, open byte) bool {
	b = bytes.TrimLeft(b, " \t")
	return len(b) > 0 && b[0] == open && valid(b)
}

func kindOf(open byte) string {
	if open == '[' {
		return "array"
	}
	return "object"
}

// excerpt is the start of a bad line, for a problem's detail.
func excerpt(b []byte) string {
	const n = 60
	if len(b) <= n {
		return string(b)
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(b[cut]) {
		cut--
	}
	return string(b[:cut]) + "…"
}

// object is one pass over obj's keys, calling fn with each key and value
// in order. Where fn assigns, a key given twice keeps its last value, as
// the JavaScript and Rust writers and readers of these files do
// (encoding/json would also match keys that differ in case; this matches
// exact keys only).
func object(obj gjson.Result, fn func(key string, v gjson.Result)) {
	obj.ForEach(func(k, v gjson.Result) bool {
		fn(k.Str, v)
		return true
	})
}

// str is v's string value, copied: a value read from a line must not keep
// the line (several MB for a line with an image) alive.
func str(v gjson.Result) string {
	if v.Type != gjson.String {
		return ""
	}
	return strings.Clone(v.Str)
}

// raw is v's JSON text, copied, or nil when v does not exist.
func raw(v gjson.Result) json.RawMessage {
	if !v.Exists() {
		return nil
	}
	return json.RawMessage(v.Raw)
}

// when is v as an RFC 3339 time, the zero time when it is not one.
func when(v gjson.Result) time.Time {
	t, err := time.Parse(time.RFC3339Nano, v.Str)
	if err != nil {
		return time.Time{}
	}
	return t
}

func clone(s string) string { return strings.Clone(s) }

func gjsonString(json, key string) string { return gjson.Get(json, key).Str }

func trimBOM(b []byte) []byte { return bytes.TrimPrefix(b, bom) }
