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

// windsurfHooksFile is the Windsurf hooks.json of the tests; its commands
// run in harness/windsurf/testdata (windsurfDir), among its hooks.
const windsurfHooksFile = "testdata/windsurf/hooks.json"

func windsurfDir(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs("../../harness/windsurf/testdata")
	require.NoError(t, err)
	return dir
}

// windsurfInput is a Windsurf hook input of event with tool_info info.
func windsurfInput(t *testing.T, event, info string) string {
	t.Helper()
	b, err := json.Marshal(map[string]any{"agent_action_name": event, "trajectory_id": "traj-1", "execution_id": "exec-1",
		"timestamp": "2026-01-01T00:00:00.000Z", "tool_info": json.RawMessage(info)})
	require.NoError(t, err)
	return string(b)
}

func TestEvalWithHarnessWindsurfRunsTheHooksAsWindsurfReadsThem(t *testing.T) {
	skipInShort(t)
	dir := windsurfDir(t)
	tests := []struct {
		name, event, info string
		want              string
		code              int
	}{
		{
			name:  "a python hook that exits 2 denies, with its stderr as the reason Windsurf gives Cascade",
			event: "pre_run_command", info: `{"command_line":"rm -rf build","cwd":"` + dir + `"}`,
			want: `{"verdict":"deny","reason":"recursive delete is not allowed here","decided_by":"python3 hooks/block-rm.py","cause":"link",` +
				`"trail":[{"name":"python3 hooks/block-rm.py","verdict":"deny","reason":"recursive delete is not allowed here"}]}`,
			code: 2,
		},
		{
			name:  "a hook that crashes lets the command go on, as in Windsurf, its fault in the trail",
			event: "pre_run_command", info: `{"command_line":"ls","cwd":"` + dir + `"}`,
			want: `{"verdict":"allow","trail":[{"name":"python3 hooks/crash.py","verdict":"allow",` +
				`"fault":"hook \"bash -c 'python3 hooks/crash.py'\": exited with status 1; stderr: \"policy.yaml: no such file\""}]}`,
		},
		{
			name:  "a node hook of pre_write_code blocks a write",
			event: "pre_write_code", info: `{"file_path":"/w/.env","edits":[{"old_string":"","new_string":"KEY=1"}]}`,
			want: `{"verdict":"deny","reason":"writes to .env files are not allowed","decided_by":"node hooks/protect.js","cause":"link",` +
				`"trail":[{"name":"node hooks/protect.js","verdict":"deny","reason":"writes to .env files are not allowed"}]}`,
			code: 2,
		},
		{
			name:  "a read has no hook here: the command hooks are not run for it",
			event: "pre_read_code", info: `{"file_path":"/w/.env"}`,
			want: `{"verdict":"allow"}`,
		},
		{
			name:  "exit 2 after an MCP call cannot block it: the output goes on, the fault in the trail",
			event: "post_mcp_tool_use", info: `{"mcp_server_name":"github","mcp_tool_name":"get_issue","mcp_tool_arguments":{},"mcp_result":"ok"}`,
			want: `{"verdict":"allow","trail":[{"name":"bash hooks/silent2.sh","verdict":"allow","fault":"hook \"bash -c 'bash hooks/silent2.sh'\": exited with status 2"}]}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := hookchainCmd(t, windsurfInput(t, tt.event, tt.info),
				"eval", "--harness", "windsurf", "--settings", windsurfHooksFile, "--project", dir)
			assert.JSONEq(t, tt.want, stdout)
			assert.Empty(t, stderr)
			assert.Equal(t, tt.code, code)
		})
	}
}

func TestEvalWithHarnessWindsurfRefusesWhatItCannotJudge(t *testing.T) {
	empty, home := t.TempDir(), t.TempDir()
	tests := []struct {
		name   string
		args   []string
		stdin  string
		stderr string
	}{
		{
			name:  "no hooks where Windsurf looks for them",
			args:  []string{"--home", home, "--project", empty},
			stdin: windsurfInput(t, "pre_run_command", `{"command_line":"ls","cwd":"`+empty+`"}`),
			stderr: "hookchain eval: no Windsurf hooks: none of /etc/windsurf/hooks.json, " + home + "/.codeium/windsurf/hooks.json, " +
				empty + "/.windsurf/hooks.json exists; name a file with --settings\n",
		},
		{
			name:   "a flag of Claude Code settings",
			args:   []string{"--settings", windsurfHooksFile, "--fail-closed"},
			stdin:  `{}`,
			stderr: "hookchain eval: --fail-closed: Claude Code settings only; not with Windsurf settings\n",
		},
		{
			name:  "an event that is not a tool call",
			args:  []string{"--settings", windsurfHooksFile},
			stdin: windsurfInput(t, "pre_user_prompt", `{"user_prompt":"hi"}`),
			stderr: "hookchain eval: pre_user_prompt is not a tool call: eval judges tool calls " +
				"(pre_run_command|pre_read_code|pre_write_code|pre_mcp_tool_use, post_run_command|post_read_code|post_write_code|post_mcp_tool_use) only\n",
		},
		{
			name:   "a hooks file with a key twice, before the input is read",
			args:   []string{"--settings", "testdata/windsurf/twice.json"},
			stdin:  `not even JSON`,
			stderr: "hookchain eval: windsurf: testdata/windsurf/twice.json: the file is ambiguous: an object in it has the key \"command\" twice\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := hookchainCmd(t, tt.stdin, append([]string{"eval", "--harness", "windsurf"}, tt.args...)...)
			assert.Equal(t, 1, code)
			assert.Empty(t, stdout)
			assert.Equal(t, tt.stderr, stderr)
		})
	}
}

func TestCheckWithHarnessWindsurfListsTheHooks(t *testing.T) {
	code, stdout, stderr := hookchainCmd(t, "", "check", "--harness", "windsurf", "--settings", windsurfHooksFile)
	assert.Equal(t, 0, code)
	assert.Equal(t, strings.Join([]string{
		"HOOK                                                     MATCHER      COMMAND                    TIMEOUT  ON FAILURE  RUNS AS",
		"testdata/windsurf/hooks.json:hooks.pre_run_command[0]    run_command  python3 hooks/block-rm.py  600s     continue    a link before the call",
		"testdata/windsurf/hooks.json:hooks.pre_run_command[1]    run_command  python3 hooks/crash.py     600s     continue    a link before the call",
		"testdata/windsurf/hooks.json:hooks.pre_write_code[0]     write_code   node hooks/protect.js      600s     continue    a link before the call",
		"testdata/windsurf/hooks.json:hooks.post_mcp_tool_use[0]  mcp__*       bash hooks/silent2.sh      600s     continue    a link after the call",
		"testdata/windsurf/hooks.json:hooks.pre_user_prompt[0]    -            echo hi                    600s     continue    not run: pre_user_prompt is not a tool call",
		"",
	}, "\n"), stdout)
	assert.Equal(t, "hookchain check: testdata/windsurf/hooks.json:hooks.pre_run_comand: skipped: Windsurf has no such event\n"+
		"hookchain check: 1 warning, and no error: every hook can run (warnings do not change the exit status)\n", stderr)
}

// Claude Code's hooks ask; Windsurf cannot, and check says so.
func TestCheckWithSettingsHarnessClaudeSaysWhatWindsurfLoses(t *testing.T) {
	code, _, stderr := hookchainCmd(t, "", "check", "--harness", "windsurf", "--settings-harness", "claude",
		"--project", "testdata", "--settings", "testdata/settings/ask.json")
	assert.Equal(t, 0, code)
	assert.Equal(t, "hookchain check: a hook that asks: Windsurf has no ask: degraded to deny\n"+
		"hookchain check: a hook that rewrites the input: Windsurf has no rewrite: degraded to deny\n"+
		"hookchain check: a hook that replaces a tool's output: Windsurf cannot replace it: degraded to deny\n"+
		"hookchain check: a hook that adds context: Windsurf has no context: the notes are dropped\nhookchain check: a hook that shows the user a message: Windsurf has no message for its user: the messages are dropped\n"+
		"hookchain check: every hook: Windsurf's calls reach it under Claude Code's tool names, but with Windsurf's inputs: a hook that reads a field Windsurf names otherwise sees none\n", stderr)
}

func TestHookWithHarnessWindsurfAnswersInWindsurfsForm(t *testing.T) {
	skipInShort(t)
	dir := windsurfDir(t)
	hooksFile, err := filepath.Abs(windsurfHooksFile)
	require.NoError(t, err)
	askFile, err := filepath.Abs("testdata/settings/ask.json")
	require.NoError(t, err)
	claudeDir, err := filepath.Abs("testdata")
	require.NoError(t, err)
	modifyFile, err := filepath.Abs("testdata/settings/modify.json")
	require.NoError(t, err)
	// A guard of Claude Code's Bash that reads its "command", as Claude
	// Code's settings write one: Windsurf names it "command_line".
	guardFile := filepath.Join(t.TempDir(), "guard.json")
	require.NoError(t, os.WriteFile(guardFile, []byte(`{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[`+
		`{"type":"command","command":"sh hooks/block.sh 'no recursive deletes'","if":"Bash(rm -rf *)"}]}]}}`), 0o644))
	claudeInput := func(command string) string {
		return hookInput(t, dir, "PreToolUse", "Bash", `{"command":"`+command+`"}`)
	}
	tests := []struct {
		name           string
		args           []string
		stdin          string
		stdout, stderr string
		code           int
	}{
		{
			name:   "Claude Code's guard of Bash's command judges Windsurf's command_line",
			args:   []string{"--harness", "windsurf", "--settings-harness", "claude", "--settings", guardFile, "--project", claudeDir},
			stdin:  windsurfInput(t, "pre_run_command", `{"command_line":"rm -rf build","cwd":"`+claudeDir+`"}`),
			stderr: "denied by block.sh: no recursive deletes\n",
			code:   2,
		},
		{
			name:  "and lets through what it does not guard",
			args:  []string{"--harness", "windsurf", "--settings-harness", "claude", "--settings", guardFile, "--project", claudeDir},
			stdin: windsurfInput(t, "pre_run_command", `{"command_line":"ls","cwd":"`+claudeDir+`"}`),
		},
		{
			name:   "Claude Code's rewrite of the command, which Windsurf cannot run, is a block that shows it",
			args:   []string{"--harness", "windsurf", "--settings-harness", "claude", "--settings", modifyFile, "--project", claudeDir},
			stdin:  windsurfInput(t, "pre_run_command", `{"command_line":"make deploy","cwd":"`+claudeDir+`"}`),
			stderr: "windsurf cannot run a rewritten input, so the call is denied; the chain would run it with {\"command\":\"make deploy --dry-run\"}\n",
			code:   2,
		},
		{
			name:  "Windsurf's guard of command_line judges Claude Code's Bash command",
			args:  []string{"--harness", "claude", "--settings-harness", "windsurf", "--settings", hooksFile, "--project", dir},
			stdin: claudeInput("rm -rf build"),
			stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny",` +
				`"permissionDecisionReason":"denied by python3 hooks/block-rm.py: recursive delete is not allowed here"}}` + "\n",
		},
		{
			name:  "a Claude Code input with a decoy under Windsurf's name is blocked, never judged by the decoy",
			args:  []string{"--harness", "claude", "--settings-harness", "windsurf", "--settings", hooksFile, "--project", dir},
			stdin: hookInput(t, dir, "PreToolUse", "Bash", `{"command":"rm -rf build","command_line":"ls"}`),
			stdout: `{"decision":"block","reason":"hookchain: hook: Claude Code's Bash call, judged as Windsurf's: ` +
				`the input gives command and command_line, which are one field, command_line, to the other CLI"}` + "\n",
		},
		{
			name:  "and lets Claude Code's other commands through",
			args:  []string{"--harness", "claude", "--settings-harness", "windsurf", "--settings", hooksFile, "--project", dir},
			stdin: claudeInput("ls"),
		},
		{
			name:   "a denial is exit 2 with the reason on stderr",
			args:   []string{"--harness", "windsurf", "--settings", hooksFile, "--project", dir},
			stdin:  windsurfInput(t, "pre_run_command", `{"command_line":"rm -rf build","cwd":"`+dir+`"}`),
			stderr: "denied by python3 hooks/block-rm.py: recursive delete is not allowed here\n",
			code:   2,
		},
		{
			name:  "a call its guards let through is exit 0 with nothing said",
			args:  []string{"--harness", "windsurf", "--settings", hooksFile, "--project", dir},
			stdin: windsurfInput(t, "pre_run_command", `{"command_line":"ls","cwd":"`+dir+`"}`),
		},
		{
			name:   "Claude Code's ask, which Windsurf cannot put to its user, is a block",
			args:   []string{"--harness", "windsurf", "--settings-harness", "claude", "--settings", askFile, "--project", claudeDir},
			stdin:  windsurfInput(t, "pre_run_command", `{"command_line":"rm -rf build","cwd":"`+claudeDir+`"}`),
			stderr: "windsurf cannot ask its user, so the call is denied: approval pending (asked by ask.sh: deploys need a human)\n",
			code:   2,
		},
		{
			name:   "hookchain's own error blocks Windsurf's action: exit 2, the reason on stderr",
			args:   []string{"--harness", "windsurf", "--settings", "missing.json"},
			stdin:  windsurfInput(t, "pre_run_command", `{"command_line":"ls","cwd":"`+dir+`"}`),
			stderr: "hookchain: hook: stat missing.json: no such file or directory\n",
			code:   2,
		},
		{
			name:   "and a bad command line too",
			args:   []string{"--harness", "windsurf", "--settings", hooksFile, "--strict-env"},
			stdin:  windsurfInput(t, "pre_run_command", `{"command_line":"ls","cwd":"`+dir+`"}`),
			stderr: "hookchain: hook: --strict-env: Claude Code settings only; not with Windsurf settings\n",
			code:   2,
		},
		{
			name:   "and an input it will not judge",
			args:   []string{"--harness", "windsurf", "--settings", hooksFile},
			stdin:  `{"agent_action_name":"pre_run_command","tool_info":{"command_line":"ls","command_line":"rm -rf /"}}`,
			stderr: "hookchain: the hook input is ambiguous: an object in it has the key \"command_line\" twice\n",
			code:   2,
		},
	}
	t.Chdir(dir) // Windsurf runs its hook in the workspace's root
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := hookchainCmd(t, tt.stdin, append([]string{"hook"}, tt.args...)...)
			assert.Equal(t, tt.stdout, stdout)
			assert.Equal(t, tt.stderr, stderr)
			assert.Equal(t, tt.code, code)
		})
	}
}

// test --harness windsurf runs case files whose events are Windsurf hook
// inputs, as Windsurf writes them, against Windsurf hooks; an event in any
// other form is an error, never read as another call.
func TestTestWithHarnessWindsurfRunsCasesWrittenAsWindsurfInputs(t *testing.T) {
	dir, tmp := windsurfDir(t), t.TempDir()
	rm := windsurfInput(t, "pre_run_command", `{"command_line":"rm -rf /","cwd":"`+dir+`"}`)
	cases := `[
  {"name": "rm -rf is blocked", "event": ` + rm + `,
   "want": {"verdict": "deny", "reason": "denied by python3 hooks/block-rm.py: recursive delete is not allowed here", "decided_by": "python3 hooks/block-rm.py", "cause": "link", "trail": ["python3 hooks/block-rm.py"]}}
]`
	file := filepath.Join(tmp, "cases.json")
	require.NoError(t, os.WriteFile(file, []byte(cases), 0o644))

	code, stdout, stderr := hookchainCmd(t, "", "test", "--harness", "windsurf", "--settings", windsurfHooksFile, "--project", dir, file)

	assert.Empty(t, stderr)
	assert.Equal(t, 0, code)
	assert.Equal(t, "ok    rm -rf is blocked\nok: 1 case passed\n", stdout)

	other := filepath.Join(tmp, "other.json")
	require.NoError(t, os.WriteFile(other,
		[]byte(`[{"name":"a Claude Code input","event":{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf /"}},"want":{"verdict":"deny"}}]`), 0o644))

	code, stdout, stderr = hookchainCmd(t, "", "test", "--harness", "windsurf", "--settings", windsurfHooksFile, "--project", dir, other)

	assert.Equal(t, 1, code)
	assert.Empty(t, stdout)
	assert.Equal(t, "hookchain test: "+other+":1:2: case #0 \"a Claude Code input\": event: the hook input is not valid: it has no agent_action_name\n", stderr)
}

// Windsurf's write_code is Claude Code's Write and Edit: served from
// Claude Code settings, a write is blocked rather than judged as one.
func TestAWindsurfWriteServedFromClaudeSettingsIsBlocked(t *testing.T) {
	askFile, err := filepath.Abs("testdata/settings/ask.json")
	require.NoError(t, err)
	claudeDir, err := filepath.Abs("testdata")
	require.NoError(t, err)
	code, stdout, stderr := hookchainCmd(t, windsurfInput(t, "pre_write_code", `{"file_path":"a.go","edits":[]}`),
		"hook", "--harness", "windsurf", "--settings-harness", "claude", "--settings", askFile, "--project", claudeDir)
	assert.Equal(t, 2, code)
	assert.Empty(t, stdout)
	assert.Equal(t, "hookchain: hook: Windsurf's tool write_code is Write and Edit to Claude Code, and the call cannot be judged as one of them without skipping the others' hooks\n", stderr)
}
