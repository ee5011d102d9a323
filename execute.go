package hookchain

import (
	"context"
	"encoding/json"
)

// Call is a tool call as a runtime hands it to its executor. ID is the
// call's tool-use id, which the chain's events carry as Event.CallID.
type Call struct {
	Tool, ID string
	Input    json.RawMessage
}

// Result is what a tool returned: a JSON value, and whether it is an error
// result the model should read as a failure. A tool's text result is a JSON
// string; TextResult builds one.
type Result struct {
	Output  json.RawMessage
	IsError bool
	// Notes is what the chain's links wanted the model to read next to
	// this result (Wrap fills it from both hooks, in order). A runtime shows
	// it to the model with the result — as Claude Code does with
	// additionalContext — and may ignore it; the tool never sees it.
	Notes []Note
	// Messages is what the links wanted the user, not the model, to read
	// about the call (Outcome.Messages, both hooks', in order): a runtime
	// shows them in its interface, never in the model's context.
	Messages []Note
	// Verdict says where a result that Wrap returns came from, so that an
	// adapter holding the tool's own typed result knows when to hand it
	// back untouched: Allowed — it is next's result, as next returned it
	// (Notes aside), unless next also returned an error: then the result is
	// empty, and an adapter hands back the error alone, never the typed
	// result beside it, which the after-chain was not shown; Denied — the
	// chain's refusal, before the call (the tool did not run) or after it
	// (its output is withheld); Replaced — a link's replacement; Asked —
	// approval is pending and the tool did not run. An executor leaves it
	// zero.
	Verdict Verdict
}

// TextResult is the Result of a tool that answered with plain text.
func TextResult(text string) Result { return Result{Output: Text(text)} }

// ErrorResult is an error result carrying text, the form in which Wrap shows
// the model a refusal and shows the after-chain a tool's error. A runtime
// that turns an executor's error into something the model reads uses it too.
func ErrorResult(text string) Result { return Result{Output: Text(text), IsError: true} }

// Executor runs tool calls. It is the seam a runtime already has between the
// model's requests and its tools, and what Wrap puts a chain around.
type Executor func(ctx context.Context, c Call) (Result, error)

// Wrap returns an executor that puts every call to the chain before and after
// running it with next:
//
//   - Denied before the call: next is not called; the result is the reason as
//     a JSON string with IsError set, and the error is nil, so the model reads
//     why and can change course.
//   - Asked and still pending (the approver answered Defer): next is not
//     called; the result says approval is pending, and the error is an
//     [*ApprovalPending] carrying the ticket to resolve out of band.
//   - Modified: next runs with the final input, and the after-chain is told
//     that input, not the one the model wrote.
//   - After the call, a tool error is shown to the after-chain as an error
//     result holding the error's text; an empty output is shown as null.
//   - Allowed after the call: next's result and error are returned unchanged;
//     after an error, the error alone, with an empty result, because the
//     after-chain was shown the error and not what next returned beside it.
//     Denied: the reason as an error result. Replaced: the replacement. In both
//     cases the error is nil, because the model is being shown an answer.
//
// Whatever the verdicts, the result's Notes carries the notes of both hooks,
// in order, and its Verdict says which of these it is.
//
// next is never called with a context that is already done: a caller that
// goes away while the before-chain runs is refused by it, and one that goes
// away after the chain allowed is refused by Wrap, in the same form as a
// denial.
func (c *Chain) Wrap(next Executor) Executor {
	return func(ctx context.Context, call Call) (Result, error) { return c.Execute(ctx, call, next) }
}

// Execute puts one call to the chain around next, as the executor Wrap(next)
// does, for a caller that has next only at call time — a framework's
// middleware — and would otherwise build a new executor for every call.
func (c *Chain) Execute(ctx context.Context, call Call, next Executor) (res Result, err error) {
	// Every rare way out writes the results in place and returns bare, so
	// that the code the common call runs is not interleaved with copies of
	// a Result for each.
	done := ctx.Done()
	var (
		before Outcome
		// kept is the run's record of what its links judged; after the
		// before-run it holds the input the tool is given, as the links
		// left it, and tells whether the tool left it so too.
		kept keeper
	)
	checked := c.runOnce(ctx, done, &Event{Hook: BeforeTool, Tool: call.Tool, CallID: call.ID, Input: call.Input}, false, true, &before, &kept)
	if before.Verdict != Allowed {
		if before.Verdict != Modified {
			notRun(&before, &res, &err)
			return
		}
		call.Input = before.Input
	}
	if isDone(done) {
		// Allowed, but the caller went away since: a tool is never run
		// with a context that is already done.
		tooLate(ctx, &before, &res)
		return
	}
	// The input was checked before the call (as the model wrote it, or as a
	// link rewrote it, which the fold checks too). It need not be read
	// again after the call unless next changed the bytes in place.
	res, err = next(ctx, call)
	after := Event{Hook: AfterTool, Tool: call.Tool, CallID: call.ID, Input: call.Input, Output: res.Output, IsError: res.IsError}
	if err != nil {
		// The after-chain is shown the error, so the error is all that
		// goes on: a result next returned beside it was never judged.
		after.Output, after.IsError = errorOutput(err), true
		res = Result{}
	}
	checked = checked && kept.same(call.Input)
	var out Outcome
	c.runOnce(ctx, done, &after, checked, true, &out, &kept)
	if out.Verdict == Allowed && before.Notes == nil && out.Notes == nil && before.Messages == nil && out.Messages == nil {
		res.Verdict = Allowed
		return
	}
	ran(&res, &err, &before, &out)
	return
}

// tooLate is Execute's result for a call allowed by a caller who has
// since gone away.
func tooLate(ctx context.Context, before *Outcome, res *Result) {
	*res = chainResult(Denied, "hookchain: the context ended before the tool ran: "+ctx.Err().Error(), before.Notes, before.Messages)
}

// errorOutput is how the after-chain is shown a tool's error: its text, as
// an error result's output. Out of line, as every rare path of Execute is.
//
//go:noinline
func errorOutput(err error) json.RawMessage { return Text(err.Error()) }

// notRun is Execute's result for a call the before-chain did not let run:
// denied, or asked and pending.
func notRun(before *Outcome, res *Result, err *error) {
	if before.Verdict == Asked {
		*res = chainResult(Asked, before.Reason, before.Notes, before.Messages)
		*err = &ApprovalPending{Ticket: before.Pending, Reason: before.Reason}
		return
	}
	*res = chainResult(Denied, before.Reason, before.Notes, before.Messages)
}

// ran is Execute's result for a call that ran, from the after-chain's
// outcome, with both chains' notes. res and err are next's.
func ran(res *Result, err *error, before, out *Outcome) {
	notes := joinNotes(before.Notes, out.Notes)
	messages := joinNotes(before.Messages, out.Messages)
	switch out.Verdict {
	case Allowed:
		if notes != nil {
			res.Notes = joinNotes(res.Notes, notes)
		}
		if messages != nil {
			res.Messages = joinNotes(res.Messages, messages)
		}
		res.Verdict = Allowed
	case Replaced:
		*res, *err = Result{Output: out.Output, IsError: out.IsError, Notes: notes, Messages: messages, Verdict: Replaced}, nil
	default:
		*res, *err = chainResult(Denied, out.Reason, notes, messages), nil
	}
}

// chainResult is a result the chain writes itself: its reason, as an error
// result the model reads.
func chainResult(v Verdict, reason string, notes, messages []Note) Result {
	res := ErrorResult(reason)
	res.Notes, res.Messages, res.Verdict = notes, messages, v
	return res
}

// joinNotes returns a followed by b in a new slice, or whichever is not
// empty, or nil.
func joinNotes(a, b []Note) []Note {
	switch {
	case len(a) == 0:
		return b
	case len(b) == 0:
		return a
	}
	return append(append(make([]Note, 0, len(a)+len(b)), a...), b...)
}
