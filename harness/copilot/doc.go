// Package copilot is GitHub Copilot CLI's profile for package harness, for
// its camelCase preToolUse and postToolUse entries and its PascalCase
// (Claude-compatible) PreToolUse and PostToolUse ones, in both directions:
// a Copilot command hook as a link of a chain (Link, PascalLink,
// CompileCommand), and a chain as Copilot's one hook (Main, Serve, Answer,
// OutputFor); and a reader of its hooks files (ParseHooksFile, Links,
// ConfigFiles). The rules
// are those of GitHub's hooks reference
// (docs.github.com/en/copilot/reference/hooks-reference).
//
// # A Copilot hook in a chain
//
// Copilot writes {sessionId, timestamp (Unix milliseconds), cwd, toolName,
// toolArgs} on the hook's stdin, and postToolUse adds toolResult
// {resultType, textResultForLlm}; toolArgs is the call's arguments as a
// JSON text, in a string (InputFor). The command runs as CommandSpec says.
// Decide reads what it did:
//
//	the hook                                        before the call            after the call
//	exits with any status but 0 (2 included),       denied: the fault          the output goes on;
//	  or cannot run                                 in the trail (Link)        the fault in the trail
//	outruns its timeoutSec                          the call goes on; the      the same
//	                                                fault in the trail
//	exits 0 with nothing, or with no JSON object    the call goes on           the output goes on
//	permissionDecision "deny"                       Denied, its reason (or     —
//	                                                "Denied by preToolUse
//	                                                hook")
//	permissionDecision "ask"                        Asked, its reason          —
//	modifiedArgs (an object)                        Modified (Asked, with      —
//	                                                "ask")
//	modifiedResult {resultType, textResultForLlm}   —                          Replaced with the text;
//	                                                                           an error result unless
//	                                                                           "success"
//	additionalContext                               not read                   a note
//
// Lines that are each one JSON object of type "progress" are taken out of
// stdout first, as Copilot does. hookchain denies where Copilot would
// guess: a key given twice, a permissionDecision that is not one of the
// three, a modifiedArgs that is not an object, an answer cut at the output
// cap.
//
// # A chain as Copilot's hook
//
// The outcome is degraded (harness.Degrade) to what Copilot can say —
// Copilot can ask, rewrite, replace an output with text, and give context
// after the call — and written as one JSON line, exit status 0:
//
//	the chain's outcome   before the call                                   after the call
//	Allowed               nothing                                           {} (with notes: additionalContext)
//	Denied                permissionDecision "deny", the reason             modifiedResult: the reason as the text
//	Modified              modifiedArgs: the input                           modifiedResult: a denial that says so
//	Replaced              a denial that says so                             modifiedResult {"success", the text}
//	Asked                 permissionDecision "ask", the reason (+ modifiedArgs)  modifiedResult: a denial that says so
//	notes                 not said (preToolUse has no context)              additionalContext
//
// Copilot runs no postToolUse hook for a failed call, so a replacement is
// written as a success whatever the outcome's IsError. An input hookchain
// will not judge, or its own failure, is Refusal: exit status 2 with a
// denial on stdout and the reason on stderr. Copilot's preToolUse rule is
// fail-closed — exit 2, like any status but 0, denies whatever stdout
// says — so the status alone blocks, and the denial's reason is the
// model's. After the call exit 2 is only a warning: the output goes on.
//
// # Which event an input is
//
// A camelCase input names no event. Decode takes one with a toolName and
// a toolArgs, and no key of another event's input (permissionRequest's
// toolInput, an error, a prompt, a source, …), as a tool call:
// postToolUse's with a toolResult, preToolUse's without. Any other input
// is not a tool call (harness.ErrNotToolCall), answered by Halt. A caller
// told the event by the configuration says it with DecodeEvent.
//
// # PascalCase entries
//
// Copilot also reads Claude-compatible entries (PreToolUse, PostToolUse):
// their input is snake_case with hook_event_name, tool_input an object, an
// ISO 8601 timestamp and Claude Code's tool names (PascalInputFor), and
// their matchers are Claude's (PascalMatcher: "", "*" or "**" every tool;
// names or alternations of names over either name; else an anchored regex
// over the Claude name), under the same fail-closed rule and timeoutSec
// (PascalLink, PascalProfile). Decode reads their input too, by its
// hook_event_name, and judges the tool under Copilot's name (Claude Code's
// Edit is edit, Bash is bash); the answer has the camelCase entries'
// fields, which the reference documents for both only for the stop events:
// that a PascalCase PreToolUse reads them too is this package's inference.
//
// # Hooks files
//
// ParseHooksFile reads one file, {"version": 1, "hooks": {EVENT: [ENTRY]}},
// flat: each entry is a hook, of type "command" (the default) or "http"
// (HTTPLink: it fails open, before the call as after it, as Copilot's
// http hooks do); prompt hooks, an entry with only a powershell command,
// and a file with disableAllHooks are warned of and skipped; hooks of every other Copilot
// event are read, and Links leaves them out. Copilot drops a malformed
// entry and keeps its siblings; ParseHooksFile refuses the file, so that
// no guard is dropped unseen. ConfigFiles are the files Copilot reads, in
// its order: the policy directory's, the user's ~/.copilot/hooks, the
// repository's .github/hooks, each directory's *.json by name.
package copilot
