// Package codex speaks OpenAI Codex CLI's hook protocol for hookchain, in
// both directions, over package harness: it runs hooks written for Codex
// as links of a chain, and it makes a chain Codex's one hook. It covers
// the tool-call events, PreToolUse and PostToolUse, and command hooks (the
// only kind Codex runs).
//
// Running Codex hooks in a chain:
//
//	link, err := codex.Link("protect", hookchain.BeforeTool, codex.Matcher("Edit|Write"), // selects apply_patch, as in Codex
//		process.Spec{Shell: "python3 .codex/hooks/protect.py"}, harness.SessionInfo{Cwd: root})
//	chain := hookchain.New(link)
//	ctx = harness.WithSessionInfo(ctx, harness.SessionInfo{ID: threadID, Turn: turnID, Cwd: cwd})
//	outcome := chain.Run(ctx, event)
//
// ParseHooksFile reads a Codex hooks.json file, and Links makes its
// tool-call hooks a chain's links, in the file's order. Which files Codex
// reads and trusts is not theirs to decide (see docs/harnesses.md).
//
// A hook runs as Codex runs it (CommandSpec): a command line with
// `$SHELL -lc`, or `/bin/sh -lc` when SHELL is not set; in the session's
// directory; with the whole environment; within 600 seconds unless its
// spec says otherwise. Its stdin is Codex's (InputFor): session_id,
// turn_id, agent_id and agent_type for a subagent, transcript_path (null
// when there is none), cwd, hook_event_name, model, permission_mode,
// tool_name, tool_input, tool_response after the call, tool_use_id.
//
// Writing Codex's hook in Go:
//
//	func main() { codex.Main(myChain) }
//
// # Reading a hook's run
//
// Decide reads a run as Codex reads it. Codex decodes an answer into
// types that refuse a field they do not know, so an answer with any other
// field, at the top or in hookSpecificOutput, is a failure, as is a field
// of the wrong type, or a hookEventName that is not one of Codex's events:
//
//	hook did                                      PreToolUse                    PostToolUse
//	exit 0, nothing or plain text on stdout       Allow                         Allow
//	exit 0, stdout starts with { or [, no object  failure                       failure
//	exit 2, a reason on stderr (stdout ignored)   Deny(stderr, trimmed)         Deny(stderr, trimmed)
//	exit 2, nothing on stderr                     failure                       failure
//	another exit status, a timeout, no start      failure                       failure
//	permissionDecision "deny" with a reason       Deny(reason, trimmed)         —
//	permissionDecision "deny" without one         failure                       —
//	permissionDecision "allow" + updatedInput     Modify(updatedInput)          —
//	permissionDecision "allow" alone              failure                       —
//	updatedInput without "allow"                  failure                       —
//	permissionDecision "ask"                      failure                       —
//	decision "block" + reason                     Deny(reason, trimmed)         Deny(reason): shown in place of the output
//	decision "block" without a reason             failure                       failure
//	decision "approve"                            failure                       failure (not in the schema)
//	a reason without a decision                   failure                       failure
//	"continue": false                             failure                       Deny("stop requested: " + reason, or stopReason)
//	stopReason (without continue false)           failure                       no effect
//	suppressOutput: true                          failure                       failure
//	updatedMCPToolOutput                          —                             failure
//	additionalContext, with a valid answer        with it as a note             with it as a note
//	systemMessage                                 no effect (for Codex's user)  no effect
//
// At PreToolUse, a hookSpecificOutput with a permissionDecision,
// permissionDecisionReason or updatedInput decides, and the legacy
// decision and reason beside it are not read. An answer that gives a key
// twice, anywhere in it, is denied rather than guessed (Codex keeps the
// last; another reader the first), and so is an answer cut at the stdout
// cap; stderr cut at its cap still blocks, saying so.
//
// # Failures
//
// Codex lets a call go on when its hook fails. Link reproduces that: the
// link fails open, and the failure is in the outcome's trail, with its
// Fault; only a hook whose working directory is gone denies. A link built from Command with hookchain.Before or After fails
// closed instead, as every chain link does by default.
//
// # Answering as Codex's hook
//
// Answer, Serve and Main run the chain on Codex's input, degrade the
// outcome to what Codex can say (harness.Degrade, with Codex's
// capabilities) and answer with OutputFor, exit status 0 and one line of
// JSON, or nothing:
//
//	outcome   PreToolUse                                                     PostToolUse
//	Allowed   nothing                                                        nothing
//	Denied    permissionDecision "deny" + permissionDecisionReason           decision "block" + reason, shown in place of the output
//	Modified  permissionDecision "allow" + updatedInput                      —
//	Replaced  —                                                              decision "block", the replacement's text as the reason
//	Asked     denied: "codex cannot ask its user, so the call is denied: …"  —
//	notes     additionalContext, a paragraph per note, "LINK: TEXT"          additionalContext
//
// What Codex cannot say, and what it becomes: an ask is a denial with the
// reason, as Codex has no ask; a replacement reaches the model only as
// text, shown as a failed call (IsError is always true, and a structured
// replacement is its JSON text); a blank reason or an empty replacement
// is given a text, since Codex reads a block without one as a failed hook
// and runs the call. Codex takes a bare "allow" for a failed hook, so an
// allow is said with nothing.
//
// An input hookchain will not judge — not valid UTF-8 or JSON, a key given
// twice anywhere, a top-level key alike but for case to another or to one
// of Codex's, an event Codex does not have, a tool call without its tool or
// input — is answered with Refusal: exit status 2 and the reason on stderr,
// which Codex reads as a block. An input of one of Codex's other events
// (UserPromptSubmit, Stop, …) is answered with Halt,
// {"continue":false,"stopReason":"hookchain: …"}: this program judges tool
// calls only.
//
// # Where this follows a reading of Codex's source
//
// Codex changes between versions; this package follows its hooks crate
// as read (codex-rs/hooks: schema.rs, engine/output_parser.rs,
// events/pre_tool_use.rs, events/post_tool_use.rs, events/common.rs,
// engine/command_runner.rs), and docs/harnesses.md lists where it had to
// infer.
package codex
