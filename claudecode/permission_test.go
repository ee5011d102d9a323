package claudecode

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/process"
)

func permAnswer(decision string) string {
	return `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":` + decision + `}}`
}

func TestAPermissionRequestAnswerIsReadStrictly(t *testing.T) {
	tests := []struct {
		name, stdout string
		want         PermissionAnswer
		err          string
	}{
		{name: "nothing is no decision", stdout: ""},
		{name: "plain text is no decision", stdout: "looks fine"},
		{name: "an answer without a decision is no decision", stdout: `{"hookSpecificOutput":{"hookEventName":"PermissionRequest"}}`},
		{name: "allow", stdout: permAnswer(`{"behavior":"allow"}`), want: PermissionAnswer{Behavior: "allow"}},
		{name: "deny with a message and interrupt", stdout: permAnswer(`{"behavior":"deny","message":"no rm","interrupt":true}`),
			want: PermissionAnswer{Behavior: "deny", Message: "no rm", Interrupt: true}},
		{name: "allow with rules for the session", stdout: permAnswer(`{"behavior":"allow","updatedPermissions":[{"type":"addRules","rules":[{"toolName":"Bash","ruleContent":"ls"}],"behavior":"allow","destination":"session"}]}`),
			want: PermissionAnswer{Behavior: "allow", UpdatedPermissions: []PermissionUpdate{{Type: "addRules", Rules: []PermissionRule{{ToolName: "Bash", RuleContent: "ls"}}, Behavior: "allow", Destination: "session"}}}},
		{name: "continue false stops", stdout: `{"continue":false,"stopReason":"enough"}`, want: PermissionAnswer{Stop: true, StopReason: "enough"}},
		{name: "an unknown behavior fails", stdout: permAnswer(`{"behavior":"ask"}`), err: `hookSpecificOutput.decision.behavior is "ask", want "allow" or "deny"`},
		{name: "a behavior of the wrong type fails", stdout: permAnswer(`{"behavior":true}`), err: "hookSpecificOutput.decision.behavior is a boolean, want a string"},
		{name: "a key twice fails", stdout: permAnswer(`{"behavior":"deny","behavior":"allow"}`), err: "ambiguous"},
		{name: "another event's answer fails", stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","decision":{"behavior":"allow"}}}`,
			err: `hookSpecificOutput.hookEventName is "PreToolUse", want "PermissionRequest"`},
		{name: "an updatedInput that is no object fails", stdout: permAnswer(`{"behavior":"allow","updatedInput":"rm"}`),
			err: "hookSpecificOutput.decision.updatedInput is a string, want a JSON object"},
		{name: "updatedPermissions that is no array fails", stdout: permAnswer(`{"behavior":"allow","updatedPermissions":{}}`),
			err: "hookSpecificOutput.decision.updatedPermissions is an object, want an array"},
		{name: "broken JSON fails", stdout: `{"hookSpecificOutput":`, err: "not valid JSON"},
		{name: "an answer given twice fails", stdout: permAnswer(`{"behavior":"allow"}`) + permAnswer(`{"behavior":"deny"}`), err: "not valid JSON"},
		{name: "a case variant of a deciding key fails", stdout: permAnswer(`{"behavior":"allow","Behavior":"deny"}`), err: "ambiguous"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParsePermissionAnswer([]byte(tt.stdout))
			if tt.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestExitStatusTwoDeniesThePermissionAsTheReferenceSays(t *testing.T) {
	a, err := DecidePermission(process.Result{ExitCode: 2, Stderr: []byte("no rm here\n"), Stdout: []byte(permAnswer(`{"behavior":"allow"}`))})
	require.NoError(t, err)
	assert.Equal(t, PermissionAnswer{Behavior: "deny", Message: "no rm here"}, a)

	a, err = DecidePermission(process.Result{ExitCode: 1, Stdout: []byte(permAnswer(`{"behavior":"allow"}`))})
	require.NoError(t, err, "a valid JSON answer decides at any status")
	assert.Equal(t, "allow", a.Behavior)

	_, err = DecidePermission(process.Result{ExitCode: 1, Stderr: []byte("boom")})
	require.EqualError(t, err, `exited with status 1; stderr: "boom"`)

	_, err = DecidePermission(process.Result{ExitCode: 0, Stdout: []byte(`{"hookSpecificOutput":`), StdoutTruncated: true})
	require.ErrorContains(t, err, "longer than")
}

func TestAPermissionRequestHookIsToldTheQuestionWithoutAToolUseID(t *testing.T) {
	s := project(t)
	s.Extra = map[string]json.RawMessage{"permission_suggestions": json.RawMessage(`[{"type":"toolAlwaysAllow","tool":"Bash"}]`)}
	q := hookchain.Question{Tool: "Bash", CallID: "toolu_9", Input: json.RawMessage(`{"command":"rm -rf x"}`)}
	b, err := json.Marshal(PermissionInput(q, s))
	require.NoError(t, err)
	assert.JSONEq(t, `{"session_id":"sess-1","transcript_path":"`+s.TranscriptPath+`","cwd":"`+s.Cwd+`","permission_mode":"default",
		"hook_event_name":"PermissionRequest","tool_name":"Bash","tool_input":{"command":"rm -rf x"},
		"permission_suggestions":[{"type":"toolAlwaysAllow","tool":"Bash"}]}`, string(b))

	var in Input
	require.NoError(t, json.Unmarshal(b, &in))
	back, err := in.Question()
	require.NoError(t, err)
	assert.Equal(t, hookchain.Question{Tool: "Bash", Input: json.RawMessage(`{"command":"rm -rf x"}`)}, back)
	in.HookEventName = PreToolUse
	_, err = in.Question()
	assert.EqualError(t, err, `claudecode: hook_event_name "PreToolUse" is not PermissionRequest`)
}

// denyRm is a bash+jq PermissionRequest hook that denies rm and says
// nothing about anything else.
const denyRm = `cmd=$(jq -r .tool_input.command)
case "$cmd" in rm*) jq -n --arg d "$CLAUDE_PROJECT_DIR" '{hookSpecificOutput:{hookEventName:"PermissionRequest",decision:{behavior:"deny",message:("no rm in " + $d)}}}';; esac`

func TestAPermissionRequestCommandHookRunsAsClaudeCodeRunsIt(t *testing.T) {
	s := project(t)
	hook := PermissionCommand(process.Spec{Args: []string{"bash", "-c", denyRm}, Timeout: 10 * time.Second}, s)
	a, err := hook(context.Background(), hookchain.Question{Tool: "Bash", Input: json.RawMessage(`{"command":"rm -rf /"}`)})
	require.NoError(t, err)
	assert.Equal(t, PermissionAnswer{Behavior: "deny", Message: "no rm in " + s.ProjectDir}, a)
	a, err = hook(context.Background(), hookchain.Question{Tool: "Bash", Input: json.RawMessage(`{"command":"ls"}`)})
	require.NoError(t, err)
	assert.Equal(t, PermissionAnswer{}, a)

	crash := PermissionCommand(process.Spec{Shell: "echo oops >&2; exit 3", Timeout: 10 * time.Second}, s)
	_, err = crash(context.Background(), hookchain.Question{Tool: "Bash", Input: json.RawMessage(`{}`)})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "exited with status 3")
}

func TestAPermissionRequestHTTPHookIsPostedTheQuestion(t *testing.T) {
	var got []byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got, _ = io.ReadAll(r.Body)
		switch r.URL.Path {
		case "/allow":
			_, _ = io.WriteString(w, permAnswer(`{"behavior":"allow"}`))
		case "/text":
			_, _ = io.WriteString(w, "yes")
		case "/moved":
			http.Redirect(w, r, "/allow", http.StatusTemporaryRedirect)
		}
	}))
	defer srv.Close()
	q := hookchain.Question{Tool: "Bash", Input: json.RawMessage(`{"command":"ls"}`)}
	a, err := PermissionHTTP(HTTPHook{URL: srv.URL + "/allow", Timeout: 5 * time.Second}, SessionInfo{ID: "s1"})(context.Background(), q)
	require.NoError(t, err)
	assert.Equal(t, "allow", a.Behavior)
	assert.JSONEq(t, `{"session_id":"s1","transcript_path":"","cwd":"","permission_mode":"default","hook_event_name":"PermissionRequest","tool_name":"Bash","tool_input":{"command":"ls"}}`, string(got))

	a, err = PermissionHTTP(HTTPHook{URL: srv.URL + "/empty"}, SessionInfo{})(context.Background(), q)
	require.NoError(t, err)
	assert.Equal(t, PermissionAnswer{}, a, "an empty 2xx body is no decision")

	_, err = PermissionHTTP(HTTPHook{URL: srv.URL + "/text"}, SessionInfo{})(context.Background(), q)
	require.ErrorContains(t, err, "not text")
	_, err = PermissionHTTP(HTTPHook{URL: srv.URL + "/moved"}, SessionInfo{})(context.Background(), q)
	require.ErrorContains(t, err, "never follows")
}

func TestThePermissionRequestAnswerHasTheReferencesShape(t *testing.T) {
	assert.Equal(t, `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}`+"\n", string(PermissionOutput(true, "ignored", true)))
	assert.Equal(t, `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"no <rm>","interrupt":true}}}`+"\n", string(PermissionOutput(false, "no <rm>", true)))
	a, err := ParsePermissionAnswer(PermissionOutput(false, "no", false))
	require.NoError(t, err)
	assert.Equal(t, PermissionAnswer{Behavior: "deny", Message: "no"}, a)
}
