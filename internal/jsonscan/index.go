package jsonscan

import (
	"math"

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
func (ix *Index) value(b []byte, key string) (raw []byte, known bool) {
	if ix == nil || !ix.known {
		return nil, false
	}
	for _, e := range ix.ents[:ix.n] {
		if int(e.k1-e.k0) == len(key) && string(b[e.k0:e.k1]) == key {
			return b[e.v0:e.v1], true
		}
	}
	return nil, true
}

// AnyIndexed is Any for input as ix indexes it (ix may be nil or unknown).
// A plain path of one key is read from the index; any other, from the
// input.
func (p Path) AnyIndexed(input []byte, ix *Index, test func(gjson.Result) bool) bool {
	if len(p.keys) == 1 {
		if raw, known := ix.value(input, p.keys[0]); known {
			if raw == nil {
				return test(gjson.Result{})
			}
			if r, ok := resultOf(raw); ok {
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
		if raw, known := ix.value(input, p.keys[0]); known {
			return raw != nil
		}
	}
	return p.Exists(input)
}
