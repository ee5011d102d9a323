package qwen

import (
	"crypto/rand"
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
)

// Input is what Qwen writes on a tool-call hook's stdin, field for field.
// ToolResponse is PostToolUse's only: Qwen's tool result, an object with
// llmContent (what the model is shown) and returnDisplay (what the user
// is). AgentID and AgentType are written inside a subagent only.
type Input struct {
	SessionID      string          `json:"session_id"`
	TranscriptPath string          `json:"transcript_path"`
	Cwd            string          `json:"cwd"`
	HookEventName  string          `json:"hook_event_name"`
	Timestamp      string          `json:"timestamp"` // ISO 8601, in UTC with milliseconds, as JavaScript writes it
	PermissionMode string          `json:"permission_mode"`
	AgentID        string          `json:"agent_id,omitempty"`
	AgentType      string          `json:"agent_type,omitempty"`
	ToolName       string          `json:"tool_name"`
	ToolInput      json.RawMessage `json:"tool_input"`
	ToolResponse   json.RawMessage `json:"tool_response,omitempty"`
	ToolUseID      string          `json:"tool_use_id"`
}

// InputFor is the input Qwen gives a hook for e in session s, at time now,
// with the call's id toolUseID. A call with no input is told {}; a session
// without a permission mode is in Qwen's "default". After the call, an
// output that is already Qwen's tool result (an object with llmContent) is
// given as it is, and any other as one (harness.ToolResult): Qwen runs
// PostToolUse for calls that succeeded only, so the result has no error.
func InputFor(e hookchain.Event, s harness.SessionInfo, now time.Time, toolUseID string) Input {
	in := Input{
		SessionID:      s.ID,
		TranscriptPath: s.TranscriptPath,
		Cwd:            s.Cwd,
		HookEventName:  PreToolUse,
		Timestamp:      now.UTC().Format("2006-01-02T15:04:05.000Z"),
		PermissionMode: s.PermissionMode,
		AgentID:        s.AgentID,
		AgentType:      s.AgentType,
		ToolName:       e.Tool,
		ToolInput:      e.Input,
		ToolUseID:      toolUseID,
	}
	if in.PermissionMode == "" {
		in.PermissionMode = "default"
	}
	if len(in.ToolInput) == 0 {
		in.ToolInput = json.RawMessage(`{}`)
	}
	if e.Hook == hookchain.AfterTool {
		in.HookEventName = PostToolUse
		in.ToolResponse = harness.ToolResult(e.Output, false)
	}
	return in
}

// ToolUseID is a call id of Qwen's form, toolu_MILLISECONDS_RANDOM, for a
// call whose hooks are run outside Qwen.
func ToolUseID(now time.Time) string {
	return "toolu_" + strconv.FormatInt(now.UnixMilli(), 10) + "_" + strings.ToLower(rand.Text()[:9])
}

func encodeInput(e hookchain.Event, s harness.SessionInfo) ([]byte, error) {
	now := time.Now()
	return json.Marshal(InputFor(e, s, now, ToolUseID(now)))
}

// inputKeys are the keys of Input, and the others Qwen writes for a tool
// call.
var inputKeys = []string{"session_id", "source_type", "source_id", "transcript_path", "cwd", "hook_event_name", "timestamp",
	"permission_mode", "agent_id", "agent_type", "prompt_id", "tool_name", "tool_input", "tool_response",
	"tool_use_id", "tool_call_id", "duration_ms"}

// otherEvents are Qwen's events that are not the two tool-call events a
// chain judges (HookEventName in Qwen's hooks/types.ts).
var otherEvents = []string{
	"PostToolUseFailure", "PostToolBatch", "Notification", "UserPromptSubmit", "UserPromptExpansion",
	"SessionStart", "Stop", "MessageDisplay", "SubagentStart", "SubagentStop", "PreCompact", "PostCompact",
	"SessionEnd", "SessionDelete", "PermissionRequest", "PermissionDenied", "StopFailure",
	"TodoCreated", "TodoCompleted", "InstructionsLoaded",
}

// decode reads a hook input as Qwen writes it. Unknown fields are left
// alone (Qwen adds fields between versions); a known one of the wrong
// type is an error, and so is a key given twice or one spelled in another
// case. The call's output is Qwen's whole tool_response.
func decode(input []byte) (hookchain.Event, harness.SessionInfo, error) {
	shape := harness.SnakeInput{CLI: "Qwen", Before: PreToolUse, After: PostToolUse, Others: otherEvents, Keys: inputKeys}
	return shape.Decode(input, func(fields map[string]json.RawMessage, _ *hookchain.Event, s *harness.SessionInfo, p *harness.Problems) {
		p.String(fields, "permission_mode", &s.PermissionMode, false)
		p.String(fields, "agent_id", &s.AgentID, false)
		p.String(fields, "agent_type", &s.AgentType, false)
	})
}
