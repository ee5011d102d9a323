// Package cursor speaks Cursor's agent hook protocol for hookchain, in
// both directions, over package harness: it runs hooks written for Cursor
// as links of a chain, and it makes a chain Cursor's one hook. It covers
// Cursor's tool-call events and command hooks.
//
// Running Cursor hooks in a chain:
//
//	link, err := cursor.Link("no-curl", cursor.BeforeShellExecution, false, cursor.Matcher(cursor.BeforeShellExecution, "curl|wget"),
//		process.Spec{Shell: ".cursor/hooks/no-curl.sh", Timeout: 5 * time.Second}, harness.SessionInfo{Cwd: root})
//	chain := hookchain.New(link)
//	ctx = harness.WithSessionInfo(ctx, harness.SessionInfo{ID: conversationID, Cwd: root})
//	outcome := chain.Run(ctx, event)
//
// # Events
//
// Cursor has two events that name any tool call, and events of one kind
// of call each. Each is a hook of a chain and a call of the tool it stands
// for, named as Cursor's preToolUse names it (Tools maps the names to
// Claude Code's: Shell is Bash):
//
//	Cursor's event        hook        the call                                               its answer
//	preToolUse            BeforeTool  tool_name, tool_input, tool_use_id                     permission allow|deny (ask not enforced), user_message, agent_message, updated_input
//	postToolUse           AfterTool   the same, and tool_output (a call that did not fail)   updated_mcp_tool_output (MCP tools), additional_context
//	postToolUseFailure    AfterTool   the same, error_message: an error result               none
//	beforeShellExecution  BeforeTool  Shell, {"command"} (and "cwd", when not the root's)    permission allow|deny|ask, user_message, agent_message
//	afterShellExecution   AfterTool   Shell, the same, output                                none
//	beforeMCPExecution    BeforeTool  tool_name ("MCP:…"; "mcp__…" too), tool_input          permission allow|deny|ask, user_message, agent_message
//	afterMCPExecution     AfterTool   the same, result_json                                  none
//	beforeReadFile        BeforeTool  Read, {"file_path", "content"}                         permission allow|deny
//	afterFileEdit         AfterTool   Write, {"file_path", "edits"}                          none
//
// Every input has conversation_id (the session's ID), generation_id (its
// Turn), model, hook_event_name, workspace_roots (the first is the
// session's Cwd, the project's root, where the hooks run, whatever
// directory a call's own cwd names) and transcript_path (InputFor). Tab's events, and the
// others that are not tool calls, are not this package's.
//
// A hook runs as Cursor runs it (CommandSpec): a command line with `sh -c`;
// in the project's root, or ~/.cursor for the user's hooks; with the whole
// environment and CURSOR_PROJECT_DIR, CURSOR_TRANSCRIPT_PATH and
// CLAUDE_PROJECT_DIR; within DefaultTimeout unless its entry says
// otherwise (Cursor's timeouts are in seconds). A matcher (Matcher) is a
// JavaScript regular expression tested anywhere in the tool's name, or, at
// the shell events, in the command; Cursor has no aliases: "Bash" selects
// none of its tools.
//
// ParseHooksFile reads one hooks.json file ({"version": 1, "hooks":
// {EVENT: [{"command", "matcher", "timeout", "failClosed", "type"}]}}), and
// Links makes its tool-call hooks links; ConfigFiles says where Cursor's
// files are and in which order it reads them. Cursor also runs the hooks
// of Claude Code's settings files; those are Claude Code's, which
// hookchain reads as Claude Code's (`hookchain --harness claude`).
//
// Writing Cursor's hook in Go:
//
//	func main() { cursor.Main(myChain) }
//
// # Reading a hook's run
//
// Decide reads a run as Cursor reads it, for the hook's event:
//
//	hook did                                before the call                         after the call
//	exit 0, nothing or {}                   Allow                                   Allow
//	exit 0, permission "allow"              Allow (Modify with preToolUse's         —
//	                                        updated_input, an object)
//	exit 0, permission "deny"               Deny(agent_message, else user_message,  —
//	                                        else "blocked by a Cursor hook")
//	exit 0, permission "ask"                Ask(user_message) at the shell and MCP  —
//	                                        gates; Allow at preToolUse (Cursor
//	                                        does not enforce it)
//	exit 0, additional_context              —                                       a note (postToolUse)
//	exit 0, updated_mcp_tool_output         —                                       Replace (postToolUse, an MCP tool)
//	exit 2                                  Deny(the message, else stderr)          Allow: nothing is left to block
//	exit 0 with text, or JSON not an        failure                                 failure
//	  object; another exit status; a
//	  timeout; no start
//
// The events after the call other than postToolUse read no answer. A
// failure lets the call go on, as in Cursor, unless the hook's entry says
// failClosed; Link takes it. hookchain denies where Cursor would have to
// guess: a key given twice, an answer cut at the cap, a permission the
// event does not read ("ask" at beforeReadFile, "Allow"), a field of the
// wrong type. A call the event's input cannot be made of (a shell call
// without a command) denies too, rather than run no hook.
//
// # Answering as Cursor's hook
//
// Answer, Serve and Main answer each tool-call event in its own form: the
// outcome is degraded (harness.Degrade) to what the event can say (Can),
// and written by OutputFor as one JSON object, exit status 0:
//
//	outcome   preToolUse                      shell, MCP gates           beforeReadFile   postToolUse
//	Allowed   {}                              {}                         {}               {} (notes: additional_context)
//	Denied    permission deny, user_message   the same                   permission deny  MCP: updated_mcp_tool_output, the reason;
//	          and agent_message the reason                                                another tool: additional_context that the
//	                                                                                      output is withheld (Cursor cannot withhold it)
//	Modified  permission allow, updated_input a denial                   a denial         —
//	Asked     a denial (ask is not enforced)  permission ask             a denial         —
//	Replaced  —                               —                          —                MCP: updated_mcp_tool_output; another tool:
//	                                                                                      additional_context, as for a denial
//
// The other events after the call are answered {}: Cursor reads nothing
// there. An input hookchain will not judge — not valid UTF-8 or JSON, a
// key given twice anywhere, a key alike but for case to one of Cursor's,
// an event Cursor does not have, a call without what its event carries —
// is answered with Refusal: exit status 2, which every gate of Cursor's
// reads as a denial whatever its failClosed, with the denial on stdout
// too and the reason on stderr. An input of one of Cursor's other events
// is answered with Halt, the same with "continue": false.
//
// # Where this follows a reading of Cursor's documentation
//
// Cursor is closed source; this package follows its hooks documentation
// (cursor.com/docs/hooks) and the hooks people write for it, and
// docs/harnesses.md lists where it had to infer.
package cursor
