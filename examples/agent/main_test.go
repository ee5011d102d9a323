package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
)

var update = flag.Bool("update", false, "rewrite testdata/session.golden from this run")

// needShell skips tests that run the shell tool where there is no sh.
func needShell(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("the shell tool needs sh")
	}
}

// playScript plays the whole script in a fresh workspace.
func playScript(t *testing.T) *session {
	t.Helper()
	needShell(t)
	s, err := play(context.Background(), t.TempDir())
	require.NoError(t, err)
	require.Len(t, s.turns, len(script))
	return s
}

// turnFor finds the turn of the call the model made with input.
func turnFor(t *testing.T, s *session, input string) turn {
	t.Helper()
	for _, tn := range s.turns {
		if tn.call.input == input {
			return tn
		}
	}
	require.FailNow(t, "no such call in the script", input)
	return turn{}
}

func TestTheSessionPrintsTheGoldenTranscript(t *testing.T) {
	needShell(t)
	var out bytes.Buffer
	require.NoError(t, run(context.Background(), &out, t.TempDir()))

	golden := filepath.Join("testdata", "session.golden")
	if *update {
		require.NoError(t, os.WriteFile(golden, out.Bytes(), 0o644))
	}
	want, err := os.ReadFile(golden)
	require.NoError(t, err, "run `go test ./examples/agent -update` to create it")
	assert.Equal(t, string(want), out.String())
}

func TestTheSessionDeniesEveryDangerousCall(t *testing.T) {
	s := playScript(t)
	tests := []struct {
		input  string
		link   string
		reason string
	}{
		{`{"command":"rm -rf ."}`, "no-rm-rf",
			"recursive forced delete (rm -rf); remove files by name instead"},
		{`{"command":"rm -r -f /nonexistent-hookchain-demo"}`, "no-rm-rf",
			"recursive forced delete (rm -rf); remove files by name instead"},
		{`{"path":"../escape.txt","content":"out"}`, "workspace-only",
			"../escape.txt is outside the workspace"},
		{`{"path":"/etc/hookchain-demo","content":"out"}`, "workspace-only",
			"/etc/hookchain-demo is outside the workspace"},
	}
	for _, tt := range tests {
		t.Run(tt.input, func(t *testing.T) {
			tn := turnFor(t, s, tt.input)
			want := "denied by " + tt.link + ": " + tt.reason
			assert.Equal(t, hookchain.Denied, tn.before.Verdict)
			assert.Equal(t, want, tn.before.Reason)
			assert.Equal(t, []hookchain.Step{{Name: tt.link, Verdict: hookchain.Denied, Reason: tt.reason}}, tn.before.Trail)
			assert.False(t, tn.ran, "the tool must not run")
			assert.Equal(t, hookchain.Result{Output: hookchain.Text(want), IsError: true}, tn.shown)
		})
	}
}

func TestDeniedCallsLeaveNoTrace(t *testing.T) {
	needShell(t)
	dir := t.TempDir()
	s, err := play(context.Background(), dir)
	require.NoError(t, err)

	assert.Equal(t, []string{".env", "notes.md"}, s.left, "rm -rf . must not have run")
	assert.NoFileExists(t, filepath.Join(filepath.Dir(dir), "escape.txt"))
	assert.NoFileExists(t, "/etc/hookchain-demo")
	notes, err := os.ReadFile(filepath.Join(dir, "notes.md"))
	require.NoError(t, err)
	assert.Equal(t, "# Notes\n\n- TODO: put hookchain around the tools\n", string(notes))
}

func TestTheSessionAddsATimeoutOnlyWhereNoneWasGiven(t *testing.T) {
	s := playScript(t)
	tests := []struct {
		input   string
		verdict hookchain.Verdict
		ranWith string
	}{
		{`{"command":"ls -A"}`, hookchain.Modified, `{"command":"ls -A","timeout":10}`},
		{`{"command":"cat .env"}`, hookchain.Modified, `{"command":"cat .env","timeout":10}`},
		{`{"command":"ls -A","timeout":5}`, hookchain.Allowed, `{"command":"ls -A","timeout":5}`},
		{`{"command":"! grep -n TODO notes.md","timeout":5}`, hookchain.Allowed, `{"command":"! grep -n TODO notes.md","timeout":5}`},
	}
	for _, tt := range tests {
		t.Run(tt.input, func(t *testing.T) {
			tn := turnFor(t, s, tt.input)
			assert.Equal(t, tt.verdict, tn.before.Verdict)
			if tt.verdict == hookchain.Modified {
				assert.Equal(t, "shell-timeout: added a 10s timeout", tn.before.Reason)
			}
			require.True(t, tn.ran)
			assert.JSONEq(t, tt.ranWith, string(tn.ranWith))
		})
	}
}

func TestTheSessionRedactsSecretsBeforeTheModelSeesThem(t *testing.T) {
	s := playScript(t)
	const (
		file     = "AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\nAWS_REGION=eu-west-1\n"
		redacted = "AWS_ACCESS_KEY_ID=[REDACTED]\nAWS_REGION=eu-west-1\n"
	)
	for _, input := range []string{`{"path":".env"}`, `{"command":"cat .env"}`} {
		t.Run(input, func(t *testing.T) {
			tn := turnFor(t, s, input)
			assert.Equal(t, hookchain.TextResult(file), tn.said, "the tool read the real file")
			assert.Equal(t, hookchain.Replaced, tn.after.Verdict)
			assert.Equal(t, "redact-secrets: 1 secret redacted", tn.after.Reason)
			assert.Equal(t, hookchain.TextResult(redacted), tn.shown)
		})
	}
}

func TestTheSessionShowsFailuresToTheModelAsErrors(t *testing.T) {
	s := playScript(t)
	tests := []struct {
		input   string
		shown   string
		toolErr string
	}{
		{`{"command":"! grep -n TODO notes.md","timeout":5}`,
			"3:- TODO: put hookchain around the tools\n[exit status 1]", ""},
		{`{"url":"https://example.com"}`, "no such tool: web_fetch", "no such tool: web_fetch"},
	}
	for _, tt := range tests {
		t.Run(tt.input, func(t *testing.T) {
			tn := turnFor(t, s, tt.input)
			assert.Equal(t, hookchain.Allowed, tn.before.Verdict)
			assert.True(t, tn.ran)
			assert.Equal(t, hookchain.Allowed, tn.after.Verdict)
			assert.Equal(t, hookchain.Result{Output: hookchain.Text(tt.shown), IsError: true}, tn.shown)
			assert.Equal(t, hookchain.Result{Output: hookchain.Text(tt.shown), IsError: true}, tn.said,
				"the after-chain sees a tool error as an error result")
			if tt.toolErr == "" {
				assert.NoError(t, tn.toolErr)
			} else {
				assert.EqualError(t, tn.toolErr, tt.toolErr)
			}
		})
	}
}

// chainFor builds the demo's chain for a workspace of the test's own.
func chainFor(t *testing.T, dir string) *hookchain.Chain {
	t.Helper()
	gs, err := guards(dir)
	require.NoError(t, err)
	return newChain(gs)
}

func before(tool, input string) hookchain.Event {
	return hookchain.Event{Hook: hookchain.BeforeTool, Tool: tool, Input: json.RawMessage(input)}
}

func TestTheRmGuardCatchesRecursiveForcedDeletes(t *testing.T) {
	chain := chainFor(t, t.TempDir())
	tests := []struct {
		command string
		denied  bool
	}{
		{"rm -rf build", true},
		{"rm -fr build", true},
		{"rm -Rf build", true},
		{"rm -rvf build", true},
		{"rm -r -f build", true},
		{"rm -f -v -r build", true},
		{"rm --recursive --force build", true},
		{"rm -r --force build", true},
		{"cd src && rm -rf ../build", true},
		{"/bin/rm -rf build", true},
		{"true;rm -rf build", true},
		{"rm -rf", true},
		{"rm -r build", false},
		{"rm -f notes.md", false},
		{"rm notes.md", false},
		{"echo rm -rf", true}, // a regexp cannot tell an argument from a command
		{"firm -rf", false},
		{"ls -rf", false},
		{"grep -rf patterns.txt .", false},
	}
	for _, tt := range tests {
		t.Run(tt.command, func(t *testing.T) {
			in, err := json.Marshal(map[string]any{"command": tt.command, "timeout": 5})
			require.NoError(t, err)
			out := chain.Run(context.Background(), before("shell", string(in)))
			assert.Equal(t, tt.denied, out.Verdict == hookchain.Denied, out.Reason)
		})
	}
}

func TestTheWorkspaceGuardSeesThroughSymlinks(t *testing.T) {
	parent, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	dir := filepath.Join(parent, "ws")
	outside := filepath.Join(parent, "ws-other")
	require.NoError(t, os.Mkdir(dir, 0o755))
	require.NoError(t, os.Mkdir(outside, 0o755))
	require.NoError(t, os.Mkdir(filepath.Join(dir, "src"), 0o755))
	require.NoError(t, os.Symlink(outside, filepath.Join(dir, "elsewhere")))
	require.NoError(t, os.Symlink(filepath.Join(outside, "f.txt"), filepath.Join(dir, "link.txt")))
	require.NoError(t, os.Symlink("src", filepath.Join(dir, "source")))
	require.NoError(t, os.Symlink("loop", filepath.Join(dir, "loop")))
	chain := chainFor(t, dir)

	const outsideReason = "denied by workspace-only: %s is outside the workspace"
	tests := []struct {
		path   string
		reason string // "" when the path is allowed
	}{
		{"notes.md", ""},
		{"src/new/deep/file.go", ""},
		{"src/../notes.md", ""},
		{"source/main.go", ""}, // a link that stays inside
		{"source/../notes.md", ""},
		{filepath.Join(dir, "notes.md"), ""},
		{"elsewhere/file.txt", outsideReason},      // a linked directory that leads out
		{"link.txt", outsideReason},                // a link to a file not there yet, outside
		{"elsewhere/../escape.txt", outsideReason}, // .. after a link is the target's parent
		{"../ws-other/file.txt", outsideReason},
		{filepath.Join(outside, "file.txt"), outsideReason}, // has the workspace's path as a prefix
		{"src/../../escape.txt", outsideReason},
		{"/etc/passwd", outsideReason},
		{"", "denied by workspace-only: the path must be a non-empty string"},
		// The guard cannot tell where a loop leads, so it fails, and closed.
		{"loop/file.txt", "workspace-only failed and denies on failure: " +
			filepath.Join(dir, "loop") + ": too many levels of symbolic links"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			in, err := json.Marshal(map[string]any{"path": tt.path, "content": "x"})
			require.NoError(t, err)
			want := hookchain.Allowed
			if tt.reason != "" {
				want = hookchain.Denied
			}
			reason := strings.ReplaceAll(tt.reason, "%s", tt.path)
			for _, tool := range []string{"write_file", "read_file"} {
				out := chain.Run(context.Background(), before(tool, string(in)))
				assert.Equal(t, want, out.Verdict, tool)
				assert.Equal(t, reason, out.Reason, tool)
			}
		})
	}
}

func TestTheRedactorKeepsAnErrorResultAnError(t *testing.T) {
	chain := chainFor(t, t.TempDir())
	after := func(output json.RawMessage, isError bool) hookchain.Outcome {
		return chain.Run(context.Background(), hookchain.Event{
			Hook: hookchain.AfterTool, Tool: "shell", Input: json.RawMessage(`{}`),
			Output: output, IsError: isError,
		})
	}
	const token = "ghp_" + "abcdefghijklmnopqrstuvwxyz0123456789"

	out := after(hookchain.Text("AKIAIOSFODNN7EXAMPLE and "+token+"\n[exit status 1]"), true)
	assert.Equal(t, hookchain.Replaced, out.Verdict)
	assert.Equal(t, "redact-secrets: 2 secrets redacted", out.Reason)
	assert.Equal(t, hookchain.Text("[REDACTED] and [REDACTED]\n[exit status 1]"), out.Output)
	assert.True(t, out.IsError)

	assert.Equal(t, hookchain.Allowed, after(hookchain.Text("nothing to hide"), true).Verdict)
	assert.Equal(t, hookchain.Allowed, after(json.RawMessage(`{"key":"AKIAIOSFODNN7EXAMPLE"}`), false).Verdict,
		"only text results are read")
}

func TestTheShellToolRefusesToRunWithoutATimeout(t *testing.T) {
	needShell(t)
	ws, err := openWorkspace(t.TempDir())
	require.NoError(t, err)
	defer ws.Close()

	for _, input := range []string{
		`{"command":"echo ran"}`,
		`{"command":"echo ran","timeout":null}`,
		`{"command":"echo ran","timeout":0}`,
		`{"command":"echo ran","timeout":-1}`,
	} {
		t.Run(input, func(t *testing.T) {
			_, err := ws.Execute(context.Background(), hookchain.Call{Tool: "shell", Input: json.RawMessage(input)})
			assert.EqualError(t, err, "shell: refusing to run without a positive timeout")
		})
	}
}

func TestTheShellToolKillsItsWholeProcessGroupOnTimeout(t *testing.T) {
	needShell(t)
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("needs /proc to see the background process")
	}
	ws, err := openWorkspace(t.TempDir())
	require.NoError(t, err)
	defer ws.Close()

	// The background sleep outlives sh unless the whole group is killed.
	res, err := ws.Execute(context.Background(), hookchain.Call{
		Tool:  "shell",
		Input: json.RawMessage(`{"command":"sleep 30 & echo $!; wait","timeout":0.2}`),
	})
	require.NoError(t, err)
	require.True(t, res.IsError)
	text, ok := strings.CutSuffix(mustText(t, res.Output), "\n[killed: timed out after 200ms]")
	require.True(t, ok, "unexpected output %s", res.Output)
	pid, err := strconv.Atoi(strings.TrimSpace(text))
	require.NoError(t, err)

	assert.Eventually(t, func() bool { return !alive(pid) }, 2*time.Second, 10*time.Millisecond,
		"the background sleep (pid %d) is still running", pid)
}

func mustText(t *testing.T, raw json.RawMessage) string {
	t.Helper()
	var s string
	require.NoError(t, json.Unmarshal(raw, &s))
	return s
}

// alive reports whether pid is a process that has not exited; a zombie
// waiting for a parent to reap it has.
func alive(pid int) bool {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	// The state follows the command name, which is in parentheses.
	i := bytes.LastIndexByte(stat, ')')
	return i < 0 || i+2 >= len(stat) || (stat[i+2] != 'Z' && stat[i+2] != 'X')
}
