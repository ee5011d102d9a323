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
//	guarded := chain.Wrap(runTool) // runTool is the runtime's own hookchain.Executor
//	res, err := guarded(ctx, hookchain.Call{Tool: "Bash", ID: id, Input: input})
//
// A runtime that drives the two hooks itself calls [Chain.Run] with an
// [Event] instead; a framework's middleware, which has the next handler only
// at call time, calls [Chain.Execute].
//
// # Words
//
// One word per idea, in the names and in these docs:
//
//   - verdict: the kind of an answer — [Allowed], [Denied], [Modified],
//     [Replaced], [Asked].
//   - outcome: an answer ([Outcome]); a chain folds its links' outcomes into
//     one.
//   - link: a named [Interceptor] registered in a chain ([Link]), with the
//     hooks it is asked at and its [Matcher].
//   - step: one link's, or the approver's, part in an outcome ([Step]); the
//     trail is the outcome's steps, in chain order.
//   - Name, Link: a Name field says whose part something is, a link's or
//     the approver's ([Step.Name], [StepReport.Name]); a Link field names
//     the link that gave something ([Note.Link], [Asking.Link]).
//   - cause: what kind of answer or failure decided an outcome ([Cause]),
//     with [Outcome.DecidedBy] naming who.
//   - note: text for the model to read beside the call ([Note],
//     [Outcome.WithNote]): Claude Code's additionalContext, and what an OPA
//     policy called "context" before v0.1.0.
//   - ask: an answer that puts the call to a person ([Ask], [AskAbout]).
//   - approver, approval: who answers a run's asks ([Approver]), and the
//     answer ([Approval]).
//   - decision: the kind of an approver's answer, as a verdict is of an
//     outcome ([Decision]: [Approve], [ApproveAll], [Refuse], [Defer]); a
//     Claude Code hook's "decision" and an OPA policy's decision document
//     are theirs, and keep their names.
//   - ticket, grant: an approval still to be obtained ([Ticket]), and the
//     ticket resolved ([Grant]).
//   - chain ID: what tells one chain's links from another's ([Chain.ID]),
//     which a ticket is bound to ([Ticket.ChainID]).
//   - call id: a call's tool-use id, [Event.CallID], and [Call.ID] on the
//     call itself; "call_id" in JSON and logs.
//   - session: one conversation, where the "approve all" latch lives
//     ([Session]). What a runtime says about it is session info: whatever
//     holds or returns claudecode.SessionInfo says SessionInfo.
//   - Intercept: a type's method that is a link's interceptor (a
//     persistent hook's, an OPA Fleet's).
//
// # Configuring
//
// Every kind of option follows one rule. What to run, whom to ask or what
// to load is a struct named for the thing ([Approver], [Observer],
// process.Spec, claudecode.HTTPHook), or Options when it says how a loader
// or runner behaves; a field's zero value is its documented default, and
// what is built from configuration is checked with Validate. A constructor
// that wraps another library's object (an OPA engine, an SDK's server)
// takes what it cannot do without as parameters and the rest as functional
// options, each checked. The core's values ([Chain], [Link], [Outcome])
// are configured by methods that return a changed copy. Only what differs
// per call rides in the context: the session, a grant, the session info,
// the directory for long notes. A logger is a *slog.Logger given as the
// rest is, and nil is slog.Default(), as it is when a record is written. A
// duration not given is its documented default, a Default constant, always
// a finite bound, except for what runs on the caller's own time: a link
// without [Link.Timeout], and an in-process OPA evaluation, which the
// link's Timeout bounds. A negative duration, and zero given to what only
// sets one ([Link.Timeout]), is a mistake: a panic where construction is
// code ([New], [Chain.WithApprover]), an error where it is configuration
// ([Build], Validate).
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
//	Ask(m)               carry on; ask the approver       failure: "asked for approval of a
//	                     after the last link              call that has already run"
//	AskAbout(in, m)      input becomes in; carry on;      failure, as Ask
//	                     ask the approver about it
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
// answers for the wrong hook, answers Modify with an input the chain would
// refuse (below) or with a non-object when the call's input is an object,
// answers Replace with an output it would refuse, or answers with an unknown
// Verdict. A failure is recorded in the trail
// as a Step with Fault set and reported to observers. Then, by default, the
// chain fails closed: it stops with Denied. A link built with [Link.FailOpen] is
// recorded with verdict Allowed instead, and the chain carries on, unless
// its error is marked [NotOwn]: a failure that is not the link's own
// (another call took down a process this one shared, a shutdown, a reload)
// denies whatever the link's policy.
//
// Before asking anyone, the chain refuses (Denied, with an empty trail) an
// event with no tool name or an unknown Hook, a tool name that is not UTF-8,
// an Input (or, after the call, an Output) that is not valid JSON, not
// UTF-8, or ambiguous, and a context that is already done. JSON is
// ambiguous when an object in it gives one key twice: matchers read the
// first, most tools the last. An Input is ambiguous too when an object in it
// gives two keys alike but for case ("command" and "Command"), which Go's
// encoding/json decodes into one field. An empty Input is read as {}
// and an empty Output as null. When no link is registered for the event's
// hook at all, Run answers Allowed at once without reading the event (an
// unknown Hook is still refused).
//
// The event's Input and Output are shared, not copied, with every link the
// chain waits for; a Timeout link and the approver, which the chain can
// abandon, are handed copies of their own, so that nothing they write after
// their time is up reaches the tool or the model. A
// link that writes to them in place, instead of answering Modify or Replace
// with new bytes, would change what the tool runs or the model reads after
// the links before it judged them, and leave no step to say so. The chain
// keeps what its links judge (a copy when small, a hash when large) and,
// when it changed under them, refuses in its own name (Denied, CauseChain,
// "hookchain: the input was changed in place while the links were asked:
// …"), for it cannot tell which link wrote.
//
// # A caller that goes away
//
// The caller's context ending is never a link's failure to be forgiven: an
// answer for a caller who is no longer there is not an allow. When the
// context ends while a link is being asked, that link's step is recorded
// with its fault and verdict Denied, and the chain refuses: "hookchain: the
// context ended while NAME was asked: context canceled" — whether or not the
// link is fail-open. When it ends between links, nobody else is asked and the
// chain refuses in the same words ("before NAME was asked"). FailOpen covers
// a link's own failures only. Wrap checks the context once more after the
// chain has allowed, and never calls the tool with a context that is done.
//
// A link without a Timeout that ends the goroutine it runs on
// (runtime.Goexit, as t.FailNow does) ends the caller's: Go lets nothing
// stop that, so Run cannot return. The chain records the link's failure, a
// denial, and reports it to its observers, and Wrap never runs the tool.
// Given a Timeout, such a link runs on a goroutine of its own and its end is
// an ordinary failure.
//
// Run never returns an error and never panics. A Chain is immutable once built
// and safe for concurrent use.
//
// # Asking a person
//
// An interceptor that wants a human to decide answers Ask(message), before
// the call only. The chain keeps walking: a later link can still deny the
// call (then nobody is asked) or rewrite it (then the question is about the
// rewritten input — nobody approves one input and runs another). After the
// last link, every ask of the run goes at once to the chain's Approver
// (Chain.WithApprover), with the tool, the call id, the final input, the
// asking links and the links that rewrote the input. Approved, the run ends as
// it would have without the asks (Allowed or Modified); refused, it is Denied.
// No approver, or one that errors, panics or outruns its Timeout, is a
// denial: approval that was needed and not obtained is never consent.
//
// ApproveAll latches the asking links for the conversation's Session
// (WithSession): a later run of the same chain in the same session is
// approved without asking only when every asking link is latched. Revoke
// unlatches. An approver that needs longer than a call should wait answers
// Defer: the outcome is Asked and carries a [Ticket], and the host runs the
// same call again with the ticket's [Grant] in its context ([WithGrant]). A
// grant approves only the chain, the call id, the exact final input and the
// asks it was issued for; one that does not fit is ignored. A ticket has a
// JSON form and a chain's [Chain.ID] is derived from its links, so a ticket
// can wait in a queue across a restart.
//
// A link that rewrites the call and wants a person to approve the rewrite
// answers [AskAbout]: the rewrite is folded in as a Modify's would be, and
// the approver is asked about the final input.
//
// # Notes for the model
//
// Any answer can carry text for the model to read next to the call
// ([Outcome.WithNote]), like Claude Code's additionalContext. The chain
// gathers the notes in order, each stamped with its link's name; a denial
// keeps what was said up to the denier, and a failed link's notes are void
// with its answer. Wrap hands both hooks' notes to the runtime in
// [Result.Notes].
//
// Text for the agent's user rather than the model — a warning in the
// terminal — is a message ([Outcome.WithMessage]), kept as notes are, in
// [Outcome.Messages] and [Result.Messages]. A runtime shows it to its user
// and never to the model.
//
// # Who decided
//
// [Outcome.DecidedBy] names the link whose answer or failure decided the
// call, or the approver; [Outcome.Cause] says what kind of answer it was:
// a link's denial, a link's failure, the approver, approval not obtained,
// the chain's own refusal of the event, or the caller going away. Programs
// read these two; Reason is the sentence for people, and its wording may
// improve. The JSON form of an outcome (see [Outcome.MarshalJSON]) carries
// both.
//
// # Reasons
//
// The Outcome's Reason is written for the model and for whoever audits the
// call:
//
//	Denied by a link:        denied by NAME: REASON   (denied by NAME when it gave none)
//	Denied by a failure:     NAME failed and denies on failure: FAULT
//	Denied by the chain:     hookchain: WHAT IS WRONG WITH THE EVENT
//	The caller went away:    hookchain: the context ended while NAME was asked: context canceled
//	Refused by the approver: refused by WHO: WHY (asked by NAME: MESSAGE; ...)
//	Approval not obtained:   approval needed but not obtained: WHY (asked by NAME: MESSAGE)
//	Asked, pending:          approval pending (asked by NAME: MESSAGE)
//	Modified or Replaced:    every changer in order, "; "-joined, as NAME: REASON or NAME
//	                         e.g. "redact: a credential; pin-timeout"
//
// # Cost
//
// The allow path (every asked link allows, no observer, no Timeout links,
// tool-name and plain-path input matchers over unescaped strings) allocates
// nothing. Calls are dispatched by tool name: a link whose matcher names its
// tools (Tool, a ToolGlob without '*', a literal ToolRegexp, an And or Or of
// those, or a matcher of your own that reports them, [ToolNamer]) is never
// considered for calls to other tools, and a link is never
// considered at a hook it was not registered for, so Before links cost nothing
// after the call however large the output. Input matchers read the one path
// they need with gjson instead of decoding the input.
package hookchain
