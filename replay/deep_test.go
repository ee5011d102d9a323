package replay_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain/replay"
)

func TestHostileShapesAreReadInLinearTimeWithoutPanic(t *testing.T) {
	depth := 1_000_000
	if testing.Short() {
		depth = 100_000 // a million takes seconds
	}
	deep := strings.Repeat("[", depth) + strings.Repeat("]", depth)
	tests := []struct {
		name   string
		format replay.Format
		text   string
		calls  int
		counts map[replay.ProblemKind]int
	}{
		{"an input nested a million deep", replay.ClaudeCode,
			lines(use("a1", "", "toolu_1", "Bash", `{"x":`+deep+`}`, "")), 1, nil},
		{"a line nested a million deep and cut", replay.ClaudeCode,
			lines(`{"type":"assistant","message":` + strings.Repeat("[", depth)), 0, map[replay.ProblemKind]int{replay.BadLine: 1}},
		{"a document nested a million deep is a bad line (past encoding/json's depth)", replay.Anthropic,
			"[\n" + deep + "\n]\n", 0, map[replay.ProblemKind]int{replay.BadLine: 1}},
		{"numbers past 2^53, -0 and exponents as an exit code", replay.Codex,
			lines(codexMeta, codexCall("c1", "shell", `{"n":1e999,"m":-0,"k":123456789012345678901234567890}`), codexOutput("c1", `"{\"output\":\"x\",\"metadata\":{\"exit_code\":1e400}}"`)), 1, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, st := read(t, tt.format, tt.text)
			require.Len(t, got, tt.calls)
			if tt.counts == nil {
				tt.counts = map[replay.ProblemKind]int{}
			}
			if st.Counts == nil {
				st.Counts = map[replay.ProblemKind]int{}
			}
			assert.Equal(t, tt.counts, st.Counts)
		})
	}
}

func TestADocumentsLargeElementDoesNotMakeTheElementsAfterItCostlier(t *testing.T) {
	if testing.Short() {
		t.Skip("reads a 16 MB document")
	}
	var b strings.Builder
	b.WriteString("[\n")
	b.WriteString(`{"role":"user","content":"` + strings.Repeat("x", 8<<20) + `"}`)
	for i := range 200_000 {
		b.WriteString(",\n")
		if i%2 == 0 {
			b.WriteString(`{"role":"assistant","content":[{"type":"tool_use","id":"t` + sprintf("%d", i) + `","name":"n","input":{}}]}`)
		} else {
			b.WriteString(`{"role":"user","content":[{"type":"tool_result","tool_use_id":"t` + sprintf("%d", i-1) + `","content":"r"}]}`)
		}
	}
	b.WriteString("\n]\n")
	got, st := read(t, replay.Anthropic, b.String())
	require.Len(t, got, 100_000)
	assert.Equal(t, 100_000, st.Results)
	assert.Equal(t, 3, got[0].Line)
	assert.Equal(t, 4, got[0].Result.Line)
	assert.Equal(t, 200_001, got[len(got)-1].Line)
	assert.Equal(t, 200_003, st.Lines)
}

func TestALineNestedAsDeepAsALineMayBeIsReadWithoutExhaustingTheStack(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("reads lines of 30 MB")
	}
	// A call a level, as a recursive validator makes, would pass the
	// goroutine's 1 GB stack at 15 million levels: fatal, not a panic.
	const depth = 15 << 20
	cut, closed := strings.Repeat("[", depth), strings.Repeat("[", depth)+strings.Repeat("]", depth)+"}"
	bad := map[replay.ProblemKind]int{replay.BadLine: 1}
	tests := []struct {
		name   string
		format replay.Format
		line   string
		counts map[replay.ProblemKind]int
	}{
		{"a Codex payload cut", replay.Codex, `{"type":"response_item","payload":` + cut, bad},
		{"a Codex payload closed", replay.Codex, `{"type":"response_item","payload":` + closed, map[replay.ProblemKind]int{}},
		{"a Claude Code message cut", replay.ClaudeCode, `{"type":"assistant","sessionId":"s","uuid":"u","message":` + cut, bad},
		{"a Claude Code message closed", replay.ClaudeCode, `{"type":"assistant","sessionId":"s","uuid":"u","message":` + closed, map[replay.ProblemKind]int{}},
		{"a Gemini message's calls closed (past the document reader's depth)", replay.Gemini, `{"id":"m1","type":"gemini","toolCalls":` + closed, bad},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, st := read(t, tt.format, tt.line+"\n")
			assert.Empty(t, got)
			if st.Counts == nil {
				st.Counts = map[replay.ProblemKind]int{}
			}
			assert.Equal(t, tt.counts, st.Counts)
		})
	}
}
