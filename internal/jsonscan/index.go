package jsonscan

import (
	"encoding/binary"
	"math"
	"unsafe"

	"github.com/tidwall/gjson"
)

// Index is where the keys and values of a flat object lie — one object,
// under 64 KiB, of at most eight keys without escapes, whose values are
// strings, numbers, booleans or null, which is what most tool inputs are. The pass that
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
// key's body without its quotes, and the whole value. head is the key's
// first eight bytes (keyHead), so that most keys are told apart, or found,
// by comparing one word.
type entry struct {
	head           uint64
	k0, k1, v0, v1 uint16
}

// keyHead is the first eight bytes of key as a little-endian word, zero
// past its end. A path's key is read this way once, when it is compiled;
// an input's keys are read as one word (headAt), except one too near the
// end of its input, so keyHead is kept out of line.
//
//go:noinline
func keyHead(key string) uint64 {
	var w uint64
	for i := 0; i < len(key) && i < 8; i++ {
		w |= uint64(key[i]) << (8 * i)
	}
	return w
}

// headAt is keyHead of b[k0:k1], read as one word where b has eight bytes
// from k0.
func headAt(b []byte, k0, k1 int) uint64 {
	if k0+8 > len(b) {
		return keyHead(unsafe.String(unsafe.SliceData(b[k0:]), k1-k0))
	}
	w := binary.LittleEndian.Uint64(b[k0:])
	if n := k1 - k0; n < 8 {
		w &= 1<<(8*n) - 1
	}
	return w
}

// maxIndexed is the largest input that is indexed, so that every offset
// fits in an entry. A larger input is still validated, and read by path.
const maxIndexed = math.MaxUint16

// value returns the bytes of the value of key in b, the object ix indexes,
// or nil when b has no such key; known is false when ix is unknown.
func (ix *Index) value(b []byte, key string, head uint64) (raw []byte, escaped, known bool) {
	if ix == nil || !ix.known {
		return nil, false, false
	}
	for k := range int(ix.n) {
		e := &ix.ents[k]
		if e.head == head && int(e.k1-e.k0) == len(key) && (len(key) <= 8 || string(b[e.k0+8:e.k1]) == key[8:]) {
			return b[e.v0:e.v1], ix.esc&(1<<k) != 0, true
		}
	}
	return nil, false, true
}

// IndexedResult is the gjson.Result of a value the index holds, which
// scanFlat has checked. ok is false for a string with an escape, whose text
// gjson decodes. A string's escapes are known from the index, so it is not
// read again for one; anything else is resultOf's.
func IndexedResult(raw []byte, escaped bool) (gjson.Result, bool) {
	if raw[0] != '"' {
		return resultOf(raw)
	}
	if escaped {
		return gjson.Result{}, false
	}
	s := unsafe.String(unsafe.SliceData(raw), len(raw))
	return gjson.Result{Type: gjson.String, Raw: s, Str: s[1 : len(s)-1]}, true
}

// Indexed reads a path of one plain key from the index of input: the
// value's bytes, or nil when the object has no such key, and whether the
// value is a string with an escape in it. known is false when the path is
// not one key or ix is nil or unknown: the input must then be read by
// path.
func (p Path) Indexed(input []byte, ix *Index) (raw []byte, escaped, known bool) {
	if len(p.keys) != 1 {
		return nil, false, false
	}
	return ix.value(input, p.keys[0], p.head)
}
