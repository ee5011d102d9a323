package claudecode

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/hookchain/hookchain/internal/jsonscan"
	"github.com/hookchain/hookchain/internal/validutf8"
)

// Output is Claude Code's hook output: the JSON object a hook writes on
// stdout (exit status 0) or an HTTP hook returns as its body.
//
// Decoding is lenient about what it does not know and strict about what it
// does, as Claude Code's own schema is: unknown fields are ignored, a known
// field of the wrong type is an error. Field names are matched exactly — a
// "Decision" is not a "decision", as it is not to Claude Code — and a null
// field is read as absent.
//
// Encoding omits empty fields, so an Output built by OutputFor carries only
// what it means to say.
type Output struct {
	Continue           *bool               `json:"continue,omitempty"`       // false: stop the agent (see the package documentation)
	StopReason         string              `json:"stopReason,omitempty"`     // why, when Continue is false
	SuppressOutput     bool                `json:"suppressOutput,omitempty"` // Claude Code UI only; no hookchain meaning
	SystemMessage      string              `json:"systemMessage,omitempty"`  // shown to the user only: the outcome's messages
	Decision           string              `json:"decision,omitempty"`       // "block", or the legacy "approve"
	Reason             string              `json:"reason,omitempty"`         // the reason for Decision
	HookSpecificOutput *HookSpecificOutput `json:"hookSpecificOutput,omitempty"`
}

// HookSpecificOutput is the event-specific part of Output. Which fields mean
// something depends on HookEventName, which must name the event the hook was
// run for.
type HookSpecificOutput struct {
	HookEventName string `json:"hookEventName"`

	// PreToolUse.
	PermissionDecision       string          `json:"permissionDecision,omitempty"` // allow, deny, ask or defer
	PermissionDecisionReason string          `json:"permissionDecisionReason,omitempty"`
	UpdatedInput             json.RawMessage `json:"updatedInput,omitempty"` // the whole new input, an object

	// All three events: text for the model to read next to the call, the
	// outcome's notes (hookchain.Outcome.Notes).
	AdditionalContext string `json:"additionalContext,omitempty"`

	// PostToolUse (and, in hookchain, PostToolUseFailure).
	UpdatedToolOutput    json.RawMessage `json:"updatedToolOutput,omitempty"`    // any tool
	UpdatedMCPToolOutput json.RawMessage `json:"updatedMCPToolOutput,omitempty"` // mcp__ tools only
}

// The values Claude Code defines for Output.Decision and
// HookSpecificOutput.PermissionDecision.
const (
	DecisionBlock   = "block"
	DecisionApprove = "approve" // legacy, PreToolUse: the same as permissionDecision "allow"

	PermissionAllow = "allow"
	PermissionDeny  = "deny"
	PermissionAsk   = "ask"
	PermissionDefer = "defer"
)

// ParseOutput reads a hook's stdout the way Claude Code does. Leading and
// trailing white space is ignored. Nothing at all, or text that does not
// start with '{', is not a decision: ParseOutput returns nil and no error.
// Text that starts with '{' must be one valid JSON object whose known fields
// have the right types, or ParseOutput fails.
func ParseOutput(stdout []byte) (*Output, error) { return parseOutput(stdout, "stdout") }

// parseOutput is ParseOutput for an answer that arrived as what: "stdout",
// or an HTTP hook's "response body".
func parseOutput(answer []byte, what string) (*Output, error) {
	b := bytes.TrimSpace(answer)
	if len(b) == 0 || b[0] != '{' {
		return nil, nil
	}
	if err := validutf8.CheckJSON(answer); err != nil {
		return nil, fmt.Errorf("%s is %w", what, err)
	}
	if !json.Valid(b) {
		// The decoder's error says what is wrong where; Valid only says no.
		var v any
		err := json.Unmarshal(b, &v)
		return nil, fmt.Errorf("%s starts with '{' but is not valid JSON: %v", what, err)
	}
	var o Output
	if err := json.Unmarshal(b, &o); err != nil {
		return nil, fmt.Errorf("%s is not a valid hook output: %w", what, err)
	}
	return &o, nil
}

// UnmarshalJSON decodes an Output by exact field names; see Output. A JSON
// null leaves o as it was, as encoding/json's convention has it.
func (o *Output) UnmarshalJSON(b []byte) error {
	if kind(b) == "null" {
		return nil
	}
	if err := validutf8.CheckJSON(b); err != nil {
		// encoding/json would read each bad byte as U+FFFD.
		return fmt.Errorf("claudecode: the hook output is %w", err)
	}
	fields, err := objectFields(b, "the hook output")
	if err != nil {
		return err
	}
	var out Output
	err = errors.Join(
		field(fields, "", "continue", &out.Continue),
		field(fields, "", "stopReason", &out.StopReason),
		field(fields, "", "suppressOutput", &out.SuppressOutput),
		field(fields, "", "systemMessage", &out.SystemMessage),
		field(fields, "", "decision", &out.Decision),
		field(fields, "", "reason", &out.Reason),
		specific(fields, &out.HookSpecificOutput),
	)
	if err != nil {
		return err
	}
	*o = out
	return nil
}

// UnmarshalJSON decodes a HookSpecificOutput by exact field names; see
// Output. A JSON null leaves h as it was.
func (h *HookSpecificOutput) UnmarshalJSON(b []byte) error {
	if kind(b) == "null" {
		return nil
	}
	fields, err := objectFields(b, "hookSpecificOutput")
	if err != nil {
		return err
	}
	const in = "hookSpecificOutput."
	var out HookSpecificOutput
	err = errors.Join(
		field(fields, in, "hookEventName", &out.HookEventName),
		field(fields, in, "permissionDecision", &out.PermissionDecision),
		field(fields, in, "permissionDecisionReason", &out.PermissionDecisionReason),
		objectField(fields, in, "updatedInput", &out.UpdatedInput),
		field(fields, in, "additionalContext", &out.AdditionalContext),
		field(fields, in, "updatedToolOutput", &out.UpdatedToolOutput),
		field(fields, in, "updatedMCPToolOutput", &out.UpdatedMCPToolOutput),
	)
	if err != nil {
		return err
	}
	// A rewrite the chain would refuse — one that gives a key twice, or an
	// input two keys alike but for case, which a guard and the tool would
	// read differently — is the hook's failure, named here rather than as a
	// fault of the chain.
	inputFault := func(b []byte) string { return jsonscan.InputFault(b, nil) }
	for _, f := range []struct {
		key   string
		raw   json.RawMessage
		fault func([]byte) string
	}{
		{"updatedInput", out.UpdatedInput, inputFault},
		{"updatedToolOutput", out.UpdatedToolOutput, jsonscan.Fault},
		{"updatedMCPToolOutput", out.UpdatedMCPToolOutput, jsonscan.Fault},
	} {
		if len(f.raw) > 0 {
			if fault := f.fault(f.raw); fault != "" {
				return fmt.Errorf("%s%s is %s", in, f.key, fault)
			}
		}
	}
	*h = out
	return nil
}

// specific decodes hookSpecificOutput, whose own decoder names its fields.
func specific(fields map[string]json.RawMessage, dst **HookSpecificOutput) error {
	raw, ok := fields["hookSpecificOutput"]
	if !ok || kind(raw) == "null" {
		return nil
	}
	var h HookSpecificOutput
	if err := h.UnmarshalJSON(raw); err != nil {
		return err
	}
	*dst = &h
	return nil
}

// objectFields splits a JSON object into its members. what names the object
// in the error when b is some other kind of JSON.
func objectFields(b []byte, what string) (map[string]json.RawMessage, error) {
	if k := kind(b); k != "an object" {
		return nil, fmt.Errorf("%s is %s, want a JSON object", what, k)
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(b, &fields); err != nil {
		return nil, err
	}
	return fields, nil
}

// field decodes the member key, if present and not null, into dst. A member
// of the wrong type is an error that names it by its path (prefix + key).
func field[T any](fields map[string]json.RawMessage, prefix, key string, dst *T) error {
	raw, ok := fields[key]
	if !ok || kind(raw) == "null" {
		return nil
	}
	if err := json.Unmarshal(raw, dst); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) {
			return fmt.Errorf("%s%s is %s, want %s", prefix, key, kind(raw), want(dst))
		}
		return fmt.Errorf("%s%s: %w", prefix, key, err)
	}
	return nil
}

// objectField is field for a member that must be a JSON object.
func objectField(fields map[string]json.RawMessage, prefix, key string, dst *json.RawMessage) error {
	raw, ok := fields[key]
	if !ok || kind(raw) == "null" {
		return nil
	}
	if k := kind(raw); k != "an object" {
		return fmt.Errorf("%s%s is %s, want a JSON object", prefix, key, k)
	}
	*dst = append(json.RawMessage(nil), raw...)
	return nil
}

// want names the JSON type that decodes into *T, for error messages.
func want(dst any) string {
	switch dst.(type) {
	case *string:
		return "a string"
	case *bool, **bool:
		return "a boolean"
	}
	return "a JSON object"
}

// kind names the type of the valid JSON value b by its first byte.
func kind(b []byte) string {
	b = bytes.TrimSpace(b)
	if len(b) == 0 {
		return "empty"
	}
	switch b[0] {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}
