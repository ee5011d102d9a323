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

// copilotHooksFile is the Copilot hooks file of the tests; its commands run
// in harness/copilot/testdata (copilotCall's cwd), among its hooks.
const copilotHooksFile = "testdata/copilot/hooks.json"

// copilotCall is a camelCase Copilot hook input whose cwd is
// harness/copilot/testdata; result is postToolUse's toolResult text, ""
// for preToolUse.
func copilotCall(t *testing.T, tool, args, result string) string {
	t.Helper()
	cwd, err := filepath.Abs("../../harness/copilot/testdata")
	require.NoError(t, err)
	in := map[string]any{"sessionId": "cop-1", "timestamp": 1704614400000, "cwd": cwd, "toolName": tool, "toolArgs": args}
	if result != "" {
		in["toolResult"] = map[string]string{"resultType": "success", "textResultForLlm": result}
	}
	b, err := json.Marshal(in)
	require.NoError(t, err)
	return string(b)
}

func TestEvalWithHarnessCopilotRunsTheHooksFileAsCopilotReadsIt(t *testing.T) {
	skipInShort(t)
	tests := []struct {
		name  string
		args  []string
		stdin string
		want  string
		code  int
	}{
		{"a camelCase python guard denies a create outside the project", nil, copilotCall(t, "create", `{"path":"/etc/hosts","file_text":"x"}`, ""),
			`{"verdict":"deny","reason":"writes outside the project are not allowed","decided_by":"python3 hooks/deny.py","cause":"link",` +
				`"trail":[{"name":"python3 hooks/deny.py","verdict":"deny","reason":"writes outside the project are not allowed"}]}`, 2},
		{"a PascalCase guard, given Claude's snake_case input, denies a recursive delete; the camelCase Bash matcher selects nothing", nil,
			copilotCall(t, "bash", `{"command":"rm -rf build"}`, ""),
			`{"verdict":"deny","reason":"recursive delete is not allowed here","decided_by":"bash hooks/pascal-guard.sh","cause":"link",` +
				`"trail":[{"name":"node hooks/dry-run.js","verdict":"modify"},{"name":"bash hooks/pascal-guard.sh","verdict":"deny","reason":"recursive delete is not allowed here"}]}`, 2},
		{"a node hook's modifiedArgs rewrites the call", nil, copilotCall(t, "bash", `{"command":"terraform apply"}`, ""),
			`{"verdict":"modify","input":{"command":"terraform plan"},"trail":[{"name":"node hooks/dry-run.js","verdict":"modify"}]}`, 0},
		{"an exec hook after the call replaces the output", nil, copilotCall(t, "bash", `{"command":"env"}`, "the secret"),
			`{"verdict":"replace","output":"the [redacted]","trail":[{"name":"python3 hooks/redact.py","verdict":"replace"}]}`, 0},
		{"--event postToolUse reads the same input", []string{"--event", "postToolUse"}, copilotCall(t, "bash", `{"command":"env"}`, "the secret"),
			`{"verdict":"replace","output":"the [redacted]","trail":[{"name":"python3 hooks/redact.py","verdict":"replace"}]}`, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := hookchainCmd(t, tt.stdin, append([]string{"eval", "--harness", "copilot", "--settings", copilotHooksFile}, tt.args...)...)
			assert.JSONEq(t, tt.want, stdout)
			assert.Empty(t, stderr)
			assert.Equal(t, tt.code, code)
		})
	}
}

func TestEvalWithHarnessCopilotRefusesWhatIsNotAToolCall(t *testing.T) {
	tests := []struct {
		name, stdin, stderr string
		args                []string
	}{
		{"a sessionStart input, which names no tool", `{"sessionId":"s","timestamp":1,"cwd":"/","source":"new"}`,
			"hookchain eval: the hook input is of an event that is not a tool call: eval judges tool calls (preToolUse, postToolUse) only\n", nil},
		{"an errorOccurred input", `{"sessionId":"s","timestamp":1,"cwd":"/","error":{"message":"x","name":"E"},"errorContext":"system","recoverable":true}`,
			"hookchain eval: the hook input is of an event that is not a tool call: eval judges tool calls (preToolUse, postToolUse) only\n", nil},
		{"a permissionRequest input, though it names a tool", `{"sessionId":"s","timestamp":1,"cwd":"/","toolName":"bash","toolInput":{"command":"ls"}}`,
			"hookchain eval: the hook input is of an event that is not a tool call: eval judges tool calls (preToolUse, postToolUse) only\n", nil},
		{"--event userPromptSubmitted", `{"sessionId":"s","toolName":"bash","toolArgs":"{}"}`,
			"hookchain eval: userPromptSubmitted is not a tool call: eval judges tool calls (preToolUse, postToolUse) only\n", []string{"--event", "userPromptSubmitted"}},
		{"--event preToolUse with a postToolUse input", `{"sessionId":"s","toolName":"bash","toolArgs":"{}","toolResult":{"resultType":"success","textResultForLlm":""}}`,
			"hookchain eval: the hook input is not preToolUse's: only postToolUse's has a toolResult\n", []string{"--event", "preToolUse"}},
		{"--event of no such event", `{}`, "hookchain eval: copilot has no event \"beforeTool\"\n", []string{"--event", "beforeTool"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := hookchainCmd(t, tt.stdin, append([]string{"eval", "--harness", "copilot", "--settings", copilotHooksFile}, tt.args...)...)
			assert.Equal(t, 1, code)
			assert.Empty(t, stdout)
			assert.Equal(t, tt.stderr, stderr)
		})
	}
	code, _, stderr := hookchainCmd(t, `{}`, "eval", "--harness", "gemini", "--settings", geminiSettingsFile, "--event", "BeforeTool")
	assert.Equal(t, 1, code)
	assert.Equal(t, "hookchain eval: --event: Gemini's hook input names its event; --event is for --harness copilot\n", stderr)
}

func TestCheckWithHarnessCopilotListsTheHooksFile(t *testing.T) {
	code, stdout, stderr := hookchainCmd(t, "", "check", "--harness", "copilot", "--settings", copilotHooksFile)
	assert.Equal(t, 0, code)
	assert.Equal(t, strings.Join([]string{
		"HOOK                                                MATCHER  COMMAND                     TIMEOUT  ON FAILURE  RUNS AS",
		"testdata/copilot/hooks.json:hooks.preToolUse[0]     create   python3 hooks/deny.py       5s       deny        a link before the call",
		"testdata/copilot/hooks.json:hooks.preToolUse[1]     bash     node hooks/dry-run.js       30s      deny        a link before the call",
		"testdata/copilot/hooks.json:hooks.preToolUse[2]     Bash     bash hooks/exit2.sh         30s      deny        a link before the call",
		"testdata/copilot/hooks.json:hooks.postToolUse[0]    -        python3 hooks/redact.py     30s      continue    a link after the call",
		"testdata/copilot/hooks.json:hooks.sessionStart[0]   -        echo started                30s      continue    not run: sessionStart is not a tool call",
		"testdata/copilot/hooks.json:hooks.errorOccurred[0]  -        echo failed                 30s      continue    not run: errorOccurred is not a tool call",
		"testdata/copilot/hooks.json:hooks.PreToolUse[0]     Bash     bash hooks/pascal-guard.sh  30s      deny        a link before the call",
		"",
	}, "\n"), stdout)
	assert.Equal(t, `hookchain check: testdata/copilot/hooks.json:hooks.preToolUse[2]: matcher "Bash" selects none of Copilot's tools, only Claude Code's names (Bash): `+
		"a preToolUse entry takes Copilot's names, a PreToolUse one Claude's\n"+
		"hookchain check: 1 warning, and no error: every hook can run (warnings do not change the exit status)\n", stderr)
}

func TestHookWithHarnessCopilotAnswersInCopilotsForm(t *testing.T) {
	skipInShort(t)
	dir, err := filepath.Abs("../../harness/copilot/testdata")
	require.NoError(t, err)
	settingsFile, err := filepath.Abs(copilotHooksFile)
	require.NoError(t, err)
	tests := []struct {
		name, stdin, stdout, stderr string
		args                        []string
		code                        int
	}{
		{"a denial is permissionDecision deny", copilotCall(t, "create", `{"path":"/etc/hosts"}`, ""),
			`{"permissionDecision":"deny","permissionDecisionReason":"denied by python3 hooks/deny.py: writes outside the project are not allowed"}` + "\n", "", nil, 0},
		{"a PascalCase input is answered too", `{"hook_event_name":"PreToolUse","session_id":"s","cwd":"` + dir + `","tool_name":"Bash","tool_input":{"command":"rm -rf x"}}`,
			`{"permissionDecision":"deny","permissionDecisionReason":"denied by bash hooks/pascal-guard.sh: recursive delete is not allowed here"}` + "\n", "", nil, 0},
		{"Claude Code's hook, from Copilot's hooks files: Claude Code's Write is judged as Copilot's create",
			hookInput(t, dir, "PreToolUse", "Write", `{"file_path":"/etc/hosts","content":"x"}`),
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny",` +
				`"permissionDecisionReason":"denied by python3 hooks/deny.py: writes outside the project are not allowed"}}` + "\n", "",
			[]string{"--harness", "claude", "--settings-harness", "copilot"}, 0},
		{"and Claude Code's Bash is Copilot's shell here, bash (powershell is Windows's), and judged by its hooks",
			hookInput(t, dir, "PreToolUse", "Bash", `{"command":"ls"}`),
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"ls"}}}` + "\n", "",
			[]string{"--harness", "claude", "--settings-harness", "copilot"}, 0},
		{"and Claude Code's Edit, which edit, str_replace_editor and apply_patch all are to Copilot, is blocked",
			hookInput(t, dir, "PreToolUse", "Edit", `{"file_path":"a","old_string":"x","new_string":"y"}`),
			`{"decision":"block","reason":"hookchain: hook: Claude Code's tool Edit is apply_patch and edit and str_replace_editor to Copilot, ` +
				`and the call cannot be judged as one of them without skipping the others' hooks"}` + "\n", "",
			[]string{"--harness", "claude", "--settings-harness", "copilot"}, 0},
		{"hookchain's own error blocks: exit 2 and a denial", copilotCall(t, "bash", `{"command":"ls"}`, ""),
			`{"permissionDecision":"deny","permissionDecisionReason":"hookchain: hook: stat missing.json: no such file or directory"}` + "\n",
			"hookchain: hook: stat missing.json: no such file or directory\n", []string{"--settings", "missing.json"}, 2},
	}
	t.Chdir(dir)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := tt.args
			if args == nil || args[0] != "--settings" {
				args = append([]string{"--harness", "copilot", "--settings", settingsFile}, args...)
			} else {
				args = append([]string{"--harness", "copilot"}, args...)
			}
			code, stdout, stderr := hookchainCmd(t, tt.stdin, append([]string{"hook"}, args...)...)
			assert.Equal(t, tt.stdout, stdout)
			assert.Equal(t, tt.stderr, stderr)
			assert.Equal(t, tt.code, code)
		})
	}
}

// test --harness copilot runs case files whose events are Copilot hook
// inputs, camelCase or PascalCase; an event in hookchain's own form is not
// a tool call of Copilot's, and an error.
func TestTestWithHarnessCopilotRunsCasesWrittenAsCopilotInputs(t *testing.T) {
	dir := t.TempDir()
	cwd, err := filepath.Abs("../../harness/copilot/testdata")
	require.NoError(t, err)
	cases := `[
  {"name": "a create outside the project is blocked", "event": ` + copilotCall(t, "create", `{"path":"/etc/hosts"}`, "") + `,
   "want": {"verdict": "deny", "reason": "denied by python3 hooks/deny.py: writes outside the project are not allowed", "decided_by": "python3 hooks/deny.py", "cause": "link", "trail": ["python3 hooks/deny.py"]}},
  {"name": "a PascalCase rm -rf is blocked", "event": {"hook_event_name":"PreToolUse","session_id":"s","cwd":"` + cwd + `","tool_name":"Bash","tool_input":{"command":"rm -rf x"}},
   "want": {"verdict": "deny", "reason": "denied by bash hooks/pascal-guard.sh: recursive delete is not allowed here", "decided_by": "bash hooks/pascal-guard.sh", "cause": "link",
            "trail": ["node hooks/dry-run.js", "bash hooks/pascal-guard.sh"]}}
]`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "cases.json"), []byte(cases), 0o644))
	code, stdout, stderr := hookchainCmd(t, "", "test", "--harness", "copilot", "--settings", copilotHooksFile, filepath.Join(dir, "cases.json"))
	assert.Empty(t, stderr)
	assert.Equal(t, "ok    a create outside the project is blocked\nok    a PascalCase rm -rf is blocked\nok: 2 cases passed\n", stdout)
	assert.Equal(t, 0, code)

	require.NoError(t, os.WriteFile(filepath.Join(dir, "other.json"),
		[]byte(`[{"name":"hookchain's form","event":{"hook":"before_tool","tool":"bash","input":{}},"want":{"verdict":"allow"}}]`), 0o644))
	code, stdout, stderr = hookchainCmd(t, "", "test", "--harness", "copilot", "--settings", copilotHooksFile, filepath.Join(dir, "other.json"))
	assert.Equal(t, 1, code)
	assert.Empty(t, stdout)
	assert.Equal(t, "hookchain test: "+filepath.Join(dir, "other.json")+":1:2: case #0 \"hookchain's form\": event: "+
		"the hook input is of an event that is not a tool call\n", stderr)
}

// Without --settings, the hooks files are found where Copilot finds them:
// the repository's .github/hooks/*.json among them; none at all is an
// error that says where it looked.
func TestCheckWithHarnessCopilotFindsTheRepositorysHooksFiles(t *testing.T) {
	if found, _ := filepath.Glob("/etc/github-copilot/policy.d/*.json"); len(found) > 0 {
		t.Skip("this machine has Copilot policy files")
	}
	project, home := t.TempDir(), t.TempDir()
	code, _, stderr := hookchainCmd(t, "", "check", "--harness", "copilot", "--project", project, "--home", home)
	assert.Equal(t, 1, code)
	assert.Equal(t, "hookchain check: no Copilot hooks: none of /etc/github-copilot/policy.d/*.json, "+home+"/.copilot/hooks/*.json, "+
		project+"/.github/hooks/*.json exists; name a file with --settings\n", stderr)

	require.NoError(t, os.MkdirAll(filepath.Join(project, ".github", "hooks"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(project, ".github", "hooks", "guard.json"),
		[]byte(`{"version":1,"hooks":{"preToolUse":[{"bash":"./guard.sh","matcher":"bash"}]}}`), 0o644))
	code, stdout, stderr := hookchainCmd(t, "", "check", "--harness", "copilot", "--project", project, "--home", home)
	assert.Equal(t, 0, code)
	assert.Empty(t, stderr)
	assert.Contains(t, stdout, filepath.Join(project, ".github", "hooks", "guard.json")+":hooks.preToolUse[0]")
	assert.Contains(t, stdout, "a link before the call")
}
