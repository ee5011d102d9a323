package jsonscan

import (
	"math"
	"unsafe"

	"github.com/tidwall/gjson"
)

// Index is where the keys and values of a flat object lie — one object of
// at most eight keys without escapes, whose values are strings, numbers,
// booleans or null, which is what most tool inputs are. The pass that
// validates an input leaves it behind at no cost of its own, and a matcher
// on a top-level key then finds its value by comparing a few keys instead
// of reading the input again. The zero Index is unknown: every reader falls
// back to reading the input.
//
// It is small, and holds no pointers, because every run of a chain has one
// to clear.
type Index struct {
	known bool
	n     uint8
	esc   uint8 // bit k: the value of entry k is a string with an escape in it
	ents  [8]entry
}

// entry is one key and its value, as offsets into the indexed bytes: the
// key's body without its quotes, and the whole value.
type entry struct{ k0, k1, v0, v1 uint16 }

// maxIndexed is the largest input that is indexed, so that every offset
// fits in an entry. A larger input is still validated, and read by path.
const maxIndexed = math.MaxUint16

// Forget makes ix unknown, as it must be once the bytes it indexes change.
func (ix *Index) Forget() { ix.known = false }

// value returns the bytes of the value of key in b, the object ix indexes,
// or nil when b has no such key; known is false when ix is unknown.
func (ix *Index) value(b []byte, key string) (raw []byte, escaped, known bool) {
	if ix == nil || !ix.known {
		return nil, false, false
	}
	// Keys are told apart by length and first byte before they are
	// compared whole: most keys of one input differ in one or the other.
	for k := range int(ix.n) {
		e := &ix.ents[k]
		k0, k1 := int(e.k0), int(e.k1)
		if k1-k0 == len(key) && (len(key) == 0 || b[k0] == key[0]) && string(b[k0:k1]) == key {
			return b[e.v0:e.v1], ix.esc&(1<<k) != 0, true
		}
	}
	return nil, false, true
}

// indexedResult is the gjson.Result of a value the index holds, which
// scanFlat has checked: its first byte is its type. ok is false for a
// string with an escape, whose text gjson decodes.
func indexedResult(raw []byte, escaped bool) (gjson.Result, bool) {
	s := unsafe.String(unsafe.SliceData(raw), len(raw))
	switch raw[0] {
	case '"':
		if escaped {
			return gjson.Result{}, false
		}
		return gjson.Result{Type: gjson.String, Raw: s, Str: s[1 : len(s)-1]}, true
	case 't':
		return gjson.Result{Type: gjson.True, Raw: s}, true
	case 'f':
		return gjson.Result{Type: gjson.False, Raw: s}, true
	case 'n':
		return gjson.Result{Type: gjson.Null, Raw: s}, true
	}
	return resultOf(raw)
}

// AnyIndexed is Any for input as ix indexes it (ix may be nil or unknown).
// A plain path of one key is read from the index; any other, from the
// input.
func (p Path) AnyIndexed(input []byte, ix *Index, test func(gjson.Result) bool) bool {
	if len(p.keys) == 1 {
		if raw, escaped, known := ix.value(input, p.keys[0]); known {
			if raw == nil {
				return test(gjson.Result{})
			}
			if r, ok := indexedResult(raw, escaped); ok {
				return test(r)
			}
		}
	}
	return p.Any(input, test)
}

// ExistsIndexed is Exists for input as ix indexes it (ix may be nil or
// unknown).
func (p Path) ExistsIndexed(input []byte, ix *Index) bool {
	if len(p.keys) == 1 {
		if raw, _, known := ix.value(input, p.keys[0]); known {
			return raw != nil
		}
	}
	return p.Exists(input)
}
