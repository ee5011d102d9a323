package codex_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/harness/codex"
	"github.com/hookchain/hookchain/harness/internal/profiletest"
	"github.com/hookchain/hookchain/process"
)

func TestAHookIsToldTheCallInCodexsFieldsAndOrder(t *testing.T) {
	s := harness.SessionInfo{ID: "019a-sess", Turn: "turn-3", Cwd: "/work/app", TranscriptPath: "/home/u/.codex/sessions/r.jsonl", Model: "gpt-5-codex", PermissionMode: "default"}
	tests := []struct {
		name    string
		event   hookchain.Event
		session harness.SessionInfo
		want    string
	}{
		{"before the call", shell("ls"), s,
			`{"session_id":"019a-sess","turn_id":"turn-3","transcript_path":"/home/u/.codex/sessions/r.jsonl","cwd":"/work/app","hook_event_name":"PreToolUse","model":"gpt-5-codex","permission_mode":"default","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"call_1"}`},
		{"after the call, with the tool's response", shellResult("ok"), s,
			`{"session_id":"019a-sess","turn_id":"turn-3","transcript_path":"/home/u/.codex/sessions/r.jsonl","cwd":"/work/app","hook_event_name":"PostToolUse","model":"gpt-5-codex","permission_mode":"default","tool_name":"Bash","tool_input":{"command":"env"},"tool_response":"ok","tool_use_id":"call_1"}`},
		{"a subagent's call, with no transcript and no mode", shell("ls"), harness.SessionInfo{ID: "s", Turn: "t", Cwd: "/w", AgentID: "a-7", AgentType: "reviewer"},
			`{"session_id":"s","turn_id":"t","agent_id":"a-7","agent_type":"reviewer","transcript_path":null,"cwd":"/w","hook_event_name":"PreToolUse","model":"","permission_mode":"default","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"call_1"}`},
		{"after a call with no output", hookchain.Event{Hook: hookchain.AfterTool, Tool: "apply_patch", CallID: "c"}, harness.SessionInfo{},
			`{"session_id":"","turn_id":"","transcript_path":null,"cwd":"","hook_event_name":"PostToolUse","model":"","permission_mode":"default","tool_name":"apply_patch","tool_input":{},"tool_response":null,"tool_use_id":"c"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := json.Marshal(codex.InputFor(tt.event, tt.session))
			require.NoError(t, err)
			assert.Equal(t, tt.want, string(b))
		})
	}
}

// Codex runs a hook with $SHELL -lc in the session's directory, its own
// environment inherited, and the call's session over the link's.
func TestAHookRunsInCodexsShellAndDirectoryWithTheCallsSession(t *testing.T) {
	record := t.TempDir()
	script := filepath.Join(profiletest.HooksDir(t), "record.sh")
	t.Setenv("CODEX_TEST_INHERITED", "yes")
	spec := process.Spec{
		Shell:   `printf '%s' "$0" > "$RECORD/shell"; shopt -q login_shell && touch "$RECORD/login"; printf '%s' "$CODEX_TEST_INHERITED" > "$RECORD/env"; bash ` + script,
		Env:     []string{"SHELL=/bin/bash", "RECORD=" + record},
		Timeout: 10 * time.Second,
	}
	defaults := session(t)
	link, err := codex.Link("record", hookchain.BeforeTool, hookchain.Any(), spec, defaults)
	require.NoError(t, err)
	ctx := harness.WithSessionInfo(context.Background(), harness.SessionInfo{ID: "call-session", Turn: "turn-9"})
	got := hookchain.New(link).Run(ctx, shell("ls"))
	require.Equal(t, hookchain.Outcome{}, got)

	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(record, name))
		require.NoError(t, err)
		return string(b)
	}
	assert.Equal(t, "/bin/bash", read("shell"))
	assert.FileExists(t, filepath.Join(record, "login"))
	assert.Equal(t, "yes", read("env"))
	dir, err := filepath.EvalSymlinks(defaults.Cwd)
	require.NoError(t, err)
	assert.Equal(t, dir+"\n", read("pwd"))
	assert.JSONEq(t, `{"session_id":"call-session","turn_id":"turn-9","transcript_path":null,"cwd":"`+defaults.Cwd+`","hook_event_name":"PreToolUse","model":"gpt-5-codex","permission_mode":"default","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"call_1"}`, read("stdin.json"))
}

func TestAShellCommandRunsInShOrInTheShellTheEnvironmentNames(t *testing.T) {
	tests := []struct {
		name string
		spec process.Spec
		want []string
	}{
		{"SHELL from the spec's environment", process.Spec{Shell: "x", Env: []string{"SHELL=/bin/zsh"}, Inherit: process.InheritBase}, []string{"/bin/zsh", "-lc", "x"}},
		{"the last SHELL wins", process.Spec{Shell: "x", Env: []string{"SHELL=/bin/zsh", "SHELL=/bin/dash"}, Inherit: process.InheritBase}, []string{"/bin/dash", "-lc", "x"}},
		{"no SHELL at all", process.Spec{Shell: "x", Unset: []string{"SHELL"}}, []string{"/bin/sh", "-lc", "x"}},
		{"the exec form runs as it is", process.Spec{Args: []string{"/usr/bin/guard", "--strict"}}, []string{"/usr/bin/guard", "--strict"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := codex.CommandSpec(tt.spec, harness.SessionInfo{Cwd: "/w"})
			assert.Equal(t, tt.want, got.Args)
			assert.Empty(t, got.Shell)
			assert.Equal(t, "/w", got.Dir)
			assert.Equal(t, codex.DefaultTimeout, got.Timeout)
		})
	}
}
