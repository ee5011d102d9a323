package qwen_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/harness/internal/profiletest"
	"github.com/hookchain/hookchain/harness/qwen"
)

func qwenSession(t *testing.T) harness.SessionInfo {
	return harness.SessionInfo{ID: "qw-sess-1", Cwd: t.TempDir()}
}

func qwenShell(command string) hookchain.Event {
	return hookchain.Event{Hook: hookchain.BeforeTool, Tool: "run_shell_command", Input: json.RawMessage(`{"command":"` + command + `"}`)}
}

func qwenShellResult(output string) hookchain.Event {
	return hookchain.Event{Hook: hookchain.AfterTool, Tool: "run_shell_command", Input: json.RawMessage(`{"command":"env"}`), Output: hookchain.Text(output)}
}

// Every row of Qwen's reading of an http hook, from a real server on
// loopback, in a chain that runs it as Qwen would: the body read as a
// command hook's stdout at exit status 0, and every failure letting the
// call go on, with the failure in the trail.
func TestAQwenHTTPHookInAChainAnswersAsQwenReadsIt(t *testing.T) {
	none := func(string) hookchain.Outcome { return hookchain.Outcome{} }
	denied := func(reason string) func(string) hookchain.Outcome {
		return func(string) hookchain.Outcome { return profiletest.Denied(reason) }
	}
	tests := []struct {
		name   string
		status int
		body   string
		event  hookchain.Event
		want   func(url string) hookchain.Outcome
	}{
		{"permissionDecision allow lets the call run", 200, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}`, qwenShell("ls"), none},
		{"an empty body is no decision", 200, "", qwenShell("ls"), none},
		{"permissionDecision deny denies with its reason", 200,
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"recursive deletes are not allowed"}}`,
			qwenShell("rm -rf /"), denied("recursive deletes are not allowed")},
		{"decision block denies with its reason", 200, `{"decision":"block","reason":"no pushes on Fridays"}`, qwenShell("git push"), denied("no pushes on Fridays")},
		{"updatedInput, which Qwen does not read, denies rather than runs the call unrewritten", 200,
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"ls"}}}`, qwenShell("rm -rf /"),
			denied("the hook's answer has updatedInput, which Qwen's documentation says rewrites the call and its scheduler does not read; denied rather than guessed")},
		{"additionalContext after the call is a note", 200, `{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"this repository uses pnpm"}}`,
			qwenShellResult("ok"), func(string) hookchain.Outcome {
				return hookchain.Outcome{Notes: []hookchain.Note{{Link: "hook", Text: "this repository uses pnpm"}}}
			}},
		{"a body that is not JSON is text for Qwen's user, and decides nothing", 200, "policy checked", qwenShell("ls"), none},
		{"a non-2xx status lets the call go on, with a deny in its body unread", 403, `{"decision":"block","reason":"no"}`, qwenShell("rm -rf /"), func(u string) hookchain.Outcome {
			return profiletest.Fault(`hook "` + u + `": gave no valid answer: status 403 Forbidden: body "{\"decision\":\"block\",\"reason\":\"no\"}"`)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := profiletest.ServeHook(t, tt.status, tt.body)
			link, err := qwen.Profile().HTTPLink("hook", tt.event.Hook, hookchain.Any(), harness.HTTPHook{URL: srv.URL + "/hook", Timeout: 5 * time.Second}, qwenSession(t))
			require.NoError(t, err)
			got := hookchain.New(link).Run(context.Background(), tt.event)
			assert.Equal(t, tt.want(srv.URL+"/hook"), got)
		})
	}
}

// A timeout, a redirect and a refused connection let the call go on in
// Qwen; a hook whose failMode is "closed" denies on each.
func TestAQwenHTTPHookThatGetsNoAnswerFailsOpenUnlessItsFailModeIsClosed(t *testing.T) {
	for _, tt := range profiletest.NoAnswers(t) {
		for _, mode := range []string{"open", "closed"} {
			t.Run(tt.Name+", failMode "+mode, func(t *testing.T) {
				file := fmt.Sprintf(`{"hooks":{"PreToolUse":[{"hooks":[{"type":"http","url":%q,"timeout":%v,"failMode":%q}]}]}}`, tt.URL, tt.Timeout.Seconds(), mode)
				hooks, _, err := qwen.ParseSettings("settings.json", []byte(file))
				require.NoError(t, err)
				links, err := qwen.Links(hooks, qwenSession(t))
				require.NoError(t, err)
				got := hookchain.New(links...).Run(context.Background(), qwenShell("rm -rf /"))
				fault := tt.Fault
				want := hookchain.Outcome{Trail: []hookchain.Step{{Name: tt.URL, Verdict: hookchain.Allowed, Fault: fault}}}
				if mode == "closed" {
					want = hookchain.Outcome{Verdict: hookchain.Denied, Reason: tt.URL + " failed and denies on failure: " + fault, DecidedBy: tt.URL, Cause: hookchain.CauseFailure,
						Trail: []hookchain.Step{{Name: tt.URL, Verdict: hookchain.Denied, Fault: fault}}}
				}
				assert.Equal(t, want, got)
			})
		}
	}
}

// The server is sent Qwen's input with the hook's headers; Qwen expands
// the variables allowedEnvVars names in the headers and the URL, and no
// other; its timeout is in seconds, 600 when it sets none.
func TestAQwenHTTPHookIsSentQwensInputWithItsHeaders(t *testing.T) {
	t.Setenv("POLICY_TOKEN", "s3cret-token")
	t.Setenv("HOOK_PATH", "guard")
	t.Setenv("OTHER_SECRET", "never-sent")
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var in map[string]any
		_ = json.NewDecoder(r.Body).Decode(&in)
		_ = json.NewEncoder(w).Encode(map[string]string{"decision": "block", "reason": fmt.Sprintf("%s %s %s %s|%s|%s|%s|%s",
			r.Method, r.URL.Path, r.Header.Get("Content-Type"), r.Header.Get("Authorization"), r.Header.Get("X-Other"), in["hook_event_name"], in["tool_name"], in["session_id"])})
	}))
	t.Cleanup(srv.Close)
	file := fmt.Sprintf(`{"hooks":{"PreToolUse":[{"matcher":"run_shell_command","hooks":[{"type":"http","name":"policy","url":"%s/$HOOK_PATH",
		"headers":{"Authorization":"Bearer ${POLICY_TOKEN}","X-Other":"[$OTHER_SECRET]"},"allowedEnvVars":["POLICY_TOKEN","HOOK_PATH"]}]}]}}`, srv.URL)
	hooks, warnings, err := qwen.ParseSettings("settings.json", []byte(file))
	require.NoError(t, err)
	require.Empty(t, warnings)
	require.Len(t, hooks, 1)
	assert.Equal(t, qwen.DefaultHTTPTimeout, hooks[0].Request().Timeout)
	links, err := qwen.Links(hooks, qwenSession(t))
	require.NoError(t, err)
	got := hookchain.New(links...).Run(context.Background(), qwenShell("ls"))
	reason := "POST /guard application/json Bearer s3cret-token|[]|PreToolUse|run_shell_command|qw-sess-1"
	assert.Equal(t, hookchain.Outcome{Verdict: hookchain.Denied, Reason: "denied by policy: " + reason, DecidedBy: "policy", Cause: hookchain.CauseLink,
		Trail: []hookchain.Step{{Name: "policy", Verdict: hookchain.Denied, Reason: reason}}}, got)
}
