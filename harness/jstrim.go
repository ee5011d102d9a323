package harness

import (
	"strings"
	"unicode"
)

// TrimJS is s as JavaScript's trim leaves it: it trims a byte order mark,
// which Go's strings.TrimSpace keeps, and keeps U+0085, which TrimSpace
// trims. A CLI written in JavaScript trims a hook's output that way.
func TrimJS(s string) string {
	return strings.TrimFunc(s, isJSSpace)
}

// TrimRightJS is s as JavaScript's trimEnd leaves it.
func TrimRightJS(s string) string {
	return strings.TrimRightFunc(s, isJSSpace)
}

func isJSSpace(r rune) bool { return r == '\uFEFF' || r != '\u0085' && unicode.IsSpace(r) }
