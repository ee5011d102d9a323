package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	cursorcli "github.com/hookchain/hookchain/harness/cursor"
)

// cursorHooksFile is the Cursor hooks.json of the tests; its commands run
// in harness/cursor/testdata (cursorInput's workspace), among its hooks.
const cursorHooksFile = "testdata/cursor/hooks.json"

// cursorInput is a Cursor hook input of event whose workspace is
// harness/cursor/testdata, with the event's own fields.
func cursorInput(t *testing.T, event string, fields map[string]any) string {
	t.Helper()
	root, err := filepath.Abs("../../harness/cursor/testdata")
	require.NoError(t, err)
	in := map[string]any{"conversation_id": "conv-1", "generation_id": "gen-1", "hook_event_name": event,
		"workspace_roots": []string{root}, "transcript_path": nil}
	for k, v := range fields {
		in[k] = v
	}
	b, err := json.Marshal(in)
	require.NoError(t, err)
	return string(b)
}

func TestEvalWithHarnessCursorRunsTheHooksFilesHooksAsCursorReadsThem(t *testing.T) {
	skipInShort(t)
	tests := []struct {
		name   string
		event  string
		fields map[string]any
		want   string
		code   int
	}{
		{
			name: "hooks that let a call through allow", event: "beforeShellExecution", fields: map[string]any{"command": "ls"},
			want: `{"verdict":"allow"}`,
		},
		{
			name:  "a shell hook that exits 2 denies, with its stderr",
			event: "beforeShellExecution", fields: map[string]any{"command": "curl -s https://x.example"},
			want: `{"verdict":"deny","reason":"network downloads are not allowed here","decided_by":"bash hooks/block-curl.sh","cause":"link",` +
				`"trail":[{"name":"bash hooks/block-curl.sh","verdict":"deny","reason":"network downloads are not allowed here"}]}`,
			code: 2,
		},
		{
			name:  "a failClosed hook that fails denies",
			event: "beforeShellExecution", fields: map[string]any{"command": "make deploy"},
			want: `{"verdict":"deny","reason":"python3 hooks/crash.py failed and denies on failure: hook \"sh -c 'python3 hooks/crash.py'\": exited with status 1; stderr: \"policy.yaml: no such file\"",` +
				`"decided_by":"python3 hooks/crash.py","cause":"failure",` +
				`"trail":[{"name":"python3 hooks/crash.py","verdict":"deny","fault":"hook \"sh -c 'python3 hooks/crash.py'\": exited with status 1; stderr: \"policy.yaml: no such file\""}]}`,
			code: 2,
		},
		{
			name:  "a node hook's updated_input rewrites the call",
			event: "preToolUse", fields: map[string]any{"tool_name": "Shell", "tool_input": map[string]any{"command": "terraform apply"}, "tool_use_id": "t1"},
			want: `{"verdict":"modify","input":{"command":"terraform plan"},"trail":[{"name":"node hooks/dry-run.js","verdict":"modify"}]}`,
		},
		{
			name:  "a python hook's permission deny denies with its agent_message",
			event: "preToolUse", fields: map[string]any{"tool_name": "Write", "tool_input": map[string]any{"file_path": "/etc/hosts"}},
			want: `{"verdict":"deny","reason":"writes outside the project are not allowed","decided_by":"python3 hooks/deny.py","cause":"link",` +
				`"trail":[{"name":"python3 hooks/deny.py","verdict":"deny","reason":"writes outside the project are not allowed"}]}`,
			code: 2,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := hookchainCmd(t, cursorInput(t, tt.event, tt.fields), "eval", "--harness", "cursor", "--settings", cursorHooksFile)
			assert.JSONEq(t, tt.want, stdout)
			assert.Empty(t, stderr)
			assert.Equal(t, tt.code, code)
		})
	}
}

func TestEvalWithHarnessCursorRefusesWhatItCannotJudge(t *testing.T) {
	empty, home := t.TempDir(), t.TempDir()
	tests := []refusal{
		{
			name:  "no hooks where Cursor looks for them, once the input says where the session is",
			args:  []string{"--home", home},
			stdin: `{"hook_event_name":"beforeShellExecution","command":"ls","workspace_roots":["` + empty + `"]}`,
			stderr: "hookchain eval: no Cursor hooks: none of " + cursorEnterprise() + ", " + empty + "/.cursor/hooks.json, " + home + "/.cursor/hooks.json " +
				"exists; name a file with --settings\n",
		},
		{
			name:   "a flag of Claude Code settings",
			args:   []string{"--settings", cursorHooksFile, "--fail-closed"},
			stdin:  `{}`,
			stderr: "hookchain eval: --fail-closed: Claude Code settings only; not with Cursor settings\n",
		},
		{
			name:   "an event that is not a tool call",
			args:   []string{"--settings", cursorHooksFile},
			stdin:  `{"hook_event_name":"stop","conversation_id":"c"}`,
			stderr: "hookchain eval: stop is not a tool call: eval judges tool calls (preToolUse, postToolUse) only\n",
		},
	}
	requireRefusals(t, []string{"eval", "--harness", "cursor"}, tests)
}

func TestCheckWithHarnessCursorListsTheHooksFilesHooks(t *testing.T) {
	code, stdout, stderr := hookchainCmd(t, "", "check", "--harness", "cursor", "--settings", cursorHooksFile)
	assert.Equal(t, 0, code)
	assert.Equal(t, strings.Join([]string{
		"HOOK                                                      MATCHER    COMMAND                   TIMEOUT  ON FAILURE  RUNS AS",
		"testdata/cursor/hooks.json:hooks.preToolUse[0]            Write      python3 hooks/deny.py     60s      continue    a link before the call",
		"testdata/cursor/hooks.json:hooks.preToolUse[1]            Shell      node hooks/dry-run.js     60s      continue    a link before the call",
		"testdata/cursor/hooks.json:hooks.postToolUse[0]           -          bash hooks/context.sh     60s      continue    a link after the call",
		"testdata/cursor/hooks.json:hooks.beforeShellExecution[0]  curl|wget  bash hooks/block-curl.sh  30s      continue    a link before the call",
		"testdata/cursor/hooks.json:hooks.beforeShellExecution[1]  ^make      python3 hooks/crash.py    60s      deny        a link before the call",
		"testdata/cursor/hooks.json:hooks.sessionStart[0]          -          echo hello                60s      continue    not run: sessionStart is not a tool call",
		"",
	}, "\n"), stdout)
	assert.Equal(t, "hookchain check: testdata/cursor/hooks.json:hooks.preToolUse[2]: skipped: a prompt hook asks the model and runs no command\n"+
		"hookchain check: 1 warning, and no error: every hook can run (warnings do not change the exit status)\n", stderr)
}

func TestHookWithHarnessCursorAnswersInCursorsForm(t *testing.T) {
	skipInShort(t)
	dir, err := filepath.Abs("../../harness/cursor/testdata")
	require.NoError(t, err)
	hooksFile, err := filepath.Abs(cursorHooksFile)
	require.NoError(t, err)
	project, err := filepath.Abs("testdata")
	require.NoError(t, err)
	modify := filepath.Join(project, "settings", "modify.json")
	tests := []struct {
		name           string
		args           []string
		stdin          string
		stdout, stderr string
		code           int
	}{
		{
			name:   "a denial at the shell gate is permission deny, the reason for the user and the agent",
			args:   []string{"--harness", "cursor", "--settings", hooksFile},
			stdin:  cursorInput(t, "beforeShellExecution", map[string]any{"command": "wget x"}),
			stdout: `{"permission":"deny","user_message":"denied by bash hooks/block-curl.sh: network downloads are not allowed here","agent_message":"denied by bash hooks/block-curl.sh: network downloads are not allowed here"}` + "\n",
		},
		{
			name:   "and so when the command runs in another directory: the hooks run in the project's root all the same",
			args:   []string{"--harness", "cursor", "--settings", hooksFile},
			stdin:  cursorInput(t, "beforeShellExecution", map[string]any{"command": "wget x", "cwd": t.TempDir()}),
			stdout: `{"permission":"deny","user_message":"denied by bash hooks/block-curl.sh: network downloads are not allowed here","agent_message":"denied by bash hooks/block-curl.sh: network downloads are not allowed here"}` + "\n",
		},
		{
			name:   "a rewrite at preToolUse is updated_input",
			args:   []string{"--harness", "cursor", "--settings", hooksFile},
			stdin:  cursorInput(t, "preToolUse", map[string]any{"tool_name": "Shell", "tool_input": map[string]any{"command": "terraform apply"}}),
			stdout: `{"permission":"allow","updated_input":{"command":"terraform plan"}}` + "\n",
		},
		{
			name:   "a call the hooks let through is an empty answer",
			args:   []string{"--harness", "cursor", "--settings", hooksFile},
			stdin:  cursorInput(t, "beforeShellExecution", map[string]any{"command": "ls"}),
			stdout: "{}\n",
		},
		{
			name:   "Claude Code's hook, from Cursor's hooks file: Claude Code's Bash is judged as Cursor's Shell",
			args:   []string{"--harness", "claude", "--settings-harness", "cursor", "--settings", hooksFile},
			stdin:  hookInput(t, dir, "PreToolUse", "Bash", `{"command":"terraform apply"}`),
			stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"terraform plan"}}}` + "\n",
		},
		{
			name:   "Cursor's hook, from Claude Code's settings: Cursor's Shell is judged as Claude Code's Bash, and rewritten at preToolUse",
			args:   []string{"--harness", "cursor", "--settings-harness", "claude", "--project", project, "--settings", modify},
			stdin:  inDir(t, cursorInput(t, "preToolUse", map[string]any{"tool_name": "Shell", "tool_input": map[string]any{"command": "make deploy"}}), "workspace_roots.0", project),
			stdout: `{"permission":"allow","updated_input":{"command":"make deploy --dry-run"}}` + "\n",
		},
		{
			name:  "but denied at the shell gate, which cannot rewrite",
			args:  []string{"--harness", "cursor", "--settings-harness", "claude", "--project", project, "--settings", modify},
			stdin: inDir(t, cursorInput(t, "beforeShellExecution", map[string]any{"command": "make deploy"}), "workspace_roots.0", project),
			stdout: `{"permission":"deny","user_message":"cursor cannot run a rewritten input, so the call is denied; the chain would run it with {\"command\":\"make deploy --dry-run\"}",` +
				`"agent_message":"cursor cannot run a rewritten input, so the call is denied; the chain would run it with {\"command\":\"make deploy --dry-run\"}"}` + "\n",
		},
		{
			name:  "Cursor's Write is Claude Code's Write and Edit: judged as one, the other's hooks would be skipped, so it is blocked",
			args:  []string{"--harness", "cursor", "--settings-harness", "claude", "--project", project, "--settings", modify},
			stdin: cursorInput(t, "preToolUse", map[string]any{"tool_name": "Write", "tool_input": map[string]any{"file_path": "a"}}),
			stdout: `{"permission":"deny","user_message":"hookchain: hook: Cursor's tool Write is Write and Edit to Claude Code, and the call cannot be judged as one of them without skipping the others' hooks",` +
				`"agent_message":"hookchain: hook: Cursor's tool Write is Write and Edit to Claude Code, and the call cannot be judged as one of them without skipping the others' hooks"}` + "\n",
			stderr: "hookchain: hook: Cursor's tool Write is Write and Edit to Claude Code, and the call cannot be judged as one of them without skipping the others' hooks\n",
			code:   2,
		},
		{
			name:   "hookchain's own error blocks Cursor's call: exit 2, a denial, the reason on stderr",
			args:   []string{"--harness", "cursor", "--settings", "missing.json"},
			stdin:  cursorInput(t, "beforeShellExecution", map[string]any{"command": "ls"}),
			stdout: `{"permission":"deny","user_message":"hookchain: hook: stat missing.json: no such file or directory","agent_message":"hookchain: hook: stat missing.json: no such file or directory"}` + "\n",
			stderr: "hookchain: hook: stat missing.json: no such file or directory\n",
			code:   2,
		},
		{
			name:   "and a bad command line too",
			args:   []string{"--harness", "cursor", "--settings", hooksFile, "--strict-env"},
			stdin:  cursorInput(t, "preToolUse", map[string]any{"tool_name": "Shell", "tool_input": map[string]any{"command": "ls"}}),
			stdout: `{"permission":"deny","user_message":"hookchain: hook: --strict-env: Claude Code settings only; not with Cursor settings","agent_message":"hookchain: hook: --strict-env: Claude Code settings only; not with Cursor settings"}` + "\n",
			stderr: "hookchain: hook: --strict-env: Claude Code settings only; not with Cursor settings\n",
			code:   2,
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

// cursorEnterprise is Cursor's enterprise hooks file on this system.
func cursorEnterprise() string { return cursorcli.ConfigFiles("", "/home")[0] }

// The hooks of the user's own ~/.cursor/hooks.json run in ~/.cursor, as
// Cursor runs them; a project's run in the project's root.
func TestTheUsersCursorHooksRunInTheirDirectory(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	hooks := `{"version":1,"hooks":{"beforeShellExecution":[{"command":"printf '{\"permission\":\"deny\",\"agent_message\":\"%s\"}' \"$(pwd)\""}]}}`
	user := filepath.Join(home, ".cursor", "hooks.json")
	project := filepath.Join(t.TempDir(), ".cursor", "hooks.json")
	for _, f := range []string{user, project} {
		require.NoError(t, os.MkdirAll(filepath.Dir(f), 0o755))
		require.NoError(t, os.WriteFile(f, []byte(hooks), 0o600))
	}
	root, err := filepath.Abs("../../harness/cursor/testdata")
	require.NoError(t, err)
	for file, dir := range map[string]string{user: filepath.Join(home, ".cursor"), project: root} {
		code, stdout, _ := hookchainCmd(t, cursorInput(t, "beforeShellExecution", map[string]any{"command": "ls"}), "eval", "--harness", "cursor", "--settings", file)
		assert.Equal(t, 2, code, file)
		var out struct{ Reason string }
		require.NoError(t, json.Unmarshal([]byte(stdout), &out))
		assert.Equal(t, dir, out.Reason, file)
	}
}

// test --harness cursor runs case files whose events are Cursor hook
// inputs, each of its own event, against Cursor hooks.
func TestTestWithHarnessCursorRunsCasesWrittenAsCursorInputs(t *testing.T) {
	dir := t.TempDir()
	curl := cursorInput(t, "beforeShellExecution", map[string]any{"command": "curl -s x"})
	ls := cursorInput(t, "preToolUse", map[string]any{"tool_name": "Shell", "tool_input": map[string]any{"command": "ls"}})
	cases := `[
  {"name": "curl is blocked at the shell gate", "event": ` + curl + `,
   "want": {"verdict": "deny", "reason": "denied by bash hooks/block-curl.sh: network downloads are not allowed here", "decided_by": "bash hooks/block-curl.sh", "cause": "link", "trail": ["bash hooks/block-curl.sh"]}},
  {"name": "ls runs", "event": ` + ls + `, "want": {"verdict": "allow"}}
]`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "cases.json"), []byte(cases), 0o644))

	code, stdout, stderr := hookchainCmd(t, "", "test", "--harness", "cursor", "--settings", cursorHooksFile, filepath.Join(dir, "cases.json"))

	assert.Empty(t, stderr)
	assert.Equal(t, "ok    curl is blocked at the shell gate\nok    ls runs\nok: 2 cases passed\n", stdout)
	assert.Equal(t, 0, code)
}
