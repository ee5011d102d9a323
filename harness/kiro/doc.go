// Package kiro is Kiro CLI's profile for package harness, in both
// directions: a Kiro hook as a link of a chain (Link, CompileCommand,
// Links), and a chain as Kiro's one hook (Main, Serve, Answer, OutputFor).
// It covers the tool-call events — an agent config's preToolUse and
// postToolUse, a Kiro 3 hooks file's PreToolUse and PostToolUse triggers —
// and command hooks. The rules are those of Kiro's hook documentation
// (kiro.dev/docs/cli/hooks, kiro.dev/docs/cli/v3/hooks) and of the hook
// runner of the Amazon Q Developer CLI Kiro grew from.
//
// # A Kiro hook in a chain
//
// Kiro writes {hook_event_name, cwd, tool_name, tool_input} on a tool
// hook's stdin, and after the call tool_response, its tool result
// ({"success": true, "result": [...]}) (InputFor). It tells a hook no
// session. The command runs with `bash -c`, in the session's directory,
// with Kiro's whole environment, within 30 seconds unless the hook's
// timeout_ms says otherwise (CommandSpec). Kiro reads the exit status
// only (Decide):
//
//	the hook                                   before the call              after the call
//	exits 0, whatever it prints                the call goes on             the output goes on
//	exits 2                                    Denied: its stderr, trimmed  the output goes on; the fault
//	                                                                        in the trail
//	exits with another status, cannot start,   the call goes on; the fault  the same
//	  or outruns its timeout                   in the trail (Link)
//
// A hook that exits 2 with nothing on stderr blocks all the same, with a
// reason that says so.
//
// # A chain as Kiro's hook
//
// The outcome is degraded (harness.Degrade) to what Kiro can say, which is
// a block and nothing else, and answered with nothing on stdout:
//
//	the chain's outcome   before the call                                   after the call
//	Allowed               exit 0                                            exit 0
//	Denied                exit 2, the reason on stderr (to the model)       exit 2, the reason on stderr (a warning to the user)
//	Asked                 a denial: Kiro cannot ask its user                —
//	Modified              a denial, with the input the chain would run      —
//	Replaced              —                                                 a denial: Kiro cannot replace an output
//	notes                 not said                                          not said
//
// After the call Kiro has no answer that reaches the model: the output
// goes on whatever the hook says. An input hookchain will not judge — not
// valid UTF-8 or JSON, a key given twice anywhere, a top-level key alike
// but for case to another or to one of Kiro's, an event Kiro does not
// have, a tool call without its tool, with a tool_input that is not an
// object, or after the call without its tool_response — is answered with
// Refusal: exit status 2 and the reason on stderr, which Kiro reads as a
// block. An input of one of Kiro's other events (agentSpawn,
// userPromptSubmit, stop, and a hooks file's other triggers) is answered
// with Halt, the same form: Kiro has no answer that stops its run.
//
// # Its configuration
//
// Kiro has two formats in flight. An agent config (.kiro/agents/NAME.json
// in the project, else ~/.kiro/agents/NAME.json: ConfigFiles) gives hooks
// per agent, {"hooks": {EVENT: [{"command", "matcher", "timeout_ms", …}]}}
// (ParseAgentConfig), with glob matchers over Kiro's tool names (Matcher).
// A Kiro 3 hooks file (.kiro/hooks/NAME.json: HooksDir) gives hooks for
// every agent of the project, {"version": "v1", "hooks": [{"name",
// "trigger", "matcher", "action", "timeout", "enabled"}]}
// (ParseHooksFile), with regular expressions for matchers
// (HooksFileMatcher) and timeouts in seconds. Parse tells them apart by
// their shape, and Links makes the tool hooks of either links. A hooks
// file's "agent" action puts a prompt before Kiro's model; on a tool
// trigger it is refused by name, as hookchain has no model.
//
// Kiro's tool names are its own (execute_bash or shell, fs_read or read,
// fs_write or write, "@server/tool" for MCP tools; Tools maps the
// built-in ones to Claude Code's): a matcher written with Claude Code's
// names selects none of them. docs/harnesses.md lists where this package
// had to infer.
package kiro
