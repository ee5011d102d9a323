package claudecode

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
)

var session = SessionInfo{
	ID:             "abc123",
	TranscriptPath: "/home/u/.claude/projects/p/abc123.jsonl",
	Cwd:            "/work/p",
	PermissionMode: "acceptEdits",
	ProjectDir:     "/work/p",
}

func TestInputForEncodesTheEventAsClaudeCodeSendsIt(t *testing.T) {
	const base = `{"session_id":"abc123","transcript_path":"/home/u/.claude/projects/p/abc123.jsonl","cwd":"/work/p","permission_mode":"acceptEdits",`
	tests := []struct {
		name  string
		event hookchain.Event
		s     SessionInfo
		want  string
	}{
		{"PreToolUse", before, session,
			base + `"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"toolu_01"}`},
		{"PostToolUse", after, session,
			base + `"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"toolu_01","tool_response":{"stdout":"notes.txt","stderr":"","interrupted":false,"isImage":false}}`},
		{"PostToolUseFailure carries the error text", failed, session,
			base + `"hook_event_name":"PostToolUseFailure","tool_name":"Bash","tool_input":{"command":"ls /nope"},"tool_use_id":"toolu_01","error":"ls: /nope: No such file or directory"}`},
		{"an error result that is not a string is sent as its JSON text",
			hookchain.Event{Hook: hookchain.AfterTool, Tool: "mcp__db__query", Input: json.RawMessage(`{}`), Output: json.RawMessage("{\n  \"code\": 42,\n  \"message\": \"timeout\"\n}"), IsError: true},
			session,
			base + `"hook_event_name":"PostToolUseFailure","tool_name":"mcp__db__query","tool_input":{},"error":"{\"code\":42,\"message\":\"timeout\"}"}`},
		{"an empty input is {} and an empty output null, and no call id no tool_use_id",
			hookchain.Event{Hook: hookchain.AfterTool, Tool: "Clock"},
			session,
			base + `"hook_event_name":"PostToolUse","tool_name":"Clock","tool_input":{},"tool_response":null}`},
		{"the permission mode defaults to default, and empty session fields are still sent",
			before, SessionInfo{},
			`{"session_id":"","transcript_path":"","cwd":"","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"toolu_01"}`},
		{"the tool's text is not HTML-escaped",
			hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", Input: json.RawMessage(`{"command":"a && b > c < d"}`)},
			session,
			base + `"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"a && b > c < d"}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := marshal(InputFor(tt.event, tt.s))
			require.NoError(t, err)
			assert.Equal(t, tt.want+"\n", string(b))
		})
	}
}

func TestInputForThreadsTheInputAsTheChainHasLeftIt(t *testing.T) {
	e := before
	e.Input = json.RawMessage(`{"command":"ls","timeout":60}`)
	in := InputFor(e, session)
	assert.Equal(t, json.RawMessage(`{"command":"ls","timeout":60}`), in.ToolInput)
	assert.Equal(t, "toolu_01", in.ToolUseID)
}

func TestEventIsTheReverseOfInputFor(t *testing.T) {
	for _, e := range []hookchain.Event{before, after, mcpAfter, failed} {
		t.Run(HookEventName(e)+" "+e.Tool, func(t *testing.T) {
			b, err := marshal(InputFor(e, session))
			require.NoError(t, err)
			var in Input
			require.NoError(t, json.Unmarshal(b, &in))
			got, err := in.Event()
			require.NoError(t, err)
			assert.Equal(t, e, got)
		})
	}
}

func TestEventReadsWhatClaudeCodeSends(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  hookchain.Event
	}{
		{"PreToolUse", `{"session_id":"s","transcript_path":"/t","cwd":"/w","permission_mode":"default","hook_event_name":"PreToolUse",
			"tool_name":"Write","tool_input":{"file_path":"/w/a.txt","content":"hi"},"tool_use_id":"toolu_9","agent_id":"x"}`,
			hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Write", CallID: "toolu_9", Input: json.RawMessage(`{"file_path":"/w/a.txt","content":"hi"}`)}},
		{"PostToolUse", `{"hook_event_name":"PostToolUse","tool_name":"Write","tool_input":{"file_path":"/w/a.txt"},
			"tool_response":{"filePath":"/w/a.txt","success":true},"tool_use_id":"toolu_9"}`,
			hookchain.Event{Hook: hookchain.AfterTool, Tool: "Write", CallID: "toolu_9", Input: json.RawMessage(`{"file_path":"/w/a.txt"}`),
				Output: json.RawMessage(`{"filePath":"/w/a.txt","success":true}`)}},
		{"PostToolUseFailure: the error text becomes a text error result", `{"hook_event_name":"PostToolUseFailure","tool_name":"Bash",
			"tool_input":{"command":"npm test"},"tool_use_id":"toolu_3","error":"Command exited with non-zero status code 1","is_interrupt":false}`,
			hookchain.Event{Hook: hookchain.AfterTool, Tool: "Bash", CallID: "toolu_3", Input: json.RawMessage(`{"command":"npm test"}`),
				Output: json.RawMessage(`"Command exited with non-zero status code 1"`), IsError: true}},
		{"PostToolUseFailure with a tool_response uses it", `{"hook_event_name":"PostToolUseFailure","tool_name":"Bash",
			"tool_input":{},"tool_response":{"code":1},"error":"failed"}`,
			hookchain.Event{Hook: hookchain.AfterTool, Tool: "Bash", Input: json.RawMessage(`{}`),
				Output: json.RawMessage(`{"code":1}`), IsError: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var in Input
			require.NoError(t, json.Unmarshal([]byte(tt.input), &in))
			got, err := in.Event()
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestEventRefusesWhatIsNotAToolCall(t *testing.T) {
	tests := []struct {
		in   Input
		want string
	}{
		{Input{HookEventName: "Stop"}, `claudecode: hook_event_name "Stop" is not a tool-call event (want PreToolUse, PostToolUse or PostToolUseFailure)`},
		{Input{HookEventName: "preToolUse", ToolName: "Bash"}, `claudecode: hook_event_name "preToolUse" is not a tool-call event (want PreToolUse, PostToolUse or PostToolUseFailure)`},
		{Input{ToolName: "Bash"}, "claudecode: the hook input has no hook_event_name"},
		{Input{HookEventName: PreToolUse}, "claudecode: the PreToolUse input has no tool_name"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			_, err := tt.in.Event()
			require.EqualError(t, err, tt.want)
		})
	}
}

func TestHookEventNameFollowsTheHookAndTheErrorFlag(t *testing.T) {
	assert.Equal(t, PreToolUse, HookEventName(before))
	assert.Equal(t, PostToolUse, HookEventName(after))
	assert.Equal(t, PostToolUseFailure, HookEventName(failed))
	assert.Equal(t, "", HookEventName(hookchain.Event{Tool: "Bash"}))
}

func TestAnExtraFieldAlikeButForCaseToAnInputFieldIsNotSentToTheHook(t *testing.T) {
	// A Go hook's decoder would read "Tool_Name" as tool_name and judge a
	// Read where the tool is Bash.
	s := session
	s.Extra = map[string]json.RawMessage{"Tool_Name": json.RawMessage(`"Read"`), "TOOL_INPUT": json.RawMessage(`{}`), "agent_id": json.RawMessage(`"a1"`)}

	b, err := marshal(InputFor(before, s))

	require.NoError(t, err)
	assert.Equal(t, `{"session_id":"abc123","transcript_path":"/home/u/.claude/projects/p/abc123.jsonl","cwd":"/work/p","permission_mode":"acceptEdits",`+
		`"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"toolu_01","agent_id":"a1"}`+"\n", string(b))
}

func TestASessionInfoPutsItselfInAContextAsWithSessionInfoDoes(t *testing.T) {
	s := SessionInfo{ID: "s-1", Cwd: "/work/app", Extra: map[string]json.RawMessage{"agent_id": json.RawMessage(`"a-2"`)}}
	got, ok := SessionInfoFrom(s.NewContext(t.Context()))
	require.True(t, ok)
	assert.Equal(t, s, got)
}
