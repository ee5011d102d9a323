// Package hookchain puts every tool call an agent makes to an ordered chain
// of named interceptors, before the tool runs and again after it returns, and
// folds their answers into one Outcome that says what happens to the call and
// who decided.
//
// An agent runtime wraps its tool executor once:
//
//	chain := hookchain.New(
//		hookchain.Before("no-force-push", hookchain.And(hookchain.Tool("Bash"),
//			hookchain.InputMatches("command", `git push .*--force`)),
//			func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
//				return hookchain.Deny("force-pushing is not allowed here"), nil
//			}),
//		hookchain.After("redact", hookchain.Any(), redactSecrets),
//	)
//	exec := chain.Wrap(runTool) // runTool is the runtime's own hookchain.Executor
//	res, err := exec(ctx, hookchain.Call{Tool: "Bash", ID: id, Input: input})
//
// A runtime that drives the two hooks itself calls Chain.Run with an Event
// instead.
//
// # The fold
//
// Links are asked in the order they were given to New, each only at the hook
// it was registered for (Before, After, or both with On) and only when its
// Matcher matches the event as the chain has left it: a rewritten input is
// what later matchers and interceptors see. Each answer is folded in:
//
//	answer               BeforeTool                       AfterTool
//	Allow                carry on                         carry on
//	Deny(r)              stop: Denied                     stop: Denied; the model is shown
//	                                                      the reason as an error result
//	Modify(in, r)        input becomes in; carry on       failure: "asked to rewrite the input
//	                     (a later link can still deny)    of a call that has already run"
//	Replace(out, e, r)   failure: "asked to replace the   output becomes out, IsError e;
//	                     result of a call that has not    carry on
//	                     run"
//	error, panic,        failure                          failure
//	timeout, bad answer
//
// After the last link: if nobody changed anything the outcome is Allowed;
// otherwise it is Modified (before) or Replaced (after), carrying the final
// input or output. A Modify counts as a change even when the new input equals
// the old one: the link believed it intervened, and the trail says so.
//
// # Failures
//
// A link fails when its interceptor returns an error, panics, outruns the
// link's Timeout (the chain stops waiting even if the interceptor ignores its
// context, and discards a late answer), answers after its context ended,
// answers for the wrong hook, answers Modify with invalid JSON or with a
// non-object when the call's input is an object, answers Replace with invalid
// JSON, or answers with an unknown Verdict. A failure is recorded in the trail
// as a Step with Fault set and reported to observers. Then, by default, the
// chain fails closed: it stops with Denied. A link built with Link.FailOpen is
// recorded with verdict Allowed instead, and the chain carries on.
//
// Before asking anyone, the chain refuses (Denied, with an empty trail) an
// event with no tool name or an unknown Hook, an Input (or, after the call,
// an Output) that is not valid JSON, and a context that is already done. An
// empty Input is read as {} and an empty Output as null. A context that ends
// while a link is being asked is that link's failure. When no link is
// registered for the event's hook at all, Run answers Allowed at once without
// reading the event (an unknown Hook is still refused).
//
// Run never returns an error and never panics. A Chain is immutable once built
// and safe for concurrent use.
//
// # Reasons
//
// The Outcome's Reason is written for the model and for whoever audits the
// call:
//
//	Denied by a link:        denied by NAME: REASON   (denied by NAME when it gave none)
//	Denied by a failure:     NAME failed and denies on failure: FAULT
//	Denied by the chain:     hookchain: WHAT IS WRONG WITH THE EVENT
//	Modified or Replaced:    every changer in order, "; "-joined, as NAME: REASON or NAME
//	                         e.g. "redact: a credential; pin-timeout"
//
// # Cost
//
// The allow path (every asked link allows, no observer, no Timeout links,
// tool-name and plain-path input matchers over unescaped strings) allocates
// nothing. Calls are dispatched by tool name: a link whose matcher names its
// tools (Tool, a ToolGlob without '*', a literal ToolRegexp, or an And or Or
// of those) is never considered for calls to other tools, and a link is never
// considered at a hook it was not registered for, so Before links cost nothing
// after the call however large the output. Input matchers read the one path
// they need with gjson instead of decoding the input.
package hookchain
