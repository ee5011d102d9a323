package cli

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// geminiSettingsFile is the Gemini settings.json of the tests; its commands
// run in harness/gemini/testdata (geminiInput's cwd), among its hooks.
const geminiSettingsFile = "testdata/gemini/settings.json"

// geminiInput is a Gemini hook input whose cwd is harness/gemini/testdata.
// after is the tool's response, for AfterTool; "" for BeforeTool.
func geminiInput(t *testing.T, tool, toolInput, after string) string {
	t.Helper()
	cwd, err := filepath.Abs("../../harness/gemini/testdata")
	require.NoError(t, err)
	in := map[string]any{
		"session_id": "gem-1", "transcript_path": "/tmp/chat.json", "cwd": cwd, "timestamp": "2026-01-01T00:00:00.000Z",
		"hook_event_name": "BeforeTool", "tool_name": tool, "tool_input": json.RawMessage(toolInput),
	}
	if after != "" {
		in["hook_event_name"], in["tool_response"] = "AfterTool", json.RawMessage(after)
	}
	b, err := json.Marshal(in)
	require.NoError(t, err)
	return string(b)
}

func TestEvalWithHarnessGeminiRunsTheSettingsHooksAsGeminiReadsThem(t *testing.T) {
	skipInShort(t)
	tests := []struct {
		name        string
		tool, input string
		after       string // AfterTool's tool_response; BeforeTool when empty
		want        string
		code        int
	}{
		{
			name: "hooks that say nothing allow", tool: "run_shell_command", input: `{"command":"ls"}`,
			want: `{"verdict":"allow"}`,
		},
		{
			name: "a bash hook that exits 2 denies, named as Gemini names it, with its stderr as the reason Gemini gives the model",
			tool: "run_shell_command", input: `{"command":"rm -rf build"}`,
			want: `{"verdict":"deny","reason":"recursive delete is not allowed here","decided_by":"no-rm","cause":"link",` +
				`"trail":[{"name":"no-rm","verdict":"deny","reason":"recursive delete is not allowed here"}]}`,
			code: 2,
		},
		{
			name: "a node hook's tool_input rewrites the call, merged into the model's",
			tool: "run_shell_command", input: `{"command":"terraform apply","description":"go"}`,
			want: `{"verdict":"modify","input":{"command":"terraform plan","description":"go"},"trail":[{"name":"node hooks/dry-run.js","verdict":"modify"}]}`,
		},
		{
			name: "a python hook's decision deny denies with its reason",
			tool: "write_file", input: `{"file_path":"/etc/hosts","content":"x"}`,
			want: `{"verdict":"deny","reason":"writes outside the project are not allowed","decided_by":"python3 hooks/deny.py","cause":"link",` +
				`"trail":[{"name":"python3 hooks/deny.py","verdict":"deny","reason":"writes outside the project are not allowed"}]}`,
			code: 2,
		},
		{
			name: "an AfterTool hook's denial withholds the output",
			tool: "run_shell_command", input: `{"command":"env"}`, after: `{"llmContent":"AKIAABCDEFGHIJKLMNOP","returnDisplay":"x"}`,
			want: `{"verdict":"deny","reason":"[output withheld: it holds an AWS key]","decided_by":"node hooks/redact.js","cause":"link",` +
				`"trail":[{"name":"node hooks/redact.js","verdict":"deny","reason":"[output withheld: it holds an AWS key]"}]}`,
			code: 2,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := hookchainCmd(t, geminiInput(t, tt.tool, tt.input, tt.after),
				"eval", "--harness", "gemini", "--settings", geminiSettingsFile)
			assert.JSONEq(t, tt.want, stdout)
			assert.Empty(t, stderr)
			assert.Equal(t, tt.code, code)
		})
	}
}

func TestEvalWithHarnessGeminiRefusesWhatItCannotJudge(t *testing.T) {
	empty, home := t.TempDir(), t.TempDir()
	tests := []refusal{
		{
			name:  "no hooks where Gemini looks for them, once the input says where the session is",
			args:  []string{"--home", home},
			stdin: `{"hook_event_name":"BeforeTool","session_id":"g","cwd":"` + empty + `","tool_name":"run_shell_command","tool_input":{"command":"ls"}}`,
			stderr: "hookchain eval: no Gemini hooks: none of " + empty + "/.gemini/settings.json, " + home + "/.gemini/settings.json, " +
				"/etc/gemini-cli/settings.json exists; name a file with --settings\n",
		},
		{
			name:   "a flag of Claude Code settings",
			args:   []string{"--settings", geminiSettingsFile, "--fail-closed"},
			stdin:  `{}`,
			stderr: "hookchain eval: --fail-closed: Claude Code settings only; not with Gemini settings\n",
		},
		{
			name:   "an event that is not a tool call",
			args:   []string{"--settings", geminiSettingsFile},
			stdin:  `{"hook_event_name":"SessionEnd","session_id":"gem-1"}`,
			stderr: "hookchain eval: SessionEnd is not a tool call: eval judges tool calls (BeforeTool, AfterTool) only\n",
		},
		{
			name:   "a settings file with comments, before the input is read",
			args:   []string{"--settings", "testdata/gemini/comments.json"},
			stdin:  `not even JSON`,
			stderr: "hookchain eval: gemini: testdata/gemini/comments.json: the file is not valid JSON; if it has comments, remove them: Gemini strips comments from settings.json, hookchain does not read them yet\n",
		},
	}
	requireRefusals(t, []string{"eval", "--harness", "gemini"}, tests)
}

func TestCheckWithHarnessGeminiListsTheSettingsHooks(t *testing.T) {
	code, stdout, stderr := hookchainCmd(t, "", "check", "--harness", "gemini", "--settings", geminiSettingsFile)
	assert.Equal(t, 0, code)
	assert.Equal(t, strings.Join([]string{
		"HOOK                                                        MATCHER            COMMAND                 TIMEOUT  ON FAILURE  RUNS AS",
		"testdata/gemini/settings.json:hooks.BeforeTool[0].hooks[0]  run_shell_command  bash hooks/block-rm.sh  30s      continue    a link before the call",
		"testdata/gemini/settings.json:hooks.BeforeTool[0].hooks[1]  run_shell_command  node hooks/dry-run.js   60s      continue    a link before the call",
		"testdata/gemini/settings.json:hooks.BeforeTool[1].hooks[0]  write_file         python3 hooks/deny.py   60s      continue    a link before the call",
		"testdata/gemini/settings.json:hooks.AfterTool[0].hooks[0]   -                  node hooks/redact.js    60s      continue    a link after the call",
		"testdata/gemini/settings.json:hooks.SessionEnd[0].hooks[0]  -                  echo done               60s      continue    not run: SessionEnd is not a tool call",
		"",
	}, "\n"), stdout)
	assert.Equal(t, "hookchain check: testdata/gemini/settings.json:hooks.BeforeTool[1].hooks[1]: skipped: hookchain runs command hooks only, not \"plugin\"\n"+
		"hookchain check: 1 warning, and no error: every hook can run (warnings do not change the exit status)\n", stderr)
}

// Claude Code's hooks ask and replace outputs as Gemini can; only the JSON
// of a replacement is lost, and check says so.
func TestCheckWithSettingsHarnessClaudeSaysWhatGeminiLoses(t *testing.T) {
	code, _, stderr := hookchainCmd(t, "", "check", "--harness", "gemini", "--settings-harness", "claude",
		"--project", "testdata", "--settings", "testdata/settings/ask.json")
	assert.Equal(t, 0, code)
	assert.Equal(t, "hookchain check: a hook that replaces a tool's output: Gemini replaces it with text only: degraded to its text, shown as a failed call\n"+
		"hookchain check: every hook: Gemini's calls reach it under Claude Code's tool names, but with Gemini's inputs: a hook that reads a field Gemini names otherwise sees none\n", stderr)

	code, _, stderr = hookchainCmd(t, "", "check", "--harness", "gemini", "--settings", "testdata/gemini/twice.json")
	assert.Equal(t, 1, code)
	assert.Equal(t, "hookchain check: gemini: testdata/gemini/twice.json:hooks.BeforeTool[1].hooks[0]: the hook of testdata/gemini/twice.json:hooks.BeforeTool[0].hooks[0] again: Gemini runs it once per call, hookchain cannot yet\n"+
		"hookchain check: the hooks cannot all run; hookchain runs none of them until then\n", stderr)
}

func TestHookWithHarnessGeminiAnswersInGeminisForm(t *testing.T) {
	skipInShort(t)
	dir, err := filepath.Abs("../../harness/gemini/testdata")
	require.NoError(t, err)
	settingsFile, err := filepath.Abs(geminiSettingsFile)
	require.NoError(t, err)
	tests := []struct {
		name           string
		args           []string
		stdin          string
		stdout, stderr string
		code           int
	}{
		{
			name:   "a denial is decision deny with the reason",
			args:   []string{"--harness", "gemini", "--settings", settingsFile},
			stdin:  geminiInput(t, "run_shell_command", `{"command":"rm -rf build"}`, ""),
			stdout: `{"decision":"deny","reason":"denied by no-rm: recursive delete is not allowed here"}` + "\n",
		},
		{
			name:   "a rewrite is tool_input",
			args:   []string{"--harness", "gemini", "--settings", settingsFile},
			stdin:  geminiInput(t, "run_shell_command", `{"command":"terraform apply"}`, ""),
			stdout: `{"hookSpecificOutput":{"hookEventName":"BeforeTool","tool_input":{"command":"terraform plan"}}}` + "\n",
		},
		{
			name:  "Claude Code's hook, from Gemini's settings: Claude Code's Bash is judged as Gemini's run_shell_command",
			args:  []string{"--harness", "claude", "--settings-harness", "gemini", "--settings", settingsFile},
			stdin: hookInput(t, dir, "PreToolUse", "Bash", `{"command":"rm -rf build"}`),
			stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny",` +
				`"permissionDecisionReason":"denied by no-rm: recursive delete is not allowed here"}}` + "\n",
		},
		{
			name:   "and a call its guards let through still runs",
			args:   []string{"--harness", "claude", "--settings-harness", "gemini", "--settings", settingsFile},
			stdin:  hookInput(t, dir, "PreToolUse", "Bash", `{"command":"ls"}`),
			stdout: "",
		},
		{
			name:   "hookchain's own error blocks Gemini's call: exit 2, the reason on stderr",
			args:   []string{"--harness", "gemini", "--settings", "missing.json"},
			stdin:  geminiInput(t, "run_shell_command", `{"command":"ls"}`, ""),
			stderr: "hookchain: hook: stat missing.json: no such file or directory\n",
			code:   2,
		},
		{
			name:   "and a bad command line too",
			args:   []string{"--harness", "gemini", "--settings", settingsFile, "--strict-env"},
			stdin:  geminiInput(t, "run_shell_command", `{"command":"ls"}`, ""),
			stderr: "hookchain: hook: --strict-env: Claude Code settings only; not with Gemini settings\n",
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
