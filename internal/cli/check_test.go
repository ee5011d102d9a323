package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

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

func TestCheckCountsEachProblemOnceAndPrintsItOnOneLineThoughItsTextHoldsANewline(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "two\nlines")
	require.NoError(t, mkdirWrite(dir, "settings.json",
		`{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "prompt", "prompt": "safe?"}, {"type": "agent", "prompt": "safe?"}]}]}}`))
	file := filepath.Join(dir, "settings.json")
	const unsupported = "; remove the hook, or skip unsupported hooks (--skip-unsupported, Options.SkipUnsupported) to run the others without it"
	problems := []string{
		file + ":1:57: PreToolUse[0].hooks[0]: a prompt hook asks a model, and none is given (settings.Options.Model; the hookchain CLI has none)" + unsupported,
		file + ":1:96: PreToolUse[0].hooks[1]: an agent hook runs a subagent on a model, and none is given (settings.Options.Model; the hookchain CLI has none)" + unsupported,
	}
	wantStderr := "hookchain check: " + strconv.Quote(problems[0]) + "\n" +
		"hookchain check: " + strconv.Quote(problems[1]) + "\n" +
		"hookchain check: 2 errors and no warnings: fix the errors; hookchain runs no hook of these settings until then\n"
	tests := []struct {
		name string
		flag []string
	}{
		{name: "as a table"},
		{name: "as JSON", flag: []string{"--json"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := hookchainCmd(t, "", append([]string{"check", "--project", "testdata", "--settings", file}, tt.flag...)...)
			assert.Equal(t, 1, code)
			assert.Equal(t, wantStderr, stderr)
			if tt.flag == nil {
				return
			}
			var out struct{ Errors []string }
			require.NoError(t, json.Unmarshal([]byte(stdout), &out))
			assert.Equal(t, problems, out.Errors)
		})
	}
}
