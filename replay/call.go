package replay

import (
	"encoding/json"
	"time"
)

// Format names a transcript format, as --format spells it.
type Format string

// The formats a transcript is read in.
const (
	ClaudeCode      Format = "claude-code"      // ~/.claude/projects/<project>/<session>.jsonl and its subagents
	Codex           Format = "codex"            // ~/.codex/sessions/…/rollout-*.jsonl
	Gemini          Format = "gemini"           // ~/.gemini/tmp/<project>/chats/session-*.jsonl (or .json)
	Anthropic       Format = "anthropic"        // an Anthropic Messages API message array
	OpenAIChat      Format = "openai-chat"      // an OpenAI Chat Completions message array
	OpenAIResponses Format = "openai-responses" // an OpenAI Responses item array
)

// Call is one tool call as a transcript recorded it: what the model asked
// for, and what came of it. A replay builds the hook inputs the call would
// have produced from it; no tool is ever run.
type Call struct {
	Format  Format
	File    string // the transcript file the call is in (a subagent's own file for its calls)
	Line    int    // the 1-based line of the call in File (of a whole-file document, the line its message starts on)
	Version string // the agent CLI's version that wrote the entry, "" when not recorded

	Session   string // the session id; "" when the format has none
	AgentID   string // the subagent's id; "" for the main agent
	AgentType string // the subagent's type; "" when not recorded
	// Sidechain says the call is a subagent's: Claude Code 1.0.x writes
	// subagents inline, marked isSidechain, with no agent id to tell them apart.
	Sidechain bool
	Cwd       string // where the agent worked at the call, as recorded (it may no longer exist)
	Time      time.Time

	ID   string // the call's id (tool_use id, call_id)
	Tool string // the tool's name as the agent CLI named it
	// Input is the input as the tool got it: always a JSON object, decoded
	// from a string where the format stores one (Codex's and OpenAI's
	// arguments); a freeform input (Codex's custom tools) is {"input": "<the text>"}.
	Input json.RawMessage

	// Result is the call's result as recorded, or nil when the transcript
	// holds none (an interrupted call, an excerpt, a crash).
	Result *Result
}

// Result is what a transcript recorded of a call's result.
type Result struct {
	Line int // the 1-based line of the result in the call's File
	Time time.Time

	// Content is what the model was shown, as recorded: a JSON string, or
	// the format's block or part array (Text reads either). Gemini's
	// cancelled calls may have none: null.
	Content json.RawMessage
	// Structured is the tool's structured result where the format keeps
	// one beside Content (Claude Code's toolUseResult, close to a hook's
	// tool_response); nil when it has none.
	Structured json.RawMessage
	IsError    bool // recorded as an error, or derived from an exit code where the format has no flag

	// Original is what happened to the call then, as far as the result
	// says.
	Original Original
	// Incomplete says the recorded result is a preview or was cut (a
	// persisted large output, a "Total output lines" prefix): a guard of
	// outputs judged on it sees less than the model did.
	Incomplete bool
}

// Original is what happened to a call when the session ran.
type Original string

// What happened to a call.
const (
	Ran      Original = "ran"       // the tool ran and returned a result
	Errored  Original = "errored"   // the tool ran and returned an error
	Rejected Original = "rejected"  // the user refused it at a permission prompt
	Blocked  Original = "blocked"   // a hook blocked it
	Denied   Original = "denied"    // a permission rule or classifier refused it
	NoResult Original = "no result" // the transcript holds no result for it
	// Interrupted: the user stopped the call while it ran (Claude Code's
	// "[Request interrupted by user for tool use]" as its result).
	Interrupted Original = "interrupted"
)

// Problem is something a reader met that is not a call: counted and
// reported, never fatal, never dropped in silence.
type Problem struct {
	File   string
	Line   int
	Kind   ProblemKind
	Detail string
}

// ProblemKind is the kind of a Problem.
type ProblemKind string

// The kinds of Problem.
const (
	BadLine           ProblemKind = "bad line"            // not JSON: a truncated last line, a corrupted one
	UnknownFormat     ProblemKind = "unknown format"      // a file no reader recognises
	DanglingParent    ProblemKind = "dangling parent"     // an entry whose parent is not in the file (an excerpt, a resumed session)
	ResultWithoutCall ProblemKind = "result without call" // a result whose call is not in the file
	BadCall           ProblemKind = "bad call"            // a call without a tool name, or with input that is not an object
	Duplicate         ProblemKind = "duplicate"           // an entry or call already read in the file (a copied line): read once
	Unresolved        ProblemKind = "unresolved"          // a call let go without its result because too many were held (see Read)
	BadRegistry       ProblemKind = "bad registry"        // a Gemini project registry or .project_root unreadable, garbage, too large, or naming two projects: Cwd is ""
)

// Original is what happened to the call when the session ran: its result's
// Original, or NoResult when the transcript holds none.
func (c Call) Original() Original {
	if c.Result == nil {
		return NoResult
	}
	return c.Result.Original
}
