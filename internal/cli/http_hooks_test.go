package cli

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// policyServer is an http hook on loopback that answers every request
// with body, or status 500 when body is "".
func policyServer(t *testing.T, body string) string {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		if body == "" {
			http.Error(w, "policy engine down", http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = fmt.Fprint(w, body)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/hook"
}

func TestEvalWithHarnessCopilotRunsAnHTTPHookOfTheHooksFile(t *testing.T) {
	t.Setenv("COPILOT_HOOK_ALLOW_LOCALHOST", "1")
	redact := policyServer(t, `{"modifiedResult":{"resultType":"success","textResultForLlm":"the [redacted]"}}`)
	down := policyServer(t, "")
	tests := []struct {
		name, url, want string
	}{
		{"its modifiedResult replaces the output", redact,
			`{"verdict":"replace","output":"the [redacted]","trail":[{"name":"` + redact + `","verdict":"replace"}]}`},
		{"its failure lets the output through, as Copilot's http hooks fail open", down,
			`{"verdict":"allow","trail":[{"name":"` + down + `","verdict":"allow","fault":"hook \"` + down + `\": gave no valid answer: status 500 Internal Server Error: body \"policy engine down\""}]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := writeFile(t, t.TempDir(), "hooks.json", `{"version":1,"hooks":{"postToolUse":[{"type":"http","matcher":"bash","url":"`+tt.url+`","timeoutSec":10}]}}`)
			code, stdout, stderr := hookchainCmd(t, copilotCall(t, "bash", `{"command":"env"}`, "the secret"), "eval", "--harness", "copilot", "--settings", file)
			assert.JSONEq(t, tt.want, stdout)
			assert.Empty(t, stderr)
			assert.Equal(t, 0, code)

			code, stdout, stderr = hookchainCmd(t, "", "check", "--harness", "copilot", "--settings", file)
			assert.Equal(t, 0, code, stderr)
			assert.Contains(t, stdout, file+":hooks.postToolUse[0]  bash     "+tt.url+"  10s      continue    a link after the call\n")
		})
	}
}

func TestEvalWithHarnessQwenRunsAnHTTPHookOfTheSettings(t *testing.T) {
	deny := policyServer(t, `{"decision":"block","reason":"recursive deletes are not allowed"}`)
	file := writeFile(t, t.TempDir(), "settings.json", `{"hooks":{"PreToolUse":[{"matcher":"run_shell_command","hooks":[{"type":"http","name":"policy","url":"`+deny+`","timeout":10}]}]}}`)
	code, stdout, stderr := hookchainCmd(t, qwenInput(t, "run_shell_command", `{"command":"rm -rf /"}`, ""), "eval", "--harness", "qwen", "--settings", file)
	assert.JSONEq(t, `{"verdict":"deny","reason":"recursive deletes are not allowed","decided_by":"policy","cause":"link",`+
		`"trail":[{"name":"policy","verdict":"deny","reason":"recursive deletes are not allowed"}]}`, stdout)
	assert.Empty(t, stderr)
	assert.Equal(t, 2, code)

	code, stdout, stderr = hookchainCmd(t, "", "check", "--harness", "qwen", "--settings", file)
	assert.Equal(t, 0, code, stderr)
	lines := strings.Split(stdout, "\n")
	require.Len(t, lines, 3)
	assert.Regexp(t, `^`+file+`:hooks.PreToolUse\[0\].hooks\[0\] +run_shell_command +`+deny+` +10s +continue +a link before the call$`, lines[1])
}
