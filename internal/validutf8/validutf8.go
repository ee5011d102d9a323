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

// CheckJSON is Check for JSON text, which can also spell a character that
// is not one: an escaped surrogate half with no partner ("\udcff"), which
// encoding/json and gjson read as U+FFFD just as they read a bad byte. Such
// an escape is refused too, as "not valid UTF-8: an unpaired surrogate
// \udcff at offset 12".
func CheckJSON(b []byte) error {
	if err := Check(b); err != nil {
		return err
	}
	if off, esc := unpairedSurrogate(b); off >= 0 {
		return fmt.Errorf("not valid UTF-8: an unpaired surrogate %s at offset %d", esc, off)
	}
	return nil
}

// unpairedSurrogate finds the first \uD800–\uDFFF escape inside a JSON
// string that is not a high half followed at once by a low half. It reads
// escapes as a JSON decoder does — a backslash takes the next character with
// it — so an escaped backslash followed by "udcff" is text, not an escape.
func unpairedSurrogate(b []byte) (int, string) {
	for i := 0; i < len(b); i++ {
		if b[i] != '\\' {
			continue
		}
		if i+1 >= len(b) || b[i+1] != 'u' {
			i++ // the escaped character, whatever it is
			continue
		}
		r, ok := hex4(b, i+2)
		if !ok {
			i++
			continue
		}
		switch {
		case r >= 0xD800 && r <= 0xDBFF:
			if lo, ok := hex4(b, i+8); ok && i+7 < len(b) && b[i+6] == '\\' && b[i+7] == 'u' && lo >= 0xDC00 && lo <= 0xDFFF {
				i += 11 // the pair
				continue
			}
			return i, string(b[i : i+6])
		case r >= 0xDC00 && r <= 0xDFFF:
			return i, string(b[i : i+6])
		}
		i += 5
	}
	return -1, ""
}

// hex4 reads four hex digits at b[i:], as a JSON \u escape holds them.
func hex4(b []byte, i int) (rune, bool) {
	if i+4 > len(b) {
		return 0, false
	}
	var r rune
	for _, c := range b[i : i+4] {
		var d byte
		switch {
		case '0' <= c && c <= '9':
			d = c - '0'
		case 'a' <= c && c <= 'f':
			d = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			d = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(d)
	}
	return r, true
}
