// Package cline speaks Cline's hook protocol for hookchain, in both
// directions, over package harness: it runs hooks written for Cline as
// links of a chain, and it makes a chain Cline's one hook. It covers the
// tool-call events, PreToolUse and PostToolUse.
//
// Cline has no configuration file. A hook is an executable file named
// after its event, with no extension, in a hooks folder: the user's
// global ~/Documents/Cline/Hooks and each workspace root's
// .clinerules/hooks (ConfigFiles). ReadDir reads one folder as Cline finds
// hooks in it, and Links makes its PreToolUse and PostToolUse hooks links,
// in Events' order.
//
// Running Cline hooks in a chain:
//
//	hooks, warnings, err := cline.ReadDir(filepath.Join(root, ".clinerules", "hooks"))
//	links, err := cline.Links(hooks, harness.SessionInfo{Cwd: root})
//	chain := hookchain.New(links...)
//	ctx = harness.WithSessionInfo(ctx, harness.SessionInfo{ID: taskID, Cwd: root})
//	outcome := chain.Run(ctx, event)
//
// A hook runs as Cline runs it (CommandSpec): its file's path, quoted, by
// /bin/sh, which reads the file's shebang; in its workspace root (a
// global hook in the session's primary root); with the whole environment
// and no variable of Cline's; within 30 seconds, which no hook can change.
// Its stdin is Cline's (InputFor): clineVersion, hookName, timestamp (Unix
// milliseconds, as a string), taskId, workspaceRoots, userId, model, and
// preToolUse {toolName, parameters} or postToolUse {toolName, parameters,
// result, success, executionTimeMs}, every parameter a string.
//
// Cline's tool names are its own (execute_command, read_file,
// write_to_file, replace_in_file, apply_patch, …; the profile's Tools maps
// them to Claude Code's) and Cline has no matchers: a hook runs for every
// tool of its event (Matcher).
//
// Writing Cline's hook in Go:
//
//	func main() { cline.Main(myChain) }
//
// # Reading a hook's run
//
// Decide reads a run as Cline reads it: stdout only, as one JSON value, or
// else the last JSON object in it (Cline counts braces back from the last
// line that has a "}", so debug lines may come first). Cline validates an
// object: shouldContinue (a field Cline removed), a cancel that is not a
// boolean, a contextModification or errorMessage that is not a string
// make it no answer. JSON that is not an object is an answer with nothing
// in it. Cline's hooks fail open: only cancel blocks, and it stops the
// whole task, not only the call.
//
//	hook did                                       PreToolUse                     PostToolUse
//	a valid answer, at any exit status             as below                       as below
//	no valid answer, exit 0                        Allow                          Allow
//	no valid answer, another exit status (2 too)   failure                        failure
//	a timeout, no start                            failure                        failure
//	"cancel": true                                 Deny("stop requested: " + R)   Deny("stop requested: " + R)
//	"contextModification", no cancel               a note                         a note
//	"cancel": false, errorMessage, other fields    no effect                      no effect
//
// R is Cline's reason: the trimmed errorMessage, or else the trimmed
// contextModification (which a cancelling answer gives no one else); with
// neither, the reason is "stop requested" alone. A note is the
// contextModification as Cline gives it to the model: cut at 50000 UTF-16
// units with Cline's "[... context truncated due to size limit ...]", and
// trimmed. An answer that gives a key twice, anywhere in it, is denied
// rather than guessed (JavaScript keeps the last; another reader the
// first), and so is a stdout cut at its cap, which may have held a cancel.
//
// # Failures
//
// Cline lets a call go on when its hook fails. Link reproduces that: the
// link fails open, and the failure is in the outcome's trail, with its
// Fault; only a hook whose working directory is gone denies. A link built
// from Command with hookchain.Before or After fails closed instead, as
// every chain link does by default.
//
// # Answering as Cline's hook
//
// Answer, Serve and Main run the chain on Cline's input, degrade the
// outcome to what Cline can say (harness.Degrade, with Cline's
// capabilities: context, and nothing else) and answer with OutputFor:
// exit status 0 and one line of JSON, on stdout.
//
//	outcome   PreToolUse                                   PostToolUse
//	Allowed   {"cancel":false}                             {"cancel":false}
//	  notes   "contextModification", a paragraph per note  the same
//	Denied    {"cancel":true,"errorMessage":REASON}        the same: the output already went to the model, the task stops
//	Modified  Denied by Degrade, with the suggestion       —
//	Asked     Denied by Degrade                            —
//	Replaced  —                                            Denied by Degrade: the output is withheld
//
// A cancel stops Cline's whole task, the only block Cline has: every
// denial of the chain ends the task, and eval says "stop": true. A
// denial's notes are not said, as Cline gives a cancelling answer's
// context to no one; a blank reason is given a text.
//
// An input hookchain will not judge — not valid UTF-8 or JSON, a key given
// twice anywhere, a key alike but for case to another or to one of
// Cline's, an event Cline does not have, a tool call without its tool,
// with both preToolUse and postToolUse, or with parameters that are not
// strings — is answered with Refusal, {"cancel":true,"errorMessage":
// "hookchain: …"} on stdout at exit 0, the reason on stderr too: Cline
// runs a call whose hook fails or exits with another status, so cancel is
// the one refusal it reads. An input of one of Cline's other events
// (TaskStart, UserPromptSubmit, …) is answered with Halt, the same cancel:
// this program judges tool calls only.
//
// Cline gives its hook 30 seconds and lets the call go on past a hook
// that outruns them, or whose answer never arrives: nothing hookchain
// could print then blocks. Keep the chain's links' timeouts well under
// DefaultTimeout.
//
// # Where this follows a reading of Cline's source
//
// Cline changes between versions; this package follows its hooks as read
// (cline/cline: apps/vscode/src/core/hooks/hook-factory.ts and
// HookProcess.ts, apps/vscode/src/sdk/hooks-adapter.ts, proto/cline/hooks.proto,
// .clinerules/hooks/README.md), and docs/harnesses.md lists where it had
// to infer.
package cline
