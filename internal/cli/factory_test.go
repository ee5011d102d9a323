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

// factoryHooksFile is the Droid hooks.json of the tests; its commands run
// in harness/factory/testdata (factoryInput's cwd), among its hooks.
const factoryHooksFile = "testdata/factory/hooks.json"

// factoryInput is a Droid hook input whose cwd is harness/factory/testdata.
// after is the tool's response, for PostToolUse; "" for PreToolUse.
func factoryInput(t *testing.T, tool, toolInput, after string) string {
	t.Helper()
	cwd, err := filepath.Abs("../../harness/factory/testdata")
	require.NoError(t, err)
	in := map[string]any{
		"session_id": "droid-1", "transcript_path": "/tmp/droid.jsonl", "cwd": cwd, "permission_mode": "off",
		"hook_event_name": "PreToolUse", "tool_name": tool, "tool_input": json.RawMessage(toolInput),
	}
	if after != "" {
		in["hook_event_name"], in["tool_response"] = "PostToolUse", json.RawMessage(after)
	}
	b, err := json.Marshal(in)
	require.NoError(t, err)
	return string(b)
}

func TestEvalWithHarnessFactoryRunsTheFilesHooksAsDroidReadsThem(t *testing.T) {
	skipInShort(t)
	tests := []struct {
		name        string
		tool, input string
		after       string // PostToolUse's tool_response; PreToolUse when empty
		want        string
		code        int
	}{
		{name: "hooks that say nothing allow", tool: "Execute", input: `{"command":"ls"}`, want: `{"verdict":"allow"}`},
		{
			name: "a bash hook that exits 2 denies, selected by its commandRegex, with its stderr as the reason",
			tool: "Execute", input: `{"command":"rm -rf build"}`,
			want: `{"verdict":"deny","reason":"recursive delete is not allowed here","decided_by":"bash hooks/block-rm.sh","cause":"link",` +
				`"trail":[{"name":"bash hooks/block-rm.sh","verdict":"deny","reason":"recursive delete is not allowed here"}]}`,
			code: 2,
		},
		{
			name: "a node hook's updatedInput patches the call",
			tool: "Execute", input: `{"command":"terraform apply","riskLevel":"high"}`,
			want: `{"verdict":"modify","input":{"command":"terraform plan","riskLevel":"high"},"trail":[{"name":"node hooks/dry-run.js","verdict":"modify"}]}`,
		},
		{
			name: "a python hook's permissionDecision deny denies with its reason",
			tool: "Create", input: `{"file_path":"/etc/hosts","content":"x"}`,
			want: `{"verdict":"deny","reason":"writes outside the project are not allowed","decided_by":"python3 hooks/deny.py","cause":"link",` +
				`"trail":[{"name":"python3 hooks/deny.py","verdict":"deny","reason":"writes outside the project are not allowed"}]}`,
			code: 2,
		},
		{
			name: "Claude Code's tool name matches none of Droid's hooks",
			tool: "Bash", input: `{"command":"rm -rf build"}`, want: `{"verdict":"allow"}`,
		},
		{
			name: "a PostToolUse block denies",
			tool: "Execute", input: `{"command":"env"}`, after: `{"output":"AKIA"}`,
			want: `{"verdict":"deny","reason":"the output holds a secret","decided_by":"bash hooks/post-block.sh","cause":"link",` +
				`"trail":[{"name":"bash hooks/post-block.sh","verdict":"deny","reason":"the output holds a secret"}]}`,
			code: 2,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := hookchainCmd(t, factoryInput(t, tt.tool, tt.input, tt.after),
				"eval", "--harness", "factory", "--settings", factoryHooksFile)
			assert.JSONEq(t, tt.want, stdout)
			assert.Empty(t, stderr)
			assert.Equal(t, tt.code, code)
		})
	}
}

func TestEvalWithHarnessFactoryRefusesWhatItCannotJudge(t *testing.T) {
	empty, home := t.TempDir(), t.TempDir()
	tests := []refusal{
		{
			name:  "no hooks where Droid looks for them",
			args:  []string{"--home", home},
			stdin: `{"hook_event_name":"PreToolUse","session_id":"d","cwd":"` + empty + `","tool_name":"Execute","tool_input":{"command":"ls"}}`,
			stderr: "hookchain eval: no Factory Droid hooks: none of " + home + "/.factory/hooks.json, " + home + "/.factory/settings.json, " +
				empty + "/.factory/hooks.json, " + empty + "/.factory/hooks/hooks.json, " + empty + "/.factory/settings.json exists; name a file with --settings\n",
		},
		{
			name:   "a flag of Claude Code settings",
			args:   []string{"--settings", factoryHooksFile, "--fail-closed"},
			stdin:  `{}`,
			stderr: "hookchain eval: --fail-closed: Claude Code settings only; not with Factory Droid settings\n",
		},
		{
			name:   "the camelCase input of Droid's older versions",
			args:   []string{"--settings", factoryHooksFile},
			stdin:  `{"sessionId":"s","transcriptPath":"/t.jsonl","cwd":"/w","permissionMode":"off","hookEventName":"PreToolUse","tool_name":"Execute","tool_input":{"command":"rm -rf /"}}`,
			stderr: "hookchain eval: the hook input is in the camelCase form of Factory Droid's older versions (hookEventName, permissionMode, sessionId, transcriptPath), which hookchain does not read; update Droid\n",
		},
	}
	requireRefusals(t, []string{"eval", "--harness", "factory"}, tests)
}

// Droid reads a settings.json's hooks only where its hooks.json is absent.
func TestEvalWithHarnessFactoryFindsTheFilesAsDroidDoes(t *testing.T) {
	project, home := t.TempDir(), t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(project, ".factory"), 0o755))
	deny := func(reason string) string {
		return `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"echo ` + reason + ` >&2; exit 2"}]}]}}`
	}
	require.NoError(t, os.WriteFile(filepath.Join(project, ".factory", "settings.json"), []byte(deny("from-settings")), 0o644))
	input := `{"hook_event_name":"PreToolUse","session_id":"d","cwd":"` + project + `","tool_name":"Execute","tool_input":{"command":"ls"}}`
	_, stdout, _ := hookchainCmd(t, input, "eval", "--harness", "factory", "--home", home)
	assert.Contains(t, stdout, `"reason":"from-settings"`)
	require.NoError(t, os.WriteFile(filepath.Join(project, ".factory", "hooks.json"), []byte(deny("from-hooks")), 0o644))
	_, stdout, _ = hookchainCmd(t, input, "eval", "--harness", "factory", "--home", home)
	assert.Contains(t, stdout, `"reason":"from-hooks"`)
	assert.NotContains(t, stdout, "from-settings")
}

func TestCheckWithHarnessFactoryListsTheFilesHooks(t *testing.T) {
	code, stdout, stderr := hookchainCmd(t, "", "check", "--harness", "factory", "--settings", factoryHooksFile)
	assert.Equal(t, 0, code)
	assert.Equal(t, strings.Join([]string{
		"HOOK                                                 MATCHER                     COMMAND                   TIMEOUT  ON FAILURE  RUNS AS",
		`testdata/factory/hooks.json:PreToolUse[0].hooks[0]   Execute commandRegex "rm "  bash hooks/block-rm.sh    30s      continue    a link before the call`,
		"testdata/factory/hooks.json:PreToolUse[1].hooks[0]   Execute                     node hooks/dry-run.js     60s      continue    a link before the call",
		"testdata/factory/hooks.json:PreToolUse[2].hooks[0]   Create|Edit                 python3 hooks/deny.py     60s      continue    a link before the call",
		"testdata/factory/hooks.json:PostToolUse[0].hooks[0]  -                           bash hooks/post-block.sh  60s      continue    a link after the call",
		"testdata/factory/hooks.json:SessionEnd[0].hooks[0]   -                           echo done                 60s      continue    not run: SessionEnd is not a tool call",
		"",
	}, "\n"), stdout)
	assert.Equal(t, "hookchain check: testdata/factory/hooks.json:PreToolUse[2].hooks[1]: skipped: Factory Droid has no handler type \"prompt\"\n"+
		"hookchain check: 1 warning, and no error: every hook can run (warnings do not change the exit status)\n", stderr)
}

func TestHookWithHarnessFactoryAnswersInDroidsForm(t *testing.T) {
	skipInShort(t)
	dir, err := filepath.Abs("../../harness/factory/testdata")
	require.NoError(t, err)
	hooksFile, err := filepath.Abs(factoryHooksFile)
	require.NoError(t, err)
	tests := []struct {
		name           string
		args           []string
		stdin          string
		stdout, stderr string
		code           int
	}{
		{
			name:   "a denial is exit 2 with the reason on stderr",
			args:   []string{"--harness", "factory", "--settings", hooksFile},
			stdin:  factoryInput(t, "Execute", `{"command":"rm -rf build"}`, ""),
			stderr: "denied by bash hooks/block-rm.sh: recursive delete is not allowed here\n",
			code:   2,
		},
		{
			name:   "a rewrite is updatedInput",
			args:   []string{"--harness", "factory", "--settings", hooksFile},
			stdin:  factoryInput(t, "Execute", `{"command":"terraform apply"}`, ""),
			stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"terraform plan"}}}` + "\n",
		},
		{
			name:  "Claude Code's hook, from Droid's files: Claude Code's Bash is judged as Droid's Execute",
			args:  []string{"--harness", "claude", "--settings-harness", "factory", "--settings", hooksFile},
			stdin: hookInput(t, dir, "PreToolUse", "Bash", `{"command":"rm -rf build"}`),
			stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny",` +
				`"permissionDecisionReason":"denied by bash hooks/block-rm.sh: recursive delete is not allowed here"}}` + "\n",
		},
		{
			name:  "Claude Code's Edit is judged as Droid's Edit, not its ApplyPatch, so the hooks of Edit run",
			args:  []string{"--harness", "claude", "--settings-harness", "factory", "--settings", hooksFile},
			stdin: hookInput(t, dir, "PreToolUse", "Edit", `{"file_path":"/etc/hosts","old_string":"a","new_string":"b"}`),
			stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny",` +
				`"permissionDecisionReason":"denied by python3 hooks/deny.py: writes outside the project are not allowed"}}` + "\n",
		},
		{
			name:   "hookchain's own error blocks Droid's call: exit 2, the reason on stderr",
			args:   []string{"--harness", "factory", "--settings", "missing.json"},
			stdin:  factoryInput(t, "Execute", `{"command":"ls"}`, ""),
			stderr: "hookchain: hook: stat missing.json: no such file or directory\n",
			code:   2,
		},
		{
			name:   "and a bad command line too",
			args:   []string{"--harness", "factory", "--settings", hooksFile, "--strict-env"},
			stdin:  factoryInput(t, "Execute", `{"command":"ls"}`, ""),
			stderr: "hookchain: hook: --strict-env: Claude Code settings only; not with Factory Droid settings\n",
			code:   2,
		},
		{
			name:   "and an input of Droid's older versions",
			args:   []string{"--harness", "factory", "--settings", hooksFile},
			stdin:  `{"sessionId":"s","transcriptPath":"/t.jsonl","cwd":"/w","permissionMode":"off","hookEventName":"PreToolUse","tool_name":"Execute","tool_input":{"command":"rm -rf /"}}`,
			stderr: "hookchain: the hook input is in the camelCase form of Factory Droid's older versions (hookEventName, permissionMode, sessionId, transcriptPath), which hookchain does not read; update Droid\n",
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

// test --harness factory runs case files whose events are Droid hook
// inputs, as Droid writes them, against Droid's hooks.
func TestTestWithHarnessFactoryRunsCasesWrittenAsDroidInputs(t *testing.T) {
	dir := t.TempDir()
	rm := factoryInput(t, "Execute", `{"command":"rm -rf /"}`, "")
	ls := factoryInput(t, "Execute", `{"command":"ls"}`, "")
	cases := `[
  {"name": "rm -rf is blocked", "event": ` + rm + `,
   "want": {"verdict": "deny", "reason": "denied by bash hooks/block-rm.sh: recursive delete is not allowed here", "decided_by": "bash hooks/block-rm.sh", "cause": "link", "trail": ["bash hooks/block-rm.sh"]}},
  {"name": "ls runs", "event": ` + ls + `, "want": {"verdict": "allow"}}
]`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "cases.json"), []byte(cases), 0o644))
	code, stdout, stderr := hookchainCmd(t, "", "test", "--harness", "factory", "--settings", factoryHooksFile, filepath.Join(dir, "cases.json"))
	assert.Empty(t, stderr)
	assert.Equal(t, "ok    rm -rf is blocked\nok    ls runs\nok: 2 cases passed\n", stdout)
	assert.Equal(t, 0, code)
}

// Claude Code's hooks ask and rewrite as Droid can; a replacement of the
// output is lost, and check says so.
func TestCheckWithSettingsHarnessClaudeSaysWhatDroidLoses(t *testing.T) {
	code, _, stderr := hookchainCmd(t, "", "check", "--harness", "factory", "--settings-harness", "claude",
		"--project", "testdata", "--settings", "testdata/settings/ask.json")
	assert.Equal(t, 0, code)
	assert.Equal(t, "hookchain check: a hook that replaces a tool's output: Factory Droid cannot replace it: degraded to deny\n"+
		"hookchain check: every hook: Factory Droid's calls reach it under Claude Code's tool names, but with Factory Droid's inputs: a hook that reads a field Factory Droid names otherwise sees none\n", stderr)
}
