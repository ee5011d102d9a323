package settings

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/process"
)

// ApproverName names the step of Settings.Approver in a chain's trail.
const ApproverName = "PermissionRequest"

// asker is one PermissionRequest hook, as the approver runs it.
type asker struct {
	name    string
	matches func(ctx context.Context, e hookchain.Event) bool
	ask     claudecode.PermissionHook
	timeout time.Duration // the hook's own, and a grace for it to speak first
	block   bool
}

// asker builds the PermissionRequest hook of candidate c, first written as
// e, named name.
func (s *Settings) asker(e *entry, name string, c *candidate, opts Options) (*asker, error) {
	session, h := opts.session(), e.hook
	a := &asker{name: name, timeout: h.Timeout + grace, block: c.block}
	switch h.Type {
	case "http":
		if !urlAllowed(s.httpURLs, h.URL) {
			err := fmt.Errorf("http hook %s: not sent: no pattern of allowedHttpHookUrls (set in %s) matches its URL", h.URL, s.httpURLs.where())
			a.ask = func(context.Context, hookchain.Question) (claudecode.PermissionAnswer, error) {
				return claudecode.PermissionAnswer{}, err
			}
			break
		}
		ask, err := claudecode.CompilePermissionHTTP(claudecode.HTTPHook{
			URL:     h.URL,
			Headers: harness.ExpandHeaders(h.Headers, envAllowed(e.allowed, s.httpEnv), s.lookupEnv(opts.LookupEnv)),
			Timeout: h.Timeout,
			Client:  opts.HTTPClient,
		}, session)
		if err != nil {
			return nil, &Error{File: h.File, Line: e.cmdLine, Col: e.cmdCol, Where: h.Where(), Msg: err.Error()}
		}
		a.ask = ask
	default:
		spec, notRun, err := s.spec(e, opts)
		if err != nil {
			return nil, err
		}
		if notRun != "" {
			// Claude Code does not run it: a failure of the hook, as for a
			// tool-call hook.
			failure := fmt.Errorf("%s: not run: %s", h.Command, notRun)
			a.ask = func(context.Context, hookchain.Question) (claudecode.PermissionAnswer, error) {
				return claudecode.PermissionAnswer{}, failure
			}
			break
		}
		if a.ask, err = askInWorkDir(spec, session, opts.home()); err != nil {
			return nil, &Error{File: h.File, Line: e.line, Col: e.col, Where: h.Where(), Msg: err.Error()}
		}
	}
	a.matches = c.matches(session, opts.home())
	return a, nil
}

// cannotRun is a PermissionRequest command hook that never ran because no
// directory it would run in exists: not the hook's own failure, so its
// onFailure does not forgive it.
type cannotRun struct{ error }

// askInWorkDir runs a PermissionRequest command hook where inWorkDir runs
// a tool-call hook: the call's directory, or the first of Claude Code's
// fallbacks that exists. It is an error when spec is not valid.
func askInWorkDir(spec process.Spec, def claudecode.SessionInfo, home string) (claudecode.PermissionHook, error) {
	run, err := claudecode.CompilePermissionCommand(spec, def)
	if err != nil {
		return nil, err
	}
	return func(ctx context.Context, q hookchain.Question) (claudecode.PermissionAnswer, error) {
		dir, err := runDir(ctx, def, home)
		switch {
		case err != nil:
			return claudecode.PermissionAnswer{}, cannotRun{err}
		case dir == "":
			return run(ctx, q)
		}
		moved := spec
		moved.Dir = dir
		there, err := claudecode.CompilePermissionCommand(moved, def)
		if err != nil {
			return claudecode.PermissionAnswer{}, cannotRun{err}
		}
		return there(ctx, q)
	}, nil
}

// Approver returns the chain's approver that the settings' PermissionRequest
// hooks make: give it to the chain of Links(opts) with UsesApprover set
// (Chain does both). Claude Code runs these hooks when it is about to ask
// its user; a chain asks its approver when a link answers Ask, and this
// approver asks the hooks first.
//
// The hooks whose matcher (a tool matcher, as PreToolUse's) and if rule
// match the question run in file order, each told the question as Claude
// Code's PermissionRequest input (claudecode.PermissionInput): the tool and
// the input it will run with, every rewrite applied. The first that decides
// answers, and the rest are not run:
//
//   - "deny" refuses, with its message; with "interrupt": true, or an
//     answer with "continue": false, the reason starts "stop requested".
//     Exit status 2 denies too, with stderr as the message, as the
//     reference's exit-code table has it.
//   - "allow" approves. With updatedPermissions holding a session allow
//     rule (addRules, destination "session") it approves for the session
//     (hookchain.ApproveAll, the session's latch); rules for any other
//     destination are not written, and the reason says so.
//   - "allow" with an updatedInput other than the input asked about is
//     refused: the chain's links judged that input, not the hook's, and
//     hookchain never runs an input its links have not seen. Rewrite in a
//     PreToolUse hook instead. The same input is an allow.
//
// A hook that says nothing, or gives no behavior, has not decided. A hook
// that fails (cannot start, crashes, times out, answers nonsense or an
// unknown behavior) is skipped, as Claude Code shows its dialog then, and
// the reason of the final answer names it; with "onFailure": "block" or
// Options.FailClosed its failure refuses, by name. So does an answer two
// readers would read apart (a key twice, two alike but for case), which
// may have meant deny, and a command hook none of whose working
// directories exists. When no hook decides,
// Options.Approver answers, and without one the ask is refused ("approval
// needed but not obtained"), as a chain without an approver refuses.
//
// The approval's By is the deciding hook's name, as Hooks lists it. The
// approver's Timeout is the sum of the hooks' timeouts and the fallback's
// (hookchain.DefaultApproverTimeout for a fallback without one).
// Approver returns the error Links would for settings it cannot use.
func (s *Settings) Approver(opts Options) (hookchain.Approver, error) {
	opts.UsesApprover = true
	p := s.plan(opts, false) // describes only: no persistent hook is started
	if err := errors.Join(p.errs...); err != nil {
		return hookchain.Approver{}, err
	}
	if opts.Approver != nil {
		if err := opts.Approver.Validate(); err != nil {
			return hookchain.Approver{}, err
		}
	}
	return newApprover(p.askers, opts.Approver), nil
}

// HasApprover reports whether the settings have PermissionRequest hooks that
// Approver would run.
func (s *Settings) HasApprover(opts Options) bool {
	opts.UsesApprover = true
	return len(s.plan(opts, false).askers) > 0
}

// Chain builds the chain of the settings' hooks: Links, with UsesApprover,
// and Approver as its approver when the settings have PermissionRequest
// hooks; otherwise opts.Approver, when set.
func (s *Settings) Chain(opts Options) (*hookchain.Chain, error) {
	opts.UsesApprover = true
	links, err := s.Links(opts)
	if err != nil {
		return nil, err
	}
	c, err := hookchain.Build(links...)
	if err != nil {
		return nil, err
	}
	if !s.HasApprover(opts) {
		if opts.Approver != nil {
			if err := opts.Approver.Validate(); err != nil {
				return nil, err
			}
			c = c.WithApprover(*opts.Approver)
		}
		return c, nil
	}
	a, err := s.Approver(opts)
	if err != nil {
		return nil, err
	}
	return c.WithApprover(a), nil
}

func newApprover(askers []*asker, fallback *hookchain.Approver) hookchain.Approver {
	var timeout time.Duration
	for _, a := range askers {
		timeout += a.timeout
	}
	if fallback != nil {
		// The fallback's Ask gives it its effective timeout: the default
		// when it has none.
		timeout += cmp.Or(fallback.Timeout, hookchain.DefaultApproverTimeout)
	}
	timeout += grace
	return hookchain.Approver{Name: ApproverName, Timeout: timeout,
		Answer: func(ctx context.Context, q hookchain.Question) (hookchain.Approval, error) {
			return answer(ctx, askers, fallback, q)
		}}
}

// answer puts q to the hooks, in order, then to the fallback.
func answer(ctx context.Context, askers []*asker, fallback *hookchain.Approver, q hookchain.Question) (hookchain.Approval, error) {
	ev := hookchain.Event{Hook: hookchain.BeforeTool, Tool: q.Tool, CallID: q.CallID, Input: q.Input}
	var skipped []string
	for _, a := range askers {
		if !a.matches(ctx, ev) {
			continue
		}
		actx, cancel := context.WithTimeout(ctx, a.timeout)
		ans, err := a.ask(actx, q)
		cancel()
		if err := ctx.Err(); err != nil {
			return hookchain.Approval{}, err // the caller, or the approver's time, ran out
		}
		if err != nil {
			var gone cannotRun
			switch {
			case errors.Is(err, claudecode.ErrAmbiguousAnswer):
				// It may have meant deny: skipped, a later hook could allow.
				return hookchain.Approval{Decision: hookchain.Refuse, By: a.name,
					Reason: fmt.Sprintf("denied rather than guessed: %v", err)}, nil
			case a.block || errors.As(err, &gone):
				return hookchain.Approval{Decision: hookchain.Refuse, By: a.name,
					Reason: fmt.Sprintf("the PermissionRequest hook failed, and it blocks on failure: %v", err)}, nil
			}
			skipped = append(skipped, fmt.Sprintf("%s failed: %v", a.name, err))
			continue
		}
		if ap, ok := decision(a.name, ans, q); ok {
			ap.Reason = withSkipped(ap.Reason, skipped)
			return ap, nil
		}
	}
	if fallback == nil {
		return hookchain.Approval{Decision: hookchain.Refuse, By: ApproverName,
			Reason: withSkipped("approval needed but not obtained: no PermissionRequest hook decided, and no approver is configured", skipped)}, nil
	}
	ap, err := fallback.Ask(ctx, q)
	if err != nil {
		return hookchain.Approval{}, err
	}
	if ap.By == "" {
		ap.By = fallback.Name
	}
	ap.Reason = withSkipped(ap.Reason, skipped)
	return ap, nil
}

// decision is what a hook's answer decides, and whether it decides.
func decision(name string, a claudecode.PermissionAnswer, q hookchain.Question) (hookchain.Approval, bool) {
	refuse := func(reason string) (hookchain.Approval, bool) {
		return hookchain.Approval{Decision: hookchain.Refuse, By: name, Reason: reason}, true
	}
	switch {
	case a.Stop:
		why := "stop requested (continue: false)"
		if a.StopReason != "" {
			why = "stop requested: " + a.StopReason
		}
		return refuse(why)
	case a.Behavior == claudecode.BehaviorDeny:
		msg := a.Message
		if msg == "" {
			msg = "denied by the PermissionRequest hook, which gave no message"
		}
		if a.Interrupt {
			return refuse("stop requested (interrupt): " + msg)
		}
		return refuse(msg)
	case a.Behavior != claudecode.BehaviorAllow:
		return hookchain.Approval{}, false
	case a.Rewrites(q.Input):
		return refuse("the PermissionRequest hook allowed the call with an updatedInput of its own, which the chain's links have not judged, " +
			"and hookchain never runs an input they have not seen: rewrite the input in a PreToolUse hook instead")
	case a.SessionAllow():
		return hookchain.Approval{Decision: hookchain.ApproveAll, By: name, Reason: "allowed for the session (a session allow rule in updatedPermissions)"}, true
	case len(a.UpdatedPermissions) > 0:
		return hookchain.Approval{Decision: hookchain.Approve, By: name,
			Reason: "allowed this once: its updatedPermissions were not written, since hookchain writes no settings file and latches only session allow rules"}, true
	}
	return hookchain.Approval{Decision: hookchain.Approve, By: name}, true
}

// withSkipped adds the hooks that failed and were skipped to a reason.
func withSkipped(reason string, skipped []string) string {
	if len(skipped) == 0 {
		return reason
	}
	s := "skipped: " + strings.Join(skipped, "; ")
	if reason == "" {
		return s
	}
	return reason + " (" + s + ")"
}
