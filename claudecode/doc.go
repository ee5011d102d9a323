// Package claudecode speaks Claude Code's hook protocol for hookchain, in
// both directions: it runs hooks written for Claude Code as links of a chain,
// and it turns a chain into a hook program that Claude Code can run.
//
// Running Claude Code hooks in a chain:
//
//	defaults := claudecode.SessionInfo{ProjectDir: root}
//	chain := hookchain.New(
//		hookchain.Before("protect.sh", hookchain.ToolGlob("Edit|Write"),
//			claudecode.Command(process.Spec{Args: []string{"${CLAUDE_PROJECT_DIR}/.claude/hooks/protect.sh"}}, defaults)).
//			Timeout(60*time.Second),
//		hookchain.After("policy-server", hookchain.Any(),
//			claudecode.HTTP(claudecode.HTTPHook{URL: "http://127.0.0.1:8080/hook", Timeout: 5 * time.Second}, defaults)).
//			Timeout(10*time.Second).FailOpen(),
//	)
//	// Each call tells the hooks about its own conversation:
//	ctx = claudecode.WithSessionInfo(ctx, claudecode.SessionInfo{ID: conversationID, Cwd: agentCwd})
//	outcome := chain.Run(ctx, event)
//
// Command runs a command hook (InputFor on stdin, Decide on what it did),
// with Claude Code's environment; HTTP posts the same input to a URL. One
// chain serves every conversation: the session_id, cwd and permission_mode
// a hook is told come with each call (WithSessionInfo), and the
// SessionInfo a hook is built with fills what a call leaves out. Both panic
// on a spec or URL they cannot run, as a construction mistake; for hooks
// read from configuration, CompileCommand and CompileHTTP (and
// CompilePermissionCommand and CompilePermissionHTTP) return the error.
// Package claudecode/settings builds such links from Claude Code settings
// files.
//
// Writing a Claude Code hook in Go:
//
//	func main() { claudecode.Main(myChain) }
//
// Main reads the hook input on stdin, runs the chain, and prints Claude
// Code's answer (OutputFor).
//
// # Reading a hook's answer
//
// The exit status is checked first. Exit status 2 blocks whatever the hook
// printed; at exit status 0 stdout is read by ParseOutput, and a JSON
// object is answered by Output.Outcome; at any other status a valid JSON
// answer on stdout decides, as in Claude Code, and without one the run is
// a failure:
//
//	hook did                                          before the call (PreToolUse)             after (PostToolUse, PostToolUseFailure)
//	exit 2                                            Deny(stderr)                             Allow + note "blocked after the call: stderr"
//	exit 2, and a valid JSON answer that blocks       Deny(its reason)                         Allow + note "blocked after the call: its reason"
//	exit 0, stdout empty or plain text                Allow                                    Allow
//	"continue": false, "stopReason": r                Deny("stop requested: r")                Deny("stop requested: r")
//	permissionDecision "deny" (or decision "block")   Deny(permissionDecisionReason or reason) —
//	permissionDecision "ask"                          Ask(permissionDecisionReason or reason)  —
//	"ask" with an updatedInput that changes the input AskAbout(updatedInput, reason)           —
//	permissionDecision "defer"                        Allow (updatedInput ignored)             —
//	"allow" (or decision "approve") or none,
//	  with updatedInput                               Modify(updatedInput)                     —
//	"allow" or none, without updatedInput             Allow                                    —
//	decision "block", reason r                        (as permissionDecision "deny")           Allow + note "blocked after the call: r"
//	updatedToolOutput o, in the tool's output shape   —                                        Replace(o), IsError kept
//	updatedToolOutput o, other shape, built-in tool   —                                        Allow ("updatedToolOutput ignored: …")
//	updatedMCPToolOutput o, mcp__ tool                —                                        Replace(o), IsError kept
//	updatedMCPToolOutput o, any other tool            —                                        Allow (ignored, as Claude Code does)
//	additionalContext c, beside any of the above      .WithNote(c)                             .WithNote(c)
//	any other exit status, no valid JSON answer       failure                                  failure
//	stdout starts with '{' but is not a valid answer  failure                                  failure
//
// Rows are in order of precedence: exit status 2 outranks any JSON (a JSON
// "allow" does not lift the block, and its additionalContext is kept),
// "continue": false outranks every decision, and a
// hookSpecificOutput.permissionDecision outranks the legacy top-level
// decision. updatedInput replaces the whole input, not the fields it names.
// A hook that blocks without a reason is given one ("blocked by the hook,
// which gave no reason", or "blocked with exit status 2 and nothing on
// stderr"). additionalContext goes with every JSON answer, a denial's
// included, and is left out when blank.
//
// # After the call
//
// The tool has run by then. A hook's block — exit status 2, or decision
// "block" — is what Claude Code makes of it: the output is kept, and the
// reason goes to the model beside it. The outcome is an allow (or, when
// the same answer gives a replacement, the Replace), with the reason as
// its first note, "blocked after the call: REASON", which the chain names
// after the hook's link, and as the outcome's reason, which observers see
// in the step. So a validator that exits 2 after every edit with
// "Validations pass" on stderr leaves every edit as it was and tells the
// model "validate.sh: blocked after the call: Validations pass". A hook
// that must keep the output from the model answers updatedToolOutput. A
// Go link's Deny after the call is unchanged: the model is shown its reason
// as an error result instead of the output.
//
// updatedToolOutput for one of Claude Code's own tools (Bash, Read, Write,
// Edit, MultiEdit, Glob, Grep, WebFetch, WebSearch, NotebookEdit,
// Task/Agent, TodoWrite, …) is applied only when it has the tool's output
// shape, as Claude Code applies it. Bash's is an object with "stdout" and
// "stderr" (strings) and "interrupted" (a boolean). For the others
// hookchain has no schema and holds the replacement to the output it
// replaces: the same kind of JSON and, for an object, each of its
// top-level fields with the same kind (a null takes any). A replacement of
// another shape is ignored, and the reason says "updatedToolOutput
// ignored: …, so the tool's own output reaches the model unchanged". A
// redaction hook that answers bare text for Bash therefore redacts
// nothing, in Claude Code and here: answer
// {"stdout":"[redacted]","stderr":"","interrupted":false}. MCP tools and
// tools Claude Code does not have take any replacement.
//
// Text a Command or HTTP hook gives the model (additionalContext, a block's
// reason) that is longer than 10,000 characters is saved to a file, and
// the note is what Claude Code shows in its place: "Output too large
// (N KB). Full output saved to: PATH" and the text's first 2 KB. The file
// is new, 0600, under the directory set with WithNoteDir (os.TempDir()
// by default); when it cannot be written, the note keeps the whole text.
//
// Output is kept up to a cap, and the cap never decides: a hook that
// prints 600 lint errors on stderr and exits 2 blocks, with the reason
// saying that stderr was cut; an answer on stdout that starts with '{' and
// is longer than the cap cannot be read, and the call is denied with a
// reason that says so.
//
// A valid answer is one JSON object whose known fields have Claude Code's
// types (unknown fields are ignored, a null field is read as absent); whose
// hookSpecificOutput, if present, names the event the hook was run for in
// hookEventName; and whose decision and permissionDecision are among Claude
// Code's values. Anything else is a failure: the hook did answer, but not in
// a form that can be trusted to mean what it seems to.
//
// Hook inputs (Input, Serve, Main) and JSON answers must be valid UTF-8.
// encoding/json would read each bad byte as U+FFFD, and a tool name read
// that way names no tool any hook is registered for: such an input is
// refused, and such an answer is a failure, naming the byte and its offset.
//
// # Failures
//
// A failure is the interceptor's error, and in a chain the link's fail mode
// decides what it leads to: by default the chain fails closed and denies. In
// Claude Code such a failure is a "non-blocking error" and the call goes on;
// build the link with FailOpen for that meaning (the settings loader does,
// unless told otherwise). Exit status 2 is not a failure: it is the hook's
// decision to block, in both.
//
// # Where hookchain differs from Claude Code
//
// In short: hooks run one after another instead of in parallel, so
// rewrites compose and a later hook can still deny a rewritten call; "ask"
// goes to the chain's approver, and without one the call is denied; a
// broken answer is a failure the trail shows; continue: false denies the
// call rather than stopping the agent. The whole list, each difference with
// its reason, is the docs page's [Differences from Claude Code], kept in
// one place so that it says each thing once.
//
// # Answering as a hook program
//
// OutputFor (and so Serve and Main) answers a denial before the call in
// JSON, with permissionDecision "deny", rather than with exit status 2: the
// reason reaches the model the same way, and the answer says exactly which
// field it is. A Modify is answered with updatedInput alone, without
// permissionDecision "allow", because "allow" would also skip the user's
// permission prompt, which rewriting an input must not do by itself; Claude
// Code applies an updatedInput that comes with no decision. A replacement's
// IsError cannot be expressed to Claude Code and is not carried. An Allow is
// answered with no output at all, unless it carries a note.
//
// After the call, what the chain hid stays hidden: a Deny is answered with
// decision "block" and the reason, and with the output withheld, in the
// tool's shape (every string "", every array []), because Claude Code's
// block keeps the output; a replacement Claude Code would ignore for its
// shape is put in Bash's shape when it is text for Bash, and is answered
// as a denial otherwise. A Claude Code hook's block after the call, in a
// chain, is a note, and is answered as additionalContext: both keep the
// output and tell the model why.
//
// Claude Code's user is an approver, and a hook program can hand its asks to
// them: build the chain WithApprover(UserApprover()). The approver defers,
// the outcome is Asked, and OutputFor answers permissionDecision "ask" with
// the outcome's reason, which names the links that asked and their
// messages. If links rewrote the input, the final input goes with it as
// updatedInput, so that the user is asked about the call that will run. A
// chain with an approver of its own answers as that approver decided, and a
// chain with none denies what its links ask about.
//
// The outcome's notes become additionalContext, at every event and
// beside every verdict (a denial keeps what was said before it): one note
// per paragraph, each written "LINK: TEXT" so that the model knows which
// check said what, separated by a blank line (see AdditionalContext):
//
//	pnpm-hint: this repository uses pnpm, not npm
//
//	ci-note: CI runs on every push to main
//
// [Differences from Claude Code]: https://github.com/hookchain/hookchain/blob/main/docs/claude-code.md#differences-from-claude-code
package claudecode
