//go:build unix

package cli

import (
	"bytes"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// copilotInput is a camelCase hook input as Copilot POSTs it to an http
// hook: toolArgs is the call's arguments as a JSON text.
func copilotInput(project, tool, args, result string) string {
	s := fmt.Sprintf(`{"sessionId":"cop-1","timestamp":1764700000000,"cwd":%q,"toolName":%q,"toolArgs":%q`, project, tool, args)
	if result != "" {
		s += `,"toolResult":` + result
	}
	return s + "}"
}

// copilotBlock is Copilot's form of serve's block: a denial Copilot reads
// from the body of an http hook, which has no exit status to carry one.
func copilotBlock(reason string) string {
	return `{"permissionDecision":"deny","permissionDecisionReason":"hookchain: ` + reason + `"}` + "\n"
}

// Copilot's http hooks fail open on any answer but a 2xx with a decision
// in the body, so every answer of serve at /copilot, blocks included, is
// one: the Claude Code settings' guard judges Copilot's bash as Bash.
func TestServeAnswersCopilotsHTTPHooksAtItsOwnRouteInItsOwnForm(t *testing.T) {
	noLeaks(t)
	project := newProject(t)
	s := startServe(t, project, "--max-body", "100000")
	tests := []struct {
		name, path, body, want string
	}{
		{"a denial by the settings' Bash guard, for Copilot's bash", "/copilot",
			copilotInput(project, "bash", `{"command":"rm -rf /tmp/build","description":"clean"}`, ""),
			`{"permissionDecision":"deny","permissionDecisionReason":"denied by guard.sh@PreToolUse[0].hooks[0]: recursive delete"}` + "\n"},
		{"a rewrite, as modifiedArgs", "/copilot", copilotInput(project, "bash", `{"command":"make test"}`, ""),
			`{"modifiedArgs":{"command":"make test","timeout":60}}` + "\n"},
		{"an ask, which Copilot can put to its user", "/copilot", copilotInput(project, "bash", `{"command":"git push"}`, ""),
			`{"permissionDecision":"ask","permissionDecisionReason":"approval pending (asked by ask.sh: pushes to a shared remote)"}` + "\n"},
		{"an allow says nothing", "/copilot", copilotInput(project, "bash", `{"command":"ls"}`, ""), ""},
		{"after the call, a secret replaced", "/copilot",
			copilotInput(project, "bash", `{"command":"env"}`, `{"resultType":"success","textResultForLlm":"TOKEN=SECRET"}`),
			`{"modifiedResult":{"resultType":"success","textResultForLlm":"[redacted]"}}` + "\n"},
		{"a PascalCase entry's input, Claude Code's shape, is judged at Copilot's route too", "/copilot",
			claudeInput(project, "PreToolUse", "Bash", `{"command":"ls"}`, ""), ""},
		{"and one it cannot read is blocked", "/copilot",
			claudeInput(project, "PreToolUse", "Bash", `"ls"`, ""), copilotBlock("the PreToolUse hook input is not valid: its tool_input is not an object")},
		{"a body that is not JSON", "/copilot", `{"toolName":`, copilotBlock("the hook input is not valid: EOF")},
		{"a body over the cap", "/copilot", `{"x":"` + strings.Repeat("a", 100000) + `"}`, copilotBlock("the hook input is larger than 100000 bytes")},
		{"a path under Copilot's that is not its route", "/copilot/preToolUse", copilotInput(project, "bash", `{"command":"ls"}`, ""),
			copilotBlock("not found: hookchain serve takes Copilot's hook inputs at POST /copilot")},
		{"Copilot's route in another case", "/Copilot", copilotInput(project, "bash", `{"command":"ls"}`, ""),
			copilotBlock("not found: hookchain serve takes Copilot's hook inputs at POST /copilot")},
		{"Claude Code's own route answers as before", "/claude",
			claudeInput(project, "PreToolUse", "Bash", `{"command":"rm -rf /"}`, ""),
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"denied by guard.sh@PreToolUse[0].hooks[0]: recursive delete"}}` + "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, _, body := post(t, s.url+tt.path, tt.body)

			assert.Equal(t, http.StatusOK, status)
			assert.Equal(t, tt.want, body)
		})
	}
}

func TestEveryBlockAtCopilotsRouteIsInCopilotsForm(t *testing.T) {
	noLeaks(t)
	s := startServe(t, newProject(t), "--token", "sekrit")
	request := func(method, target, body string, auth bool) string {
		h := ""
		if auth {
			h = "Authorization: Bearer sekrit\r\n"
		}
		return fmt.Sprintf("%s %s HTTP/1.1\r\nHost: hookchain\r\n%sContent-Type: application/json\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s", method, target, h, len(body), body)
	}
	tests := []struct {
		name, request, want string
	}{
		{"without the token", request("POST", "/copilot", "{}", false),
			copilotBlock("unauthorized: the request does not carry hookchain serve's bearer token")},
		{"GET", request("GET", "/copilot", "", true), copilotBlock("method not allowed: hookchain serve takes Copilot's hook inputs at POST /copilot")},
		{"a trailing slash", request("POST", "/copilot/", "{}", true), copilotBlock("not found: hookchain serve takes Copilot's hook inputs at POST /copilot")},
		{"an event that is not a tool call is stopped",
			request("POST", "/copilot", `{"sessionId":"s","timestamp":1,"cwd":"/","prompt":"hi"}`, true),
			`{"permissionDecision":"deny","permissionDecisionReason":"hookchain: the hook input is of an event that is not a tool call; this hook program judges tool calls only","behavior":"deny","message":"hookchain: the hook input is of an event that is not a tool call; this hook program judges tool calls only","interrupt":true}` + "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, body := raw(t, s.url, tt.request)

			assert.Equal(t, http.StatusOK, status)
			assert.Equal(t, tt.want, body)
		})
	}
}

func TestAPanicAtCopilotsRouteIsABlockCopilotReads(t *testing.T) {
	// No settings loaded: answering dereferences a nil generation.
	var logs bytes.Buffer
	s := newServer(common{}, serveConfig{maxBody: 1000, readTimeout: time.Second}, "", slog.New(slog.NewTextHandler(&logs, nil)))
	w := httptest.NewRecorder()

	s.handler().ServeHTTP(w, httptest.NewRequest(http.MethodPost, "/copilot", strings.NewReader(copilotInput("/", "bash", `{}`, ""))))

	assert.Equal(t, http.StatusOK, w.Code)
	assert.Equal(t, copilotBlock("internal error: runtime error: invalid memory address or nil pointer dereference"), w.Body.String())
}

func TestUnderTwoHundredConcurrentCopilotCallsEveryOneIsJudged(t *testing.T) {
	noLeaks(t)
	project := newProject(t)
	s := startServe(t, project)
	deny := `{"permissionDecision":"deny","permissionDecisionReason":"denied by guard.sh@PreToolUse[0].hooks[0]: recursive delete"}` + "\n"
	answers := make(chan string, 200)
	for i := range 200 {
		go func() {
			// Not post, whose require would end this goroutine, not the test.
			resp, err := client.Post(s.url+"/copilot", "application/json",
				strings.NewReader(copilotInput(project, "bash", fmt.Sprintf(`{"command":"rm -rf /tmp/b%d"}`, i), "")))
			if err != nil {
				answers <- err.Error()
				return
			}
			defer resp.Body.Close()
			b, err := io.ReadAll(resp.Body)
			answers <- fmt.Sprint(resp.StatusCode, " ", string(b), err)
		}()
	}
	for range 200 {
		assert.Equal(t, "200 "+deny+"<nil>", <-answers)
	}
}

// qwenPost is a Qwen Code hook input as it POSTs it to an http hook.
func qwenPost(project, event, tool, toolInput, after string) string {
	s := fmt.Sprintf(`{"session_id":"q-1","transcript_path":"/tmp/q.json","cwd":%q,"hook_event_name":%q,"timestamp":"2026-12-02T10:00:00Z",`+
		`"tool_name":%q,"tool_input":%s`, project, event, tool, toolInput)
	if after != "" {
		s += `,"tool_response":` + after
	}
	return s + "}"
}

// Qwen Code's http hooks are answered at /qwen, in Qwen's form, from the
// Claude Code settings' chain: its run_shell_command is judged as Bash.
func TestServeAnswersQwenCodesHTTPHooksAtItsOwnRoute(t *testing.T) {
	noLeaks(t)
	project := newProject(t)
	s := startServe(t, project, "--max-body", "100000")
	deny := `"denied by guard.sh@PreToolUse[0].hooks[0]: recursive delete"`
	tests := []struct {
		name, path, body, want string
	}{
		{"a denial by the settings' Bash guard, for Qwen's run_shell_command", "/qwen",
			qwenPost(project, "PreToolUse", "run_shell_command", `{"command":"rm -rf /tmp/build"}`, ""),
			`{"decision":"deny","reason":` + deny + `,"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":` + deny + `}}` + "\n"},
		{"an allow says nothing", "/qwen", qwenPost(project, "PreToolUse", "run_shell_command", `{"command":"ls"}`, ""), ""},
		{"a body that is not JSON is a block Qwen reads from the body", "/qwen", `{"tool_name":`,
			`{"continue":false,"stopReason":"hookchain: the hook input is not valid JSON","decision":"deny","reason":"hookchain: the hook input is not valid JSON"}` + "\n"},
		{"a path under Qwen's that is not its route", "/qwen/PreToolUse", qwenPost(project, "PreToolUse", "run_shell_command", `{"command":"ls"}`, ""),
			`{"continue":false,"stopReason":"hookchain: not found: hookchain serve takes Qwen Code's hook inputs at POST /qwen","decision":"deny","reason":"hookchain: not found: hookchain serve takes Qwen Code's hook inputs at POST /qwen"}` + "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, _, body := post(t, s.url+tt.path, tt.body)

			assert.Equal(t, http.StatusOK, status)
			assert.Equal(t, tt.want, body)
		})
	}
}
