package codex

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/hookchain/hookchain/harness"
)

// hookEventNames are the values Codex's answer schema accepts for
// hookSpecificOutput.hookEventName. Codex does not check that the name is
// the event's own.
var hookEventNames = []string{"PreToolUse", "PermissionRequest", "PostToolUse", "SessionStart", "UserPromptSubmit", "Stop"}

// Output is a tool-call hook's JSON answer as Codex reads it. A field Codex
// does not know, at either level, makes the answer invalid, and so does a
// known one of another type: Codex decodes the answer into types that deny
// unknown fields. A pointer is nil when the field is absent or null.
type Output struct {
	Continue       bool // true unless the answer says "continue": false
	StopReason     *string
	SuppressOutput bool
	SystemMessage  *string
	Decision       *string // PreToolUse: "approve" or "block"; PostToolUse: "block"
	Reason         *string
	Specific       *Specific // hookSpecificOutput
}

// Specific is hookSpecificOutput.
type Specific struct {
	HookEventName            string
	PermissionDecision       *string         // PreToolUse: "allow", "deny" or "ask"
	PermissionDecisionReason *string         // PreToolUse
	UpdatedInput             json.RawMessage // PreToolUse; nil when absent or null
	AdditionalContext        *string
	UpdatedMCPToolOutput     json.RawMessage // PostToolUse; nil when absent or null
}

// ParseOutput reads stdout as Codex reads a hook's answer to event (Codex's
// PreToolUse or PostToolUse): the trimmed text as one JSON object of
// Codex's schema for that event. ok is false when stdout is not a JSON
// object at all, which Codex ignores unless it looks like JSON; err says
// why an object is not a valid answer.
func ParseOutput(event string, stdout string) (out Output, ok bool, err error) {
	fields, ferr := harness.Fields([]byte(strings.TrimSpace(stdout)))
	if ferr != nil {
		return Output{}, false, nil
	}
	out.Continue = true
	pre := event == PreToolUse
	decisions := []string{"block"}
	if pre {
		decisions = []string{"approve", "block"}
	}
	// In key order, so that an answer with two faults is always told the same one.
	for _, k := range slices.Sorted(maps.Keys(fields)) {
		v := fields[k]
		switch k {
		case "continue":
			err = boolean(k, v, &out.Continue)
		case "suppressOutput":
			err = boolean(k, v, &out.SuppressOutput)
		case "stopReason":
			out.StopReason, err = text(k, v)
		case "systemMessage":
			out.SystemMessage, err = text(k, v)
		case "reason":
			out.Reason, err = text(k, v)
		case "decision":
			out.Decision, err = oneOf(k, v, decisions)
		case "hookSpecificOutput":
			out.Specific, err = parseSpecific(pre, v)
		default:
			err = fmt.Errorf("unknown field %q", k)
		}
		if err != nil {
			return Output{}, true, err
		}
	}
	return out, true, nil
}

func parseSpecific(pre bool, v json.RawMessage) (*Specific, error) {
	if isNull(v) {
		return nil, nil
	}
	fields, err := harness.Fields(v)
	if err != nil {
		return nil, fmt.Errorf("hookSpecificOutput: %v", err)
	}
	var s Specific
	named := false
	for _, k := range slices.Sorted(maps.Keys(fields)) {
		v := fields[k]
		switch {
		case k == "hookEventName":
			var name *string
			if name, err = oneOf(k, v, hookEventNames); err == nil && name == nil {
				err = errors.New("hookSpecificOutput.hookEventName is null")
			}
			if name != nil {
				s.HookEventName, named = *name, true
			}
		case k == "additionalContext":
			s.AdditionalContext, err = text(k, v)
		case pre && k == "permissionDecision":
			s.PermissionDecision, err = oneOf(k, v, []string{"allow", "deny", "ask"})
		case pre && k == "permissionDecisionReason":
			s.PermissionDecisionReason, err = text(k, v)
		case pre && k == "updatedInput":
			s.UpdatedInput = nonNull(v)
		case !pre && k == "updatedMCPToolOutput":
			s.UpdatedMCPToolOutput = nonNull(v)
		default:
			err = fmt.Errorf("unknown field %q in hookSpecificOutput", k)
		}
		if err != nil {
			return nil, err
		}
	}
	if !named {
		return nil, errors.New("hookSpecificOutput has no hookEventName")
	}
	return &s, nil
}

func isNull(v json.RawMessage) bool { return string(v) == "null" }

func nonNull(v json.RawMessage) json.RawMessage {
	if isNull(v) {
		return nil
	}
	return v
}

func boolean(k string, v json.RawMessage, dst *bool) error {
	if err := json.Unmarshal(v, dst); err != nil || isNull(v) {
		return fmt.Errorf("%s is not a boolean", k)
	}
	return nil
}

func text(k string, v json.RawMessage) (*string, error) {
	if isNull(v) {
		return nil, nil
	}
	var s string
	if err := json.Unmarshal(v, &s); err != nil {
		return nil, fmt.Errorf("%s is not a string", k)
	}
	return &s, nil
}

func oneOf(k string, v json.RawMessage, values []string) (*string, error) {
	s, err := text(k, v)
	if err != nil || s == nil {
		return s, err
	}
	if !slices.Contains(values, *s) {
		return nil, fmt.Errorf("%s %q is not one of %s", k, *s, strings.Join(values, ", "))
	}
	return s, nil
}
