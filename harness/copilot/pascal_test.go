package copilot_test

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/harness/copilot"
	"github.com/hookchain/hookchain/harness/internal/profiletest"
)

func TestAPascalCaseMatcherIsClaudes(t *testing.T) {
	tests := []struct {
		pattern string
		tool    string
		want    bool
	}{
		{"", "bash", true},
		{"*", "view", true},
		{"**", "mcp__github__create_issue", true},
		{"Bash", "bash", true},
		{"Bash", "powershell", true},
		{"bash", "bash", true}, // a token equal to the runtime name
		{"Edit|Write", "create", true},
		{"Edit|Write", "apply_patch", true},
		{"Edit|Write", "view", false},
		{"Task", "task", true}, // the literal Task is accepted too
		{"Agent", "task", true},
		{"Ba", "bash", false},
		{"B.*", "bash", true},                // a regex over the Claude name
		{"b.*", "bash", false},               // not over the runtime name, which has a Claude one
		{"report_.*", "report_intent", true}, // a tool with none keeps its own
		{"Web.*", "web_fetch", true},
		{"(Read)", "view", true},
		{"read", "view", false},
	}
	for _, tt := range tests {
		m, err := copilot.CompilePascalMatcher(tt.pattern)
		require.NoError(t, err, tt.pattern)
		assert.Equal(t, tt.want, m.Match(hookchain.Event{Tool: tt.tool}), "%q on %q", tt.pattern, tt.tool)
	}
	_, err := copilot.CompilePascalMatcher("Bash(")
	assert.EqualError(t, err, "copilot: matcher \"Bash(\": Copilot would skip the entry, and Go cannot read it: error parsing regexp: missing closing ): `^(?:Bash()$`")
	assert.Panics(t, func() { copilot.PascalMatcher("(?<=x)") })
	assert.Equal(t, `copilot.PascalMatcher("Edit|Write")`, copilot.PascalMatcher("Edit|Write").(interface{ String() string }).String())
}

// A PascalCase input is read with Claude's names made Copilot's, so that
// the chain judges the call Copilot makes.
func TestAPascalCaseInputIsJudgedAsCopilotsCall(t *testing.T) {
	var seen hookchain.Event
	var session harness.SessionInfo
	record := hookchain.New(hookchain.On("record", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		seen, session = e, harness.SessionInfoFor(ctx, harness.SessionInfo{})
		return hookchain.Allow(), nil
	}))
	r := copilot.Answer(context.Background(), record, []byte(`{"hook_event_name":"PostToolUse","session_id":"s1","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/p",`+
		`"tool_name":"Edit","tool_input":{"path":"a.go"},"tool_result":{"result_type":"success","text_result_for_llm":"done"}}`))
	assert.Equal(t, harness.Reply{Stdout: []byte("{}\n")}, r)
	assert.Equal(t, hookchain.Event{Hook: hookchain.AfterTool, Tool: "edit", Input: json.RawMessage(`{"path":"a.go"}`), Output: hookchain.Text("done")}, seen)
	assert.Equal(t, "s1", session.ID)
	assert.Equal(t, "/p", session.Cwd)
}

func TestDecodeEventReadsTheInputOfTheEventNamed(t *testing.T) {
	pre := `{"sessionId":"s","toolName":"bash","toolArgs":"{\"command\":\"ls\"}"}`
	post := `{"sessionId":"s","toolName":"bash","toolArgs":"{}","toolResult":{"resultType":"success","textResultForLlm":"x"}}`
	pascal := `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`
	tests := []struct {
		name, event, input string
		hook               hookchain.Hook
		err                string
	}{
		{"preToolUse", "preToolUse", pre, hookchain.BeforeTool, ""},
		{"postToolUse", "postToolUse", post, hookchain.AfterTool, ""},
		{"PascalCase PreToolUse", "PreToolUse", pascal, hookchain.BeforeTool, ""},
		{"preToolUse given postToolUse's input", "preToolUse", post, 0, "the hook input is not preToolUse's: only postToolUse's has a toolResult"},
		{"postToolUse given preToolUse's input", "postToolUse", pre, 0, "the hook input is not postToolUse's: only postToolUse's has a toolResult"},
		{"a camelCase event given a PascalCase input", "preToolUse", pascal, 0, "the hook input has a hook_event_name: it is a PascalCase entry's, not preToolUse's"},
		{"PostToolUse given PreToolUse's", "PostToolUse", pascal, 0, `the hook input is not PostToolUse's: its hook_event_name is "PreToolUse"`},
		{"a PascalCase event given a camelCase input", "PreToolUse", pre, 0, "the hook input is not PreToolUse's: its hook_event_name is missing"},
		{"sessionStart", "sessionStart", pre, 0, "sessionStart is not a tool call"},
		{"no such event", "beforeTool", pre, 0, `copilot has no event "beforeTool"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, _, err := copilot.DecodeEvent(tt.event, []byte(tt.input))
			if tt.err != "" {
				require.EqualError(t, err, tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.hook, e.Hook)
			assert.Equal(t, "bash", e.Tool)
		})
	}
	_, _, err := copilot.DecodeEvent("sessionStart", []byte(pre))
	assert.ErrorIs(t, err, harness.ErrNotToolCall)
}

// As the one hook of a PascalCase entry, a chain answers with the fields
// Copilot reads, and blocks what it will not judge.
func TestAChainAnswersAPascalCaseEntry(t *testing.T) {
	l, err := copilot.PascalLink("guard", hookchain.BeforeTool, copilot.PascalMatcher("Bash"), profiletest.Hook(t, "bash", "pascal-guard.sh"), harness.SessionInfo{})
	require.NoError(t, err)
	c := hookchain.New(l)
	tests := []struct {
		name, input string
		want        harness.Reply
	}{
		{"a denial by a Claude-compatible guard", `{"hook_event_name":"PreToolUse","session_id":"s","cwd":"/","tool_name":"Bash","tool_input":{"command":"rm -rf x"}}`,
			profiletest.Line(`{"permissionDecision":"deny","permissionDecisionReason":"denied by guard: recursive delete is not allowed here"}`)},
		{"an allow says nothing", `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`, harness.Reply{}},
		{"a tool its matcher does not select", `{"hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"path":"rm -rf"}}`, harness.Reply{}},
		{"a tool_input that is not an object", `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":"rm -rf x"}`,
			harness.Reply{Stdout: []byte(`{"permissionDecision":"deny","permissionDecisionReason":"hookchain: the PreToolUse hook input is not valid: its tool_input is not an object"}` + "\n"),
				Stderr: []byte("hookchain: the PreToolUse hook input is not valid: its tool_input is not an object\n"), Exit: 2}},
		{"no tool_name", `{"hook_event_name":"PreToolUse","tool_input":{}}`,
			harness.Reply{Stdout: []byte(`{"permissionDecision":"deny","permissionDecisionReason":"hookchain: the PreToolUse hook input is not valid: it has no tool_name"}` + "\n"),
				Stderr: []byte("hookchain: the PreToolUse hook input is not valid: it has no tool_name\n"), Exit: 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := copilot.Serve(context.Background(), c, strings.NewReader(tt.input), &stdout, &stderr)
			assert.Equal(t, string(tt.want.Stdout), stdout.String())
			assert.Equal(t, string(tt.want.Stderr), stderr.String())
			assert.Equal(t, tt.want.Exit, code)
		})
	}
}

// A PascalCase hook that crashes denies before the call, as a camelCase
// one does: Copilot's rule is the same for both.
func TestAPascalCaseHookThatCrashesDeniesTheCall(t *testing.T) {
	spec := profiletest.Hook(t, "python3", "crash.py")
	l, err := copilot.PascalLink("hook", hookchain.BeforeTool, hookchain.Any(), spec, harness.SessionInfo{})
	require.NoError(t, err)
	got := hookchain.New(l).Run(context.Background(), shell("ls"))
	assert.Equal(t, errored(`hook "`+copilot.CommandSpec(spec, harness.SessionInfo{}).String()+`": exited with status 1; stderr: "policy.yaml: no such file"`), got)
	// Two links that give the same command different inputs are different links.
	camel, err := copilot.Link("hook", hookchain.AfterTool, hookchain.Any(), spec, harness.SessionInfo{})
	require.NoError(t, err)
	pascal, err := copilot.PascalLink("hook", hookchain.AfterTool, hookchain.Any(), spec, harness.SessionInfo{})
	require.NoError(t, err)
	assert.NotEqual(t, hookchain.New(camel).ID(), hookchain.New(pascal).ID())
}
