package replay_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain/replay"
)

// use is a Claude Code assistant entry holding one tool_use block; extra
// is more top-level fields (`"cwd":"/w",`), each ending in a comma.
func use(uuid, parent, id, tool, input, extra string) string {
	return fmt.Sprintf(`{%s"type":"assistant","uuid":%q,"parentUuid":%s,"sessionId":"s1","version":"2.1.146","timestamp":"2026-01-02T03:04:05Z","message":{"id":"msg_%s","role":"assistant","content":[{"type":"tool_use","id":%q,"name":%q,"input":%s}]}}`,
		extra, uuid, parentJSON(parent), uuid, id, tool, input)
}

// result is a Claude Code user entry holding one tool_result block.
func result(uuid, parent, id, content string, isError bool, extra string) string {
	return fmt.Sprintf(`{%s"type":"user","uuid":%q,"parentUuid":%s,"sessionId":"s1","timestamp":"2026-01-02T03:04:06Z","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":%q,"content":%s,"is_error":%t}]}}`,
		extra, uuid, parentJSON(parent), id, content, isError)
}

func parentJSON(p string) string {
	if p == "" {
		return "null"
	}
	return fmt.Sprintf("%q", p)
}

// seen is what a test asserts of a call: enough to tell every field a
// reader derives.
type seen struct {
	ID, Tool, Input string
	Line, ResultAt  int // ResultAt: the result's line, 0 without one
	Original        replay.Original
	IsError         bool
	Incomplete      bool
}

func see(c replay.Call) seen {
	s := seen{ID: c.ID, Tool: c.Tool, Input: string(c.Input), Line: c.Line, Original: c.Original()}
	if c.Result != nil {
		s.ResultAt, s.IsError, s.Incomplete = c.Result.Line, c.Result.IsError, c.Result.Incomplete
	}
	return s
}

func lines(ls ...string) string { return strings.Join(ls, "\n") + "\n" }

// read reads text as format f (detected when ""), asserting the stats add up.
func read(t *testing.T, f replay.Format, text string) ([]replay.Call, replay.Stats) {
	t.Helper()
	var got []replay.Call
	st, err := replay.Read(context.Background(), strings.NewReader(text), "t.jsonl", f, func(c replay.Call) error {
		got = append(got, c)
		return nil
	})
	require.NoError(t, err)
	requireStatsAddUp(t, st, got)
	return got, st
}

func requireStatsAddUp(t *testing.T, st replay.Stats, got []replay.Call) {
	t.Helper()
	require.Equal(t, len(got), st.Calls)
	require.Equal(t, st.Calls, st.Results+st.WithoutResult)
	n := 0
	for _, k := range st.Counts {
		n += k
	}
	require.Equal(t, min(n, replay.MaxProblems), len(st.Problems))
	incomplete := 0
	for _, c := range got {
		require.NotEmpty(t, c.Tool)
		require.True(t, len(c.Input) > 0 && c.Input[0] == '{', "input %s", c.Input)
		if c.Result != nil && c.Result.Incomplete {
			incomplete++
		}
	}
	require.Equal(t, incomplete, st.Incomplete)
}

func seenAll(calls []replay.Call) []seen {
	out := []seen{}
	for _, c := range calls {
		out = append(out, see(c))
	}
	return out
}

// kinds is the problems' kinds in order.
func kinds(st replay.Stats) []replay.ProblemKind {
	out := []replay.ProblemKind{}
	for _, p := range st.Problems {
		out = append(out, p.Kind)
	}
	return out
}

// readCase is one transcript, and the calls and problems a read of it
// finds.
type readCase struct {
	name     string
	format   replay.Format // "": checkReads's
	text     string
	want     []seen
	problems []replay.ProblemKind // nil: none
}

// checkReads reads each case as its format, else as f ("" detects it), and
// asserts what was found, and that each call is of the format read.
func checkReads(t *testing.T, f replay.Format, tests []readCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.format == "" {
				tt.format = f
			}
			got, st := read(t, tt.format, tt.text)
			assert.Equal(t, tt.want, seenAll(got))
			if tt.problems == nil {
				tt.problems = []replay.ProblemKind{}
			}
			assert.Equal(t, tt.problems, kinds(st))
			for _, c := range got {
				if tt.format != "" {
					assert.Equal(t, tt.format, c.Format)
				}
			}
		})
	}
}
