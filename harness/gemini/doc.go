// Package gemini speaks Google Gemini CLI's hook protocol for hookchain,
// in both directions, over package harness: it runs hooks written for
// Gemini as links of a chain, and it makes a chain Gemini's one hook. It
// covers the tool-call events, BeforeTool and AfterTool, and command hooks
// (the only kind Gemini's settings configure).
//
// Running Gemini hooks in a chain:
//
//	link, err := gemini.Link("protect", hookchain.BeforeTool, gemini.Matcher("write_file|replace"),
//		process.Spec{Shell: "python3 .gemini/hooks/protect.py", Timeout: 5 * time.Second}, harness.SessionInfo{Cwd: root})
//	chain := hookchain.New(link)
//	ctx = harness.WithSessionInfo(ctx, harness.SessionInfo{ID: sessionID, Cwd: cwd})
//	outcome := chain.Run(ctx, event)
//
// A hook runs as Gemini runs it (CommandSpec): a command line with
// `bash -c`; in the session's directory, Gemini's input.cwd; with the
// whole environment and GEMINI_PROJECT_DIR, GEMINI_CWD, CLAUDE_PROJECT_DIR
// and GEMINI_SESSION_ID; within 60 seconds unless its spec says otherwise
// (Gemini's settings give timeouts in milliseconds). Its stdin is Gemini's
// (InputFor): session_id, transcript_path, cwd, hook_event_name,
// timestamp, tool_name, tool_input, and after the call tool_response,
// Gemini's tool result ({"llmContent", "returnDisplay", "error"}).
//
// Gemini's tool names are its own (run_shell_command, read_file,
// write_file, replace, …; the profile's Tools maps them to Claude Code's)
// and its matchers are JavaScript regular expressions, unanchored, with no
// aliases (Matcher): "Bash" selects none of Gemini's tools.
//
// ParseSettings reads the hooks section of one settings.json file, and
// Links makes its BeforeTool and AfterTool hooks links in the file's
// order; what it cannot read exactly (comments, hooks turned off, a hook
// given twice for an event) is an error. ConfigFiles are where Gemini
// finds the files, Layers merges them, and Disabled and Enabled leave out
// the hooks a "disabled" list of any of them names, as Gemini does.
//
// Writing Gemini's hook in Go:
//
//	func main() { gemini.Main(myChain) }
//
// # Reading a hook's run
//
// Decide reads a run as Gemini reads it. Gemini reads the trimmed stdout,
// or the trimmed stderr when stdout is blank, whatever the exit status: as
// JSON when it parses (a JSON string that holds JSON is parsed again),
// and as plain text otherwise. It has no schema: a field it does not know
// is ignored, and each known one is tested as JavaScript tests it.
//
//	hook did                                       BeforeTool                        AfterTool
//	a JSON object, at any exit status              as below                          as below
//	JSON that is not an object, or nothing; exit 0 Allow                             Allow
//	the same at another exit status                failure                           failure
//	plain text, exit 0                             Allow (a message for the user)    Allow
//	plain text, exit 1                             failure (Gemini warns)            failure
//	plain text, another exit status (2, 127, …)    Deny(text)                        Deny(text): shown in place of the output
//	a timeout, no start                            failure                           failure
//	"continue": false                              Deny("stop requested: " + R)      Deny("stop requested: " + R)
//	decision "deny" or "block"                     Deny(R)                           Deny(R): shown in place of the output
//	decision "ask"                                 Ask(systemMessage, or else R)     no effect
//	hookSpecificOutput.tool_input, an object       Modify(merged over the input)     —
//	hookSpecificOutput.tool_output, a string       —                                 Replace(its text)
//	hookSpecificOutput.additionalContext           no effect                         a note
//	decision "allow", systemMessage, others        no effect                         no effect
//
// R is Gemini's reason: stopReason, or else reason, or else "No reason
// provided". An ask rewrites too when it comes with a tool_input. An
// answer that gives a key twice, anywhere in it, is denied rather than
// guessed (Gemini keeps the last; another reader the first), and so is
// JSON cut at the stdout cap; text cut at its cap still denies, saying so.
//
// # Failures
//
// Gemini lets a call go on when its hook fails. Link reproduces that: the
// link fails open, and the failure is in the outcome's trail, with its
// Fault; only a hook whose working directory is gone denies. A link built
// from Command with hookchain.Before or After fails closed instead, as
// every chain link does by default. A command bash cannot find is not a
// failure to Gemini: bash exits 127 with its complaint, plain text at a
// status above 2, which denies.
//
// # Answering as Gemini's hook
//
// Answer, Serve and Main run the chain on Gemini's input, degrade the
// outcome to what Gemini can say (harness.Degrade, with Gemini's
// capabilities) and answer with OutputFor, exit status 0 and one line of
// JSON, or nothing:
//
//	outcome   BeforeTool                                          AfterTool
//	Allowed   nothing                                             nothing
//	Denied    decision "deny" + reason                            decision "deny" + reason, shown in place of the output
//	Modified  hookSpecificOutput.tool_input, the whole new input  —
//	Replaced  —                                                   decision "deny", the replacement's text as the reason
//	Asked     decision "ask" + reason, and as systemMessage       —
//	notes     not said                                            hookSpecificOutput.additionalContext, a paragraph per note
//
// What Gemini cannot say, and what it becomes: a note before the call is
// left out, as Gemini reads no context there; a replacement reaches the
// model only as text, in place of the output, as a failed call (IsError
// is always true, and a structured replacement is its JSON text); a
// rewrite that is not an object, or that drops a key of the call's input,
// is a denial that says so, as Gemini ignores the one and merges the other
// into the model's arguments, keeping the key; a blank reason or an empty
// replacement is given a text.
//
// An input hookchain will not judge — not valid UTF-8 or JSON, a key given
// twice anywhere, a top-level key alike but for case to another or to one
// of Gemini's, an event Gemini does not have, a tool call without its tool
// or with an input or response that is not an object — is answered with
// Refusal: exit status 2, nothing on stdout and the reason on stderr,
// which Gemini reads as a denial. An input of one of Gemini's other events
// (BeforeAgent, SessionStart, …) is answered with Halt,
// {"continue":false,"stopReason":"hookchain: …"}: this program judges tool
// calls only.
//
// # Where this follows a reading of Gemini's source
//
// Gemini changes between versions; this package follows its hooks as read
// (google-gemini/gemini-cli, packages/core/src/hooks: hookRunner.ts,
// hookAggregator.ts, hookPlanner.ts, types.ts; the scheduler's
// hook-utils.ts and tool-executor.ts; docs/hooks/reference.md), and
// docs/harnesses.md lists where it had to infer.
package gemini
