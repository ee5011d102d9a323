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

// The Kiro files of the tests; their commands run in testdata/kiro
// (kiroInput's cwd), among their hooks.
const (
	kiroAgentFile = "testdata/kiro/agent.json"
	kiroHooksFile = "testdata/kiro/hooks.json"
)

// kiroInput is a Kiro hook input whose cwd is testdata/kiro. after is the
// tool's response, for postToolUse; "" for preToolUse.
func kiroInput(t *testing.T, tool, toolInput, after string) string {
	t.Helper()
	cwd, err := filepath.Abs("testdata/kiro")
	require.NoError(t, err)
	in := map[string]any{"hook_event_name": "preToolUse", "cwd": cwd, "tool_name": tool, "tool_input": json.RawMessage(toolInput)}
	if after != "" {
		in["hook_event_name"], in["tool_response"] = "postToolUse", json.RawMessage(after)
	}
	b, err := json.Marshal(in)
	require.NoError(t, err)
	return string(b)
}

func TestEvalWithHarnessKiroRunsTheFilesHooksAsKiroReadsThem(t *testing.T) {
	skipInShort(t)
	tests := []struct {
		name        string
		tool, input string
		after       string // postToolUse's tool_response; preToolUse when empty
		want        string
		code        int
	}{
		{
			name: "hooks that exit 0 allow", tool: "execute_bash", input: `{"command":"ls"}`,
			want: `{"verdict":"allow"}`,
		},
		{
			name: "a python hook that exits 2 blocks, with its stderr as the reason Kiro gives the model",
			tool: "execute_bash", input: `{"command":"rm -rf build"}`,
			want: `{"verdict":"deny","reason":"recursive delete is not allowed here","decided_by":"python3 hooks/block-rm.py","cause":"link",` +
				`"trail":[{"name":"python3 hooks/block-rm.py","verdict":"deny","reason":"recursive delete is not allowed here"}]}`,
			code: 2,
		},
		{
			name: "Kiro's other name of the tool is matched as the tool",
			tool: "shell", input: `{"command":"rm -rf build"}`,
			want: `{"verdict":"deny","reason":"recursive delete is not allowed here","decided_by":"python3 hooks/block-rm.py","cause":"link",` +
				`"trail":[{"name":"python3 hooks/block-rm.py","verdict":"deny","reason":"recursive delete is not allowed here"}]}`,
			code: 2,
		},
		{
			name: "a node hook under a glob matcher blocks a write outside the project",
			tool: "fs_write", input: `{"command":"create","path":"/etc/hosts","file_text":"x"}`,
			want: `{"verdict":"deny","reason":"writes outside the project are not allowed","decided_by":"node hooks/protect.js","cause":"link",` +
				`"trail":[{"name":"node hooks/protect.js","verdict":"deny","reason":"writes outside the project are not allowed"}]}`,
			code: 2,
		},
		{
			name: "a hook that fails after the call lets the output go on, its fault in the trail",
			tool: "fs_read", input: `{"operations":[{"mode":"Line","path":"README.md"}]}`, after: `{"success":true,"result":["# hi"]}`,
			want: `{"verdict":"allow","trail":[{"name":"bash hooks/log.sh","verdict":"allow","fault":"hook \"bash -c 'bash hooks/log.sh'\": exited with status 1; stderr: \"the log server is down\""}]}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := hookchainCmd(t, kiroInput(t, tt.tool, tt.input, tt.after),
				"eval", "--harness", "kiro", "--settings", kiroAgentFile)
			assert.JSONEq(t, tt.want, stdout)
			assert.Empty(t, stderr)
			assert.Equal(t, tt.code, code)
		})
	}
}

// An agent config and a hooks file together: the agent's hooks, then the
// hooks file's, each read by its shape.
func TestEvalWithHarnessKiroReadsBothFormats(t *testing.T) {
	code, stdout, stderr := hookchainCmd(t, kiroInput(t, "execute_bash", `{"command":"git push"}`, ""),
		"eval", "--harness", "kiro", "--settings", kiroAgentFile, "--settings", kiroHooksFile)
	assert.JSONEq(t, `{"verdict":"deny","reason":"pushes go through review","decided_by":"no-push","cause":"link",`+
		`"trail":[{"name":"no-push","verdict":"deny","reason":"pushes go through review"}]}`, stdout)
	assert.Empty(t, stderr)
	assert.Equal(t, 2, code)
}

func TestEvalWithHarnessKiroRefusesWhatItCannotJudge(t *testing.T) {
	tests := []refusal{
		{
			name:   "no settings and no agent: Kiro's files depend on the agent",
			stdin:  kiroInput(t, "execute_bash", `{"command":"ls"}`, ""),
			stderr: "hookchain eval: no Kiro hooks: Kiro's hooks are an agent's; name the agent with --agent NAME, or the files with --settings\n",
		},
		{
			name:   "a flag of Claude Code settings",
			args:   []string{"--settings", kiroAgentFile, "--fail-closed"},
			stdin:  `{}`,
			stderr: "hookchain eval: --fail-closed: Claude Code settings only; not with Kiro settings\n",
		},
		{
			name:   "an event that is not a tool call",
			args:   []string{"--settings", kiroAgentFile},
			stdin:  `{"hook_event_name":"userPromptSubmit","cwd":"/","prompt":"hi"}`,
			stderr: "hookchain eval: userPromptSubmit is not a tool call: eval judges tool calls (preToolUse, postToolUse) only\n",
		},
		{
			name:   "an agent action on a tool trigger, refused by name before the input is read",
			args:   []string{"--settings", "testdata/kiro/agent-action.json"},
			stdin:  `not even JSON`,
			stderr: "hookchain eval: kiro: testdata/kiro/agent-action.json: hooks[0]: \"remind-tests\": an agent action puts a prompt before Kiro's model, and hookchain has no model to run it with\n",
		},
	}
	requireRefusals(t, []string{"eval", "--harness", "kiro"}, tests)
}

func TestCheckWithHarnessKiroListsTheFilesHooks(t *testing.T) {
	code, stdout, stderr := hookchainCmd(t, "", "check", "--harness", "kiro", "--settings", kiroAgentFile, "--settings", kiroHooksFile)
	assert.Equal(t, 0, code)
	assert.Equal(t, strings.Join([]string{
		"HOOK                                           MATCHER                 COMMAND                    TIMEOUT  ON FAILURE  RUNS AS",
		"testdata/kiro/agent.json:hooks.preToolUse[0]   execute_bash            python3 hooks/block-rm.py  5s       continue    a link before the call",
		"testdata/kiro/agent.json:hooks.preToolUse[1]   fs_*                    node hooks/protect.js      30s      continue    a link before the call",
		"testdata/kiro/agent.json:hooks.preToolUse[2]   Bash                    bash hooks/never.sh        30s      continue    a link before the call",
		"testdata/kiro/agent.json:hooks.postToolUse[1]  -                       bash hooks/log.sh          30s      continue    a link after the call",
		"testdata/kiro/agent.json:hooks.agentSpawn[0]   -                       git status --short         30s      continue    not run: agentSpawn is not a tool call",
		"testdata/kiro/hooks.json:hooks[0]              ^(execute_bash|shell)$  bash hooks/no-push.sh      30s      continue    a link before the call",
		`testdata/kiro/hooks.json:hooks[1]              \.ts$                   npm run lint               60s      continue    not run: PostFileSave is not a tool call`,
		"",
	}, "\n"), stdout)
	assert.Equal(t, "hookchain check: testdata/kiro/agent.json:hooks.postToolUse[0]: skipped: only_when_turn_complete: Kiro runs it once at the end of the turn, on all its calls at once, and it decides nothing\n"+
		"hookchain check: 1 warning, and no error: every hook can run (warnings do not change the exit status)\n", stderr)
}

// Claude Code's hooks ask, rewrite, replace and add context; Kiro can say
// none of it, and check says so.
func TestCheckWithSettingsHarnessClaudeSaysWhatKiroLoses(t *testing.T) {
	code, _, stderr := hookchainCmd(t, "", "check", "--harness", "kiro", "--settings-harness", "claude",
		"--project", "testdata", "--settings", "testdata/settings/ask.json")
	assert.Equal(t, 0, code)
	assert.Equal(t, "hookchain check: a hook that asks: Kiro has no ask: degraded to deny\n"+
		"hookchain check: a hook that rewrites the input: Kiro has no rewrite: degraded to deny\n"+
		"hookchain check: a hook that replaces a tool's output: Kiro cannot replace it: degraded to deny\n"+
		"hookchain check: a hook that adds context: Kiro has no context: the notes are dropped\nhookchain check: a hook that shows the user a message: Kiro has no message for its user: the messages are dropped\n"+
		"hookchain check: every hook: Kiro's calls reach it under Claude Code's tool names, but with Kiro's inputs: a hook that reads a field Kiro names otherwise sees none\n", stderr)
}

func TestHookWithHarnessKiroAnswersInKirosForm(t *testing.T) {
	skipInShort(t)
	dir, err := filepath.Abs("testdata/kiro")
	require.NoError(t, err)
	agentFile, err := filepath.Abs(kiroAgentFile)
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
			args:   []string{"--harness", "kiro", "--settings", agentFile},
			stdin:  kiroInput(t, "execute_bash", `{"command":"rm -rf build"}`, ""),
			stderr: "denied by python3 hooks/block-rm.py: recursive delete is not allowed here\n",
			code:   2,
		},
		{
			name:  "an allow is exit 0 with nothing",
			args:  []string{"--harness", "kiro", "--settings", agentFile},
			stdin: kiroInput(t, "execute_bash", `{"command":"ls"}`, ""),
		},
		{
			name:  "Claude Code's hook, from Kiro's agent config: Claude Code's Bash is judged as Kiro's execute_bash",
			args:  []string{"--harness", "claude", "--settings-harness", "kiro", "--settings", agentFile},
			stdin: hookInput(t, dir, "PreToolUse", "Bash", `{"command":"rm -rf build"}`),
			stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny",` +
				`"permissionDecisionReason":"denied by python3 hooks/block-rm.py: recursive delete is not allowed here"}}` + "\n",
		},
		{
			name:   "Kiro's hook from Claude Code settings: an ask Kiro cannot put is a block",
			args:   []string{"--harness", "kiro", "--settings-harness", "claude", "--project", "../", "--settings", "../settings/ask.json"},
			stdin:  inDir(t, kiroInput(t, "execute_bash", `{"command":"git push"}`, ""), "cwd", "testdata"),
			stderr: "kiro cannot ask its user, so the call is denied: approval pending (asked by ask.sh: deploys need a human)\n",
			code:   2,
		},
		{
			name:   "no settings and no agent blocks: Kiro's files depend on the agent",
			args:   []string{"--harness", "kiro"},
			stdin:  kiroInput(t, "execute_bash", `{"command":"ls"}`, ""),
			stderr: "hookchain: hook: no Kiro hooks: Kiro's hooks are an agent's; name the agent with --agent NAME, or the files with --settings\n",
			code:   2,
		},
		{
			name:   "hookchain's own error blocks Kiro's call: exit 2, the reason on stderr",
			args:   []string{"--harness", "kiro", "--settings", "missing.json"},
			stdin:  kiroInput(t, "execute_bash", `{"command":"ls"}`, ""),
			stderr: "hookchain: hook: stat missing.json: no such file or directory\n",
			code:   2,
		},
		{
			name:   "and a bad command line too",
			args:   []string{"--harness", "kiro", "--settings", agentFile, "--strict-env"},
			stdin:  kiroInput(t, "execute_bash", `{"command":"ls"}`, ""),
			stderr: "hookchain: hook: --strict-env: Claude Code settings only; not with Kiro settings\n",
			code:   2,
		},
		{
			name:   "and an input that is not Kiro's",
			args:   []string{"--harness", "kiro", "--settings", agentFile},
			stdin:  `{"hook_event_name":"preToolUse","tool_name":"execute_bash","tool_input":"rm -rf /"}`,
			stderr: "hookchain: the preToolUse hook input is not valid: its tool_input is not an object\n",
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

// test --harness kiro runs case files whose events are Kiro hook inputs, as
// Kiro writes them, against Kiro's hooks.
func TestTestWithHarnessKiroRunsCasesWrittenAsKiroInputs(t *testing.T) {
	dir := t.TempDir()
	rm := kiroInput(t, "execute_bash", `{"command":"rm -rf /"}`, "")
	ls := kiroInput(t, "execute_bash", `{"command":"ls"}`, "")
	cases := `[
  {"name": "rm -rf is blocked", "event": ` + rm + `,
   "want": {"verdict": "deny", "reason": "denied by python3 hooks/block-rm.py: recursive delete is not allowed here", "decided_by": "python3 hooks/block-rm.py", "cause": "link", "trail": ["python3 hooks/block-rm.py"]}},
  {"name": "ls runs", "event": ` + ls + `, "want": {"verdict": "allow"}}
]`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "cases.json"), []byte(cases), 0o644))
	code, stdout, stderr := hookchainCmd(t, "", "test", "--harness", "kiro", "--settings", kiroAgentFile, filepath.Join(dir, "cases.json"))
	assert.Empty(t, stderr)
	assert.Equal(t, "ok    rm -rf is blocked\nok    ls runs\nok: 2 cases passed\n", stdout)
	assert.Equal(t, 0, code)
}
