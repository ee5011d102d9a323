// Package jsonscan reads the JSON a chain is given the way the chain needs
// it read: Fault checks a whole output in one pass (JSON, UTF-8, and no key
// given twice in one object); InputFault does the same for an input, which
// is held to one more rule, and for a flat object leaves an Index of where
// its keys and values lie; Lookup reads one plain path the way gjson does,
// without parsing what it passes over, and Path.Indexed reads one key from
// an Index. All are held to a reference (encoding/json, gjson) by fuzz
// targets.
package jsonscan

import (
	"encoding/binary"
	"encoding/json"
	"math/bits"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// Fault says what keeps b from being a JSON value a chain accepts as an
// output, to follow "is": "not valid JSON", "not valid UTF-8", or
// "ambiguous: …" for an object that gives one key twice; "" when nothing
// does. Only a refusal pays for telling them apart.
func Fault(b []byte) string { return fault(b, nil, false) }

// InputFault is Fault for a tool's input, which must also never give, in one
// object, two keys that differ only in case ("command" and "Command"):
// Go's encoding/json decodes both into the one field tagged "command",
// keeping the last, while gjson and every matcher read the exact key — a
// guard would judge one command and a Go tool run the other. Outputs are
// not held to it: they are read as text, and a map of HTTP headers may
// well give "ETag" and "Etag".
//
// When b is a flat object (see [Index]) it leaves in ix where its keys and
// values lie; otherwise ix is left unknown. ix may be nil.
func InputFault(b []byte, ix *Index) string { return fault(b, ix, true) }

func fault(b []byte, ix *Index, fold bool) string {
	if ix != nil {
		ix.known = false
	}
	var dup [2]string
	switch {
	case plainString(b), scanFlat(b, ix), scan(b, fold, &dup):
		return ""
	case !json.Valid(b):
		return "not valid JSON"
	case !utf8.Valid(b):
		return "not valid UTF-8"
	case dup[0] == dup[1]:
		return "ambiguous: an object in it has the key " + strconv.Quote(dup[0]) + " twice"
	}
	return "ambiguous: an object in it has the keys " + strconv.Quote(dup[0]) + " and " + strconv.Quote(dup[1]) +
		", which Go's encoding/json reads as one"
}

// Valid reports whether b is exactly one JSON value (RFC 8259), with
// only white space around it, whose strings are valid UTF-8 and whose objects
// never give a key twice: the bytes a chain accepts as an output.
func Valid(b []byte) bool {
	var dup [2]string
	return plainString(b) || scanFlat(b, nil) || scan(b, false, &dup)
}

// plainString reports true only for what Valid accepts, and only for one
// JSON string with nothing around it: a tool's text result, the most common
// output. Anything else is scan's to decide.
func plainString(b []byte) bool {
	if len(b) < 2 || b[0] != '"' {
		return false
	}
	end, _, ok := scanString(b, 1)
	return ok && end == len(b)
}

// scanFlat reports true only for what both Fault and InputFault accept, and
// only for the shape most tool inputs have: one object of a few keys of
// plain ASCII, no two alike even in case, whose values are strings,
// numbers, booleans or null. For anything else — a nested value, many keys,
// a key with an escape or a byte outside ASCII, keys alike but for case, or
// bytes Fault refuses — it reports false, and scan, which can say why,
// decides. Being one loop with little to keep, it
// reads the common input in a fraction of scan's time. When it reports true
// it has left in ix (if not nil) where each key and value lies; when false,
// ix is unknown.
func scanFlat(b []byte, ix *Index) bool {
	var local Index
	if ix == nil {
		ix = &local
	}
	ix.known, ix.esc = false, 0
	n := len(b)
	if n > maxIndexed {
		return false
	}
	i := skipSpace(b, 0)
	if i >= n || b[i] != '{' {
		return false
	}
	if i = skipSpace(b, i+1); i < n && b[i] == '}' {
		if skipSpace(b, i+1) != n {
			return false
		}
		ix.n, ix.esc, ix.known = 0, 0, true
		return true
	}
	for k := 0; ; k++ {
		if i >= n || b[i] != '"' || k == len(ix.ents) {
			return false
		}
		// Strings are read where they are: plainRun inlines, and only a
		// value that is not plain ASCII up to its quote costs a call. A
		// key must be: only ASCII folds by a rule short enough for here.
		j := plainRun(b, i+1)
		if j >= n || b[j] != '"' {
			return false
		}
		e := &ix.ents[k]
		e.k0, e.k1 = uint16(i+1), uint16(j)
		e.head = headAt(b, i+1, j)
		key, folded := b[i+1:j], foldHead(e.head)
		for _, seen := range ix.ents[:k] {
			if foldHead(seen.head) == folded && (len(key) <= 8 && int(seen.k1-seen.k0) <= 8 || equalFoldASCII(b[seen.k0:seen.k1], key)) {
				return false // the same key, or the same but for case: scan names them
			}
		}
		var (
			escaped, ok bool
		)
		if i = skipSpace(b, j+1); i >= n || b[i] != ':' {
			return false
		}
		if i = skipSpace(b, i+1); i >= n {
			return false
		}
		e.v0 = uint16(i)
		switch c := b[i]; {
		case c == '"':
			if j := plainRun(b, i+1); j < n && b[j] == '"' {
				i, escaped, ok = j+1, false, true
				break
			}
			i, escaped, ok = scanString(b, i+1)
			if escaped {
				ix.esc |= 1 << k
			}
		case c == 't':
			ok, i = hasPrefixAt(b, i, "true"), i+4
		case c == 'f':
			ok, i = hasPrefixAt(b, i, "false"), i+5
		case c == 'n':
			ok, i = hasPrefixAt(b, i, "null"), i+4
		case c == '-' || '0' <= c && c <= '9':
			i, ok = scanNumber(b, i)
		default:
			return false
		}
		if !ok {
			return false
		}
		e.v1 = uint16(i)
		if i = skipSpace(b, i); i >= n {
			return false
		}
		switch b[i] {
		case ',':
			i = skipSpace(b, i+1)
		case '}':
			if skipSpace(b, i+1) != n {
				return false
			}
			ix.n, ix.known = uint8(k+1), true
			return true
		default:
			return false
		}
	}
}

// scan is Valid, or with fold InputFault's rule, and names the keys in dup
// when one given twice (or, with fold, two alike but for case) is why it
// refuses b: the one first given, then the other.
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
func scan(b []byte, fold bool, dup *[2]string) bool {
	var (
		n = len(b)
		i = skipSpace(b, 0)
		c byte
		// The open containers: a bit per level, 1 for an object, in a
		// word while the document is shallow, as nearly every input is.
		small uint64
		deep  []bool
		depth int
		// The keys of the open objects, innermost last, and where each
		// open object's keys start. Arrays on the stack keep a shallow
		// input from allocating. sets holds, per open object, its keys
		// once it has many, by their folded form (FoldKey) under fold; it
		// is made only for a document with such an object, and kept in
		// step with starts from then on.
		keyBuf   [8]string
		startBuf [4]int
		keys     = keyBuf[:0]
		starts   = startBuf[:0]
		sets     []map[string]string
		object   bool
		ok       bool
	)

value: // a value must start at i
	if i >= n {
		return false
	}
	switch c = b[i]; c {
	case '{', '[':
		i = skipSpace(b, i+1)
		if i < n && (c == '{' && b[i] == '}' || c == '[' && b[i] == ']') {
			i++
			goto after
		}
		object = c == '{'
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
		if !object {
			goto value
		}
		starts = append(starts, len(keys))
		if sets != nil {
			sets = append(sets, nil)
		}
		goto key
	case '"':
		if i, _, ok = scanString(b, i+1); !ok {
			return false
		}
	case 't':
		if !hasPrefixAt(b, i, "true") {
			return false
		}
		i += 4
	case 'f':
		if !hasPrefixAt(b, i, "false") {
			return false
		}
		i += 5
	case 'n':
		if !hasPrefixAt(b, i, "null") {
			return false
		}
		i += 4
	default:
		if c != '-' && (c < '0' || c > '9') {
			return false
		}
		if i, ok = scanNumber(b, i); !ok {
			return false
		}
	}
	goto after

key: // an object key must start at i
	if i >= n || b[i] != '"' {
		return false
	}
	{
		start := i
		var escaped bool
		if i, escaped, ok = scanString(b, i+1); !ok {
			return false
		}
		key := keyText(b[start:i], escaped)
		top := len(starts) - 1
		if sets != nil && sets[top] != nil {
			name := key
			if fold {
				name = FoldKey(key)
			}
			if first, ok := sets[top][name]; ok {
				*dup = [2]string{first, key}
				return false
			}
			sets[top][name] = key
		} else {
			for _, k := range keys[starts[top]:] {
				if k == key || fold && strings.EqualFold(k, key) {
					*dup = [2]string{k, key}
					return false
				}
			}
			keys = append(keys, key)
			if mine := keys[starts[top]:]; len(mine) > 32 {
				// Many keys: a set, so that an object of a hundred
				// thousand keys costs linear time, not quadratic.
				set := make(map[string]string, 2*len(mine))
				for _, k := range mine {
					name := k
					if fold {
						name = FoldKey(k)
					}
					set[name] = k
				}
				if sets == nil {
					sets = make([]map[string]string, len(starts))
				}
				sets[top], keys = set, keys[:starts[top]]
			}
		}
	}
	i = skipSpace(b, i)
	if i >= n || b[i] != ':' {
		return false
	}
	i = skipSpace(b, i+1)
	goto value

after: // a value ended just before i
	i = skipSpace(b, i)
	if depth == 0 {
		return i == n
	}
	if i >= n {
		return false
	}
	if depth <= 64 {
		object = small&(1<<uint(depth-1)) != 0
	} else {
		object = deep[depth-1-64]
	}
	switch b[i] {
	case ',':
		i = skipSpace(b, i+1)
		if object {
			goto key
		}
		goto value
	case '}', ']':
		if object != (b[i] == '}') {
			return false
		}
		if object {
			top := len(starts) - 1
			keys, starts = keys[:starts[top]], starts[:top]
			if sets != nil {
				sets = sets[:top]
			}
		}
		depth--
		i++
		goto after
	}
	return false
}

// keyText is a scanned key, quotes included, as the text it stands for:
// the bytes themselves when there is no escape in it, as in nearly every
// key, and the decoded text otherwise, so that "comm\u0061nd" is "command".
func keyText(quoted []byte, escaped bool) string {
	if !escaped {
		return unsafe.String(unsafe.SliceData(quoted[1:]), len(quoted)-2)
	}
	var s string
	if json.Unmarshal(quoted, &s) != nil {
		return string(quoted) // not reached: scanString accepted it
	}
	return s
}

// FoldKey is key as case folding reads it: each rune replaced by the least
// rune that unicode.SimpleFold goes round to from it. Two keys fold to one
// string exactly when strings.EqualFold holds for them, which is how
// encoding/json matches a key to a field: "Kind", "KIND", and "\u212aind"
// with its Kelvin sign all fold to "KIND".
func FoldKey(key string) string {
	var b strings.Builder
	b.Grow(len(key))
	for _, r := range key {
		least := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			least = min(least, f)
		}
		b.WriteRune(least)
	}
	return b.String()
}

// foldHead is a key's head word (see keyHead) with its ASCII capitals made
// small, for a key of plain ASCII: two such keys of at most eight bytes are
// alike but for case exactly when their folded heads are equal. A byte
// from 'A' to 'Z' is the one that adding 0x80-'A' carries into its high
// bit and adding 0x80-'Z'-1 does not; below 0x80 no byte carries into the
// next.
func foldHead(w uint64) uint64 {
	atLeastA := w + lows*(0x80-'A')
	pastZ := w + lows*(0x80-'Z'-1)
	return w | (atLeastA&^pastZ&highs)>>2
}

// equalFoldASCII reports whether two keys of plain ASCII are alike but for
// case.
func equalFoldASCII(a, b []byte) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if x != y && (x|0x20 != y|0x20 || x|0x20 < 'a' || x|0x20 > 'z') {
			return false
		}
	}
	return true
}

// skipSpace returns the index of the first byte at or after i that is not
// white space. Most JSON has none between its tokens, so that case is
// decided where skipSpace is called, and only white space costs a call.
func skipSpace(b []byte, i int) int {
	if i < len(b) && b[i] > ' ' {
		return i
	}
	return skipSpaces(b, i)
}

// skipSpaces is skipSpace's loop, kept out of line so that each of the
// many places skipSpace is inlined carries a compare and a call, not a loop.
//
//go:noinline
func skipSpaces(b []byte, i int) int {
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
// returns the index just past its closing quote, and whether the string
// holds an escape.
//
// It reads eight bytes at a time while none of them needs a look — a quote,
// a backslash, a control character, a byte outside ASCII — and jumps
// straight to the first one that does.
func scanString(b []byte, i int) (int, bool, bool) {
	escaped := false
	for {
		if i = plainRun(b, i); i >= len(b) {
			return i, escaped, false
		}
		switch c := b[i]; {
		case c == '"':
			return i + 1, escaped, true
		case c == '\\':
			escaped = true
			if i+1 >= len(b) {
				return i, escaped, false
			}
			switch b[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > len(b) || !isHex(b[i+2]) || !isHex(b[i+3]) || !isHex(b[i+4]) || !isHex(b[i+5]) {
					return i, escaped, false
				}
				i += 6
			default:
				return i, escaped, false
			}
		case c < 0x20:
			return i, escaped, false
		default: // past plainRun, only a byte of 0x80 or more
			r, size := utf8.DecodeRune(b[i:])
			if r == utf8.RuneError && size <= 1 {
				return i, escaped, false
			}
			i += size
		}
	}
}

// plainRun returns the index of the first byte at or after i that needs a
// look (see lookFlags), or len(b) when none does. It reads eight bytes at a
// time, and the last few by a table, so that a short string costs a branch
// a byte, not one for each kind of byte.
func plainRun(b []byte, i int) int {
	for i+8 <= len(b) {
		if f := lookFlags(binary.LittleEndian.Uint64(b[i:])); f != 0 {
			return i + bits.TrailingZeros64(f)>>3
		}
		i += 8
	}
	for i < len(b) && plainByte[b[i]] {
		i++
	}
	return i
}

// plainByte holds the bytes that need no look inside a string: printable
// ASCII other than a quote or a backslash.
var plainByte = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

const (
	lows  = 0x0101010101010101
	highs = 0x8080808080808080
)

// lookFlags sets the high bit of each byte of w that needs a look: a quote,
// a backslash, a byte below 0x20, a byte of 0x80 or more. These are the
// classic word tricks: a byte of 0x80 or more has its high bit set; one
// below 0x20 sets it when 0x20 is taken from it; a quote or a backslash is
// the byte that XOR with it leaves zero, which taking one from sets. A
// borrow can only flag a byte above one already flagged, so the lowest
// flag, the first byte in memory, is always a true one.
func lookFlags(w uint64) uint64 {
	q := w ^ (lows * '"')
	bs := w ^ (lows * '\\')
	return (w | (w - lows*0x20) | (q-lows)&^q | (bs-lows)&^bs) & highs
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
