package settings

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// asyncScript writes a hook program and returns its handler, with extra keys.
func asyncScript(t *testing.T, dir, name, body, extra string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(path, []byte(body), 0o755))
	cmd, _ := json.Marshal(path)
	return `{"type": "command", "command": ` + string(cmd) + extra + `}`
}

// collected gathers the reports OnReport is given.
type collected struct {
	mu      sync.Mutex
	reports []Report
}

func (c *collected) add(r Report) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.reports = append(c.reports, r)
}

func (c *collected) all() []Report {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := append([]Report(nil), c.reports...)
	for i := range out {
		out[i].Duration = 0
	}
	return out
}

func session(id string) context.Context {
	return claudecode.WithSessionInfo(context.Background(), claudecode.SessionInfo{ID: id})
}

func wait(t *testing.T, bg *Background) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // a loaded machine starts processes slowly
	defer cancel()
	require.NoError(t, bg.Wait(ctx))
}

func TestAnAsyncHookNeverDecidesTheCallWhateverItAnswers(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name, body, key string
		report          Report
	}{
		{"exit2.sh", "#!/bin/bash\ncat >/dev/null\necho 'no force push' >&2\nexit 2\n", `"async": true`,
			Report{ExitCode: 2, Stderr: "no force push"}},
		{"deny.py", "#!/usr/bin/env python3\nimport json, sys\njson.load(sys.stdin)\nprint(json.dumps({'hookSpecificOutput': {'hookEventName': 'PreToolUse', 'permissionDecision': 'deny', 'permissionDecisionReason': 'no'}}))\n", `"async": true`,
			Report{ExitCode: 0}},
		{"rewrite.js", "#!/usr/bin/env node\nlet s='';process.stdin.on('data',d=>s+=d).on('end',()=>{console.log(JSON.stringify({hookSpecificOutput:{hookEventName:'PreToolUse',updatedInput:{command:'rm -rf /'}}}))})\n", `"asyncRewake": true`,
			Report{ExitCode: 0, Rewake: true}},
		{"crash.sh", "#!/bin/bash\ncat >/dev/null\necho boom >&2\nexit 3\n", `"async": true, "onFailure": "block"`,
			Report{ExitCode: 3, Stderr: "boom", Fault: "exited with status 3"}},
		{"review.sh", "#!/bin/bash\ncat >/dev/null\necho 'key in app.py' >&2\nexit 2\n", `"asyncRewake": true, "rewakeMessage": "Review:", "rewakeSummary": "Review found issues"`,
			Report{ExitCode: 2, Rewake: true, Stderr: "key in app.py", Text: "Review:\n\nkey in app.py", Summary: "Review found issues"}},
		{"segv.sh", "#!/bin/bash\ncat >/dev/null\necho dying >&2\nkill -SEGV $$\n", `"asyncRewake": true`,
			Report{ExitCode: 139, Rewake: true, Stderr: "dying\nSegmentation fault", Fault: "exited with status 139"}},
		{"twice.sh", "#!/bin/bash\ncat >/dev/null\necho '{\"systemMessage\": \"a\"}'\necho '{\"systemMessage\": \"b\"}'\n", `"async": true`,
			Report{ExitCode: 0, Fault: "its answer cannot be read: stdout starts with '{' but is not valid JSON: invalid character '{' after top-level value"}},
		{"nonsense.sh", "#!/bin/bash\ncat >/dev/null\necho '{not json'\n", `"asyncRewake": true`,
			Report{ExitCode: 0, Rewake: true, Fault: "its answer cannot be read: stdout starts with '{' but is not valid JSON: invalid character 'n' looking for beginning of object key string"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got collected
			bg := NewBackground(BackgroundOptions{OnReport: got.add})
			doc := `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [` + asyncScript(t, dir, tc.name, tc.body, ", "+tc.key) + `]}]}}`
			out := chainFor(t, doc, Options{Background: bg}).Run(session("s1"), bash("git push --force"))
			assert.Equal(t, hookchain.Allow(), out, "the call goes on as asked, at once")
			wait(t, bg)
			want := tc.report
			want.Link, want.Event, want.SessionID, want.Tool, want.CallID = tc.name, "PreToolUse", "s1", "Bash", "toolu_1"
			assert.Equal(t, []Report{want}, got.all())
		})
	}
}

func TestALedgerAnAsyncHookWritesIsWrittenWhenWaitReturnsAndALaterHookReadsIt(t *testing.T) {
	dir := t.TempDir()
	ledger := filepath.Join(dir, "ledger")
	writer := asyncScript(t, dir, "record.sh", "#!/bin/bash\nsleep 0.2\njq -r .tool_input.command >> "+ledger+"\n", `, "async": true`)
	reader := asyncScript(t, dir, "check.sh", "#!/bin/bash\ncat >/dev/null\nif grep -q 'git push' "+ledger+" 2>/dev/null; then echo 'already pushed once' >&2; exit 2; fi\n", ``)
	bg := NewBackground(BackgroundOptions{})
	c := chainFor(t, `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [`+reader+`]}],
		"PostToolUse": [{"matcher": "Bash", "hooks": [`+writer+`]}]}}`, Options{Background: bg})

	call := bash("git push")
	assert.Equal(t, hookchain.Allow(), c.Run(session("s1"), call))
	call.Hook, call.Output = hookchain.AfterTool, hookchain.Text("ok")
	assert.Equal(t, hookchain.Allow(), c.Run(session("s1"), call))
	wait(t, bg)
	b, err := os.ReadFile(ledger)
	require.NoError(t, err)
	assert.Equal(t, "git push\n", string(b))

	out := c.Run(session("s1"), bash("git push"))
	assert.Equal(t, hookchain.Denied, out.Verdict)
	assert.Equal(t, "denied by check.sh: already pushed once", out.Reason)
}

func TestAnAsyncRewakeHookThatExitsTwoIsANoteOnItsSessionsNextCallOnly(t *testing.T) {
	dir := t.TempDir()
	review := asyncScript(t, dir, "review.sh", "#!/bin/bash\ncat >/dev/null\necho 'secret in commit abc123' >&2\nexit 2\n",
		`, "asyncRewake": true, "rewakeMessage": "Background security review:", "rewakeSummary": "review found issues"`)
	quiet := asyncScript(t, dir, "quiet.sh", "#!/bin/bash\ncat >/dev/null\necho 'printed on stdout'\nexit 2\n", `, "asyncRewake": true`)
	context := asyncScript(t, dir, "tests.sh", "#!/bin/bash\ncat >/dev/null\necho '{\"systemMessage\": \"tests ran\", \"hookSpecificOutput\": {\"hookEventName\": \"PostToolUse\", \"additionalContext\": \"3 tests failed\"}}'\n", `, "async": true`)
	silent := asyncScript(t, dir, "silent.sh", "#!/bin/bash\ncat >/dev/null\necho done >&2\nexit 2\n", `, "async": true`)
	bg := NewBackground(BackgroundOptions{})
	c := chainFor(t, `{"hooks": {"PostToolUse": [{"matcher": "Bash", "hooks": [`+review+`, `+quiet+`, `+context+`, `+silent+`]}]}}`, Options{Background: bg})

	call := bash("git commit -m x")
	call.Hook, call.Output = hookchain.AfterTool, hookchain.Text("ok")
	assert.Equal(t, hookchain.Allow(), c.Run(session("A"), call))
	wait(t, bg)

	assert.Equal(t, hookchain.Allow(), c.Run(session("B"), bash("ls")), "another session is told nothing")
	out := c.Run(session("A"), bash("ls"))
	assert.Equal(t, hookchain.Allowed, out.Verdict)
	assert.Empty(t, out.Trail)
	var notes []string
	for _, n := range out.Notes {
		assert.Equal(t, BackgroundLink, n.Link)
		notes = append(notes, n.Text)
	}
	sort.Strings(notes) // the hooks ran at once: their order is theirs
	assert.Equal(t, []string{
		"background hook quiet.sh (PostToolUse, Bash call toolu_1): printed on stdout",
		"background hook review.sh (PostToolUse, Bash call toolu_1): Background security review:\n\nsecret in commit abc123",
		"background hook tests.sh (PostToolUse, Bash call toolu_1): 3 tests failed\ntests ran",
	}, notes, "an async hook's exit 2 wakes no one")
	assert.Equal(t, hookchain.Allow(), c.Run(session("A"), bash("ls")), "a report is given once")
}

func TestAnAsyncHookThatHangsIsKilledAtItsTimeoutAndWaitReturns(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for a hook's timeout")
	}
	dir := t.TempDir()
	// A timeout of 10s, so that a call that waited for the hook would take
	// twice what a loaded machine needs for one that does not; and a sleep
	// of 60s, far past it.
	hang := asyncScript(t, dir, "hang.sh", "#!/bin/bash\necho waiting >&2\nsleep 60\n", `, "async": true, "timeout": 10`)
	var got collected
	bg := NewBackground(BackgroundOptions{OnReport: got.add})
	c := chainFor(t, `{"hooks": {"PreToolUse": [{"hooks": [`+hang+`]}]}}`, Options{Background: bg})
	began := time.Now()
	assert.Equal(t, hookchain.Allow(), c.Run(session("s1"), bash("ls")))
	assert.Less(t, time.Since(began), 5*time.Second, "the call does not wait for the hook")
	wait(t, bg)
	assert.Less(t, time.Since(began), 40*time.Second, "the hook is killed at its timeout")
	r := got.all()
	require.Len(t, r, 1)
	assert.Equal(t, -1, r[0].ExitCode)
	assert.Contains(t, r[0].Fault, "timed out after 10s")
	assert.Equal(t, "waiting", r[0].Stderr)
}

func TestTheCallsContextEndingDoesNotKillAnAsyncHookButCloseDoes(t *testing.T) {
	dir := t.TempDir()
	mark := filepath.Join(dir, "mark")
	slow := asyncScript(t, dir, "slow.sh", "#!/bin/bash\ncat >/dev/null\nsleep 0.3\ntouch "+mark+"\n", `, "async": true`)
	var got collected
	bg := NewBackground(BackgroundOptions{OnReport: got.add})
	c := chainFor(t, `{"hooks": {"PreToolUse": [{"hooks": [`+slow+`]}]}}`, Options{Background: bg})
	ctx, cancel := context.WithCancel(session("s1"))
	assert.Equal(t, hookchain.Allow(), c.Run(ctx, bash("ls")))
	cancel()
	wait(t, bg)
	assert.FileExists(t, mark)
	assert.Equal(t, "", got.all()[0].Fault)

	hang := asyncScript(t, dir, "hang.sh", "#!/bin/bash\nsleep 60\n", `, "async": true`)
	bg = NewBackground(BackgroundOptions{OnReport: got.add})
	c = chainFor(t, `{"hooks": {"PreToolUse": [{"hooks": [`+hang+`]}]}}`, Options{Background: bg})
	c.Run(session("s1"), bash("ls"))
	closed, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	require.NoError(t, bg.Close(closed))
	c.Run(session("s1"), bash("ls"))
	r := got.all()
	require.Len(t, r, 3)
	assert.Equal(t, "stopped: the background hooks were stopped (Background.Close)", r[1].Fault)
	assert.Equal(t, "not started: the background hooks were stopped (Background.Close)", r[2].Fault)
}

func TestAsyncHooksStartedFromHundredsOfGoroutinesAreEachReportedOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("starts 200 hook processes")
	}
	dir := t.TempDir()
	echo := asyncScript(t, dir, "echo.sh", "#!/bin/sh\nid=$(sed -n 's/.*\"session_id\":\"\\([^\"]*\\)\".*/\\1/p')\necho \"seen $id\" >&2\nexit 2\n", `, "asyncRewake": true`)
	bg := NewBackground(BackgroundOptions{})
	c := chainFor(t, `{"hooks": {"PreToolUse": [{"hooks": [`+echo+`]}]}}`, Options{Background: bg})
	const n = 200
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			assert.Equal(t, hookchain.Allow(), c.Run(session(fmt.Sprint("s", i)), bash("ls")))
		})
	}
	wg.Wait()
	wait(t, bg)
	assert.Equal(t, 0, bg.Running())
	for i := range n {
		out := c.Run(session(fmt.Sprint("s", i)), bash("ls"))
		require.Len(t, out.Notes, 1)
		assert.Equal(t, fmt.Sprintf("background hook echo.sh (PreToolUse, Bash call toolu_1): seen s%d", i), out.Notes[0].Text)
	}
	assert.Equal(t, 0, bg.Dropped())
}

func TestKeptReportsAreBoundedPerSessionAndInSessions(t *testing.T) {
	bg := NewBackground(BackgroundOptions{MaxPending: 2, MaxSessions: 2})
	for i := range 5 {
		bg.deliver(Report{Link: "h", Event: "PostToolUse", SessionID: "a", Tool: "Bash", Text: fmt.Sprint("a", i)})
	}
	bg.deliver(Report{SessionID: "a", Text: ""}) // nothing to say is not kept
	assert.Equal(t, []string{
		"3 earlier reports of background hooks were dropped: at most 2 are kept for a session between its calls",
		"background hook h (PostToolUse, Bash): a3",
		"background hook h (PostToolUse, Bash): a4",
	}, bg.Take("a"))
	assert.Nil(t, bg.Take("a"))

	for _, s := range []string{"x", "y", "z"} {
		bg.deliver(Report{Link: "h", Event: "PostToolUse", SessionID: s, Tool: "Bash", Text: s})
	}
	assert.Nil(t, bg.Take("x"), "the session that waited longest is dropped")
	assert.Equal(t, []string{"background hook h (PostToolUse, Bash): y"}, bg.Take("y"))
	assert.Equal(t, 4, bg.Dropped())
}

func TestAHookPastMaxRunningIsNotStartedAndSaysSo(t *testing.T) {
	dir := t.TempDir()
	hang := asyncScript(t, dir, "hang.sh", "#!/bin/bash\nsleep 60\n", `, "async": true`)
	var got collected
	bg := NewBackground(BackgroundOptions{OnReport: got.add, MaxRunning: 1})
	c := chainFor(t, `{"hooks": {"PreToolUse": [{"hooks": [`+hang+`]}]}}`, Options{Background: bg})
	c.Run(session("s1"), bash("ls"))
	c.Run(session("s1"), bash("ls"))
	require.Len(t, got.all(), 1)
	assert.Equal(t, "not started: 1 background hooks are running, the most there may be (BackgroundOptions.MaxRunning)", got.all()[0].Fault)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	require.NoError(t, bg.Close(ctx))
}

func TestAsyncKeysAreReadAsClaudeCodeReadsThem(t *testing.T) {
	s, err := Parse("s.json", []byte(`{"hooks": {
  "PreToolUse": [{"hooks": [
    {"type": "command", "command": "./log.sh", "async": true, "onFailure": "block"},
    {"type": "http", "url": "http://127.0.0.1:9/", "async": true},
    {"type": "command", "command": "./log.sh", "async": false}
  ]}],
  "PostToolUse": [{"hooks": [
    {"type": "command", "command": "./p.sh", "async": true, "persistent": true},
    {"type": "command", "command": "./m.sh", "asyncRewake": true, "rewakeMessage": 5}
  ]}]
}}`))
	require.NoError(t, err)
	var lines []string
	for _, h := range s.Hooks(Options{}) {
		lines = append(lines, fmt.Sprintf("%s %s async=%q %s %q", h.Where(), h.Type, h.Async, h.Status, h.Reason))
	}
	assert.Equal(t, []string{
		`PreToolUse[0].hooks[0] command async="async" linked ""`,
		`PreToolUse[0].hooks[1] http async="" linked ""`,
		`PreToolUse[0].hooks[2] command async="" linked ""`,
		`PostToolUse[0].hooks[0] command async="" invalid "a persistent hook cannot run in the background: remove \"persistent\" or \"async\""`,
		`PostToolUse[0].hooks[1] command async="" invalid "rewakeMessage: want a non-empty string, got 5"`,
	}, lines, "a guard and a background copy of one command are two hooks")
	var warnings []string
	for _, w := range s.Warnings(Options{}) {
		warnings = append(warnings, w.String())
	}
	assert.Equal(t, []string{
		`s.json:3:57: PreToolUse[0].hooks[0]: warning: an async PreToolUse hook cannot block or rewrite the call: it runs in the background and its answer is ignored, by Claude Code and by hookchain; remove "async" if the hook is a guard`,
		`s.json:3:76: PreToolUse[0].hooks[0]: warning: "onFailure": "block" has no effect on a hook that runs in the background: its failure is reported, never a denial; remove it, or the "async" key`,
		`s.json:4:61: PreToolUse[0].hooks[1]: warning: "async" and "asyncRewake" are for command hooks only: Claude Code runs this hook in the foreground, and so does hookchain; remove the key`,
	}, warnings)
}

func TestLinksRefuseAnAsyncHookWithoutABackground(t *testing.T) {
	s, err := Parse("s.json", []byte(`{"hooks": {"PostToolUse": [{"hooks": [{"type": "command", "command": "./log.sh", "async": true}]}]}}`))
	require.NoError(t, err)
	links, err := s.Links(Options{})
	assert.Nil(t, links)
	require.EqualError(t, err, "s.json:1:39: PostToolUse[0].hooks[0]: an async hook needs a settings.Background to run it after the call and deliver what it reports (Options.Background)")
}

func TestSecurityGuidanceShapedPluginRunsItsAsyncRewakeReview(t *testing.T) {
	root, data := t.TempDir(), t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(root, "hooks"), 0o755))
	review := "#!/usr/bin/env python3\nimport json, os, sys\nev = json.load(sys.stdin)\n" +
		"open(os.path.join(os.environ['CLAUDE_PLUGIN_DATA'], 'reviewed'), 'a').write(ev['tool_input']['command'] + '\\n')\n" +
		"if 'commit' in ev['tool_input']['command']:\n    print('hard-coded AWS key in app.py', file=sys.stderr)\n    sys.exit(2)\n"
	require.NoError(t, os.WriteFile(filepath.Join(root, "hooks", "review.py"), []byte(review), 0o755))
	hooks := `{
  "description": "Security guidance plugin",
  "hooks": {
    "PostToolUse": [
      {"hooks": [
        {"type": "command", "command": "python3 \"${CLAUDE_PLUGIN_ROOT}/hooks/review.py\"", "if": "Bash(git commit *)", "asyncRewake": true,
         "rewakeMessage": "Background security review of commit:", "rewakeSummary": "Commit security review found issues"},
        {"type": "command", "command": "python3 \"${CLAUDE_PLUGIN_ROOT}/hooks/review.py\"", "if": "Bash(git push *)", "asyncRewake": true,
         "rewakeMessage": "Background security review of push:", "rewakeSummary": "Push security review found issues"}
      ], "matcher": "Bash"}
    ],
    "Stop": [{"hooks": [{"type": "command", "command": "python3 \"${CLAUDE_PLUGIN_ROOT}/hooks/review.py\"", "asyncRewake": true}]}]
  }
}`
	require.NoError(t, os.WriteFile(filepath.Join(root, "hooks", "hooks.json"), []byte(hooks), 0o644))
	s, err := LoadPlugin(Plugin{Root: root, Data: data})
	require.NoError(t, err)
	bg := NewBackground(BackgroundOptions{})
	links, err := s.Links(Options{Background: bg})
	require.NoError(t, err)
	c := hookchain.New(links...)

	after := func(command string) hookchain.Event {
		e := bash(command)
		e.Hook, e.Output = hookchain.AfterTool, hookchain.Text("ok")
		return e
	}
	for _, cmd := range []string{"git status", "git commit -m wip", "git push origin main"} {
		assert.Equal(t, hookchain.Allow(), c.Run(session("s1"), after(cmd)), cmd)
	}
	wait(t, bg)
	b, err := os.ReadFile(filepath.Join(data, "reviewed"))
	require.NoError(t, err)
	reviewed := strings.Fields(strings.ReplaceAll(string(b), " ", "_"))
	sort.Strings(reviewed) // the two reviews ran at once
	assert.Equal(t, []string{"git_commit_-m_wip", "git_push_origin_main"}, reviewed, "the if rules choose the calls it runs for")
	out := c.Run(session("s1"), bash("ls"))
	require.Len(t, out.Notes, 1)
	// One command under one event is one hook, as in Claude Code: its first
	// occurrence's rewakeMessage is the one kept.
	assert.Equal(t, "background hook review.py (PostToolUse, Bash call toolu_1): Background security review of commit:\n\nhard-coded AWS key in app.py", out.Notes[0].Text)
	assert.True(t, strings.HasPrefix(out.Notes[0].Link, BackgroundLink))
}

func TestAnAsyncHookIsGivenTheInputAsTheLinksBeforeItLeftIt(t *testing.T) {
	dir := t.TempDir()
	ledger := filepath.Join(dir, "ledger")
	rewrite := asyncScript(t, dir, "dry.sh", "#!/bin/bash\ncmd=$(jq -r .tool_input.command)\njq -nc --arg c \"$cmd --dry-run\" '{hookSpecificOutput: {hookEventName: \"PreToolUse\", updatedInput: {command: $c}}}'\n", ``)
	record := asyncScript(t, dir, "record.sh", "#!/bin/bash\njq -r .tool_input.command >> "+ledger+"\n", `, "async": true`)
	bg := NewBackground(BackgroundOptions{})
	c := chainFor(t, `{"hooks": {"PreToolUse": [{"hooks": [`+rewrite+`, `+record+`]}]}}`, Options{Background: bg})
	out := c.Run(session("s1"), bash("make deploy"))
	assert.Equal(t, hookchain.Modified, out.Verdict)
	assert.JSONEq(t, `{"command": "make deploy --dry-run"}`, string(out.Input))
	wait(t, bg)
	b, err := os.ReadFile(ledger)
	require.NoError(t, err)
	assert.Equal(t, "make deploy --dry-run\n", string(b))
}
