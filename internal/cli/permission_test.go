package cli

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// permSettings asks about git push, and has PermissionRequest hooks: a
// bash+jq one that denies rm and pushes to main, and a python one that
// allows pushes to other branches.
const permSettings = `{"hooks": {
  "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "bash \"$CLAUDE_PROJECT_DIR\"/ask-push.sh"}]}],
  "PermissionRequest": [
    {"matcher": "Bash", "hooks": [{"type": "command", "command": "bash \"$CLAUDE_PROJECT_DIR\"/deny.sh"}]},
    {"matcher": "Bash", "hooks": [{"type": "command", "command": "python3 \"$CLAUDE_PROJECT_DIR\"/allow-branch.py"}]}
  ]}}`

const (
	askPush = `cmd=$(jq -r .tool_input.command)
case "$cmd" in git\ push*) jq -n '{hookSpecificOutput:{hookEventName:"PreToolUse",permissionDecision:"ask",permissionDecisionReason:"push?"}}';; esac
`
	denyHook = `in=$(cat); cmd=$(jq -r .tool_input.command <<<"$in")
[ "$(jq -r .hook_event_name <<<"$in")" = PermissionRequest ] || { echo "not a PermissionRequest" >&2; exit 1; }
case "$cmd" in
  rm*halt*) jq -n '{hookSpecificOutput:{hookEventName:"PermissionRequest",decision:{behavior:"deny",message:"no rm",interrupt:true}}}';;
  rm*) jq -n '{hookSpecificOutput:{hookEventName:"PermissionRequest",decision:{behavior:"deny",message:"no rm"}}}';;
  *main*) echo "not to main" >&2; exit 2;;
esac
`
	allowBranch = `import json, sys
q = json.load(sys.stdin)
if q["tool_input"]["command"].startswith("git push origin feature"):
    print(json.dumps({"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "allow"}}}))
`
)

func permissionProject(t *testing.T) string {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	for name, text := range map[string]string{"ask-push.sh": askPush, "deny.sh": denyHook, "allow-branch.py": allowBranch,
		"hookchain.json": permSettings, "guard.sh": guardHook, "ask.sh": askHook} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o755))
	}
	return dir
}

func TestEvalAnswersAPermissionRequestInputWithThePermissionRequestHooks(t *testing.T) {
	skipInShort(t)
	project := permissionProject(t)
	tests := []struct {
		name, event, command, want string
		code                       int
	}{
		{"a bash hook that denies rm", "PermissionRequest", "rm -rf x",
			`{"verdict":"deny","reason":"refused by deny.sh: no rm","trail":[{"name":"PermissionRequest","verdict":"deny","reason":"no rm","by":"deny.sh","approver":true}],"decided_by":"PermissionRequest","cause":"approver"}`, exitDenied},
		{"exit status 2 denies, with stderr", "PermissionRequest", "git push origin main",
			`{"verdict":"deny","reason":"refused by deny.sh: not to main","trail":[{"name":"PermissionRequest","verdict":"deny","reason":"not to main","by":"deny.sh","approver":true}],"decided_by":"PermissionRequest","cause":"approver"}`, exitDenied},
		{"a python hook that allows", "PermissionRequest", "git push origin feature",
			`{"verdict":"allow","trail":[{"name":"PermissionRequest","verdict":"allow","by":"allow-branch.py","approver":true}],"decided_by":"PermissionRequest","cause":"approver"}`, exitOK},
		{"no hook decides: refused", "PermissionRequest", "ls",
			`{"verdict":"deny","reason":"refused by PermissionRequest: approval needed but not obtained: no PermissionRequest hook decided, and no approver is configured","trail":[{"name":"PermissionRequest","verdict":"deny","reason":"approval needed but not obtained: no PermissionRequest hook decided, and no approver is configured","by":"PermissionRequest","approver":true}],"decided_by":"PermissionRequest","cause":"approver"}`, exitDenied},
		{"a PreToolUse ask is answered by the PermissionRequest hooks", "PreToolUse", "git push origin feature",
			`{"verdict":"allow","trail":[{"name":"ask-push.sh","verdict":"ask","reason":"push?"},{"name":"PermissionRequest","verdict":"allow","by":"allow-branch.py","approver":true}],"decided_by":"PermissionRequest","cause":"approver"}`, exitOK},
		{"and refused by them", "PreToolUse", "git push origin main",
			`{"verdict":"deny","reason":"refused by deny.sh: not to main (asked by ask-push.sh: push?)","trail":[{"name":"ask-push.sh","verdict":"ask","reason":"push?"},{"name":"PermissionRequest","verdict":"deny","reason":"not to main","by":"deny.sh","approver":true}],"decided_by":"PermissionRequest","cause":"approver"}`, exitDenied},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := hookInput(t, project, tt.event, "Bash", fmt.Sprintf(`{"command":%q}`, tt.command))
			code, stdout, stderr := hookchainCmd(t, in, "eval", "--settings", filepath.Join(project, "hookchain.json"))
			assert.Equal(t, "", stderr)
			assert.JSONEq(t, tt.want, stdout)
			assert.Equal(t, tt.code, code)
		})
	}

	code, _, stderr := hookchainCmd(t, `{"hook_event_name":"PermissionRequest","tool_input":{}}`, "eval", "--settings", filepath.Join(project, "hookchain.json"))
	assert.Equal(t, exitFailed, code)
	assert.Equal(t, "hookchain eval: claudecode: the PermissionRequest input has no tool_name\n", stderr)
}

func TestServeAnswersClaudeCodesPermissionRequestsWithThePermissionRequestHooks(t *testing.T) {
	skipInShort(t)
	noLeaks(t)
	project := permissionProject(t)
	s := startServe(t, project)
	perm := func(command string) string {
		return claudeInput(project, "PermissionRequest", "Bash", fmt.Sprintf(`{"command":%q}`, command),
			`"permission_suggestions":[{"type":"addRules","rules":[{"toolName":"Bash"}],"behavior":"allow","destination":"localSettings"}]`)
	}
	pre := func(command string) string {
		return claudeInput(project, "PreToolUse", "Bash", fmt.Sprintf(`{"command":%q}`, command), "")
	}
	tests := []struct{ name, body, want string }{
		{"a deny", perm("rm -rf x"), `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"no rm"}}}`},
		{"a deny that interrupts", perm("rm halt"), `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"stop requested (interrupt): no rm","interrupt":true}}}`},
		{"an allow", perm("git push origin feature"), `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}`},
		{"no hook decides: an empty body, and Claude Code shows its dialog", perm("ls"), ``},
		{"a request without its tool is denied", `{"hook_event_name":"PermissionRequest","tool_input":{}}`,
			`{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"claudecode: the PermissionRequest input has no tool_name"}}}`},
		{"a PreToolUse ask the hooks allow is allowed", pre("git push origin feature"), ``},
		{"a PreToolUse ask the hooks refuse is denied", pre("git push origin main"),
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"refused by deny.sh: not to main (asked by ask-push.sh: push?)"}}`},
		{"a PreToolUse ask they leave is put to Claude Code's user", pre("git push upstream x"),
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"approval pending (asked by ask-push.sh: push?)"}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, _, body := post(t, s.url+"/", tt.body)
			assert.Equal(t, http.StatusOK, status)
			assert.Equal(t, tt.want, strings.TrimSuffix(body, "\n"))
		})
	}
}
