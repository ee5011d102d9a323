// Package validutf8 finds where text stops being UTF-8. Go's decoders turn
// each bad byte into U+FFFD without a word, and a tool name that has been
// changed that way matches no hook: hook inputs, hook answers, settings and
// case files are refused instead.
package validutf8

import (
	"fmt"
	"unicode/utf8"
)

// FirstInvalid returns the offset of the first byte of b that is not part
// of a valid UTF-8 encoding, or -1 when b is valid UTF-8.
func FirstInvalid(b []byte) int {
	if utf8.Valid(b) {
		return -1
	}
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return -1 // not reached: utf8.Valid said no
}

// Check returns nil when b is valid UTF-8, and otherwise an error that
// reads "not valid UTF-8: byte 0xff at offset 12", to follow "X is ".
func Check(b []byte) error {
	if off := FirstInvalid(b); off >= 0 {
		return fmt.Errorf("not valid UTF-8: byte %#02x at offset %d", b[off], off)
	}
	return nil
}
