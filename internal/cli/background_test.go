package cli

import (
	"bytes"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// asyncSettings is a project whose PostToolUse hooks run in the background:
// one appends the command to a ledger, one reviews it and exits 2.
func asyncSettings(t *testing.T) (dir, file string) {
	dir = t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "record.sh"),
		[]byte("#!/bin/bash\nsleep 0.3\njq -r .tool_input.command >> \"$CLAUDE_PROJECT_DIR/ledger\"\n"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "review.py"),
		[]byte("import json, sys\njson.load(sys.stdin)\nprint('secret in the commit', file=sys.stderr)\nsys.exit(2)\n"), 0o755))
	file = filepath.Join(dir, "settings.json")
	require.NoError(t, os.WriteFile(file, []byte(`{"hooks": {"PostToolUse": [{"matcher": "Bash", "hooks": [
  {"type": "command", "command": "\"$CLAUDE_PROJECT_DIR\"/record.sh", "async": true},
  {"type": "command", "command": "python3 \"$CLAUDE_PROJECT_DIR\"/review.py", "asyncRewake": true, "rewakeMessage": "Review:"}
]}]}}`), 0o644))
	return dir, file
}

func TestEvalWaitsForAsyncHooksAndPrintsTheirReportsOnStderr(t *testing.T) {
	dir, file := asyncSettings(t)
	in := hookInput(t, dir, "PostToolUse", "Bash", `{"command":"git commit -m x"}`, "tool_response", `"ok"`)
	code, stdout, stderr := hookchainCmd(t, in, "eval", "--settings", file)
	assert.Equal(t, exitOK, code, stderr)
	assert.Equal(t, `{"verdict":"allow"}`+"\n", stdout, "an async hook's exit 2 denies nothing")
	b, err := os.ReadFile(filepath.Join(dir, "ledger"))
	require.NoError(t, err, "eval exits once the background hooks have ended")
	assert.Equal(t, "git commit -m x\n", string(b))
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	assert.ElementsMatch(t, []string{
		"hookchain eval: background hook record.sh (PostToolUse, Bash call toolu_01) exited 0",
		`hookchain eval: background hook review.py (PostToolUse, Bash call toolu_01) exited 2; for the model: "Review:\n\nsecret in the commit"`,
	}, lines)
}

func TestCheckListsAsyncHooksAsRunningInTheBackground(t *testing.T) {
	_, file := asyncSettings(t)
	code, stdout, stderr := hookchainCmd(t, "", "check", "--settings", file)
	assert.Equal(t, exitOK, code, stderr)
	assert.Contains(t, stdout, "command,async ")
	assert.Contains(t, stdout, "command,asyncRewake ")
	assert.NotContains(t, stdout, "refused")

	code, stdout, stderr = hookchainCmd(t, "", "check", "--json", "--settings", file)
	assert.Equal(t, exitOK, code, stderr)
	assert.Contains(t, stdout, `"async": "async",`)
	assert.Contains(t, stdout, `"async": "asyncRewake",`)
}

func TestServeGivesAnAsyncRewakeReportToTheSessionsNextCall(t *testing.T) {
	noLeaks(t)
	project, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(project, "review.sh"),
		[]byte("#!/bin/bash\ncat >/dev/null\necho 'secret in the commit' >&2\nexit 2\n"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(project, "hookchain.json"), []byte(`{"hooks": {"PostToolUse": [{"matcher": "Bash", "hooks": [
  {"type": "command", "command": "\"$CLAUDE_PROJECT_DIR\"/review.sh", "asyncRewake": true, "rewakeMessage": "Review:"}
]}]}}`), 0o644))
	s := startServe(t, project)

	status, _, body := post(t, s.url+"/", claudeInput(project, "PostToolUse", "Bash", `{"command":"git commit -m x"}`,
		`"tool_response":{"stdout":"","stderr":"","interrupted":false,"isImage":false}`))
	require.Equal(t, http.StatusOK, status)
	assert.Equal(t, "", body, "the call goes on at once: the review runs in the background")

	other := strings.Replace(claudeInput(project, "PreToolUse", "Bash", `{"command":"ls"}`, ""), "9f1c2d3e-4a5b", "00000000-0000", 1)
	next := claudeInput(project, "PreToolUse", "Bash", `{"command":"ls"}`, "")
	want := `{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"background-hooks: background hook review.sh (PostToolUse, Bash call toolu_01ABCDEF): Review:\n\nsecret in the commit"}}`
	deadline := time.Now().Add(10 * time.Second)
	for {
		_, _, got := post(t, s.url+"/", other)
		assert.Equal(t, "", got, "another session is told nothing")
		_, _, got = post(t, s.url+"/", next)
		if got != "" || time.Now().After(deadline) {
			assert.Equal(t, want, strings.TrimSuffix(got, "\n"))
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	_, _, got := post(t, s.url+"/", next)
	assert.Equal(t, "", got, "a report is given once")
}

func TestEvalInterruptedWhileAsyncHooksRunStopsThemAndKeepsTheCallsExitStatus(t *testing.T) {
	bin := build(t)
	dir := t.TempDir()
	settingsFile, pidFile := filepath.Join(dir, "settings.json"), filepath.Join(dir, "hook.pid")
	hook := `cat >/dev/null; echo $$ > ` + pidFile + `.tmp && mv ` + pidFile + `.tmp ` + pidFile + ` && exec sleep 30`
	require.NoError(t, os.WriteFile(settingsFile, []byte(`{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [`+
		`{"type": "command", "command": `+strconv.Quote(hook)+`, "async": true}]}]}}`), 0o644))

	var stdout, stderr bytes.Buffer
	cmd := exec.Command(bin, "eval", "--settings", settingsFile, "--project", dir)
	cmd.Stdin = strings.NewReader(input(t, "PreToolUse", "Bash", deploy))
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	pid := readPidFile(t, pidFile)

	require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
	sent := time.Now()
	r := wait(t, cmd, &stdout, &stderr)
	assert.Less(t, time.Since(sent), 15*time.Second, "far below the hook's sleep 30")
	assert.Equal(t, exitOK, r.code, "the call's outcome was printed: its exit status stands")
	assert.Equal(t, `{"verdict":"allow"}`+"\n", r.stdout)
	assert.Regexp(t, `^hookchain eval: interrupted by SIGTERM: stopping 1 background hooks\n`+
		`hookchain eval: background hook cat >/dev/null; echo .* \(PreToolUse, Bash call toolu_01\) failed: stopped: the background hooks were stopped \(Background.Close\)\n$`, r.stderr)
	assert.Eventually(t, func() bool { return gone(pid) }, 10*time.Second, 10*time.Millisecond, "the hook is still running")
}

func TestTestWaitsForAsyncHooksAndTheirReportsChangeNoCase(t *testing.T) {
	dir, file := asyncSettings(t)
	cases := filepath.Join(dir, "cases.json")
	require.NoError(t, os.WriteFile(cases, []byte(`[
  {"name": "commit", "event": {"hook": "after_tool", "tool": "Bash", "input": {"command": "git commit -m x"}, "output": "ok"}, "want": {"verdict": "allow"}},
  {"name": "push", "event": {"hook": "after_tool", "tool": "Bash", "input": {"command": "git push"}, "output": "ok"}, "want": {"verdict": "allow"}}
]`), 0o644))
	code, stdout, stderr := hookchainCmd(t, "", "test", "--settings", file, "--project", dir, cases)
	assert.Equal(t, exitOK, code, stdout+stderr)
	assert.Equal(t, "ok    commit\nok    push\nok: 2 cases passed\n", stdout)
	b, err := os.ReadFile(filepath.Join(dir, "ledger"))
	require.NoError(t, err, "test exits once the background hooks have ended")
	lines := strings.Fields(strings.ReplaceAll(string(b), " ", "_"))
	assert.ElementsMatch(t, []string{"git_commit_-m_x", "git_push"}, lines)
	assert.Equal(t, 4, strings.Count(stderr, "hookchain test: background hook "), stderr)
}
