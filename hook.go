package hookchain

import (
	"encoding/json"
	"fmt"
	"strconv"
)

// Hook says when a chain is being asked about a call: before the tool runs or
// after it has returned. The zero value is not a hook; a chain refuses an event
// that carries it, because an event with no hook is a bug in the runtime and
// guessing which hook was meant could skip a guard.
type Hook uint8

const (
	BeforeTool Hook = iota + 1 // the model asked for a call; the tool has not run
	AfterTool                  // the tool returned; the model has not seen the result
)

// String returns the hook's wire name, "before_tool" or "after_tool".
func (h Hook) String() string {
	switch h {
	case BeforeTool:
		return "before_tool"
	case AfterTool:
		return "after_tool"
	}
	return "Hook(" + strconv.Itoa(int(h)) + ")"
}

// MarshalText encodes the hook as its wire name. An unknown hook is an error
// rather than a number, so a bad event cannot be written out and read back as
// something else.
func (h Hook) MarshalText() ([]byte, error) {
	if h != BeforeTool && h != AfterTool {
		return nil, fmt.Errorf("hookchain: cannot encode unknown hook %d", uint8(h))
	}
	return []byte(h.String()), nil
}

// UnmarshalText accepts the wire names "before_tool" and "after_tool".
func (h *Hook) UnmarshalText(b []byte) error {
	switch string(b) {
	case "before_tool":
		*h = BeforeTool
	case "after_tool":
		*h = AfterTool
	default:
		return fmt.Errorf("hookchain: unknown hook %q (want before_tool or after_tool)", b)
	}
	return nil
}

// Event is one question put to a chain: a tool call at one of its two hooks.
//
// Inside a chain, each link is shown the event as the links before it left it:
// Input carries every Modify so far and Output every Replace. The slices are
// shared with the chain and with the runtime and must be treated as read-only;
// an interceptor that wants a different input or output answers Modify or
// Replace with new bytes. (The chain does not copy them for each link, which is
// what keeps the allow path free of allocations.) A run whose links wrote to
// them in place is refused: the guards before the writer judged other bytes.
type Event struct {
	Hook    Hook
	Tool    string          // the tool's name as the model called it
	CallID  string          // the tool-use id, where the runtime has one
	Input   json.RawMessage // the call's input (JSON); inside a chain, as modified so far
	Output  json.RawMessage // AfterTool: the result (JSON); inside a chain, as replaced so far
	IsError bool            // AfterTool: whether Output is an error result
}
