// Package qwen speaks Qwen Code's hook protocol for hookchain, in both
// directions, over package harness: it runs hooks written for Qwen as
// links of a chain, and it makes a chain Qwen's one hook. It covers the
// tool-call events, PreToolUse and PostToolUse, and command hooks.
//
// Qwen Code is a fork of Gemini CLI whose hooks took Claude Code's shape:
// Claude's event names, hookSpecificOutput.permissionDecision, exit status
// 2 with stderr; but Gemini's tool names and JavaScript reading of an
// answer, and rules of its own.
//
// Running Qwen hooks in a chain:
//
//	link, err := qwen.Link("protect", hookchain.BeforeTool, qwen.Matcher("write_file|edit"),
//		process.Spec{Shell: "python3 .qwen/hooks/protect.py", Timeout: 5 * time.Second}, harness.SessionInfo{Cwd: root})
//	chain := hookchain.New(link)
//	ctx = harness.WithSessionInfo(ctx, harness.SessionInfo{ID: sessionID, Cwd: cwd})
//	outcome := chain.Run(ctx, event)
//
// A hook runs as Qwen runs it (CommandSpec): a command line with
// `bash -c`, "$GEMINI_PROJECT_DIR" and "$CLAUDE_PROJECT_DIR" in it first
// replaced by the session's directory; in that directory, Qwen's
// input.cwd; with the whole environment and QWEN_PROJECT_DIR,
// GEMINI_PROJECT_DIR and CLAUDE_PROJECT_DIR set to it; within 60 seconds
// unless its spec says otherwise (Qwen's settings give timeouts in
// milliseconds). Its stdin is Qwen's (InputFor): session_id,
// transcript_path, cwd, hook_event_name, timestamp, permission_mode,
// agent_id and agent_type in a subagent, tool_name, tool_input, after the
// call tool_response ({"llmContent", "returnDisplay"}), and tool_use_id.
//
// Qwen's tool names are its own (run_shell_command, read_file,
// write_file, edit, …; the profile's Tools maps them to Claude Code's) and
// its matchers are exact names, lists, or unanchored JavaScript regular
// expressions, with each tool's display name as an exact alias (Matcher):
// "Edit" selects edit, "Bash" none of Qwen's tools.
//
// ParseSettings reads the hooks section of one settings.json file,
// Merge merges files as Qwen does, ConfigFiles names them, and Links makes
// the PreToolUse and PostToolUse hooks links in order, command and http
// hooks alike (an http hook's timeout is in seconds). A hook of type
// prompt or plugin on a tool-call event is an error: Qwen runs it, and
// hookchain cannot yet.
//
// Writing Qwen's hook in Go:
//
//	func main() { qwen.Main(myChain) }
//
// # Reading a hook's run
//
// Decide reads a run as Qwen reads it. At exit status 2 Qwen reads the
// trimmed stderr alone; at any other, the trimmed stdout, or stderr when
// stdout is blank: as JSON when it parses (a JSON string that holds JSON
// is parsed again), as plain text otherwise. It has no schema: a field it
// does not know is ignored, and each known one is tested as JavaScript
// tests it.
//
//	hook did                                      PreToolUse                             PostToolUse
//	exit 2, a JSON object on stderr               its denial, or else Deny(its reason)   as below
//	exit 2, text on stderr                        Deny(text)                             failure
//	exit 2, nothing                               Deny("Hook exited with a blocking …")  failure
//	a JSON object, at any other exit status       as below                               as below
//	JSON that is not an object, nothing, or text  Allow at exit 0, else failure          the same
//	a timeout, no start, a signal                 failure                                failure
//	permissionDecision "deny" (or decision        Deny(permissionDecisionReason, or      —
//	  "deny"/"block" without one)                   reason, or stopReason)
//	permissionDecision "ask" (decision "ask")     Ask(its reason, or "User confirmation  —
//	                                                required")
//	"continue": false                             Deny("stop requested: " + R)           Deny(R): shown in place of the output
//	hookSpecificOutput.additionalContext          a note                                 a note
//	permissionDecision or decision "allow"        no effect                              —
//	decision after the call                       —                                      no effect
//
// R is Qwen's reason: stopReason, or else reason, or else "No reason
// provided". Notes are the context as Qwen gives it to the model, with <
// and > escaped. hookchain denies where Qwen would have to guess: an
// answer that gives a key twice, anywhere in it; JSON cut at the stdout
// cap (text cut at its cap still denies, saying so); a permissionDecision
// or decision that is not one of Qwen's words (Qwen would let the call
// run past what may be a misspelt denial); and an updatedInput, which
// Qwen's documentation says rewrites the call and its scheduler does not
// read.
//
// # Failures
//
// Qwen lets a call go on when its hook fails. Link reproduces that: the
// link fails open, and the failure is in the outcome's trail, with its
// Fault; only a hook whose working directory is gone denies. A hook whose
// settings say "failMode": "closed" is a link that fails closed (Links),
// as is one built from Command with hookchain.Before or After.
//
// # Answering as Qwen's hook
//
// Answer, Serve and Main run the chain on Qwen's input, degrade the
// outcome to what Qwen can say (harness.Degrade, with Qwen's
// capabilities) and answer with OutputFor, exit status 0 and one line of
// JSON, or nothing:
//
//	outcome   PreToolUse                                                  PostToolUse
//	Allowed   nothing                                                     nothing
//	Denied    permissionDecision "deny" + reason, and decision "deny"     "continue": false + stopReason, shown in place of the output
//	Modified  a denial that says so (Qwen cannot rewrite)                 —
//	Replaced  —                                                           "continue": false, the replacement's text as stopReason
//	Asked     permissionDecision "ask" + reason                           —
//	notes     additionalContext, a paragraph per note (with an allow)     additionalContext (with an allow)
//
// What Qwen cannot say, and what it becomes: a rewrite is a denial that
// says so, and so is an ask about a rewritten call; a replacement reaches
// the model only as text, as a failed call (IsError is always true, and a
// structured replacement is its JSON text); notes beside a denial are not
// said; a blank reason or an empty replacement is given a text. Qwen asks
// in its terminal only: headless, or in a background subagent, an ask is a
// denial.
//
// An input hookchain will not judge — not valid UTF-8 or JSON, a key given
// twice anywhere, a top-level key alike but for case to another or to one
// of Qwen's, an event Qwen does not have, a tool call without its tool or
// with an input or response that is not an object — is answered with
// Refusal: exit status 2 and one line of JSON on stderr with decision
// "deny" and "continue": false, which Qwen reads as a denial at both
// events (the same line on stdout serves a reply that has only a body). An input of one of Qwen's other events
// (UserPromptSubmit, Stop, PostToolUseFailure, …) is answered with Halt,
// {"continue":false,"stopReason":"hookchain: …"}: this program judges tool
// calls only.
//
// # Where this follows a reading of Qwen's source
//
// Qwen changes between versions; this package follows its hooks as read
// (QwenLM/qwen-code, packages/core/src/hooks: hookRunner.ts,
// hookAggregator.ts, hookRegistry.ts, hook-matcher.ts, types.ts; the
// scheduler's toolHookTriggers.ts; docs/users/features/hooks.md), and
// docs/harnesses.md lists where it had to infer.
package qwen
