// Package replay reads the transcripts agent CLIs write into the tool calls
// they recorded — tool, call id, input as the tool got it, the result as
// recorded (or none), whether it was an error, what happened to the call
// then (Original), session, subagent, cwd, time, and the file and line —
// so that each call can be put through a new policy. No tool is ever run.
//
// Formats, one file each: Claude Code sessions and their subagents
// (claudecode.go: 1.0.x inline sidechains, 2.0.x agent-*.jsonl beside the
// session, 2.1.x <session>/subagents/agent-*.jsonl), Codex CLI rollouts
// (codex.go), Gemini CLI sessions, JSONL and the older single object
// (gemini.go), and the message arrays a Go runtime keeps: Anthropic
// Messages (anthropic.go), OpenAI chat (openai_chat.go) and responses
// (openai_responses.go), a file of one array or JSONL of one a line. Files
// finds transcripts in folders and detects each one's format, and
// HistoryRoots the folders the CLIs keep them in; Read and
// ReadFile stream one file's calls. docs/replay.md has the table of what
// each format records and how each field is read.
//
// Run puts the calls through a *hookchain.Chain as the agent CLI would have
// put them to its hooks — before each call and, when its result is
// recorded and the chain did not deny it, after — and hands on each Judged
// in input order: sessions at once (Jobs), the calls of one in order, each
// with its session in the context (SessionContext), Dedupe on request. The
// chain may hold any links: a settings file's hooks, Go interceptors, an
// OPA policy (package opa's Embedded). The hookchain command's replay is
// Run over Files.
//
// The rules of a read:
//
//   - Order: calls are yielded in the file order of the calls, each with
//     its result when the file holds one (matched by id, never by
//     position).
//   - Bounded memory: one line is held at a time (up to MaxLine; lines of
//     several MB are normal), or one element of a whole-file document, and
//     the calls waiting for their results, up to MaxHeld calls and
//     MaxHeldBytes of their inputs and results. Past a bound the oldest is
//     yielded without its result (Unresolved); a result that comes for it
//     later is a ResultWithoutCall. Nothing of a yielded call is kept but
//     its id, among the last 65,536, to tell a copy (Duplicate).
//   - Counted, never fatal, never silent: a line that is not JSON
//     (BadLine), a parent not in the file (DanglingParent), a result whose
//     call is not in the file (ResultWithoutCall), a call without a tool or
//     an object input (BadCall), a file of no known format
//     (UnknownFormat), a Gemini project registry that cannot say the cwd
//     (BadRegistry); a call without a result is yielded with Result nil
//     and counted in Stats.WithoutResult.
//   - Only the reader's error, the context's end (checked every line) and
//     yield's error stop a read, and the error is returned.
//
// Where a format leaves a fact out, the call leaves it empty: Claude Code
// 1.0.x subagents have no agent id (Call.Sidechain says they are a
// subagent's); a 2.x subagent's type is recorded only on its parent's
// Agent result, in the session file, which ReadFile looks it up in (Read,
// given a stream alone, leaves AgentType ""); Gemini records no cwd, and
// ReadFile gives a session's calls the project its folder is named for
// in the CLI's registry (gemini.go), Read "".
package replay
