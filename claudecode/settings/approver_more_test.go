package settings

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLinksNeverDropPermissionRequestHooksSilently(t *testing.T) {
	s, dir := permProject(t, denyThenAllow)
	_, err := s.Links(Options{ProjectDir: dir})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "PermissionRequest[0].hooks[0]: PermissionRequest hooks answer the chain's asks, as the chain's approver (Settings.Approver), which these links are not said to be given; build the chain with Settings.Chain")

	links, err := s.Links(Options{ProjectDir: dir, SkipUnsupported: true})
	require.NoError(t, err)
	assert.Len(t, links, 1)
	hooks := s.Hooks(Options{ProjectDir: dir, SkipUnsupported: true})
	assert.Equal(t, Skipped, hooks[1].Status)
	assert.Equal(t, "PermissionRequest hooks answer the chain's asks, as the chain's approver (Settings.Approver), which these links are not said to be given", hooks[1].Reason)

	links, err = s.Links(Options{ProjectDir: dir, UsesApprover: true})
	require.NoError(t, err)
	assert.Len(t, links, 1, "the PermissionRequest hooks are no links")
	hooks = s.Hooks(Options{ProjectDir: dir, UsesApprover: true})
	require.Len(t, hooks, 3)
	for _, h := range hooks[1:] {
		assert.Equal(t, Linked, h.Status)
		assert.Equal(t, askerReason, h.Reason)
		assert.Equal(t, MatchNames, h.MatcherKind)
	}
	assert.Equal(t, []string{"ask.sh", "deny-rm.sh", "allow.py"}, []string{hooks[0].Name, hooks[1].Name, hooks[2].Name})
}

func TestAPermissionRequestHookThatCannotRunIsAnErrorOfTheSettings(t *testing.T) {
	for name, perm := range map[string]string{
		`PermissionRequest[0].hooks[0]: matcher: want a string, got 5`:                                             `[{"matcher": 5, "hooks": [{"type": "command", "command": "x"}]}]`,
		`PermissionRequest[0].hooks[0]: persistent: a PermissionRequest hook cannot be persistent; remove the key`: `[{"hooks": [{"type": "command", "command": "x", "persistent": true}]}]`,
		`PermissionRequest[0].hooks[0]: unknown handler type "webhook"`:                                            `[{"hooks": [{"type": "webhook", "url": "http://127.0.0.1:9/"}]}]`,
		`PermissionRequest[0].hooks[0]: a prompt hook cannot answer a PermissionRequest in hookchain, which reads that answer from command and http hooks only: write it as one of those; remove the hook, or skip`: `[{"hooks": [{"type": "prompt", "prompt": "ok?"}]}]`,
		`PermissionRequest[0].hooks[0]: an async PermissionRequest hook would answer after the ask was decided: remove "async"; remove the hook, or skip`:                                                           `[{"hooks": [{"type": "command", "command": "x", "async": true}]}]`,
	} {
		s, dir := permProject(t, perm)
		_, err := s.Approver(Options{ProjectDir: dir})
		require.Error(t, err, name)
		assert.Contains(t, err.Error(), name)
		_, err = s.Chain(Options{ProjectDir: dir})
		assert.Error(t, err, name)
	}
}

func TestASessionAllowRuleLatchesTheSession(t *testing.T) {
	s, dir := permProject(t, `[{"matcher": "Bash", "hooks": [{"type": "command", "command": "python3 \"$CLAUDE_PROJECT_DIR\"/allow.py"}]}]`)
	c, err := s.Chain(Options{ProjectDir: dir})
	require.NoError(t, err)
	ctx := hookchain.WithSession(context.Background(), hookchain.NewSession())
	first := c.Run(ctx, bashCall("session"))
	assert.Equal(t, hookchain.Allowed, first.Verdict)
	assert.Equal(t, hookchain.Step{Name: ApproverName, Approver: true, Verdict: hookchain.Allowed, By: "allow.py",
		Reason: "allowed for the session (a session allow rule in updatedPermissions)"}, first.Trail[1])
	second := c.Run(ctx, bashCall("again"))
	assert.Equal(t, hookchain.Allowed, second.Verdict)
	assert.Equal(t, hookchain.Step{Name: ApproverName, Approver: true, Verdict: hookchain.Allowed, By: "allow.py", Reason: "approved for the session"}, second.Trail[1])
	assert.Equal(t, []string{"session"}, asked(t, dir), "the second ask is not put to the hooks")

	other := c.Run(hookchain.WithSession(context.Background(), hookchain.NewSession()), bashCall("again"))
	assert.Equal(t, hookchain.Allowed, other.Verdict)
	assert.Equal(t, []string{"session", "again"}, asked(t, dir), "another session is asked again")
}

// nodeHook starts a node http server on loopback that allows "ls" and says
// nothing about anything else, and returns its URL.
func nodeHook(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	cmd := exec.Command("node", "-e", `
const http = require("http");
const srv = http.createServer((req, res) => {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => {
    const q = JSON.parse(body);
    res.setHeader("Content-Type", "application/json");
    if (q.hook_event_name === "PermissionRequest" && q.tool_input.command === "ls" && req.headers["x-token"] === "sesame") {
      res.end(JSON.stringify({hookSpecificOutput: {hookEventName: "PermissionRequest", decision: {behavior: "allow"}}}));
    } else {
      res.end();
    }
  });
});
srv.listen(0, "127.0.0.1", () => console.log(srv.address().port));
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
`)
	stdin, err := cmd.StdinPipe()
	require.NoError(t, err)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { _ = stdin.Close(); _ = cmd.Wait() })
	port, err := bufio.NewReader(stdout).ReadString('\n')
	require.NoError(t, err)
	return "http://127.0.0.1:" + strings.TrimSpace(port) + "/permission"
}

func TestANodeHTTPHookOnLoopbackAnswersTheAsk(t *testing.T) {
	url := nodeHook(t)
	s, dir := permProject(t, `[{"matcher": "Bash", "hooks": [{"type": "http", "url": "`+url+`", "headers": {"X-Token": "$TOKEN"}, "allowedEnvVars": ["TOKEN"], "timeout": 5}]}]`)
	opts := Options{ProjectDir: dir, LookupEnv: func(name string) (string, bool) { return "sesame", name == "TOKEN" }}
	c, err := s.Chain(opts)
	require.NoError(t, err)
	out := c.Run(context.Background(), bashCall("ls"))
	assert.Equal(t, hookchain.Allowed, out.Verdict)
	assert.Equal(t, url, out.Trail[1].By)

	out = c.Run(context.Background(), bashCall("rm x"))
	assert.Equal(t, hookchain.Denied, out.Verdict, "the hook says nothing and there is no fallback")
	assert.Equal(t, "refused by PermissionRequest: approval needed but not obtained: no PermissionRequest hook decided, and no approver is configured (asked by ask.sh: sure?)", out.Reason)
}

func TestAHookThatHangsIsSkippedAtItsTimeout(t *testing.T) {
	if testing.Short() {
		t.Skip("waits a second for the hook's timeout")
	}
	s, dir := permProject(t, `[{"hooks": [{"type": "command", "command": "\"$CLAUDE_PROJECT_DIR\"/hang.sh", "timeout": 1}]}]`)
	fb := &fallback{decision: hookchain.Refuse}
	c, err := s.Chain(Options{ProjectDir: dir, Approver: fb.approver()})
	require.NoError(t, err)
	start := time.Now()
	out := c.Run(context.Background(), bashCall("ls"))
	assert.Less(t, time.Since(start), 15*time.Second, "far below hang.sh's sleep 30")
	assert.Equal(t, hookchain.Denied, out.Verdict)
	assert.Equal(t, "ann", out.Trail[1].By)
	assert.Contains(t, out.Trail[1].Reason, "ann says so (skipped: hang.sh failed: ")
	assert.Contains(t, out.Trail[1].Reason, "timed out")
	assert.Equal(t, 1, fb.asked)
}

func TestACallerThatGoesAwayIsNotAnApproval(t *testing.T) {
	if testing.Short() {
		t.Skip("seconds of real hooks under load: go test without -short runs it")
	}
	s, dir := permProject(t, `[{"hooks": [{"type": "command", "command": "\"$CLAUDE_PROJECT_DIR\"/hang.sh"}]}]`)
	fb := &fallback{decision: hookchain.Approve}
	c, err := s.Chain(Options{ProjectDir: dir, Approver: fb.approver()})
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	out := c.Run(ctx, bashCall("ls"))
	assert.Equal(t, hookchain.Denied, out.Verdict)
	assert.Equal(t, hookchain.CauseCaller, out.Cause)
	assert.Equal(t, 0, fb.asked, "the fallback is not asked once the caller is gone")
}

func TestTwoHundredAsksAtOnceAreEachAnsweredForThemselves(t *testing.T) {
	var calls atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		b, _ := io.ReadAll(r.Body)
		behavior := "allow"
		if strings.Contains(string(b), `"command":"rm`) {
			behavior = "deny"
		}
		fmt.Fprintf(w, `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":%q,"message":"by the book"}}}`, behavior)
	}))
	defer srv.Close()
	s, dir := permProject(t, `[{"matcher": "Bash", "hooks": [{"type": "http", "url": "`+srv.URL+`", "timeout": 10}]}]`)
	a, err := s.Approver(Options{ProjectDir: dir})
	require.NoError(t, err)
	var wg sync.WaitGroup
	got := make([]hookchain.Approval, 200)
	errs := make([]error, 200)
	for i := range 200 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := fmt.Sprintf("ls %d", i)
			if i%2 == 1 {
				cmd = fmt.Sprintf("rm %d", i)
			}
			got[i], errs[i] = a.Answer(context.Background(), hookchain.Question{Tool: "Bash", Input: bashCall(cmd).Input})
		}()
	}
	wg.Wait()
	for i := range 200 {
		require.NoError(t, errs[i])
		want := hookchain.Approval{Decision: hookchain.Approve, By: srv.URL}
		if i%2 == 1 {
			want = hookchain.Approval{Decision: hookchain.Refuse, By: srv.URL, Reason: "by the book"}
		}
		assert.Equal(t, want, got[i], i)
	}
	assert.EqualValues(t, 200, calls.Load())
}

func TestAnAmbiguousAnswerRefusesRatherThanLetALaterHookAllow(t *testing.T) {
	s, dir := permProject(t, `[{"hooks": [
	  {"type": "command", "command": "echo '{\"hookSpecificOutput\":{\"hookEventName\":\"PermissionRequest\",\"decision\":{\"behavior\":\"deny\",\"Behavior\":\"allow\"}}}'"},
	  {"type": "command", "command": "python3 \"$CLAUDE_PROJECT_DIR\"/allow.py"}]}]`)
	c, err := s.Chain(Options{ProjectDir: dir})
	require.NoError(t, err)
	out := c.Run(context.Background(), bashCall("ls"))
	assert.Equal(t, hookchain.Denied, out.Verdict)
	name := s.Hooks(Options{ProjectDir: dir, UsesApprover: true})[1].Name
	assert.Equal(t, `echo '{"hookSpecificOutput":{"hookEvent…`, name)
	assert.Equal(t, hookchain.Step{Name: ApproverName, Approver: true, Verdict: hookchain.Denied, By: name,
		Reason: `denied rather than guessed: hook "echo '{\"hookSpecificOutput\":{\"hookEventName\":\"PermissionRequest\",\"decision\":{\"behavior\":\"deny\",\"Behavior\":\"allow\"}}}'": gave no valid answer: ambiguous answer: hookSpecificOutput.decision.Behavior and hookSpecificOutput.decision.behavior differ only in case, so its decision cannot be known`},
		out.Trail[1])
	assert.Nil(t, asked(t, dir), "the hook after it is not run")
}

func TestAPluginsPermissionRequestHookRunsWithItsRootAndData(t *testing.T) {
	root, data := t.TempDir(), t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(root, "hooks"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(root, "hooks", "allow.sh"), []byte(`#!/bin/bash
[ -d "$CLAUDE_PLUGIN_DATA" ] || exit 1
jq -n --arg r "$CLAUDE_PLUGIN_ROOT" '{hookSpecificOutput:{hookEventName:"PermissionRequest",decision:{behavior:"deny",message:("plugin at " + $r)}}}'
`), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(root, "hooks", "hooks.json"), []byte(`{"description": "p", "hooks": {
	  "PermissionRequest": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "bash ${CLAUDE_PLUGIN_ROOT}/hooks/allow.sh"}]}]}}`), 0o644))
	plugin, err := LoadPlugin(Plugin{Root: root, Data: data})
	require.NoError(t, err)
	s, dir := permProject(t, `[]`)
	merged := Merge(s, plugin)
	c, err := merged.Chain(Options{ProjectDir: dir})
	require.NoError(t, err)
	out := c.Run(context.Background(), bashCall("ls"))
	assert.Equal(t, hookchain.Step{Name: ApproverName, Approver: true, Verdict: hookchain.Denied, By: "allow.sh", Reason: "plugin at " + root}, out.Trail[1])
	assert.Equal(t, root, merged.Hooks(Options{ProjectDir: dir, UsesApprover: true})[1].Plugin)
}
