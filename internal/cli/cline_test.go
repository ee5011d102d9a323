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

// clineHooksDir is the Cline hooks folder of the tests, the workspace
// testdata/cline's; its hooks run in that workspace.
const clineHooksDir = "testdata/cline/.clinerules/hooks"

// clineInput is a Cline hook input of the workspace testdata/cline. result
// is the tool's result, for PostToolUse; "" for PreToolUse.
func clineInput(t *testing.T, tool, params, result string) string {
	t.Helper()
	root, err := filepath.Abs("testdata/cline")
	require.NoError(t, err)
	in := map[string]any{
		"clineVersion": "3.40.0", "hookName": "PreToolUse", "timestamp": "1764669600000", "taskId": "task-1",
		"workspaceRoots": []string{root}, "userId": "u-1", "model": map[string]string{"provider": "anthropic", "slug": "claude-sonnet"},
		"preToolUse": map[string]any{"toolName": tool, "parameters": json.RawMessage(params)},
	}
	if result != "" {
		delete(in, "preToolUse")
		in["hookName"] = "PostToolUse"
		in["postToolUse"] = map[string]any{"toolName": tool, "parameters": json.RawMessage(params), "result": result, "success": true, "executionTimeMs": 12}
	}
	b, err := json.Marshal(in)
	require.NoError(t, err)
	return string(b)
}

func TestEvalWithHarnessClineRunsTheFoldersHooksAsClineReadsThem(t *testing.T) {
	skipInShort(t)
	pre, err := filepath.Abs(clineHooksDir + "/PreToolUse")
	require.NoError(t, err)
	post, err := filepath.Abs(clineHooksDir + "/PostToolUse")
	require.NoError(t, err)
	pre, post = strings.TrimPrefix(pre, "/"), strings.TrimPrefix(post, "/")
	tests := []struct {
		name         string
		tool, params string
		result       string // PostToolUse's result; PreToolUse when empty
		want         string
		code         int
	}{
		{
			name: "hooks that say cancel false allow", tool: "execute_command", params: `{"command":"ls"}`,
			want: `{"verdict":"allow"}`,
		},
		{
			name: "a bash hook's cancel denies and stops the run, named after its file", tool: "execute_command", params: `{"command":"rm -rf build"}`,
			want: `{"verdict":"deny","reason":"stop requested: recursive delete is not allowed here","stop":true,"decided_by":"/` + pre + `","cause":"link",` +
				`"trail":[{"name":"/` + pre + `","verdict":"deny","reason":"stop requested: recursive delete is not allowed here"}]}`,
			code: 2,
		},
		{
			name: "a hook's contextModification is a note", tool: "execute_command", params: `{"command":"npm install"}`,
			want: `{"verdict":"allow","notes":[{"link":"/` + pre + `","text":"this repository uses pnpm"}]}`,
		},
		{
			name: "a python hook after the call stops the run", tool: "execute_command", params: `{"command":"env"}`, result: "AKIAABCDEFGHIJKLMNOP",
			want: `{"verdict":"deny","reason":"stop requested: the output holds an AWS key","stop":true,"decided_by":"/` + post + `","cause":"link",` +
				`"trail":[{"name":"/` + post + `","verdict":"deny","reason":"stop requested: the output holds an AWS key"}]}`,
			code: 2,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := hookchainCmd(t, clineInput(t, tt.tool, tt.params, tt.result),
				"eval", "--harness", "cline", "--settings", clineHooksDir)
			assert.JSONEq(t, tt.want, stdout)
			assert.Empty(t, stderr)
			assert.Equal(t, tt.code, code)
		})
	}
}

func TestEvalWithHarnessClineRefusesWhatItCannotJudge(t *testing.T) {
	empty, home := t.TempDir(), t.TempDir()
	tests := []refusal{
		{
			name:  "no hooks where Cline looks for them, once the input says where the session is",
			args:  []string{"--home", home},
			stdin: `{"hookName":"PreToolUse","taskId":"t","workspaceRoots":["` + empty + `"],"preToolUse":{"toolName":"read_file"}}`,
			stderr: "hookchain eval: no Cline hooks: none of " + home + "/Documents/Cline/Hooks, " + empty + "/.clinerules/hooks " +
				"exists; name a file with --settings\n",
		},
		{
			name:   "a flag of Claude Code settings",
			args:   []string{"--settings", clineHooksDir, "--fail-closed"},
			stdin:  `{}`,
			stderr: "hookchain eval: --fail-closed: Claude Code settings only; not with Cline settings\n",
		},
		{
			name:   "an event that is not a tool call",
			args:   []string{"--settings", clineHooksDir},
			stdin:  `{"hookName":"TaskStart","taskId":"t"}`,
			stderr: "hookchain eval: TaskStart is not a tool call: eval judges tool calls (PreToolUse, PostToolUse) only\n",
		},
		{
			name:   "a folder that is not there, before the input is read",
			args:   []string{"--settings", "testdata/cline/missing"},
			stdin:  `not even JSON`,
			stderr: "hookchain eval: cline: hooks folder testdata/cline/missing: no such file or directory\n",
		},
	}
	requireRefusals(t, []string{"eval", "--harness", "cline"}, tests)
}

func TestCheckWithHarnessClineListsTheFoldersHooks(t *testing.T) {
	dir, err := filepath.Abs(clineHooksDir)
	require.NoError(t, err)
	code, stdout, stderr := hookchainCmd(t, "", "check", "--harness", "cline", "--settings", clineHooksDir)
	assert.Equal(t, 0, code)
	// The columns, each exactly; the padding is the table's.
	var rows [][]string
	for _, line := range strings.Split(strings.TrimSuffix(stdout, "\n"), "\n") {
		rows = append(rows, strings.Split(strings.Join(strings.Fields(line), " "), " "))
	}
	assert.Equal(t, [][]string{
		strings.Fields("HOOK MATCHER COMMAND TIMEOUT ON FAILURE RUNS AS"),
		append([]string{dir + "/TaskStart", "-", dir + "/TaskStart", "30s", "continue"}, strings.Fields("not run: TaskStart is not a tool call")...),
		append([]string{dir + "/PreToolUse", "-", dir + "/PreToolUse", "30s", "continue"}, strings.Fields("a link before the call")...),
		append([]string{dir + "/PostToolUse", "-", dir + "/PostToolUse", "30s", "continue"}, strings.Fields("a link after the call")...),
	}, rows)
	assert.Equal(t, "hookchain check: "+dir+"/PreToolUse.sh: skipped: Cline runs only a file named exactly PreToolUse\n"+
		"hookchain check: 1 warning, and no error: every hook can run (warnings do not change the exit status)\n", stderr)
}

// Claude Code's hooks ask and rewrite as Cline cannot, and check says what
// they become.
func TestCheckWithSettingsHarnessClaudeSaysWhatClineLoses(t *testing.T) {
	code, _, stderr := hookchainCmd(t, "", "check", "--harness", "cline", "--settings-harness", "claude",
		"--project", "testdata", "--settings", "testdata/settings/ask.json")
	assert.Equal(t, 0, code)
	assert.Equal(t, "hookchain check: a hook that asks: Cline has no ask: degraded to deny\n"+
		"hookchain check: a hook that rewrites the input: Cline has no rewrite: degraded to deny\n"+
		"hookchain check: a hook that replaces a tool's output: Cline cannot replace it: degraded to deny\n"+
		"hookchain check: a hook that shows the user a message: Cline has no message for its user: the messages are dropped\n"+
		"hookchain check: every hook: Cline's calls reach it under Claude Code's tool names, but with Cline's inputs: a hook that reads a field Cline names otherwise sees none\n", stderr)
}

func TestHookWithHarnessClineAnswersInClinesForm(t *testing.T) {
	skipInShort(t)
	root, err := filepath.Abs("testdata/cline")
	require.NoError(t, err)
	hooksDir, err := filepath.Abs(clineHooksDir)
	require.NoError(t, err)
	tests := []struct {
		name           string
		args           []string
		stdin          string
		stdout, stderr string
	}{
		{
			name:   "a denial is a cancel with the reason",
			args:   []string{"--harness", "cline", "--settings", hooksDir},
			stdin:  clineInput(t, "execute_command", `{"command":"rm -rf build"}`, ""),
			stdout: `{"cancel":true,"errorMessage":"denied by ` + hooksDir + `/PreToolUse: stop requested: recursive delete is not allowed here"}` + "\n",
		},
		{
			name:   "a note is contextModification",
			args:   []string{"--harness", "cline", "--settings", hooksDir},
			stdin:  clineInput(t, "execute_command", `{"command":"npm test"}`, ""),
			stdout: `{"cancel":false,"contextModification":"` + hooksDir + `/PreToolUse: this repository uses pnpm"}` + "\n",
		},
		{
			name:   "Cline's hooks found where Cline looks for them, from the session's workspace",
			args:   []string{"--harness", "cline", "--home", t.TempDir()},
			stdin:  clineInput(t, "execute_command", `{"command":"ls"}`, ""),
			stdout: `{"cancel":false}` + "\n",
		},
		{
			name:   "hookchain's own error cancels Cline's task: Cline runs a call whose hook fails",
			args:   []string{"--harness", "cline", "--settings", "missing"},
			stdin:  clineInput(t, "execute_command", `{"command":"ls"}`, ""),
			stdout: `{"cancel":true,"errorMessage":"hookchain: hook: cline: hooks folder missing: no such file or directory"}` + "\n",
			stderr: "hookchain: hook: cline: hooks folder missing: no such file or directory\n",
		},
		{
			name:   "and a bad command line too",
			args:   []string{"--harness", "cline", "--settings", hooksDir, "--strict-env"},
			stdin:  clineInput(t, "execute_command", `{"command":"ls"}`, ""),
			stdout: `{"cancel":true,"errorMessage":"hookchain: hook: --strict-env: Claude Code settings only; not with Cline settings"}` + "\n",
			stderr: "hookchain: hook: --strict-env: Claude Code settings only; not with Cline settings\n",
		},
	}
	t.Chdir(root) // Cline runs its hooks in the workspace root
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := hookchainCmd(t, tt.stdin, append([]string{"hook"}, tt.args...)...)
			assert.Equal(t, tt.stdout, stdout)
			assert.Equal(t, tt.stderr, stderr)
			assert.Equal(t, 0, code, "Cline reads an answer at exit 0 only")
		})
	}
}

// test --harness cline runs case files whose events are Cline hook inputs,
// as Cline writes them, against a Cline hooks folder; an event in any
// other form is an error.
func TestTestWithHarnessClineRunsCasesWrittenAsClineInputs(t *testing.T) {
	pre, err := filepath.Abs(clineHooksDir + "/PreToolUse")
	require.NoError(t, err)
	dir := t.TempDir()
	rm := clineInput(t, "execute_command", `{"command":"rm -rf /"}`, "")
	cases := `[
  {"name": "rm -rf stops the task", "event": ` + rm + `,
   "want": {"verdict": "deny", "reason": "denied by ` + pre + `: stop requested: recursive delete is not allowed here", "decided_by": "` + pre + `", "cause": "link", "trail": ["` + pre + `"]}}
]`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "cases.json"), []byte(cases), 0o644))
	code, stdout, stderr := hookchainCmd(t, "", "test", "--harness", "cline", "--settings", clineHooksDir, filepath.Join(dir, "cases.json"))
	assert.Empty(t, stderr)
	assert.Equal(t, "ok    rm -rf stops the task\nok: 1 case passed\n", stdout)
	assert.Equal(t, 0, code)

	require.NoError(t, os.WriteFile(filepath.Join(dir, "other.json"),
		[]byte(`[{"name":"hookchain's form","event":{"hook":"before_tool","tool":"execute_command","input":{}},"want":{"verdict":"allow"}}]`), 0o644))
	code, stdout, stderr = hookchainCmd(t, "", "test", "--harness", "cline", "--settings", clineHooksDir, filepath.Join(dir, "other.json"))
	assert.Equal(t, 1, code)
	assert.Empty(t, stdout)
	assert.Equal(t, "hookchain test: "+filepath.Join(dir, "other.json")+":1:2: case #0 \"hookchain's form\": event: the hook input is not valid: it has no hookName\n", stderr)
}
