package replay_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain/replay"
)

const codexMeta = `{"timestamp":"2026-01-02T03:04:00.000Z","type":"session_meta","payload":{"id":"019a-sess","timestamp":"2026-01-02T03:04:00.000Z","cwd":"/w/meta","originator":"codex_cli_rs","cli_version":"0.58.0"}}`

func codexItem(payload string) string {
	return `{"timestamp":"2026-01-02T03:04:05.000Z","type":"response_item","payload":` + payload + `}`
}

// codexCall is a function_call item; args is the arguments object, written
// as the JSON string Codex writes.
func codexCall(id, name, args string) string {
	s, _ := json.Marshal(args)
	return codexItem(fmt.Sprintf(`{"type":"function_call","name":%q,"arguments":%s,"call_id":%q}`, name, s, id))
}

// codexOutput is a function_call_output item; output is written as given
// (a JSON string, or an array).
func codexOutput(id, output string) string {
	return codexItem(fmt.Sprintf(`{"type":"function_call_output","call_id":%q,"output":%s}`, id, output))
}

// wrapped is 0.58.0's output: a JSON string of {output, metadata}, in
// the order Codex writes their keys.
func wrapped(out string, exit int) string {
	text, _ := json.Marshal(out)
	s, _ := json.Marshal(fmt.Sprintf(`{"output":%s,"metadata":{"exit_code":%d,"duration_seconds":0.1}}`, text, exit))
	return string(s)
}

func TestCodexCallsAreReadWithTheirArgumentsDecodedAndErrorsFromExitCodes(t *testing.T) {
	tests := []readCase{{
		name: "a shell call's arguments string is the object the tool got, its exit code 0 ran",
		text: lines(codexMeta,
			codexCall("call_1", "shell", `{"command":["bash","-lc","ls"],"workdir":"/w/a"}`),
			codexOutput("call_1", wrapped("a\nb\n", 0))),
		want: []seen{{ID: "call_1", Tool: "shell", Input: `{"command":["bash","-lc","ls"],"workdir":"/w/a"}`, Line: 2, ResultAt: 3, Original: ran}},
	}, {
		name: "an exit code not 0 in the metadata is an error",
		text: lines(codexMeta,
			codexCall("call_1", "shell", `{"command":["ls","nope"]}`),
			codexOutput("call_1", wrapped("ls: nope: No such file", 2))),
		want: []seen{{ID: "call_1", Tool: "shell", Input: `{"command":["ls","nope"]}`, Line: 2, ResultAt: 3, Original: errored, IsError: true}},
	}, {
		name: "without metadata, an Exit code line says it",
		text: lines(codexMeta,
			codexCall("call_1", "shell_command", `{"command":"false"}`),
			codexOutput("call_1", `"Exit code: 1\nWall time: 0.1 seconds\nOutput:\n"`),
			codexCall("call_2", "shell_command", `{"command":"true"}`),
			codexOutput("call_2", `"Exit code: 0\nWall time: 0.1 seconds\nOutput:\n"`)),
		want: []seen{
			{ID: "call_1", Tool: "shell_command", Input: `{"command":"false"}`, Line: 2, ResultAt: 3, Original: errored, IsError: true},
			{ID: "call_2", Tool: "shell_command", Input: `{"command":"true"}`, Line: 4, ResultAt: 5, Original: ran},
		},
	}, {
		name: "an output Codex cut (Total output lines) is incomplete",
		text: lines(codexMeta,
			codexCall("call_1", "shell", `{"command":["cat","big"]}`),
			codexOutput("call_1", wrapped("Total output lines: 2950\n\nline 1\n[... omitted ...]", 0))),
		want: []seen{{ID: "call_1", Tool: "shell", Input: `{"command":["cat","big"]}`, Line: 2, ResultAt: 3, Original: ran, Incomplete: true}},
	}, {
		name: "a custom tool's freeform input is the object {input: the text}",
		text: lines(codexMeta,
			codexItem(`{"type":"custom_tool_call","status":"completed","call_id":"call_p","name":"apply_patch","input":"*** Begin Patch\n*** Update File: a.go\n*** End Patch"}`),
			codexItem(`{"type":"custom_tool_call_output","call_id":"call_p","output":"Success. Updated the following files:\nM a.go"}`)),
		want: []seen{{ID: "call_p", Tool: "apply_patch", Input: `{"input":"*** Begin Patch\n*** Update File: a.go\n*** End Patch"}`, Line: 2, ResultAt: 3, Original: ran}},
	}, {
		name: "a local shell call is the tool local_shell with its exec action as input",
		text: lines(codexMeta,
			codexItem(`{"type":"local_shell_call","call_id":"call_l","status":"completed","action":{"type":"exec","command":["rm","-rf","/tmp/x"],"working_directory":"/w/l"}}`),
			codexOutput("call_l", wrapped("", 0))),
		want: []seen{{ID: "call_l", Tool: "local_shell", Input: `{"type":"exec","command":["rm","-rf","/tmp/x"],"working_directory":"/w/l"}`, Line: 2, ResultAt: 3, Original: ran}},
	}, {
		name: "a call the user declined is rejected",
		text: lines(codexMeta,
			codexCall("call_1", "shell", `{"command":["rm","-rf","/"]}`),
			codexOutput("call_1", `"exec command rejected by user"`)),
		want: []seen{{ID: "call_1", Tool: "shell", Input: `{"command":["rm","-rf","/"]}`, Line: 2, ResultAt: 3, Original: replay.Rejected}},
	}, {
		name: "arguments that are not a JSON object are a bad call; an output without its call is reported",
		text: lines(codexMeta,
			codexItem(`{"type":"function_call","name":"shell","arguments":"{\"command\":[\"ls\"","call_id":"call_1"}`),
			codexItem(`{"type":"function_call","name":"shell","arguments":"[1]","call_id":"call_2"}`),
			codexItem(`{"type":"function_call","name":"","arguments":"{}","call_id":"call_3"}`),
			codexOutput("call_9", `"x"`)),
		want:     []seen{},
		problems: []replay.ProblemKind{replay.BadCall, replay.BadCall, replay.BadCall, replay.ResultWithoutCall},
	}, {
		name: "reasoning, messages and events are not calls; a call without an output has no result",
		text: lines(codexMeta,
			codexItem(`{"type":"reasoning","summary":[],"encrypted_content":"gAAA"}`),
			codexItem(`{"type":"message","role":"assistant","content":[{"type":"output_text","text":"hi"}]}`),
			`{"timestamp":"2026-01-02T03:04:05.000Z","type":"event_msg","payload":{"type":"token_count"}}`,
			`{"timestamp":"2026-01-02T03:04:05.000Z","type":"compacted","payload":{"message":"","replacement_history":[{"type":"function_call","name":"shell","arguments":"{}","call_id":"call_old"}]}}`,
			codexCall("call_1", "update_plan", `{"plan":[]}`)),
		want: []seen{{ID: "call_1", Tool: "update_plan", Input: `{"plan":[]}`, Line: 6, Original: noResult}},
	}}
	checkReads(t, replay.Codex, tests)
}

func TestACodexCallsCwdIsItsWorkdirElseTheTurnsElseTheSessions(t *testing.T) {
	turn := `{"timestamp":"2026-01-02T03:04:01.000Z","type":"turn_context","payload":{"cwd":"/w/turn","approval_policy":"never"}}`
	got, _ := read(t, "", lines(codexMeta,
		codexCall("call_1", "shell", `{"command":["ls"]}`),
		turn,
		codexCall("call_2", "shell", `{"command":["ls"]}`),
		codexCall("call_3", "shell", `{"command":["ls"],"workdir":"/w/workdir"}`),
		codexCall("call_4", "exec_command", `{"cmd":"ls","working_directory":"/w/wd"}`),
	))
	require.Len(t, got, 4)
	var cwds []string
	for _, c := range got {
		cwds = append(cwds, c.Cwd)
		assert.Equal(t, "019a-sess", c.Session)
		assert.Equal(t, "0.58.0", c.Version)
		assert.Equal(t, replay.Codex, c.Format)
		assert.Equal(t, "2026-01-02T03:04:05Z", c.Time.Format("2006-01-02T15:04:05Z"))
	}
	assert.Equal(t, []string{"/w/meta", "/w/turn", "/w/workdir", "/w/wd"}, cwds)
}

func TestACodexOutputKeepsWhatTheModelWasShownAndTheDecodedObject(t *testing.T) {
	got, _ := read(t, replay.Codex, lines(codexMeta,
		codexCall("call_1", "shell", `{"command":["ls"]}`),
		codexOutput("call_1", wrapped("a\n", 0)),
		codexCall("call_2", "mcp__github__get_issue", `{"n":1}`),
		codexOutput("call_2", `[{"type":"input_text","text":"issue 1"},{"type":"input_image","image_url":"data:image/png;base64,AAAA"}]`)))
	require.Len(t, got, 2)
	assert.Equal(t, wrapped("a\n", 0), string(got[0].Result.Content))
	assert.JSONEq(t, `{"output":"a\n","metadata":{"exit_code":0,"duration_seconds":0.1}}`, string(got[0].Result.Structured))
	assert.Nil(t, got[1].Result.Structured)
	assert.Equal(t, "issue 1\n[input_image]", got[1].Result.Text())
}

func TestACodexItemWhoseTypeIsGivenTwiceIsReadByItsLast(t *testing.T) {
	got, _ := read(t, replay.Codex, lines(codexMeta,
		codexItem(`{"type":"reasoning","summary":[],"type":"function_call","name":"shell","arguments":"{\"command\":[\"rm\",\"-rf\",\"/\"]}","call_id":"call_1"}`),
		codexItem(`{"type":"function_call","name":"shell","arguments":"{}","call_id":"call_2","type":"reasoning"}`),
	))
	assert.Equal(t, []seen{{ID: "call_1", Tool: "shell", Input: `{"command":["rm","-rf","/"]}`, Line: 2, Original: noResult}}, seenAll(got))
}
