package settings

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The hook programs of these tests, real ones as Claude Code runs them.
const (
	// askAll is a PreToolUse hook that asks about every Bash call.
	askAll = `#!/bin/bash
jq -n '{hookSpecificOutput:{hookEventName:"PreToolUse",permissionDecision:"ask",permissionDecisionReason:"sure?"}}'
`
	// denyRm denies rm, with interrupt when the command says "stop", and
	// says nothing about anything else.
	denyRm = `#!/bin/bash
in=$(cat)
cmd=$(jq -r .tool_input.command <<<"$in")
[ "$(jq -r .hook_event_name <<<"$in")" = PermissionRequest ] || exit 1
case "$cmd" in
  rm*stop*) jq -n '{hookSpecificOutput:{hookEventName:"PermissionRequest",decision:{behavior:"deny",message:"no rm",interrupt:true}}}';;
  rm*) jq -n '{hookSpecificOutput:{hookEventName:"PermissionRequest",decision:{behavior:"deny",message:"no rm"}}}';;
esac
`
	// allowPy allows everything, and records each question it is asked.
	allowPy = `import json, os, sys
q = json.load(sys.stdin)
with open(os.path.join(os.environ["CLAUDE_PROJECT_DIR"], "asked.log"), "a") as f:
    f.write(q["tool_input"]["command"] + "\n")
d = {"behavior": "allow"}
cmd = q["tool_input"]["command"]
if cmd.startswith("session"):
    d["updatedPermissions"] = [{"type": "addRules", "rules": [{"toolName": "Bash"}], "behavior": "allow", "destination": "session"}]
if cmd.startswith("local"):
    d["updatedPermissions"] = [{"type": "addRules", "rules": [{"toolName": "Bash"}], "behavior": "allow", "destination": "localSettings"}]
if cmd.startswith("rewrite"):
    d["updatedInput"] = {"command": "echo rewritten"}
if cmd.startswith("same"):
    d["updatedInput"] = dict(q["tool_input"])
print(json.dumps({"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": d}}))
`
)

// permProject is a project with the hook programs and settings whose
// PermissionRequest section is perm.
func permProject(t *testing.T, perm string) (*Settings, string) {
	t.Helper()
	dir := t.TempDir()
	for name, text := range map[string]string{"ask.sh": askAll, "deny-rm.sh": denyRm, "allow.py": allowPy,
		"crash.sh": "#!/bin/sh\necho broken >&2\nexit 3\n", "hang.sh": "#!/bin/sh\nsleep 30\n",
		"garbage.sh": "#!/bin/sh\necho '{\"hookSpecificOutput\":{\"hookEventName\":\"PermissionRequest\",\"decision\":{\"behavior\":\"maybe\"}}}'\n"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o755))
	}
	settings := `{"hooks": {
	  "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "bash \"$CLAUDE_PROJECT_DIR\"/ask.sh"}]}],
	  "PermissionRequest": ` + perm + `}}`
	s, err := Parse(filepath.Join(dir, "settings.json"), []byte(settings))
	require.NoError(t, err)
	return s, dir
}

func bashCall(cmd string) hookchain.Event {
	in, _ := json.Marshal(map[string]string{"command": cmd})
	return hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", CallID: "toolu_1", Input: in}
}

// fallback approves, or refuses, and counts its questions.
type fallback struct {
	mu       sync.Mutex
	asked    int
	decision hookchain.Decision
}

func (f *fallback) approver() *hookchain.Approver {
	return &hookchain.Approver{Name: "person", Timeout: 5 * time.Second,
		Answer: func(context.Context, hookchain.Question) (hookchain.Approval, error) {
			f.mu.Lock()
			f.asked++
			f.mu.Unlock()
			return hookchain.Approval{Decision: f.decision, By: "ann", Reason: "ann says so"}, nil
		}}
}

func asked(t *testing.T, dir string) []string {
	b, err := os.ReadFile(filepath.Join(dir, "asked.log"))
	if os.IsNotExist(err) {
		return nil
	}
	require.NoError(t, err)
	return strings.Fields(string(b))
}

const (
	denyThenAllow = `[
	  {"matcher": "Bash", "hooks": [{"type": "command", "command": "\"$CLAUDE_PROJECT_DIR\"/deny-rm.sh"}]},
	  {"matcher": "Bash", "hooks": [{"type": "command", "command": "python3 \"$CLAUDE_PROJECT_DIR\"/allow.py"}]}]`
)

// crashErr is how crash.sh's failure reads.
const crashErr = `hook "\"$CLAUDE_PROJECT_DIR\"/crash.sh": exited with status 3; stderr: "broken"`

func TestPermissionRequestHooksAnswerTheChainsAsks(t *testing.T) {
	if testing.Short() {
		t.Skip("seconds of real hooks under load: go test without -short runs it")
	}
	refusedBy := func(by, reason string) hookchain.Outcome {
		return hookchain.Outcome{Verdict: hookchain.Denied, Reason: "refused by " + by + ": " + reason + " (asked by ask.sh: sure?)",
			DecidedBy: ApproverName, Cause: hookchain.CauseApprover}
	}
	tests := []struct {
		name      string
		perm      string
		cmd       string
		fallback  hookchain.Decision
		noFallbck bool
		want      hookchain.Outcome
		step      hookchain.Step
		asked     []string // what allow.py was asked
		fbAsked   int
	}{
		{name: "a bash hook that denies rm refuses the ask, and the hook after it is not run", perm: denyThenAllow, cmd: "rm -rf x",
			want: refusedBy("deny-rm.sh", "no rm"), step: hookchain.Step{Verdict: hookchain.Denied, By: "deny-rm.sh", Reason: "no rm"}},
		{name: "interrupt is a stop request", perm: denyThenAllow, cmd: "rm stop",
			want: refusedBy("deny-rm.sh", "stop requested (interrupt): no rm"), step: hookchain.Step{Verdict: hookchain.Denied, By: "deny-rm.sh", Reason: "stop requested (interrupt): no rm"}},
		{name: "a hook that says nothing leaves it to the next, a python hook that allows", perm: denyThenAllow, cmd: "ls",
			want: hookchain.Outcome{Verdict: hookchain.Allowed, DecidedBy: ApproverName, Cause: hookchain.CauseApprover},
			step: hookchain.Step{Verdict: hookchain.Allowed, By: "allow.py"}, asked: []string{"ls"}},
		{name: "allow with the same updatedInput is an allow", perm: denyThenAllow, cmd: "same",
			want: hookchain.Outcome{Verdict: hookchain.Allowed, DecidedBy: ApproverName, Cause: hookchain.CauseApprover},
			step: hookchain.Step{Verdict: hookchain.Allowed, By: "allow.py"}, asked: []string{"same"}},
		{name: "allow with another updatedInput is refused, since no link judged it", perm: denyThenAllow, cmd: "rewrite",
			want:  refusedBy("allow.py", "the PermissionRequest hook allowed the call with an updatedInput of its own, which the chain's links have not judged, and hookchain never runs an input they have not seen: rewrite the input in a PreToolUse hook instead"),
			step:  hookchain.Step{Verdict: hookchain.Denied, By: "allow.py", Reason: "the PermissionRequest hook allowed the call with an updatedInput of its own, which the chain's links have not judged, and hookchain never runs an input they have not seen: rewrite the input in a PreToolUse hook instead"},
			asked: []string{"rewrite"}},
		{name: "rules for a settings file are not written, and the reason says so", perm: denyThenAllow, cmd: "local",
			want:  hookchain.Outcome{Verdict: hookchain.Allowed, DecidedBy: ApproverName, Cause: hookchain.CauseApprover},
			step:  hookchain.Step{Verdict: hookchain.Allowed, By: "allow.py", Reason: "allowed this once: its updatedPermissions were not written, since hookchain writes no settings file and latches only session allow rules"},
			asked: []string{"local"}},
		{name: "no hook decides: the fallback approver does", perm: `[{"matcher": "Bash", "hooks": [{"type": "command", "command": "\"$CLAUDE_PROJECT_DIR\"/deny-rm.sh"}]}]`,
			cmd: "ls", fallback: hookchain.Approve, fbAsked: 1,
			want: hookchain.Outcome{Verdict: hookchain.Allowed, DecidedBy: ApproverName, Cause: hookchain.CauseApprover},
			step: hookchain.Step{Verdict: hookchain.Allowed, By: "ann", Reason: "ann says so"}},
		{name: "no hook decides and there is no fallback: refused", perm: `[{"matcher": "Bash", "hooks": [{"type": "command", "command": "\"$CLAUDE_PROJECT_DIR\"/deny-rm.sh"}]}]`,
			cmd: "ls", noFallbck: true,
			want: refusedBy(ApproverName, "approval needed but not obtained: no PermissionRequest hook decided, and no approver is configured"),
			step: hookchain.Step{Verdict: hookchain.Denied, By: ApproverName, Reason: "approval needed but not obtained: no PermissionRequest hook decided, and no approver is configured"}},
		{name: "a matcher that names another tool does not run", perm: `[{"matcher": "Edit|Write", "hooks": [{"type": "command", "command": "python3 \"$CLAUDE_PROJECT_DIR\"/allow.py"}]}]`,
			cmd: "ls", fallback: hookchain.Refuse, fbAsked: 1,
			want: refusedBy("ann", "ann says so"), step: hookchain.Step{Verdict: hookchain.Denied, By: "ann", Reason: "ann says so"}},
		{name: "an if rule that does not match does not run", perm: `[{"matcher": "Bash", "hooks": [{"type": "command", "command": "python3 \"$CLAUDE_PROJECT_DIR\"/allow.py", "if": "Bash(git *)"}]}]`,
			cmd: "ls", fallback: hookchain.Refuse, fbAsked: 1,
			want: refusedBy("ann", "ann says so"), step: hookchain.Step{Verdict: hookchain.Denied, By: "ann", Reason: "ann says so"}},
		{name: "a hook that crashes is skipped, and named", perm: `[{"hooks": [{"type": "command", "command": "\"$CLAUDE_PROJECT_DIR\"/crash.sh"}, {"type": "command", "command": "python3 \"$CLAUDE_PROJECT_DIR\"/allow.py"}]}]`,
			cmd: "ls", asked: []string{"ls"},
			want: hookchain.Outcome{Verdict: hookchain.Allowed, DecidedBy: ApproverName, Cause: hookchain.CauseApprover},
			step: hookchain.Step{Verdict: hookchain.Allowed, By: "allow.py", Reason: `skipped: crash.sh failed: ` + crashErr}},
		{name: "a hook that crashes with onFailure block refuses, by name", perm: `[{"hooks": [{"type": "command", "command": "\"$CLAUDE_PROJECT_DIR\"/crash.sh", "onFailure": "block"}, {"type": "command", "command": "python3 \"$CLAUDE_PROJECT_DIR\"/allow.py"}]}]`,
			cmd:  "ls",
			want: refusedBy("crash.sh", `the PermissionRequest hook failed, and it blocks on failure: `+crashErr),
			step: hookchain.Step{Verdict: hookchain.Denied, By: "crash.sh", Reason: `the PermissionRequest hook failed, and it blocks on failure: ` + crashErr}},
		{name: "an unknown behavior is a failure, skipped to the fallback", perm: `[{"hooks": [{"type": "command", "command": "\"$CLAUDE_PROJECT_DIR\"/garbage.sh"}]}]`,
			cmd: "ls", fallback: hookchain.Approve, fbAsked: 1,
			want: hookchain.Outcome{Verdict: hookchain.Allowed, DecidedBy: ApproverName, Cause: hookchain.CauseApprover},
			step: hookchain.Step{Verdict: hookchain.Allowed, By: "ann", Reason: `ann says so (skipped: garbage.sh failed: hook "\"$CLAUDE_PROJECT_DIR\"/garbage.sh": gave no valid answer: hookSpecificOutput.decision.behavior is "maybe", want "allow" or "deny")`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, dir := permProject(t, tt.perm)
			fb := &fallback{decision: tt.fallback}
			opts := Options{ProjectDir: dir}
			if !tt.noFallbck {
				opts.Approver = fb.approver()
			}
			c, err := s.Chain(opts)
			require.NoError(t, err)
			out := c.Run(context.Background(), bashCall(tt.cmd))
			require.Len(t, out.Trail, 2, "%+v", out)
			assert.Equal(t, hookchain.Step{Name: "ask.sh", Verdict: hookchain.Asked, Reason: "sure?"}, out.Trail[0])
			tt.step.Name, tt.step.Approver = ApproverName, true
			assert.Equal(t, tt.step, out.Trail[1])
			out.Trail = nil
			assert.Equal(t, tt.want, out)
			assert.Equal(t, tt.asked, asked(t, dir))
			assert.Equal(t, tt.fbAsked, fb.asked)
		})
	}
}
