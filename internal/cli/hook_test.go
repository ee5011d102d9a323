package cli

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCheckWithHarnessCodexListsTheHooksFilesHooksAndWhatCodexSkips(t *testing.T) {
	code, stdout, stderr := hookchainCmd(t, "", "check", "--harness", "codex", "--settings", codexHooksFile)
	assert.Equal(t, 0, code)
	assert.Equal(t, strings.Join([]string{
		"HOOK                                               MATCHER        COMMAND                 TIMEOUT  ON FAILURE  RUNS AS",
		"testdata/codex/hooks.json:PreToolUse[0].hooks[0]   Bash           bash hooks/block-rm.sh  30s      continue    a link before the call",
		"testdata/codex/hooks.json:PreToolUse[0].hooks[1]   Bash           node hooks/dry-run.js   600s     continue    a link before the call",
		"testdata/codex/hooks.json:PreToolUse[0].hooks[2]   Bash           python3 hooks/deny.py   600s     continue    a link before the call",
		"testdata/codex/hooks.json:PreToolUse[1].hooks[0]   ^apply_patch$  python3 hooks/ask.py    600s     continue    a link before the call",
		"testdata/codex/hooks.json:PreToolUse[2].hooks[0]   ^read_file$    python3 hooks/crash.py  600s     continue    a link before the call",
		"testdata/codex/hooks.json:PostToolUse[0].hooks[0]  -              node hooks/redact.js    600s     continue    a link after the call",
		"testdata/codex/hooks.json:PostToolUse[0].hooks[1]  -              bash hooks/context.sh   600s     continue    a link after the call",
		"testdata/codex/hooks.json:Stop[0].hooks[0]         -              echo done               600s     continue    not run: Stop is not a tool call",
		"",
	}, "\n"), stdout)
	assert.Equal(t, "hookchain check: testdata/codex/hooks.json:PreToolUse[3].hooks[0]: skipped: prompt hooks are not run by Codex\n"+
		"hookchain check: 1 warning, and no error: every hook can run (warnings do not change the exit status)\n", stderr)
}

func TestCheckWithHarnessCodexLintsClaudeCodeSettingsAgainstWhatCodexCanSay(t *testing.T) {
	code, stdout, stderr := hookchainCmd(t, "", "check", "--harness", "codex", "--settings-harness", "claude",
		"--project", testdata(t), "--settings", "testdata/settings/modify.json")
	assert.Equal(t, 0, code)
	assert.Contains(t, stdout, "append.sh")
	assert.Equal(t, "hookchain check: a hook that asks: Codex has no ask: degraded to deny\n"+
		"hookchain check: a hook that replaces a tool's output: Codex replaces it with text only: degraded to its text, shown as a failed call\n"+
		"hookchain check: every hook: Codex's calls reach it under Claude Code's tool names, but with Codex's inputs: a hook that reads a field Codex names otherwise sees none\n", stderr)

	// Claude Code can say all Codex can: its hooks.json, as Claude Code's
	// hook, degrades nothing; only the inputs are another CLI's.
	code, _, stderr = hookchainCmd(t, "", "check", "--harness", "claude", "--settings-harness", "codex", "--settings", codexHooksFile)
	assert.Equal(t, 0, code)
	assert.Equal(t, "hookchain check: testdata/codex/hooks.json:PreToolUse[3].hooks[0]: skipped: prompt hooks are not run by Codex\n"+
		"hookchain check: 1 warning, and no error: every hook can run (warnings do not change the exit status)\n"+
		"hookchain check: every hook: Claude Code's calls reach it under Codex's tool names, but with Claude Code's inputs: a hook that reads a field Claude Code names otherwise sees none\n", stderr)
}

func TestHookAnswersEachCLIInItsOwnFormFromEitherCLIsSettings(t *testing.T) {
	skipInShort(t)
	t.Setenv("SHELL", "/bin/sh")
	dir, err := filepath.Abs("testdata/codex")
	require.NoError(t, err)
	tests := []struct {
		name           string
		args           []string
		stdin          string
		stdout, stderr string
		code           int
	}{
		{
			name:  "Codex's hook, from Codex's hooks: a denial is permissionDecision deny",
			args:  []string{"--harness", "codex", "--settings", "hooks.json"},
			stdin: codexInput(t, "Bash", `{"command":"rm -rf build"}`, ""),
			stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny",` +
				`"permissionDecisionReason":"denied by bash hooks/block-rm.sh: recursive delete is not allowed here"}}` + "\n",
		},
		{
			name:   "a rewrite is allow with updatedInput",
			args:   []string{"--harness", "codex", "--settings", "hooks.json"},
			stdin:  codexInput(t, "Bash", `{"command":"terraform apply"}`, ""),
			stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"terraform plan"}}}` + "\n",
		},
		{
			name:  "an allow is nothing at all",
			args:  []string{"--harness", "codex", "--settings", "hooks.json"},
			stdin: codexInput(t, "Bash", `{"command":"ls"}`, ""),
		},
		{
			name:   "a note after the call is additionalContext",
			args:   []string{"--harness", "codex", "--settings", "hooks.json"},
			stdin:  codexInput(t, "Bash", `{"command":"ls"}`, `"README.md"`),
			stdout: `{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"bash hooks/context.sh: this repository uses pnpm (PostToolUse)"}}` + "\n",
		},
		{
			name:   "an event that is not a tool call stops the turn",
			args:   []string{"--harness", "codex", "--settings", "hooks.json"},
			stdin:  `{"hook_event_name":"Stop","session_id":"thread-1"}`,
			stdout: `{"continue":false,"stopReason":"hookchain: Stop is not a tool call; this hook program judges tool calls only"}` + "\n",
		},
		{
			name:  "Claude Code's hook, from Codex's hooks: the same policy, in Claude Code's form",
			args:  []string{"--harness", "claude", "--settings-harness", "codex", "--settings", "hooks.json"},
			stdin: hookInput(t, dir, "PreToolUse", "Bash", `{"command":"rm -rf build"}`),
			stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny",` +
				`"permissionDecisionReason":"denied by bash hooks/block-rm.sh: recursive delete is not allowed here"}}` + "\n",
		},
		{
			name:  "Codex's hook, from Claude Code's settings",
			args:  []string{"--harness", "codex", "--settings-harness", "claude", "--project", "..", "--settings", "../settings/modify.json"},
			stdin: inDir(t, codexInput(t, "Bash", `{"command":"make deploy"}`, ""), "cwd", "testdata"),
			stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow",` +
				`"updatedInput":{"command":"make deploy --dry-run"}}}` + "\n",
		},
		{
			name:  "Codex's apply_patch is Claude Code's Edit and Write: judged as one, the other's hooks would be skipped, so it is blocked",
			args:  []string{"--harness", "codex", "--settings-harness", "claude", "--project", "..", "--settings", "../settings/modify.json"},
			stdin: codexInput(t, "apply_patch", `{"command":"*** Begin Patch"}`, ""),
			stderr: "hookchain: hook: Codex's tool apply_patch is Edit and Write to Claude Code, " +
				"and the call cannot be judged as one of them without skipping the others' hooks\n",
			code: 2,
		},
		{
			name:  "what Claude Code's hooks ask is denied to Codex, which cannot ask",
			args:  []string{"--harness", "codex", "--settings-harness", "claude", "--project", "..", "--settings", "../settings/ask.json"},
			stdin: inDir(t, codexInput(t, "Bash", `{"command":"make deploy"}`, ""), "cwd", "testdata"),
			stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny",` +
				`"permissionDecisionReason":"codex cannot ask its user, so the call is denied: approval pending (asked by ask.sh: deploys need a human)"}}` + "\n",
		},
		{
			name:   "and put to Claude Code's user as its hook",
			args:   []string{"--harness", "claude", "--project", "..", "--settings", "../settings/ask.json"},
			stdin:  hookInput(t, filepath.Dir(dir), "PreToolUse", "Bash", `{"command":"make deploy"}`),
			stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"approval pending (asked by ask.sh: deploys need a human)"}}` + "\n",
		},
		{
			name:   "hookchain's own error blocks Codex's call: exit 2, the reason on stderr",
			args:   []string{"--harness", "codex", "--settings", "missing.json"},
			stdin:  codexInput(t, "Bash", `{"command":"ls"}`, ""),
			stderr: "hookchain: hook: stat missing.json: no such file or directory\n",
			code:   2,
		},
		{
			name:   "and a bad command line too",
			args:   []string{"--harness", "codex", "--settings", "hooks.json", "--strict-env"},
			stdin:  codexInput(t, "Bash", `{"command":"ls"}`, ""),
			stderr: "hookchain: hook: --strict-env: Claude Code settings only; not with Codex settings\n",
			code:   2,
		},
		{
			name:   "hookchain's own error blocks Claude Code's call in its form",
			args:   []string{"--harness", "claude", "--settings", "missing.json"},
			stdin:  hookInput(t, dir, "PreToolUse", "Bash", `{"command":"ls"}`),
			stdout: `{"decision":"block","reason":"hookchain: hook: settings: stat missing.json: no such file or directory"}` + "\n",
		},
	}
	t.Chdir(dir) // a CLI runs its hook in the session's directory
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := hookchainCmd(t, tt.stdin, append([]string{"hook"}, tt.args...)...)
			assert.Equal(t, tt.stdout, stdout)
			assert.Equal(t, tt.stderr, stderr)
			assert.Equal(t, tt.code, code)
		})
	}
}
