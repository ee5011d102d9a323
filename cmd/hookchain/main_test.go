package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/hookchain/hookchain"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hookchain runs the command in-process and returns its exit status, stdout
// and stderr.
func hookchainCmd(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(args, strings.NewReader(stdin), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// input is a Claude Code hook input whose cwd is testdata, where the test
// settings' commands (sh hooks/...) are run.
func input(t *testing.T, event, tool, toolInput string, extra ...string) string {
	t.Helper()
	cwd, err := filepath.Abs("testdata")
	require.NoError(t, err)
	return hookInput(t, cwd, event, tool, toolInput, extra...)
}

const deploy = `{"command":"make deploy"}`

func settingsFlags(files ...string) []string {
	var args []string
	for _, f := range files {
		args = append(args, "--settings", "testdata/settings/"+f)
	}
	return args
}

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
			name: "agent and mcp_tool hooks are refused by name, each with what it needs",
			args: settingsFlags("runtime.json"),
			stderr: "hookchain eval: testdata/settings/runtime.json:5:9: PreToolUse[0].hooks[0]: an agent hook runs a subagent on a model, and none is given (settings.Options.Model; the hookchain CLI has none); " +
				"remove the hook, or skip unsupported hooks (--skip-unsupported, Options.SkipUnsupported) to run the others without it\n" +
				"testdata/settings/runtime.json:6:9: PreToolUse[0].hooks[1]: an mcp_tool hook calls a tool of an MCP server, and no MCP client is given (settings.Options.MCP; the hookchain CLI has none); " +
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

// testdata is the absolute path of the testdata directory, where the test
// settings' commands (sh hooks/...) run when it is the project.
func testdata(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs("testdata")
	require.NoError(t, err)
	return dir
}

func TestCheckListsEveryHookAndWhatItBecomes(t *testing.T) {
	code, stdout, stderr := hookchainCmd(t, "", "check", "--project", "testdata", "--settings", "testdata/settings/check.json")
	assert.Equal(t, 1, code)
	assert.Equal(t, strings.Join([]string{
		"FILE                          HOOK                            MATCHER                   KIND    IF                                                                                          TYPE     COMMAND OR URL                          TIMEOUT  ON FAILURE  STATUS   LINK                                     RUNS AS, OR WHY NOT",
		"testdata/settings/check.json  PreToolUse[0].hooks[0]          Bash                      names   -                                                                                           command  sh hooks/block.sh 'deploys are frozen'  10s      block       linked   block.sh@PreToolUse[0].hooks[0]          before the call; run with /bin/sh -c for each call",
		"testdata/settings/check.json  PreToolUse[0].hooks[1]          Bash                      names   -                                                                                           command  sh hooks/audit.sh                       600s     continue    linked   audit.sh@PreToolUse[0].hooks[1]          before the call; run with /bin/sh -c for each call",
		`testdata/settings/check.json  PreToolUse[0].hooks[2]          Bash                      names   Bash(git push --force *) -> And(Tool("Bash"), shell.Rule("command", "git push --force *"))  command  sh hooks/block.sh 'no force-pushing'    600s     continue    linked   block.sh@PreToolUse[0].hooks[2]          before the call; run with /bin/sh -c for each call`,
		"testdata/settings/check.json  PreToolUse[1].hooks[0]          Edit, Write|NotebookEdit  names   -                                                                                           http     http://127.0.0.1:8080/policy            2.5s     continue    linked   http://127.0.0.1:8080/policy             before the call; POST to http://127.0.0.1:8080/policy",
		"testdata/settings/check.json  PreToolUse[2].hooks[0]          mcp__github__.*           regexp  -                                                                                           prompt   -                                       30s      -           refused  -                                        a prompt hook asks a model, and none is given (settings.Options.Model; the hookchain CLI has none); remove the hook, or skip unsupported hooks (--skip-unsupported, Options.SkipUnsupported) to run the others without it",
		"testdata/settings/check.json  PreToolUse[3].hooks[0]          -                         all     -                                                                                           command  sh hooks/block.sh 'deploys are frozen'  10s      block       merged   block.sh@PreToolUse[0].hooks[0]          before the call; run with /bin/sh -c for each call",
		`testdata/settings/check.json  PostToolUse[0].hooks[0]         *                         all     -                                                                                           command  sh hooks/audit.sh                       600s     continue    linked   audit.sh@PostToolUse[0].hooks[0]         after a call that succeeded; run with /bin/sh -c for each call; a block (exit 2, decision "block") keeps the output and tells the model why; updatedToolOutput in the tool's shape replaces it`,
		`testdata/settings/check.json  PostToolUseFailure[0].hooks[0]  -                         all     -                                                                                           command  sh hooks/audit.sh                       600s     continue    linked   audit.sh@PostToolUseFailure[0].hooks[0]  after a call that failed; run with /bin/sh -c for each call; a block (exit 2, decision "block") keeps the output and tells the model why; updatedToolOutput in the tool's shape replaces it`,
		"testdata/settings/check.json  Stop[0].hooks[0]                -                         -       -                                                                                           command  notify-send 'Claude is done'            -        -           ignored  -                                        Stop is not a tool-call event",
		"",
	}, "\n"), stdout)
	missing := func(place, where string) string {
		return "hookchain check: testdata/settings/check.json:" + place + ": " + where + ": warning: the script hooks/audit.sh does not exist (" +
			filepath.Join(testdata(t), "hooks", "audit.sh") + "), so the hook fails on every call it runs for, and the call goes on unchecked unless the hook blocks on failure: " +
			`start it with "$CLAUDE_PROJECT_DIR"/ (or ${CLAUDE_PROJECT_DIR}/ with args), since hooks run in the directory the agent is working in` + "\n"
	}
	assert.Equal(t, "hookchain check: testdata/settings/check.json:14:9: PreToolUse[2].hooks[0]: a prompt hook asks a model, and none is given (settings.Options.Model; the hookchain CLI has none); "+
		"remove the hook, or skip unsupported hooks (--skip-unsupported, Options.SkipUnsupported) to run the others without it\n"+
		missing("7:40", "PreToolUse[0].hooks[1]")+
		missing("21:65", "PostToolUse[0].hooks[0]")+
		missing("24:49", "PostToolUseFailure[0].hooks[0]")+
		"hookchain check: 1 error and 3 warnings: fix the errors; hookchain runs no hook of these settings until then\n", stderr)
}

func TestCheckWithSkipUnsupportedAndFailClosed(t *testing.T) {
	code, stdout, stderr := hookchainCmd(t, "", "check", "--project", "testdata", "--skip-unsupported", "--fail-closed",
		"--settings", "testdata/settings/modify.json", "--settings", "testdata/settings/prompt.json")
	assert.Equal(t, 0, code)
	assert.Empty(t, stderr)
	assert.Equal(t, strings.Join([]string{
		"FILE                           HOOK                    MATCHER  KIND   IF  TYPE     COMMAND OR URL                                       TIMEOUT  ON FAILURE  STATUS   LINK       RUNS AS, OR WHY NOT",
		"testdata/settings/modify.json  PreToolUse[0].hooks[0]  Bash     names  -   command  sh hooks/append.sh --dry-run                         600s     block       linked   append.sh  before the call; run with /bin/sh -c for each call",
		"testdata/settings/prompt.json  PreToolUse[0].hooks[0]  Bash     names  -   prompt   -                                                    30s      -           skipped  -          a prompt hook asks a model, and none is given (settings.Options.Model; the hookchain CLI has none)",
		"testdata/settings/prompt.json  PreToolUse[0].hooks[1]  Bash     names  -   command  sh hooks/block.sh 'deploys are frozen until Monday'  600s     block       linked   block.sh   before the call; run with /bin/sh -c for each call",
		"",
	}, "\n"), stdout)
}

func TestCheckListsInvalidHooksAndNamesEachError(t *testing.T) {
	code, stdout, stderr := hookchainCmd(t, "", append([]string{"check", "--project", "testdata"}, settingsFlags("if-path.json", "unknown-type.json")...)...)
	assert.Equal(t, 1, code)
	assert.Equal(t, strings.Join([]string{
		"FILE                                 HOOK                    MATCHER     KIND   IF                                                                                       TYPE     COMMAND OR URL                TIMEOUT  ON FAILURE  STATUS   LINK      RUNS AS, OR WHY NOT",
		"testdata/settings/if-path.json       PreToolUse[0].hooks[0]  Edit|Write  names  -                                                                                        command  sh hooks/allow.sh             600s     continue    linked   allow.sh  before the call; run with /bin/sh -c for each call",
		`testdata/settings/if-path.json       PreToolUse[0].hooks[1]  Edit|Write  names  Edit(src/**) -> And(Tool("Edit", "Write", "MultiEdit", "NotebookEdit"), Path("src/**"))  command  sh hooks/block.sh 'only src'  600s     continue    linked   block.sh  before the call; run with /bin/sh -c for each call`,
		"testdata/settings/unknown-type.json  PreToolUse[0].hooks[0]  Bash        names  -                                                                                        command  sh hooks/allow.sh             600s     continue    merged   allow.sh  before the call; run with /bin/sh -c for each call",
		`testdata/settings/unknown-type.json  PreToolUse[0].hooks[1]  Bash        names  -                                                                                        webhook  http://127.0.0.1:9/hook       -        -           invalid  -         unknown handler type "webhook": want "command", "http", "mcp_tool", "prompt" or "agent"`,
		"",
	}, "\n"), stdout)
	assert.Equal(t, "hookchain check: testdata/settings/unknown-type.json:6:18: PreToolUse[0].hooks[1]: unknown handler type \"webhook\": "+
		"want \"command\", \"http\", \"mcp_tool\", \"prompt\" or \"agent\"\n"+
		"hookchain check: 1 error and no warnings: fix the errors; hookchain runs no hook of these settings until then\n", stderr)
}

func TestCheckPrintsJSON(t *testing.T) {
	code, stdout, stderr := hookchainCmd(t, "", "check", "--project", "testdata", "--json", "--settings", "testdata/settings/prompt.json")
	const refused = "testdata/settings/prompt.json:5:9: PreToolUse[0].hooks[0]: a prompt hook asks a model, and none is given (settings.Options.Model; the hookchain CLI has none); " +
		"remove the hook, or skip unsupported hooks (--skip-unsupported, Options.SkipUnsupported) to run the others without it"
	assert.Equal(t, 1, code)
	assert.Equal(t, "hookchain check: "+refused+"\n"+
		"hookchain check: 1 error and no warnings: fix the errors; hookchain runs no hook of these settings until then\n",
		stderr, "the errors are in the JSON and, as always, on stderr")
	assert.JSONEq(t, `{
	  "hooks": [
	    {"file": "testdata/settings/prompt.json", "hook": "PreToolUse[0].hooks[0]", "event": "PreToolUse", "matcher": "Bash", "matcher_kind": "names",
	     "type": "prompt", "timeout_seconds": 30, "status": "refused",
	     "reason": "a prompt hook asks a model, and none is given (settings.Options.Model; the hookchain CLI has none); remove the hook, or skip unsupported hooks (--skip-unsupported, Options.SkipUnsupported) to run the others without it"},
	    {"file": "testdata/settings/prompt.json", "hook": "PreToolUse[0].hooks[1]", "event": "PreToolUse", "matcher": "Bash", "matcher_kind": "names",
	     "type": "command", "command": "sh hooks/block.sh 'deploys are frozen until Monday'", "timeout_seconds": 600, "on_failure": "continue",
	     "status": "linked", "name": "block.sh", "runs": "before the call; run with /bin/sh -c for each call"}
	  ],
	  "errors": [`+strconv.Quote(refused)+`]
	}`, stdout)
}

func TestCheckPrintsEachIfRuleAndTheMatcherItBecame(t *testing.T) {
	code, stdout, stderr := hookchainCmd(t, "", "check", "--project", "testdata", "--json", "--settings", "testdata/settings/if-rule.json")
	assert.Equal(t, 0, code)
	assert.Empty(t, stderr)
	assert.JSONEq(t, `{
	  "hooks": [
	    {"file": "testdata/settings/if-rule.json", "hook": "PreToolUse[0].hooks[0]", "event": "PreToolUse", "matcher": "Bash", "matcher_kind": "names",
	     "type": "command", "command": "sh hooks/allow.sh", "timeout_seconds": 600, "on_failure": "continue",
	     "status": "linked", "name": "allow.sh", "runs": "before the call; run with /bin/sh -c for each call"},
	    {"file": "testdata/settings/if-rule.json", "hook": "PreToolUse[0].hooks[1]", "event": "PreToolUse", "matcher": "Bash", "matcher_kind": "names",
	     "if": "Bash(rm *)", "if_matcher": "And(Tool(\"Bash\"), shell.Rule(\"command\", \"rm *\"))",
	     "type": "command", "command": "sh hooks/block.sh 'no rm'", "timeout_seconds": 600, "on_failure": "continue",
	     "status": "linked", "name": "block.sh", "runs": "before the call; run with /bin/sh -c for each call"},
	    {"file": "testdata/settings/if-rule.json", "hook": "PostToolUse[0].hooks[0]", "event": "PostToolUse", "matcher": "Bash", "matcher_kind": "names",
	     "if": "Bash(git push *)", "if_matcher": "And(Tool(\"Bash\"), shell.Rule(\"command\", \"git push *\"))",
	     "type": "command", "command": "sh hooks/context.sh 'pushed: open a pull request'", "timeout_seconds": 600, "on_failure": "continue",
	     "status": "linked", "name": "context.sh",
	     "runs": "after a call that succeeded; run with /bin/sh -c for each call; a block (exit 2, decision \"block\") keeps the output and tells the model why; updatedToolOutput in the tool's shape replaces it"}
	  ]
	}`, stdout)
}

func TestCheckRefusesABrokenFile(t *testing.T) {
	code, stdout, stderr := hookchainCmd(t, "", append([]string{"check"}, settingsFlags("allow.json", "broken.json")...)...)
	assert.Equal(t, 1, code)
	assert.Empty(t, stdout)
	assert.Equal(t, "hookchain check: testdata/settings/broken.json:4:89: invalid character ']' looking for beginning of value\n", stderr)
}

func TestUsage(t *testing.T) {
	code, stdout, stderr := hookchainCmd(t, "")
	assert.Equal(t, 1, code)
	assert.Empty(t, stdout)
	assert.Equal(t, usage, stderr)

	code, stdout, stderr = hookchainCmd(t, "", "help")
	assert.Equal(t, 0, code)
	assert.Equal(t, usage, stdout)
	assert.Empty(t, stderr)

	code, stdout, stderr = hookchainCmd(t, "", "run")
	assert.Equal(t, 1, code)
	assert.Empty(t, stdout)
	assert.Equal(t, "hookchain: unknown command \"run\"; see 'hookchain help'\n", stderr)
}

func mkdirWrite(dir, name, data string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644)
}

func TestEvalReportsBadSettingsBeforeReadingTheInput(t *testing.T) {
	code, stdout, stderr := hookchainCmd(t, "not even JSON", append([]string{"eval"}, settingsFlags("broken.json")...)...)
	assert.Equal(t, 1, code)
	assert.Empty(t, stdout)
	assert.Equal(t, "hookchain eval: testdata/settings/broken.json:4:89: invalid character ']' looking for beginning of value\n", stderr)
}

func TestCheckReadsTheStandardSettingsOfTheProject(t *testing.T) {
	home, project := t.TempDir(), t.TempDir()
	t.Setenv("HOME", home)
	require.NoError(t, mkdirWrite(filepath.Join(home, ".claude"), "settings.json",
		`{"hooks": {"PostToolUse": [{"matcher": "Write", "hooks": [{"type": "command", "command": "true"}]}]}}`))
	require.NoError(t, mkdirWrite(filepath.Join(project, ".claude"), "settings.local.json",
		`{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh", "timeout": 3}]}]}}`))
	require.NoError(t, os.WriteFile(filepath.Join(project, "guard.sh"), []byte("#!/bin/sh\nexit 0\n"), 0o755))

	code, stdout, stderr := hookchainCmd(t, "", "check", "--project", project)
	assert.Equal(t, 0, code)
	assert.Empty(t, stderr)
	user, local := filepath.Join(home, ".claude", "settings.json"), filepath.Join(project, ".claude", "settings.local.json")
	w := len(local)
	assert.Equal(t, fmt.Sprintf("%-*s  HOOK                     MATCHER  KIND   IF  TYPE     COMMAND OR URL  TIMEOUT  ON FAILURE  STATUS  LINK      RUNS AS, OR WHY NOT\n", w, "FILE")+
		fmt.Sprintf("%-*s  PostToolUse[0].hooks[0]  Write    names  -   command  true            600s     continue    linked  true      "+
			"after a call that succeeded; run with /bin/sh -c for each call; a block (exit 2, decision \"block\") keeps the output and tells the model why; updatedToolOutput in the tool's shape replaces it\n", w, user)+
		fmt.Sprintf("%-*s  PreToolUse[0].hooks[0]   Bash     names  -   command  ./guard.sh      3s       continue    linked  guard.sh  before the call; run with /bin/sh -c for each call\n", w, local),
		stdout)
}
