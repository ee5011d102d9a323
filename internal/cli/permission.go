package cli

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"os"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
	"github.com/hookchain/hookchain/claudecode/settings"
)

// ask puts q to the approver as a chain would (hookchain.Approver.Ask);
// fault says why no answer was obtained.
func ask(ctx context.Context, a hookchain.Approver, q hookchain.Question) (hookchain.Approval, string) {
	ap, err := a.Ask(ctx, q)
	if err != nil {
		return hookchain.Approval{}, err.Error()
	}
	return ap, ""
}

// permissionOutcome is the approver's answer to a PermissionRequest input
// as an outcome: the approver's step alone in the trail, worded as a
// chain words the answer of its approver.
func permissionOutcome(name string, ap hookchain.Approval, fault string) hookchain.Outcome {
	step := hookchain.Step{Name: name, Approver: true, By: ap.By, Reason: ap.Reason}
	switch {
	case fault != "":
		step = hookchain.Step{Name: name, Approver: true, Verdict: hookchain.Denied, Fault: fault}
		return hookchain.Outcome{Verdict: hookchain.Denied, Reason: "approval needed but not obtained: " + fault,
			Trail: []hookchain.Step{step}, DecidedBy: name, Cause: hookchain.CauseNoApproval}
	case ap.Decision == hookchain.Approve || ap.Decision == hookchain.ApproveAll:
		step.Verdict = hookchain.Allowed
		return hookchain.Outcome{Verdict: hookchain.Allowed, Trail: []hookchain.Step{step}, DecidedBy: name, Cause: hookchain.CauseApprover}
	case ap.Decision == hookchain.Defer:
		step.Verdict = hookchain.Asked
		return hookchain.Outcome{Verdict: hookchain.Asked, Reason: "approval pending", Trail: []hookchain.Step{step}, DecidedBy: name, Cause: hookchain.CauseApprover}
	}
	step.Verdict = hookchain.Denied
	who := ap.By
	if who == "" {
		who = name
	}
	why := "refused by " + who
	if ap.Reason != "" {
		why += ": " + ap.Reason
	}
	return hookchain.Outcome{Verdict: hookchain.Denied, Reason: why, Trail: []hookchain.Step{step}, DecidedBy: name, Cause: hookchain.CauseApprover}
}

// evalPermission is eval for a PermissionRequest input: the settings'
// PermissionRequest hooks alone answer it, as the chain's approver (no
// link runs, and there is no fallback to ask), and the answer is printed
// as an outcome. Exit status 2 is a denial, as for a tool call.
func (c *common) evalPermission(in claudecode.Input, stdout io.Writer, say errOut) int {
	q, err := in.Question()
	if err != nil {
		return say.failOn(err)
	}
	cwd := in.Cwd
	if cwd == "" {
		cwd, _ = os.Getwd()
	}
	project := c.projectFor(cwd)
	s, err := c.load(project)
	if err != nil {
		return say.failOn(err)
	}
	a, err := s.Approver(c.options(project, nil))
	if err != nil {
		return say.failOn(err)
	}
	session := in.SessionInfo()
	session.ProjectDir = project
	ctx, stop := untilSignal(context.Background())
	ap, fault := ask(claudecode.WithSessionInfo(ctx, session), a, q)
	stop()
	if sig, ok := interruptedBy(ctx); ok {
		return say.fail("%v before the hooks decided", sig)
	}
	out := permissionOutcome(a.Name, ap, fault)
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(out); err != nil {
		return say.fail("writing the outcome: %v", err)
	}
	if out.Verdict == hookchain.Denied {
		return exitDenied
	}
	return exitOK
}

// answerHook answers one hook input for serve: a PermissionRequest event
// with the generation's approver, any other with its chain (whose
// observer logs each outcome; the approver's answer is logged here).
func (s *server) answerHook(ctx context.Context, g *generation, data []byte) ([]byte, error) {
	var in claudecode.Input
	if json.Unmarshal(data, &in) != nil || in.HookEventName != claudecode.PermissionRequest {
		return claudecode.Answer(ctx, g.chain, data) // which refuses an input it cannot read
	}
	answer := permissionAnswer(claudecode.WithSessionInfo(ctx, in.SessionInfo()), g.approver, in)
	decided := strings.TrimSpace(string(answer))
	if decided == "" {
		decided = "none: Claude Code asks its user"
	}
	s.log.Info("hookchain serve: PermissionRequest answered", slog.String("tool", in.ToolName), slog.String("answer", decided))
	return answer, nil
}

// permissionAnswer is serve's answer to Claude Code's PermissionRequest
// event: allow or deny when the approver decides, and an empty body when
// it leaves the question to Claude Code's user (the fallback,
// claudecode.UserApprover, defers), so that Claude Code shows its dialog.
// An approver that fails denies: the hooks meant to judge the request did
// not.
func permissionAnswer(ctx context.Context, a hookchain.Approver, in claudecode.Input) []byte {
	q, err := in.Question()
	if err != nil {
		return claudecode.PermissionOutput(false, err.Error(), false)
	}
	ap, fault := ask(ctx, a, q)
	switch {
	case fault != "":
		return claudecode.PermissionOutput(false, "approval needed but not obtained: "+fault, false)
	case ap.Decision == hookchain.Approve || ap.Decision == hookchain.ApproveAll:
		return claudecode.PermissionOutput(true, "", false)
	case ap.Decision == hookchain.Defer:
		return nil
	}
	return claudecode.PermissionOutput(false, ap.Reason, strings.HasPrefix(ap.Reason, "stop requested"))
}

// serveApprover is the approver of serve's chain: the PermissionRequest
// hooks, then Claude Code's user.
func serveApprover(st *settings.Settings, opts settings.Options) (hookchain.Approver, error) {
	user := claudecode.UserApprover()
	opts.Approver = &user
	if !st.HasApprover(opts) {
		return user, nil
	}
	return st.Approver(opts)
}
