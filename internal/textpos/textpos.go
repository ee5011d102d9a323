// Package textpos places byte offsets of a text (a settings file, a case
// file, a skill's frontmatter) as the line and column an editor jumps to:
// both count from 1, and the column counts characters (runes), not bytes,
// so that "é" before an error moves it one column, as editors count it.
//
// Every position hookchain reports in a file is placed here, so that two
// commands never name two columns for one mistake.
package textpos

import (
	"slices"
	"unicode/utf8"
)

// runeBlock is how many bytes of text one entry of Index.runes covers: a
// column costs at most two blocks' worth of counting.
const runeBlock = 64

// Index places byte offsets in one text. It reads the text once, so that
// placing every value of a large file is linear in all: counting from the
// start of the file, or of the line, for each one would be quadratic, and a
// minified file is one line.
//
// In valid UTF-8 a character is a byte that does not continue another. The
// text's callers refuse invalid UTF-8 and place nothing after its first bad
// byte, where a character is no longer what an editor shows.
type Index struct {
	data  []byte
	lines []int // the offset at which each line starts
	runes []int // runes[i] is the number of characters in data[:i*runeBlock]
	// scanned counts the bytes At read beyond the index (Scanned).
	scanned int
}

// New indexes data. data must not change while the Index is used.
func New(data []byte) *Index {
	ix := &Index{data: data, lines: []int{0}, runes: make([]int, 0, len(data)/runeBlock+1)}
	for i, n := 0, 0; i <= len(data); i++ {
		if i%runeBlock == 0 {
			ix.runes = append(ix.runes, n)
		}
		if i == len(data) {
			break
		}
		if data[i] == '\n' {
			ix.lines = append(ix.lines, i+1)
		}
		if utf8.RuneStart(data[i]) {
			n++
		}
	}
	return ix
}

// At is the line and column of the byte at off, both from 1. An offset
// before the text is its start, and one past it its end.
func (ix *Index) At(off int) (line, col int) {
	off = min(max(off, 0), len(ix.data))
	// The line is the last one that starts at or before off.
	line, _ = slices.BinarySearch(ix.lines, off+1)
	return line, 1 + ix.charsBefore(off) - ix.charsBefore(ix.lines[line-1])
}

// Scanned is how many bytes At has read beyond the index in all, for
// tests that bound it.
func (ix *Index) Scanned() int { return ix.scanned }

// charsBefore counts the characters in data[:off].
func (ix *Index) charsBefore(off int) int {
	block := off / runeBlock
	n := ix.runes[block]
	for _, b := range ix.data[block*runeBlock : off] {
		if utf8.RuneStart(b) {
			n++
		}
	}
	ix.scanned += off - block*runeBlock
	return n
}
