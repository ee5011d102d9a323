// Package windsurf is Windsurf Cascade's profile for package harness, in
// both directions: a Windsurf hook as a link of a chain (Link,
// CompileCommand, Links), and a chain as Windsurf's one hook (Main, Serve,
// Answer, OutputFor). It covers the events of Cascade's actions — running
// a command, reading and writing a file, calling an MCP tool, before and
// after each — and command hooks. The rules are those of Windsurf's hook
// documentation (docs.windsurf.com/windsurf/cascade/hooks, now also at
// docs.devin.ai/desktop/cascade/hooks).
//
// # Events and tools
//
// Windsurf has no event of a tool call as such, and names no tool: each
// action has its events, and the event says what the call is. Here a call
// is named after its action, the event's name without "pre_" or "post_"
// (Event gives the event of a call):
//
//	Windsurf's events                       the call              Claude Code's tool  its input
//	pre_run_command, post_run_command       run_command           Bash                tool_info: {command_line, cwd}
//	pre_read_code, post_read_code           read_code             Read                tool_info: {file_path}
//	pre_write_code, post_write_code         write_code            Write, Edit         tool_info: {file_path, edits}
//	pre_mcp_tool_use, post_mcp_tool_use     mcp__SERVER__TOOL     the same            tool_info.mcp_tool_arguments
//
// The pre_ events are hookchain.BeforeTool, the post_ ones AfterTool.
// After an MCP call the output is tool_info.mcp_result; after the other
// actions Windsurf tells a hook no result.
//
// # A Windsurf hook in a chain
//
// Windsurf writes {agent_action_name, trajectory_id, execution_id,
// timestamp, tool_info} on a hook's stdin (InputFor). The command runs
// with `bash -c`, in its working_directory or else the workspace's root,
// with Windsurf's whole environment, within DefaultTimeout (CommandSpec).
// Windsurf reads the exit status only (Decide):
//
//	the hook                                   before the action            after the action
//	exits 0, whatever it prints                the call goes on             the output goes on
//	exits 2                                    Denied: its stderr, trimmed  the output goes on; the fault
//	                                                                        in the trail
//	exits with another status, cannot start,   the call goes on; the fault  the same
//	  or outruns its timeout                   in the trail (Link)
//
// A hook that exits 2 with nothing on stderr blocks all the same, with a
// reason that says so.
//
// # A chain as Windsurf's hook
//
// The outcome is degraded (harness.Degrade) to what Windsurf can say,
// which is a block and nothing else, and answered with nothing on stdout:
//
//	the chain's outcome   before the action                                 after the action
//	Allowed               exit 0                                            exit 0
//	Denied                exit 2, the reason on stderr (to Cascade)         exit 2, the reason on stderr (the hook's error)
//	Asked                 a denial: Windsurf cannot ask its user            —
//	Modified              a denial, with the input the chain would run      —
//	Replaced              —                                                 a denial: Windsurf cannot replace an output
//	notes                 not said                                          not said
//
// After the action Windsurf has no answer that reaches Cascade. An input
// hookchain will not judge — not valid UTF-8 or JSON, a key given twice
// anywhere, a key alike but for case to another or to one of Windsurf's,
// an event Windsurf does not have, a tool_info that is not an object or
// lacks the action's field (command_line, file_path, the MCP server and
// tool, after an MCP call mcp_result), or an MCP server and tool that do
// not make one tool name — is answered with Refusal: exit status 2 and the
// reason on stderr, which Windsurf reads as a block. An input of one of
// Windsurf's other events (pre_user_prompt, post_cascade_response, …) is
// answered with Halt, the same form: Windsurf has no answer that stops
// Cascade.
//
// # Its configuration
//
// A hooks.json gives {"hooks": {EVENT: [{"command", "show_output",
// "working_directory"}]}} (ParseHooksFile): a flat list per event, no
// matcher (Matcher selects the calls of the event's action). Windsurf
// reads the system's, the user's and the workspace's, and runs the hooks
// of all three in that order (ConfigFiles); Links makes the tool hooks
// links. docs/harnesses.md lists where this package had to infer.
package windsurf
