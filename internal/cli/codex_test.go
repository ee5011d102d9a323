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

// codexHooksFile is the Codex hooks.json of the tests; its commands run in
// testdata/codex (codexInput's cwd).
const codexHooksFile = "testdata/codex/hooks.json"

// codexInput is a Codex hook input whose cwd is testdata/codex. after is
// the tool's response, for PostToolUse; "" for PreToolUse.
func codexInput(t *testing.T, tool, toolInput, after string) string {
	t.Helper()
	cwd, err := filepath.Abs("testdata/codex")
	require.NoError(t, err)
	in := map[string]any{
		"session_id": "thread-1", "turn_id": "turn-1", "transcript_path": nil, "cwd": cwd,
		"hook_event_name": "PreToolUse", "model": "gpt-5", "permission_mode": "default",
		"tool_name": tool, "tool_input": json.RawMessage(toolInput), "tool_use_id": "call-1",
	}
	if after != "" {
		in["hook_event_name"], in["tool_response"] = "PostToolUse", json.RawMessage(after)
	}
	b, err := json.Marshal(in)
	require.NoError(t, err)
	return string(b)
}

func TestEvalWithHarnessCodexRunsTheHooksFilesHooksAsCodexReadsThem(t *testing.T) {
	skipInShort(t)
	tests := []struct {
		name        string
		tool, input string
		after       string // PostToolUse's tool_response; PreToolUse when empty
		want        string
		code        int
	}{
		{
			name: "hooks that say nothing allow", tool: "Bash", input: `{"command":"ls"}`,
			want: `{"verdict":"allow"}`,
		},
		{
			name: "a bash hook that exits 2 denies, and the reason is its stderr, as Codex gives it to the model",
			tool: "Bash", input: `{"command":"rm -rf build"}`,
			want: `{"verdict":"deny","reason":"recursive delete is not allowed here","decided_by":"bash hooks/block-rm.sh","cause":"link",` +
				`"trail":[{"name":"bash hooks/block-rm.sh","verdict":"deny","reason":"recursive delete is not allowed here"}]}`,
			code: 2,
		},
		{
			name: "a node hook's updatedInput rewrites the call, and Codex tells the model nothing",
			tool: "Bash", input: `{"command":"terraform apply"}`,
			want: `{"verdict":"modify","input":{"command":"terraform plan"},"trail":[{"name":"node hooks/dry-run.js","verdict":"modify"}]}`,
		},
		{
			name: "a python hook's permissionDecision deny denies with its permissionDecisionReason",
			tool: "Bash", input: `{"command":"cp hosts /etc/hosts"}`,
			want: `{"verdict":"deny","reason":"writes outside the project are not allowed","decided_by":"python3 hooks/deny.py","cause":"link",` +
				`"trail":[{"name":"python3 hooks/deny.py","verdict":"deny","reason":"writes outside the project are not allowed"}]}`,
			code: 2,
		},
		{
			name: "a hook that asks is a failed hook to Codex: the fault is in the trail and the call goes on",
			tool: "apply_patch", input: `{"input":"*** Begin Patch"}`,
			want: `{"verdict":"allow","trail":[{"name":"python3 hooks/ask.py","verdict":"allow",` +
				`"fault":"hook \"/bin/sh -lc 'python3 hooks/ask.py'\": gave no valid answer: permissionDecision \"ask\" is not supported"}]}`,
		},
		{
			name: "a python hook that exits 1 failed, to Codex: the fault is in the trail and the call goes on",
			tool: "read_file", input: `{"path":"README.md"}`,
			want: `{"verdict":"allow","trail":[{"name":"python3 hooks/crash.py","verdict":"allow",` +
				`"fault":"hook \"/bin/sh -lc 'python3 hooks/crash.py'\": exited with status 1; stderr: \"policy.yaml: no such file\""}]}`,
		},
		{
			name: "after the call, a node hook's block withholds the output, its reason shown in its place",
			tool: "Bash", input: `{"command":"cat .env"}`, after: `"AWS_KEY=AKIA0000"`,
			want: `{"verdict":"deny","reason":"[output withheld: it holds an AWS key]","decided_by":"node hooks/redact.js","cause":"link",` +
				`"trail":[{"name":"node hooks/redact.js","verdict":"deny","reason":"[output withheld: it holds an AWS key]"}]}`,
			code: 2,
		},
		{
			name: "after the call, a bash hook's additionalContext is a note",
			tool: "Bash", input: `{"command":"ls"}`, after: `"README.md"`,
			want: `{"verdict":"allow","notes":[{"link":"bash hooks/context.sh","text":"this repository uses pnpm (PostToolUse)"}]}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("SHELL", "/bin/sh") // Codex runs a hook with $SHELL -lc
			code, stdout, stderr := hookchainCmd(t, codexInput(t, tt.tool, tt.input, tt.after),
				"eval", "--harness", "codex", "--settings", codexHooksFile)
			assert.Equal(t, tt.want+"\n", stdout)
			assert.Empty(t, stderr)
			assert.Equal(t, tt.code, code)
		})
	}
}

func TestEvalWithHarnessCodexRefusesWhatItCannotJudge(t *testing.T) {
	empty, home := t.TempDir(), t.TempDir()
	tests := []refusal{
		{
			name:   "an event that is not a tool call",
			args:   []string{"--settings", codexHooksFile},
			stdin:  `{"hook_event_name":"Stop","session_id":"thread-1","turn_id":"turn-1"}`,
			stderr: "hookchain eval: Stop is not a tool call: eval judges tool calls (PreToolUse, PostToolUse) only\n",
		},
		{
			name:   "a Claude Code event, which Codex does not have",
			args:   []string{"--settings", codexHooksFile},
			stdin:  `{"hook_event_name":"PostToolUseFailure","tool_name":"Bash","tool_input":{}}`,
			stderr: "hookchain eval: the hook input names the event \"PostToolUseFailure\", which Codex does not have\n",
		},
		{
			name:   "a tool call without its tool",
			args:   []string{"--settings", codexHooksFile},
			stdin:  `{"hook_event_name":"PreToolUse","tool_input":{}}`,
			stderr: "hookchain eval: the PreToolUse hook input is not valid: it has no tool_name\n",
		},
		{
			name:  "no hooks where Codex looks for them, before the input is read: judging with none would allow every call",
			args:  []string{"--project", empty, "--home", home},
			stdin: `not even JSON`,
			stderr: "hookchain eval: no Codex hooks: none of " + home + "/.codex/config.toml, " + home + "/.codex/hooks.json, " +
				empty + "/.codex/config.toml, " + empty + "/.codex/hooks.json exists; name a file with --settings\n",
		},
		{
			name:   "a flag of Claude Code settings, which would be silently ignored",
			args:   []string{"--settings", codexHooksFile, "--fail-closed"},
			stdin:  `{}`,
			stderr: "hookchain eval: --fail-closed: Claude Code settings only; not with Codex settings\n",
		},
		{
			name:   "a hooks file that is not one, before the input is read",
			args:   []string{"--settings", "testdata/settings/broken.json"},
			stdin:  `not even JSON`,
			stderr: "hookchain eval: codex: testdata/settings/broken.json: the file is not valid JSON\n",
		},
	}
	requireRefusals(t, []string{"eval", "--harness", "codex"}, tests)
}

func TestAHarnessWithoutAProfileIsRefusedNamingThoseThatWork(t *testing.T) {
	works := strings.Join(supported(), ", ")
	type row struct {
		args   []string
		stderr string
	}
	tests := []row{
		{[]string{"eval", "--harness", "Codex"},
			"hookchain eval: --harness \"Codex\": no such harness; this command works with " + works + " " +
				"(known: claude, codex, gemini, cursor, copilot, factory, cline, windsurf, qwen, kiro)\n"},
	}
	// Each command refuses, by name, a CLI it knows of but cannot speak
	// for yet, while there is one.
	for _, name := range harnessNames {
		if _, ok := clis[name]; ok || name == claude {
			continue
		}
		tests = append(tests,
			row{[]string{"eval", "--harness", name}, "hookchain eval: --harness " + name + ": not supported yet; this command works with " + works + "\n"},
			row{[]string{"check", "--harness", "codex", "--settings-harness", name},
				"hookchain check: --settings-harness " + name + ": not supported yet; this command works with " + works + "\n"},
			row{[]string{"test", "--harness", name, "cases.json"}, "hookchain test: --harness " + name + ": not supported yet; this command works with " + works + "\n"},
			row{[]string{"hook", "--harness", name}, "hookchain hook: --harness " + name + ": not supported yet; this command works with " + works + "\n"})
		break
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, stdout, stderr := hookchainCmd(t, "{}", tt.args...)
			assert.Equal(t, 1, code)
			assert.Empty(t, stdout)
			assert.Equal(t, tt.stderr, stderr)
		})
	}
}

// test --harness codex runs case files whose events are Codex hook inputs,
// as Codex writes them, against Codex hooks; an event in any other form is
// an error, never read as another call.
func TestTestWithHarnessCodexRunsCasesWrittenAsCodexInputs(t *testing.T) {
	skipInShort(t)
	dir := t.TempDir()
	rm := codexInput(t, "Bash", `{"command":"rm -rf /"}`, "")
	ls := codexInput(t, "Bash", `{"command":"ls"}`, "")
	cases := `[
  {"name": "rm -rf is blocked", "event": ` + rm + `,
   "want": {"verdict": "deny", "reason": "denied by bash hooks/block-rm.sh: recursive delete is not allowed here", "decided_by": "bash hooks/block-rm.sh", "cause": "link", "trail": ["bash hooks/block-rm.sh"]}},
  {"name": "ls is blocked too (it is not)", "event": ` + ls + `, "want": {"verdict": "deny"}}
]`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "cases.json"), []byte(cases), 0o644))

	code, stdout, stderr := hookchainCmd(t, "", "test", "--harness", "codex", "--settings", codexHooksFile, filepath.Join(dir, "cases.json"))

	assert.Empty(t, stderr)
	assert.Equal(t, 1, code)
	assert.Equal(t, "ok    rm -rf is blocked\nFAIL  ls is blocked too (it is not)\n"+
		"      case \"ls is blocked too (it is not)\" ("+filepath.Join(dir, "cases.json")+" #1):\n"+
		"        verdict: want Denied, got Allowed\n      chain's trail:\n        (empty)\n"+
		"FAIL: 1 of 2 cases failed\n", stdout)

	require.NoError(t, os.WriteFile(filepath.Join(dir, "other.json"),
		[]byte(`[{"name":"hookchain's form","event":{"hook":"before_tool","tool":"Bash","input":{}},"want":{"verdict":"allow"}}]`), 0o644))

	code, stdout, stderr = hookchainCmd(t, "", "test", "--harness", "codex", "--settings", codexHooksFile, filepath.Join(dir, "other.json"))

	assert.Equal(t, 1, code)
	assert.Empty(t, stdout)
	assert.Equal(t, "hookchain test: "+filepath.Join(dir, "other.json")+":1:2: case #0 \"hookchain's form\": event: the hook input is not valid: "+
		"it has no hook_event_name; it has no tool_name; it has no tool_input\n", stderr)
}
