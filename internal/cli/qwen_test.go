package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// qwenSettingsFile is the Qwen settings.json of the tests; its commands run
// in harness/qwen/testdata (qwenInput's cwd), among its hooks.
const qwenSettingsFile = "testdata/qwen/settings.json"

// qwenInput is a Qwen hook input whose cwd is harness/qwen/testdata.
// after is the tool's response, for PostToolUse; "" for PreToolUse.
func qwenInput(t *testing.T, tool, toolInput, after string) string {
	t.Helper()
	cwd, err := filepath.Abs("../../harness/qwen/testdata")
	require.NoError(t, err)
	in := map[string]any{
		"session_id": "qwen-1", "transcript_path": "/tmp/chat.jsonl", "cwd": cwd, "timestamp": "2026-01-01T00:00:00.000Z",
		"permission_mode": "default", "hook_event_name": "PreToolUse", "tool_name": tool, "tool_input": json.RawMessage(toolInput),
		"tool_use_id": "toolu_1_abc",
	}
	if after != "" {
		in["hook_event_name"], in["tool_response"] = "PostToolUse", json.RawMessage(after)
	}
	b, err := json.Marshal(in)
	require.NoError(t, err)
	return string(b)
}

func TestEvalWithHarnessQwenRunsTheSettingsHooksAsQwenReadsThem(t *testing.T) {
	skipInShort(t)
	tests := []struct {
		name        string
		tool, input string
		after       string // PostToolUse's tool_response; PreToolUse when empty
		want        string
		code        int
	}{
		{
			name: "hooks that say nothing allow", tool: "run_shell_command", input: `{"command":"ls"}`,
			want: `{"verdict":"allow"}`,
		},
		{
			name: "a bash hook that exits 2 denies, named as Qwen names it, with its stderr as the reason Qwen gives the model",
			tool: "run_shell_command", input: `{"command":"rm -rf build"}`,
			want: `{"verdict":"deny","reason":"recursive delete is not allowed here","decided_by":"no-rm","cause":"link",` +
				`"trail":[{"name":"no-rm","verdict":"deny","reason":"recursive delete is not allowed here"}]}`,
			code: 2,
		},
		{
			name: "a python hook's permissionDecision deny denies with its reason, selected by the tool's display name",
			tool: "write_file", input: `{"file_path":"/etc/hosts","content":"x"}`,
			want: `{"verdict":"deny","reason":"writes outside the project are not allowed","decided_by":"python3 hooks/deny.py","cause":"link",` +
				`"trail":[{"name":"python3 hooks/deny.py","verdict":"deny","reason":"writes outside the project are not allowed"}]}`,
			code: 2,
		},
		{
			name: "a hook whose failMode is closed denies when it fails",
			tool: "read_file", input: `{"absolute_path":"/etc/hosts"}`,
			want: `{"verdict":"deny","reason":"python3 hooks/crash.py failed and denies on failure: hook \"bash -c 'python3 hooks/crash.py'\": exited with status 1; stderr: \"policy.yaml: no such file\"",` +
				`"decided_by":"python3 hooks/crash.py","cause":"failure",` +
				`"trail":[{"name":"python3 hooks/crash.py","verdict":"deny","fault":"hook \"bash -c 'python3 hooks/crash.py'\": exited with status 1; stderr: \"policy.yaml: no such file\""}]}`,
			code: 2,
		},
		{
			name: "a PostToolUse hook's continue false withholds the output",
			tool: "run_shell_command", input: `{"command":"npm test"}`, after: `{"llmContent":"FAIL","returnDisplay":"FAIL"}`,
			want: `{"verdict":"deny","reason":"the test suite is red","decided_by":"bash hooks/stop.sh","cause":"link",` +
				`"trail":[{"name":"bash hooks/stop.sh","verdict":"deny","reason":"the test suite is red"}]}`,
			code: 2,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := hookchainCmd(t, qwenInput(t, tt.tool, tt.input, tt.after),
				"eval", "--harness", "qwen", "--settings", qwenSettingsFile)
			assert.JSONEq(t, tt.want, stdout)
			assert.Empty(t, stderr)
			assert.Equal(t, tt.code, code)
		})
	}
}

func TestEvalWithHarnessQwenRefusesWhatItCannotJudge(t *testing.T) {
	empty, home := t.TempDir(), t.TempDir()
	tests := []refusal{
		{
			name:  "no hooks where Qwen looks for them, once the input says where the session is",
			args:  []string{"--home", home},
			stdin: `{"hook_event_name":"PreToolUse","session_id":"q","cwd":"` + empty + `","tool_name":"run_shell_command","tool_input":{"command":"ls"}}`,
			stderr: "hookchain eval: no Qwen Code hooks: none of /etc/qwen-code/system-defaults.json, " + home + "/.qwen/settings.json, " + empty +
				"/.qwen/settings.json, /etc/qwen-code/settings.json exists; name a file with --settings\n",
		},
		{
			name:   "a flag of Claude Code settings",
			args:   []string{"--settings", qwenSettingsFile, "--fail-closed"},
			stdin:  `{}`,
			stderr: "hookchain eval: --fail-closed: Claude Code settings only; not with Qwen Code settings\n",
		},
		{
			name:   "an event that is not a tool call",
			args:   []string{"--settings", qwenSettingsFile},
			stdin:  `{"hook_event_name":"SessionEnd","session_id":"qwen-1"}`,
			stderr: "hookchain eval: SessionEnd is not a tool call: eval judges tool calls (PreToolUse, PostToolUse) only\n",
		},
		{
			name:   "a settings file with comments, before the input is read",
			args:   []string{"--settings", "testdata/qwen/comments.json"},
			stdin:  `not even JSON`,
			stderr: "hookchain eval: qwen: testdata/qwen/comments.json: the file is not valid JSON; if it has comments, remove them: Qwen strips comments from settings.json, hookchain does not read them yet\n",
		},
	}
	requireRefusals(t, []string{"eval", "--harness", "qwen"}, tests)
}

func TestCheckWithHarnessQwenListsTheSettingsHooks(t *testing.T) {
	code, stdout, stderr := hookchainCmd(t, "", "check", "--harness", "qwen", "--settings", qwenSettingsFile)
	assert.Equal(t, 0, code)
	assert.Equal(t, strings.Join([]string{
		"HOOK                                                       MATCHER    COMMAND                 TIMEOUT  ON FAILURE  RUNS AS",
		"testdata/qwen/settings.json:hooks.PreToolUse[0].hooks[0]   Shell      bash hooks/block-rm.sh  30s      continue    a link before the call",
		"testdata/qwen/settings.json:hooks.PreToolUse[1].hooks[0]   WriteFile  python3 hooks/deny.py   60s      continue    a link before the call",
		"testdata/qwen/settings.json:hooks.PreToolUse[2].hooks[0]   read_file  python3 hooks/crash.py  60s      deny        a link before the call",
		"testdata/qwen/settings.json:hooks.PostToolUse[0].hooks[0]  -          bash hooks/stop.sh      60s      continue    a link after the call",
		"testdata/qwen/settings.json:hooks.SessionEnd[0].hooks[0]   -          echo done               60s      continue    not run: SessionEnd is not a tool call",
		"",
	}, "\n"), stdout)
	assert.Equal(t, "hookchain check: testdata/qwen/settings.json:hooks.PreToolUse[0].hooks[1]: skipped: an async hook: Qwen runs it in the background, and it decides nothing\n"+
		"hookchain check: 1 warning, and no error: every hook can run (warnings do not change the exit status)\n", stderr)
}

func TestHookWithHarnessQwenAnswersInQwensForm(t *testing.T) {
	skipInShort(t)
	dir, err := filepath.Abs("../../harness/qwen/testdata")
	require.NoError(t, err)
	settingsFile, err := filepath.Abs(qwenSettingsFile)
	require.NoError(t, err)
	promptFile, err := filepath.Abs("testdata/qwen/prompt.json")
	require.NoError(t, err)
	refusal := func(reason string) string {
		b, _ := json.Marshal("hookchain: " + reason)
		return `{"continue":false,"stopReason":` + string(b) + `,"decision":"deny","reason":` + string(b) + "}\n"
	}
	tests := []struct {
		name           string
		args           []string
		stdin          string
		stdout, stderr string
		code           int
	}{
		{
			name:  "a denial is permissionDecision deny with the reason",
			args:  []string{"--harness", "qwen", "--settings", settingsFile},
			stdin: qwenInput(t, "run_shell_command", `{"command":"rm -rf build"}`, ""),
			stdout: `{"decision":"deny","reason":"denied by no-rm: recursive delete is not allowed here","hookSpecificOutput":{"hookEventName":"PreToolUse",` +
				`"permissionDecision":"deny","permissionDecisionReason":"denied by no-rm: recursive delete is not allowed here"}}` + "\n",
		},
		{
			name:   "a denial after the call is continue false",
			args:   []string{"--harness", "qwen", "--settings", settingsFile},
			stdin:  qwenInput(t, "run_shell_command", `{"command":"npm test"}`, `{"llmContent":"FAIL","returnDisplay":"FAIL"}`),
			stdout: `{"continue":false,"stopReason":"denied by bash hooks/stop.sh: the test suite is red"}` + "\n",
		},
		{
			name:   "a call its guards let through runs",
			args:   []string{"--harness", "qwen", "--settings", settingsFile},
			stdin:  qwenInput(t, "run_shell_command", `{"command":"ls"}`, ""),
			stdout: "",
		},
		{
			name:  "Claude Code's hook, from Qwen's settings: Claude Code's Bash is judged as Qwen's run_shell_command",
			args:  []string{"--harness", "claude", "--settings-harness", "qwen", "--settings", settingsFile},
			stdin: hookInput(t, dir, "PreToolUse", "Bash", `{"command":"rm -rf build"}`),
			stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny",` +
				`"permissionDecisionReason":"denied by no-rm: recursive delete is not allowed here"}}` + "\n",
		},
		{
			name:   "hookchain's own error blocks Qwen's call: exit 2, a denial on stderr that Qwen reads at both events",
			args:   []string{"--harness", "qwen", "--settings", "missing.json"},
			stdin:  qwenInput(t, "run_shell_command", `{"command":"ls"}`, ""),
			stdout: refusal("hook: stat missing.json: no such file or directory"),
			stderr: refusal("hook: stat missing.json: no such file or directory"),
			code:   2,
		},
		{
			name:   "and a bad command line too",
			args:   []string{"--harness", "qwen", "--settings", settingsFile, "--strict-env"},
			stdin:  qwenInput(t, "run_shell_command", `{"command":"ls"}`, ""),
			stdout: refusal("hook: --strict-env: Claude Code settings only; not with Qwen Code settings"),
			stderr: refusal("hook: --strict-env: Claude Code settings only; not with Qwen Code settings"),
			code:   2,
		},
		{
			name:   "and a settings file with a prompt hook hookchain cannot run",
			args:   []string{"--harness", "qwen", "--settings", promptFile},
			stdin:  qwenInput(t, "run_shell_command", `{"command":"ls"}`, ""),
			stdout: refusal(`hook: qwen: ` + promptFile + `: hooks.PreToolUse[0].hooks[0]: a hook of type "prompt": Qwen runs it, and hookchain runs command and http hooks only; left out, it would let calls by that it judges`),
			stderr: refusal(`hook: qwen: ` + promptFile + `: hooks.PreToolUse[0].hooks[0]: a hook of type "prompt": Qwen runs it, and hookchain runs command and http hooks only; left out, it would let calls by that it judges`),
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

// test --harness qwen runs case files whose events are Qwen hook inputs,
// as Qwen writes them, against Qwen hooks.
func TestTestWithHarnessQwenRunsCasesWrittenAsQwenInputs(t *testing.T) {
	dir := t.TempDir()
	rm := qwenInput(t, "run_shell_command", `{"command":"rm -rf /"}`, "")
	ls := qwenInput(t, "run_shell_command", `{"command":"ls"}`, "")
	cases := `[
  {"name": "rm -rf is blocked", "event": ` + rm + `,
   "want": {"verdict": "deny", "reason": "denied by no-rm: recursive delete is not allowed here", "decided_by": "no-rm", "cause": "link", "trail": ["no-rm"]}},
  {"name": "ls runs", "event": ` + ls + `, "want": {"verdict": "allow"}}
]`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "cases.json"), []byte(cases), 0o644))

	code, stdout, stderr := hookchainCmd(t, "", "test", "--harness", "qwen", "--settings", qwenSettingsFile, filepath.Join(dir, "cases.json"))

	assert.Empty(t, stderr)
	assert.Equal(t, 0, code)
	assert.Equal(t, "ok    rm -rf is blocked\nok    ls runs\nok: 2 cases passed\n", stdout)
}
