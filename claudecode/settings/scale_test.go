package settings

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain/internal/testfiles"
)

// manyHandlers is a settings file with n command handlers in one matcher
// group, the last of which has an unknown type so that Links must place it.
// indent writes one handler a line; otherwise the whole file is one line,
// as a generated or minified file is.
func manyHandlers(t testing.TB, n int, indent bool) []byte {
	t.Helper()
	handlers := make([]map[string]any, n)
	for i := range handlers {
		handlers[i] = map[string]any{"type": "command", "command": fmt.Sprintf("echo é%d", i)}
	}
	handlers[n-1]["type"] = "bogus"
	doc := map[string]any{"hooks": map[string]any{"PreToolUse": []any{
		map[string]any{"matcher": "Bash", "hooks": handlers},
	}}}
	var data []byte
	var err error
	if indent {
		data, err = json.MarshalIndent(doc, "", "  ")
	} else {
		data, err = json.Marshal(doc)
	}
	require.NoError(t, err)
	return data
}

// placeOf is the 1-based line and column, in characters, of the last
// occurrence of text in data, counted the slow and obvious way.
func placeOf(data []byte, text string) (line, col int) {
	before := data[:bytes.LastIndex(data, []byte(text))]
	lineStart := bytes.LastIndexByte(before, '\n') + 1
	return 1 + bytes.Count(before, []byte("\n")), 1 + len([]rune(string(before[lineStart:])))
}

func TestSettingsWithTwentyThousandHandlersAreParsedAndPlacedInLinearTime(t *testing.T) {
	if testing.Short() {
		t.Skip("seconds of parsing twenty thousand handlers; run without -short, as .ci/run does")
	}
	for _, indent := range []bool{true, false} {
		t.Run(fmt.Sprintf("indent=%v", indent), func(t *testing.T) {
			const n = 20_000
			var (
				data  []byte
				s     *Settings
				hooks []Hook
				err   error
			)
			// Recounting lines from the start of the file for every
			// handler took 10 s and more.
			testfiles.GrowsLinearly(t, n, func(n int) func() {
				data = manyHandlers(t, n, indent)
				return func() {
					if s, err = Parse("s.json", data); err == nil {
						hooks = s.Hooks(Options{})
						_, err = s.Links(Options{})
					}
				}
			})
			require.Error(t, err)
			line, col := placeOf(data, `"bogus"`)
			assert.Equal(t, fmt.Sprintf(`s.json:%d:%d: PreToolUse[0].hooks[%d]: unknown handler type "bogus": want "command", "http", "mcp_tool", "prompt" or "agent"`, line, col, n-1), err.Error())
			require.Len(t, hooks, n)
			assert.Equal(t, Linked, hooks[n-2].Status)
		})
	}
}

func TestPlacingEveryHandlerReadsTheFileAFewTimesAtMost(t *testing.T) {
	// One line, so that counting from the start of the line would be as
	// bad as counting from the start of the file: half the file per
	// handler, some 10^10 bytes here.
	data := manyHandlers(t, 20_000, false)
	p := &parser{file: "s.json", data: data}
	s, err := p.parse()
	require.NoError(t, err)
	require.Len(t, s.entries, 20_000)
	require.NotNil(t, p.pos)
	assert.Less(t, p.pos.Scanned(), 4*len(data))
}

func BenchmarkParseTwentyThousandHandlers(b *testing.B) {
	for _, indent := range []bool{true, false} {
		b.Run(fmt.Sprintf("indent=%v", indent), func(b *testing.B) {
			data := manyHandlers(b, 20_000, indent)
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				s, err := Parse("s.json", data)
				if err != nil {
					b.Fatal(err)
				}
				s.Hooks(Options{})
			}
		})
	}
}
