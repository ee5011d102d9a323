package textpos

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAColumnCountsCharactersFromOneAsEditorsDo(t *testing.T) {
	tests := []struct {
		name      string
		text      string
		off       int
		line, col int
	}{
		{"the first byte", `{"a":1}`, 0, 1, 1},
		{"after ASCII", `{"a":1}`, 5, 1, 6},
		{"after a two-byte character", `{"é":1}`, 6, 1, 6},
		{"after a four-byte character", `{"𝄞":1}`, 8, 1, 6},
		{"on a later line", "{\n  \"é\": x}", 10, 2, 8},
		{"just after a newline", "é\nx", 3, 2, 1},
		{"at the end", "é", 2, 1, 2},
		{"past the end", "é", 10, 1, 2},
		{"before the start", "é", -1, 1, 1},
		{"in an empty text", "", 0, 1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			line, col := New([]byte(tt.text)).At(tt.off)
			assert.Equal(t, [2]int{tt.line, tt.col}, [2]int{line, col})
		})
	}
}

func TestPositionsAgreeWithCountingFromTheStartOfTheFile(t *testing.T) {
	texts := []string{
		"",
		"\n",
		"{}",
		strings.Repeat("é", 100), // characters that straddle index blocks
		strings.Repeat("a", 63) + "\n" + "b\n\nc", // a newline at a block's last byte
		strings.Repeat("a", 64) + "\n" + "€𝄞x\n",  // and at a block's first
		strings.Repeat("ab€\n", 50) + strings.Repeat("𝄞", 40),
	}
	for _, text := range texts {
		data := []byte(text)
		ix := New(data)
		for off := 0; off <= len(data); off++ {
			if off < len(data) && !utf8.RuneStart(data[off]) {
				continue // nothing is placed inside a character
			}
			before := data[:off]
			lineStart := bytes.LastIndexByte(before, '\n') + 1
			wantLine, wantCol := 1+bytes.Count(before, []byte("\n")), 1+utf8.RuneCount(before[lineStart:])
			line, col := ix.At(off)
			require.Equal(t, [2]int{wantLine, wantCol}, [2]int{line, col}, "offset %d of %q", off, text)
		}
		line, col := ix.At(len(data) + 10)
		wantLine, wantCol := ix.At(len(data))
		assert.Equal(t, [2]int{wantLine, wantCol}, [2]int{line, col}, "past the end of %q", text)
	}
}

func TestPlacingEveryOffsetOfOneLongLineReadsItAFewTimesAtMost(t *testing.T) {
	data := []byte(strings.Repeat("ab€", 20_000))
	ix := New(data)
	for off := 0; off < len(data); off += 5 {
		ix.At(off)
	}
	// Counting from the start of the line would read half of it per
	// offset; the index reads at most two blocks.
	assert.LessOrEqual(t, ix.Scanned(), 2*runeBlock*(len(data)/5+1))
}
