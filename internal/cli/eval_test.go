package cli

import (
	"encoding/json"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/hookchain/hookchain"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestEvalRunsTheSettingsHooksAsAChain(t *testing.T) {
	tests := []struct {
		name     string
		settings []string
		flags    []string
		event    string // hook_event_name; PreToolUse when empty
		tool     string // Bash when empty
		extra    []string
		want     string
		code     int
	}{
		{
			name:     "a hook that says nothing allows",
			settings: []string{"allow.json"},
			want:     `{"verdict":"allow"}`,
		},
		{
			name:     "a hook that exits 2 denies, with its stderr as the reason",
			settings: []string{"block.json"},
			want: `{"verdict":"deny","reason":"denied by block.sh: deploys are frozen until Monday",` +
				`"decided_by":"block.sh","cause":"link","trail":[{"name":"block.sh","verdict":"deny","reason":"deploys are frozen until Monday"}]}`,
			code: 2,
		},
		{
			name:     "a hook that answers permissionDecision deny denies",
			settings: []string{"deny-json.json"},
			want: `{"verdict":"deny","reason":"denied by deny-json.sh: no network from this project",` +
				`"decided_by":"deny-json.sh","cause":"link","trail":[{"name":"deny-json.sh","verdict":"deny","reason":"no network from this project"}]}`,
			code: 2,
		},
		{
			name:     "a hook that answers updatedInput modifies the call",
			settings: []string{"modify.json"},
			want: `{"verdict":"modify","reason":"append.sh: appended --dry-run","input":{"command":"make deploy --dry-run"},` +
				`"trail":[{"name":"append.sh","verdict":"modify","reason":"appended --dry-run"}]}`,
		},
		{
			name:     "rewrites compose in config order, and each hook sees the input as the hooks before it left it",
			settings: []string{"compose.json"},
			want: `{"verdict":"modify","reason":"append.sh@PreToolUse[0].hooks[0]: appended --dry-run; append.sh@PreToolUse[1].hooks[0]: appended --verbose",` +
				`"input":{"command":"make deploy --dry-run --verbose"},` +
				`"trail":[{"name":"append.sh@PreToolUse[0].hooks[0]","verdict":"modify","reason":"appended --dry-run"},` +
				`{"name":"append.sh@PreToolUse[1].hooks[0]","verdict":"modify","reason":"appended --verbose"}]}`,
		},
		{
			name:     "a hook in a later file denies a call an earlier file rewrote",
			settings: []string{"modify.json", "block.json"},
			want: `{"verdict":"deny","reason":"denied by block.sh: deploys are frozen until Monday",` +
				`"decided_by":"block.sh","cause":"link","trail":[{"name":"append.sh","verdict":"modify","reason":"appended --dry-run"},` +
				`{"name":"block.sh","verdict":"deny","reason":"deploys are frozen until Monday"}]}`,
			code: 2,
		},
		{
			name:     "a hook that requires a rewrite denies the call without it",
			settings: []string{"freeze.json"},
			want: `{"verdict":"deny","reason":"denied by require.sh: the command must contain --dry-run",` +
				`"decided_by":"require.sh","cause":"link","trail":[{"name":"require.sh","verdict":"deny","reason":"the command must contain --dry-run"}]}`,
			code: 2,
		},
		{
			name:     "and allows it after the rewrite",
			settings: []string{"modify.json", "freeze.json"},
			want: `{"verdict":"modify","reason":"append.sh: appended --dry-run","input":{"command":"make deploy --dry-run"},` +
				`"trail":[{"name":"append.sh","verdict":"modify","reason":"appended --dry-run"}]}`,
		},
		{
			name:     "a hook that answers updatedToolOutput replaces the result",
			settings: []string{"replace.json"},
			event:    "PostToolUse",
			tool:     "Read",
			extra:    []string{"tool_response", `"AWS_SECRET=hunter2"`},
			want: `{"verdict":"replace","reason":"redact.sh: updatedToolOutput","output":"[redacted]",` +
				`"trail":[{"name":"redact.sh","verdict":"replace","reason":"updatedToolOutput"}]}`,
		},
		{
			name:     "PostToolUse hooks are not asked about a failed call",
			settings: []string{"replace.json"},
			event:    "PostToolUseFailure",
			tool:     "Read",
			extra:    []string{"error", `"no such file"`},
			want:     `{"verdict":"allow"}`,
		},
		{
			name:     "a crashing hook is reported and the call goes on",
			settings: []string{"crash.json"},
			want: `{"verdict":"modify","reason":"append.sh: appended --dry-run","input":{"command":"make deploy --dry-run"},` +
				`"trail":[{"name":"crash.sh","verdict":"allow","fault":"hook \"sh hooks/crash.sh\": exited with status 127; stderr: \"crash.sh: line 3: jq: command not found\""},` +
				`{"name":"append.sh","verdict":"modify","reason":"appended --dry-run"}]}`,
		},
		{
			name:     "onFailure block makes a crash deny the call",
			settings: []string{"crash-block.json"},
			want: `{"verdict":"deny","reason":"crash.sh failed and denies on failure: hook \"sh hooks/crash.sh\": exited with status 127; stderr: \"crash.sh: line 3: jq: command not found\"",` +
				`"decided_by":"crash.sh","cause":"failure","trail":[{"name":"crash.sh","verdict":"deny","fault":"hook \"sh hooks/crash.sh\": exited with status 127; stderr: \"crash.sh: line 3: jq: command not found\""}]}`,
			code: 2,
		},
		{
			name:     "--fail-closed makes every crash deny the call",
			settings: []string{"crash.json"},
			flags:    []string{"--fail-closed"},
			want: `{"verdict":"deny","reason":"crash.sh failed and denies on failure: hook \"sh hooks/crash.sh\": exited with status 127; stderr: \"crash.sh: line 3: jq: command not found\"",` +
				`"decided_by":"crash.sh","cause":"failure","trail":[{"name":"crash.sh","verdict":"deny","fault":"hook \"sh hooks/crash.sh\": exited with status 127; stderr: \"crash.sh: line 3: jq: command not found\""}]}`,
			code: 2,
		},
		{
			name:     "--skip-unsupported runs the hooks that can run",
			settings: []string{"prompt.json"},
			flags:    []string{"--skip-unsupported"},
			want: `{"verdict":"deny","reason":"denied by block.sh: deploys are frozen until Monday",` +
				`"decided_by":"block.sh","cause":"link","trail":[{"name":"block.sh","verdict":"deny","reason":"deploys are frozen until Monday"}]}`,
			code: 2,
		},
		{
			name:     "a hook that asks is denied: eval has no approver, and approval was needed",
			settings: []string{"ask.json"},
			want: `{"verdict":"deny","reason":"approval needed but not obtained: no approver is configured (asked by ask.sh: deploys need a human)",` +
				`"cause":"no_approval","trail":[{"name":"ask.sh","verdict":"ask","reason":"deploys need a human"},` +
				`{"name":"approver","verdict":"deny","fault":"no approver is configured","approver":true}]}`,
			code: 2,
		},
		{
			name:     "a later deny wins over an ask, and nobody is asked",
			settings: []string{"ask.json", "block.json"},
			want: `{"verdict":"deny","reason":"denied by block.sh: deploys are frozen until Monday",` +
				`"decided_by":"block.sh","cause":"link","trail":[{"name":"ask.sh","verdict":"ask","reason":"deploys need a human"},` +
				`{"name":"block.sh","verdict":"deny","reason":"deploys are frozen until Monday"}]}`,
			code: 2,
		},
		{
			name:     "additionalContext is the outcome's context, named after its hook",
			settings: []string{"context.json"},
			want: `{"verdict":"modify","reason":"append.sh: appended --dry-run","input":{"command":"make deploy --dry-run"},` +
				`"trail":[{"name":"append.sh","verdict":"modify","reason":"appended --dry-run"}],` +
				`"notes":[{"link":"context.sh@PreToolUse[0].hooks[0]","text":"staging is make deploy-staging"}]}`,
		},
		{
			name:     "additionalContext after a failed call, on an allow",
			settings: []string{"context.json"},
			event:    "PostToolUseFailure",
			extra:    []string{"error", `"make: *** No rule to make target 'deploy'"`},
			want:     `{"verdict":"allow","notes":[{"link":"context.sh@PostToolUseFailure[0].hooks[0]","text":"read the error before retrying"}]}`,
		},
		{
			name:     "a denial keeps the context given before it",
			settings: []string{"context.json", "block.json"},
			want: `{"verdict":"deny","reason":"denied by block.sh: deploys are frozen until Monday",` +
				`"decided_by":"block.sh","cause":"link","trail":[{"name":"append.sh","verdict":"modify","reason":"appended --dry-run"},` +
				`{"name":"block.sh","verdict":"deny","reason":"deploys are frozen until Monday"}],` +
				`"notes":[{"link":"context.sh@PreToolUse[0].hooks[0]","text":"staging is make deploy-staging"}]}`,
			code: 2,
		},
		{
			name:     "hooks for other tools are not asked",
			settings: []string{"block.json"},
			tool:     "Read",
			want:     `{"verdict":"allow"}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			event, tool := tt.event, tt.tool
			if event == "" {
				event = "PreToolUse"
			}
			if tool == "" {
				tool = "Bash"
			}
			args := append(append([]string{"eval"}, settingsFlags(tt.settings...)...), tt.flags...)
			code, stdout, stderr := hookchainCmd(t, input(t, event, tool, deploy, tt.extra...), args...)
			assert.Equal(t, tt.want+"\n", stdout)
			assert.Empty(t, stderr)
			assert.Equal(t, tt.code, code)

			var out hookchain.Outcome
			require.NoError(t, json.Unmarshal([]byte(stdout), &out), "the output is an Outcome")
		})
	}
}

func TestEvalRunsAHookOnlyForTheCallsItsIfRuleMatches(t *testing.T) {
	const (
		denied = `{"verdict":"deny","reason":"denied by block.sh: no rm",` +
			`"decided_by":"block.sh","cause":"link",` +
			`"trail":[{"name":"block.sh","verdict":"deny","reason":"no rm"}]}`
		allowed = `{"verdict":"allow"}`
		pushed  = `{"verdict":"allow","notes":[{"link":"context.sh","text":"pushed: open a pull request"}]}`
	)
	tests := []struct {
		name    string
		event   string // PreToolUse when empty
		command string
		want    string
	}{
		{name: "Bash(rm *) runs its hook for rm", command: "rm -rf x", want: denied},
		{name: "and for rm behind sudo", command: "sudo rm -rf x", want: denied},
		{name: "and for rm inside bash -c", command: "bash -c 'rm -rf x'", want: denied},
		{name: "and for rm later in a list", command: "cd build && rm -rf x", want: denied},
		{name: "and for a program that cannot be known before it runs", command: "$(printf rm) -rf x", want: denied},
		{name: "but not for rm as an argument", command: "echo rm", want: allowed},
		{name: "nor for another program", command: "ls -la", want: allowed},
		{name: "after the call, Bash(git push *) runs its hook for a push", event: "PostToolUse", command: "git push origin main", want: pushed},
		{name: "and not for another git command", event: "PostToolUse", command: "git status", want: allowed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			event := tt.event
			var extra []string
			if event == "" {
				event = "PreToolUse"
			} else {
				extra = []string{"tool_response", `"done"`}
			}
			toolInput, err := json.Marshal(map[string]string{"command": tt.command})
			require.NoError(t, err)
			code, stdout, stderr := hookchainCmd(t, input(t, event, "Bash", string(toolInput), extra...),
				append([]string{"eval"}, settingsFlags("if-rule.json")...)...)
			assert.Equal(t, tt.want+"\n", stdout)
			assert.Empty(t, stderr)
			want := 0
			if tt.want == denied {
				want = 2
			}
			assert.Equal(t, want, code)
		})
	}
}

func TestEvalRefusesBadSettingsAndInputs(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		stdin  string
		stderr string
	}{
		{
			name:   "a broken settings file is named, with the line and column",
			args:   settingsFlags("broken.json"),
			stderr: "hookchain eval: testdata/settings/broken.json:4:89: invalid character ']' looking for beginning of value\n",
		},
		{
			name:   "a missing settings file is an error, not an empty chain",
			args:   settingsFlags("missing.json"),
			stderr: "hookchain eval: settings: stat testdata/settings/missing.json: no such file or directory\n",
		},
		{
			name: "an unknown handler type is an error by name",
			args: settingsFlags("unknown-type.json"),
			stderr: "hookchain eval: testdata/settings/unknown-type.json:6:18: PreToolUse[0].hooks[1]: unknown handler type \"webhook\": " +
				"want \"command\", \"http\", \"mcp_tool\", \"prompt\" or \"agent\"\n",
		},
		{
			name: "an if rule whose meaning cannot be kept exactly is refused by name",
			args: settingsFlags("if-param.json"),
			stderr: "hookchain eval: testdata/settings/if-param.json:5:9: PreToolUse[0].hooks[0]: the if rule \"Agent(model:opus)\" is not supported: " +
				"hookchain honours Bash(…), path, WebFetch(domain:…) and MCP rules, and tool names; " +
				"remove the hook, or skip unsupported hooks (--skip-unsupported, Options.SkipUnsupported) to run the others without it\n",
		},
		{
			name: "a prompt hook is refused by name",
			args: settingsFlags("prompt.json"),
			stderr: "hookchain eval: testdata/settings/prompt.json:5:9: PreToolUse[0].hooks[0]: a prompt hook asks a model, and none is given (settings.Options.Model; the hookchain CLI has none); " +
				"remove the hook, or skip unsupported hooks (--skip-unsupported, Options.SkipUnsupported) to run the others without it\n",
		},
		{
			name: "agent and mcp_tool hooks are refused by name, each with what it needs on a line of its own",
			args: settingsFlags("runtime.json"),
			stderr: "hookchain eval: testdata/settings/runtime.json:5:9: PreToolUse[0].hooks[0]: an agent hook runs a subagent on a model, and none is given (settings.Options.Model; the hookchain CLI has none); " +
				"remove the hook, or skip unsupported hooks (--skip-unsupported, Options.SkipUnsupported) to run the others without it\n" +
				"hookchain eval: testdata/settings/runtime.json:6:9: PreToolUse[0].hooks[1]: an mcp_tool hook calls a tool of an MCP server, and no MCP client is given (settings.Options.MCP; the hookchain CLI has none); " +
				"remove the hook, or skip unsupported hooks (--skip-unsupported, Options.SkipUnsupported) to run the others without it\n",
		},
		{
			name:   "an input that is not JSON",
			args:   settingsFlags("allow.json"),
			stdin:  "tool_name=Bash",
			stderr: "hookchain eval: the hook input is not a Claude Code hook input: invalid character 'o' in literal true (expecting 'r')\n",
		},
		{
			name:   "an input for an event that is not a tool call",
			args:   settingsFlags("allow.json"),
			stdin:  `{"hook_event_name": "Stop", "session_id": "sess-1"}`,
			stderr: "hookchain eval: claudecode: hook_event_name \"Stop\" is not a tool-call event (want PreToolUse, PostToolUse or PostToolUseFailure)\n",
		},
		{
			name:   "an input without a tool name",
			args:   settingsFlags("allow.json"),
			stdin:  `{"hook_event_name": "PreToolUse", "tool_input": {}}`,
			stderr: "hookchain eval: claudecode: the PreToolUse input has no tool_name\n",
		},
		{
			name:   "an unknown flag",
			args:   []string{"--settings-file", "x.json"},
			stderr: "hookchain eval: flag provided but not defined: -settings-file; see 'hookchain help'\n",
		},
		{
			name:   "an unknown flag whose name holds a newline, on one line",
			args:   []string{"--settings\nfile", "x.json"},
			stderr: `hookchain eval: "flag provided but not defined: -settings\nfile; see 'hookchain help'"` + "\n",
		},
		{
			name:   "an argument that is not a flag",
			args:   []string{"testdata/settings/allow.json"},
			stderr: "hookchain eval: unexpected argument \"testdata/settings/allow.json\"; see 'hookchain help'\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdin := tt.stdin
			if stdin == "" {
				stdin = input(t, "PreToolUse", "Bash", deploy)
			}
			code, stdout, stderr := hookchainCmd(t, stdin, append([]string{"eval"}, tt.args...)...)
			assert.Equal(t, 1, code)
			assert.Empty(t, stdout)
			assert.Equal(t, tt.stderr, stderr)
		})
	}
}

func TestEvalReadsTheStandardSettingsOfTheInputsProject(t *testing.T) {
	project := t.TempDir()
	dotClaude := filepath.Join(project, ".claude")
	require.NoError(t, mkdirWrite(dotClaude, "settings.json",
		`{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "cat >/dev/null; echo \"in $(pwd)\" >&2; exit 2"}]}]}}`))
	in := input(t, "PreToolUse", "Bash", deploy, "cwd", strconv.Quote(project))
	t.Setenv("HOME", t.TempDir())

	code, stdout, stderr := hookchainCmd(t, in, "eval")
	assert.Equal(t, 2, code)
	assert.Empty(t, stderr)
	const name = `cat >/dev/null; echo \"in $(pwd)\" >&2; e…`
	assert.Equal(t, `{"verdict":"deny","reason":"denied by `+name+`: in `+project+`",`+
		`"decided_by":"`+name+`","cause":"link",`+
		`"trail":[{"name":"`+name+`","verdict":"deny","reason":"in `+project+`"}]}`+"\n", stdout)

	code, stdout, stderr = hookchainCmd(t, in, "eval", "--project", t.TempDir())
	assert.Equal(t, 1, code)
	assert.Empty(t, stdout)
	assert.Contains(t, stderr, "hookchain eval: no settings: none of ")
}

func TestEvalReportsBadSettingsBeforeReadingTheInput(t *testing.T) {
	code, stdout, stderr := hookchainCmd(t, "not even JSON", append([]string{"eval"}, settingsFlags("broken.json")...)...)
	assert.Equal(t, 1, code)
	assert.Empty(t, stdout)
	assert.Equal(t, "hookchain eval: testdata/settings/broken.json:4:89: invalid character ']' looking for beginning of value\n", stderr)
}
