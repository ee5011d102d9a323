package replay_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain/replay"
)

const geminiMeta = `{"sessionId":"g-sess","projectHash":"abc123","startTime":"2026-04-10T10:00:00.000Z","lastUpdated":"2026-04-10T10:00:00.000Z","kind":"main"}`

func TestGeminiCallsAreReadOnceWithTheResultOfTheirFirstFinishedRecord(t *testing.T) {
	shell := `{"id":"run_shell_command-1","name":"run_shell_command","args":{"command":"rm -rf build","description":"clean"},"status":"%s","timestamp":"2026-04-10T10:00:05.000Z"%s}`
	done := `,"result":[{"functionResponse":{"id":"run_shell_command-1","name":"run_shell_command","response":{"output":"Command: rm -rf build\nExit Code: 0"}}}],"resultDisplay":"removed"`
	msg := func(id, calls string) string {
		return `{"id":"` + id + `","timestamp":"2026-04-10T10:00:04.000Z","type":"gemini","content":"","toolCalls":[` + calls + `]}`
	}
	tests := []readCase{{
		name: "a message appended again as its call finishes is one call, with the finished record's result",
		text: lines(geminiMeta,
			`{"id":"u1","timestamp":"2026-04-10T10:00:01.000Z","type":"user","content":[{"text":"clean up"}]}`,
			msg("m1", sprintf(shell, "executing", "")),
			msg("m1", sprintf(shell, "success", done)),
			`{"$set":{"lastUpdated":"2026-04-10T10:00:06.000Z"}}`,
			msg("m1", sprintf(shell, "success", done)),
		),
		want: []seen{{ID: "run_shell_command-1", Tool: "run_shell_command", Input: `{"command":"rm -rf build","description":"clean"}`, Line: 3, ResultAt: 4, Original: ran}},
	}, {
		name: "an error status is an error; a policy's denial says so",
		text: lines(geminiMeta,
			msg("m1", `{"id":"c1","name":"write_file","args":{"file_path":"/w/.env"},"status":"error","result":[{"functionResponse":{"id":"c1","name":"write_file","response":{"error":"Tool execution denied by policy."}}}]}`),
			msg("m2", `{"id":"c2","name":"read_file","args":{"file_path":"/w/x"},"status":"error","result":[{"functionResponse":{"id":"c2","name":"read_file","response":{"error":"File not found"}}}]}`),
		),
		want: []seen{
			{ID: "c1", Tool: "write_file", Input: `{"file_path":"/w/.env"}`, Line: 2, ResultAt: 2, Original: replay.Denied, IsError: true},
			{ID: "c2", Tool: "read_file", Input: `{"file_path":"/w/x"}`, Line: 3, ResultAt: 3, Original: errored, IsError: true},
		},
	}, {
		name: "a cancelled call the user did not allow is rejected; another cancelled one interrupted",
		text: lines(geminiMeta,
			msg("m1", `{"id":"c1","name":"run_shell_command","args":{"command":"git push -f"},"status":"cancelled","result":[{"functionResponse":{"id":"c1","name":"run_shell_command","response":{"error":"[Operation Cancelled] Reason: User did not allow tool call"}}}]}`),
			msg("m2", `{"id":"c2","name":"run_shell_command","args":{"command":"sleep 99"},"status":"cancelled"}`),
		),
		want: []seen{
			{ID: "c1", Tool: "run_shell_command", Input: `{"command":"git push -f"}`, Line: 2, ResultAt: 2, Original: replay.Rejected},
			{ID: "c2", Tool: "run_shell_command", Input: `{"command":"sleep 99"}`, Line: 3, ResultAt: 3, Original: replay.Interrupted},
		},
	}, {
		name: "an output Gemini cut and saved to a file is incomplete",
		text: lines(geminiMeta,
			msg("m1", `{"id":"c1","name":"run_shell_command","args":{"command":"cat big.log"},"status":"success","result":[{"functionResponse":{"id":"c1","name":"run_shell_command","response":{"output":"Tool output was too large and has been truncated.\nThe full output has been saved to: /h/.gemini/tmp/p/c1.output\n... [CONTENT TRUNCATED] ..."}}}]}`),
		),
		want: []seen{{ID: "c1", Tool: "run_shell_command", Input: `{"command":"cat big.log"}`, Line: 2, ResultAt: 2, Original: ran, Incomplete: true}},
	}, {
		name: "a call never finished has no result; a rewind keeps the calls that ran",
		text: lines(geminiMeta,
			msg("m1", `{"id":"c1","name":"read_file","args":{"file_path":"/w/a"},"status":"success","result":[{"text":"a"}]}`),
			`{"$rewindTo":"m1"}`,
			msg("m2", `{"id":"c2","name":"read_file","args":{"file_path":"/w/b"},"status":"scheduled"}`),
		),
		want: []seen{
			{ID: "c1", Tool: "read_file", Input: `{"file_path":"/w/a"}`, Line: 2, ResultAt: 2, Original: ran},
			{ID: "c2", Tool: "read_file", Input: `{"file_path":"/w/b"}`, Line: 4, Original: noResult},
		},
	}, {
		name: "args that are not an object, or no name, are bad calls; a truncated line a bad line",
		text: lines(geminiMeta,
			msg("m1", `{"id":"c1","name":"run_shell_command","args":"rm -rf /","status":"success"},{"id":"c2","args":{},"status":"success"}`),
			`{"id":"m2","type":"gemini","toolCalls":[{"id":"c3","name":"x","ar`,
		),
		want:     []seen{},
		problems: []replay.ProblemKind{replay.BadCall, replay.BadCall, replay.BadLine},
	}, {
		name: "a $set rewriting the messages brings no call twice, and a new one once",
		text: lines(geminiMeta,
			msg("m1", `{"id":"c1","name":"read_file","args":{"file_path":"/w/a"},"status":"success","result":[{"text":"a"}]}`),
			`{"$set":{"messages":[`+msg("m1", `{"id":"c1","name":"read_file","args":{"file_path":"/w/a"},"status":"success","result":[{"text":"masked"}]}`)+`,`+msg("m9", `{"id":"c9","name":"glob","args":{"pattern":"*"},"status":"success","result":[{"text":"x"}]}`)+`]}}`,
		),
		want: []seen{
			{ID: "c1", Tool: "read_file", Input: `{"file_path":"/w/a"}`, Line: 2, ResultAt: 2, Original: ran},
			{ID: "c9", Tool: "glob", Input: `{"pattern":"*"}`, Line: 3, ResultAt: 3, Original: ran},
		},
	}}
	checkReads(t, replay.Gemini, tests)
}

func TestAGeminiCallCarriesItsSessionAgentTimeAndResultParts(t *testing.T) {
	got, _ := read(t, "", lines(
		`{"sessionId":"sub-1","projectHash":"abc","kind":"subagent"}`,
		`{"id":"m1","type":"gemini","toolCalls":[{"id":"c1","name":"read_file","args":{"file_path":"/w/a.png"},"status":"success","timestamp":"2026-04-10T10:00:05.000Z","agentId":"codebase_investigator","result":[{"functionResponse":{"id":"c1","name":"read_file","response":{"output":"an image"}}},{"inlineData":{"mimeType":"image/png","data":"iVBOR"}}],"resultDisplay":"Read image"}]}`,
	))
	require.Len(t, got, 1)
	c := got[0]
	assert.Equal(t, replay.Gemini, c.Format)
	assert.Equal(t, "sub-1", c.Session)
	assert.Equal(t, "codebase_investigator", c.AgentID)
	assert.True(t, c.Sidechain)
	assert.Equal(t, "", c.Cwd)
	assert.Equal(t, "2026-04-10T10:00:05Z", c.Time.Format("2006-01-02T15:04:05Z"))
	assert.Equal(t, "an image\n[inlineData]", geminiResultText(c))
	assert.Equal(t, `"Read image"`, string(c.Result.Structured))
}

func TestAnOlderGeminiSessionFileIsReadOneMessageAtATime(t *testing.T) {
	text := `{
  "sessionId": "old-1",
  "projectHash": "abc",
  "startTime": "2025-09-01T10:00:00.000Z",
  "messages": [
    {
      "id": "u1",
      "type": "user",
      "content": "list"
    },
    {
      "id": "m1",
      "type": "gemini",
      "content": "",
      "toolCalls": [
        {"id": "c1", "name": "list_directory", "args": {"path": "/w"}, "status": "success", "result": [{"text": "a b"}]},
        {"id": "c2", "name": "run_shell_command", "args": {"command": "make"}, "status": "error", "result": [{"text": "boom"}]}
      ]
    }
  ]
}
`
	got, st := read(t, "", text)
	assert.Equal(t, []seen{
		{ID: "c1", Tool: "list_directory", Input: `{"path": "/w"}`, Line: 11, ResultAt: 11, Original: ran},
		{ID: "c2", Tool: "run_shell_command", Input: `{"command": "make"}`, Line: 11, ResultAt: 11, Original: errored, IsError: true},
	}, seenAll(got))
	assert.Equal(t, "old-1", got[0].Session)
	assert.Empty(t, st.Problems)

	t.Run("cut short, it is read up to the cut and the cut reported", func(t *testing.T) {
		got, st := read(t, replay.Gemini, text[:len(text)/2+120])
		assert.Len(t, got, 0)
		assert.Equal(t, []replay.ProblemKind{replay.BadLine}, kinds(st))
	})
}
