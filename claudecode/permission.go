package claudecode

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/internal/jsonscan"
	"github.com/hookchain/hookchain/internal/validutf8"
	"github.com/hookchain/hookchain/process"
)

// PermissionRequest is the hook_event_name of the hooks that answer Claude
// Code's permission dialog. In hookchain they answer a chain's asks: the
// question an approver is put (hookchain.Question).
const PermissionRequest = "PermissionRequest"

// The values of PermissionAnswer.Behavior.
const (
	BehaviorAllow = "allow"
	BehaviorDeny  = "deny"
)

// PermissionAnswer is a PermissionRequest hook's answer, read from
// hookSpecificOutput.decision (and continue: false) as the hooks reference
// defines it. A zero Behavior is no decision: whoever answers next does.
type PermissionAnswer struct {
	Behavior           string             // "allow", "deny", or "" for none
	UpdatedInput       json.RawMessage    // allow only: the whole input the tool is to run with
	UpdatedPermissions []PermissionUpdate // allow only: the "always allow" options chosen
	Message            string             // deny only: why, for the model
	Interrupt          bool               // deny only: stop Claude, not just this call
	// Stop is continue: false, which stops Claude whatever the decision;
	// StopReason is its stopReason.
	Stop       bool
	StopReason string
}

// PermissionUpdate is one entry of updatedPermissions (or of the input's
// permission_suggestions): a change of permission rules, mode or
// directories, and where it is to be written.
type PermissionUpdate struct {
	Type        string           `json:"type"` // addRules, replaceRules, removeRules, setMode, addDirectories, removeDirectories
	Rules       []PermissionRule `json:"rules,omitempty"`
	Behavior    string           `json:"behavior,omitempty"` // allow, deny, ask
	Destination string           `json:"destination,omitempty"`
	Mode        string           `json:"mode,omitempty"`
	Directories []string         `json:"directories,omitempty"`
}

// PermissionRule is a rule of a PermissionUpdate: a tool, and the content
// of its rule ("" for the whole tool).
type PermissionRule struct {
	ToolName    string `json:"toolName"`
	RuleContent string `json:"ruleContent,omitempty"`
}

// SessionAllow reports whether the answer allows the tool for the rest of
// the session: an addRules entry of allow rules whose destination is
// "session", the in-memory one. Entries for other destinations would write
// a settings file, which hookchain never does.
func (a PermissionAnswer) SessionAllow() bool {
	for _, u := range a.UpdatedPermissions {
		if u.Type == "addRules" && u.Behavior == BehaviorAllow && u.Destination == "session" && len(u.Rules) > 0 {
			return true
		}
	}
	return false
}

// Rewrites reports whether the answer allows the call with an input other
// than input, the one it was asked about.
func (a PermissionAnswer) Rewrites(input json.RawMessage) bool {
	return len(a.UpdatedInput) > 0 && !sameJSON(a.UpdatedInput, input)
}

// PermissionInput is the hook input Claude Code sends a PermissionRequest
// hook, for the question q in session s: the session's fields, tool_name
// and tool_input (the input the call will run with if approved, every
// rewrite applied), and no tool_use_id, which the reference says the event
// does not carry. permission_suggestions is sent only when the session's
// Extra holds it, as an input from Claude Code does.
func PermissionInput(q hookchain.Question, s SessionInfo) Input {
	in := InputFor(hookchain.Event{Hook: hookchain.BeforeTool, Tool: q.Tool, Input: q.Input}, s)
	in.HookEventName = PermissionRequest
	in.ToolUseID = ""
	return in
}

// Question is the approver's question a PermissionRequest input asks:
// whether tool_name may run with tool_input. It fails for an input of
// another event and for one without tool_name.
func (in Input) Question() (hookchain.Question, error) {
	switch {
	case in.HookEventName != PermissionRequest:
		return hookchain.Question{}, fmt.Errorf("claudecode: hook_event_name %q is not %s", in.HookEventName, PermissionRequest)
	case in.ToolName == "":
		return hookchain.Question{}, fmt.Errorf("claudecode: the %s input has no tool_name", PermissionRequest)
	}
	input := in.ToolInput
	if len(input) == 0 || kind(input) == "null" {
		input = emptyObject
	}
	return hookchain.Question{Tool: in.ToolName, Input: input}, nil
}

// ErrAmbiguousAnswer marks an answer that two readers would read apart: one
// that gives a key twice, or two keys alike but for case. Unlike another
// bad answer it may have meant "deny", so an approver refuses on it rather
// than skip the hook and let a later one allow.
var ErrAmbiguousAnswer = errors.New("ambiguous answer")

// ParsePermissionAnswer reads a PermissionRequest hook's stdout (or an http
// hook's body) as Claude Code does: nothing, or text that does not start
// with '{', is no decision. JSON is read strictly: a key given twice, a
// known field of the wrong type, a behavior other than allow or deny, an
// updatedInput that is not an object or that a guard and the tool would
// read apart, and a hookEventName other than PermissionRequest are errors,
// the hook's failure; an answer that gives a key twice, or two alike but
// for case, is one wrapping ErrAmbiguousAnswer.
func ParsePermissionAnswer(b []byte) (PermissionAnswer, error) {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || b[0] != '{' {
		return PermissionAnswer{}, nil
	}
	if err := validutf8.CheckJSON(b); err != nil {
		return PermissionAnswer{}, fmt.Errorf("the answer is %w", err)
	}
	if !json.Valid(b) {
		var v any
		return PermissionAnswer{}, fmt.Errorf("the answer starts with '{' but is not valid JSON: %v", json.Unmarshal(b, &v))
	}
	if fault := jsonscan.Fault(b); fault != "" {
		return PermissionAnswer{}, fmt.Errorf("%w: the answer is %s, so its decision cannot be known", ErrAmbiguousAnswer, fault)
	}
	top, err := objectFields(b, "the answer")
	if err != nil {
		return PermissionAnswer{}, err
	}
	if err := caseTwins(top, ""); err != nil {
		return PermissionAnswer{}, err
	}
	var a PermissionAnswer
	var cont *bool
	if err := errors.Join(field(top, "", "continue", &cont), field(top, "", "stopReason", &a.StopReason)); err != nil {
		return PermissionAnswer{}, err
	}
	a.Stop = cont != nil && !*cont
	raw, ok := top["hookSpecificOutput"]
	if !ok || kind(raw) == "null" {
		return a, nil
	}
	h, err := objectFields(raw, "hookSpecificOutput")
	if err == nil {
		err = caseTwins(h, "hookSpecificOutput.")
	}
	if err != nil {
		return PermissionAnswer{}, err
	}
	var event string
	if err := field(h, "hookSpecificOutput.", "hookEventName", &event); err != nil {
		return PermissionAnswer{}, err
	}
	if event != PermissionRequest {
		return PermissionAnswer{}, fmt.Errorf("hookSpecificOutput.hookEventName is %q, want %q", event, PermissionRequest)
	}
	raw, ok = h["decision"]
	if !ok || kind(raw) == "null" {
		return a, nil
	}
	d, err := objectFields(raw, "hookSpecificOutput.decision")
	if err == nil {
		err = caseTwins(d, "hookSpecificOutput.decision.")
	}
	if err != nil {
		return PermissionAnswer{}, err
	}
	const in = "hookSpecificOutput.decision."
	if err := errors.Join(
		field(d, in, "behavior", &a.Behavior),
		objectField(d, in, "updatedInput", &a.UpdatedInput),
		field(d, in, "message", &a.Message),
		field(d, in, "interrupt", &a.Interrupt),
	); err != nil {
		return PermissionAnswer{}, err
	}
	if raw, ok := d["updatedPermissions"]; ok && kind(raw) != "null" {
		if k := kind(raw); k != "an array" {
			return PermissionAnswer{}, fmt.Errorf("%supdatedPermissions is %s, want an array", in, k)
		}
		if err := json.Unmarshal(raw, &a.UpdatedPermissions); err != nil {
			return PermissionAnswer{}, fmt.Errorf("%supdatedPermissions: %v", in, err)
		}
	}
	switch a.Behavior {
	case "", BehaviorAllow, BehaviorDeny:
	default:
		return PermissionAnswer{}, fmt.Errorf("%sbehavior is %q, want %q or %q", in, a.Behavior, BehaviorAllow, BehaviorDeny)
	}
	if len(a.UpdatedInput) > 0 {
		if fault := jsonscan.InputFault(a.UpdatedInput, nil); fault != "" {
			return PermissionAnswer{}, fmt.Errorf("%supdatedInput is %s", in, fault)
		}
	}
	return a, nil
}

// DecidePermission reads one run of a PermissionRequest command hook by
// Claude Code's rules: exit status 2 denies the permission, with stderr
// (trimmed) as the message, as the reference's exit-code table has it
// ("PermissionRequest: Denies the permission"); at exit status 0 stdout is
// read by ParsePermissionAnswer; at any other status a valid JSON answer
// still decides, and without one the run is a failure. Stdout that was cut
// at its cap and starts with '{' cannot be read, and is a failure too.
func DecidePermission(r process.Result) (PermissionAnswer, error) {
	if r.ExitCode == 2 {
		msg := strings.TrimSpace(string(r.Stderr))
		if msg == "" {
			msg = noStderrReason
		}
		return PermissionAnswer{Behavior: BehaviorDeny, Message: msg}, nil
	}
	if r.StdoutTruncated && startsJSON(r.Stdout) {
		return PermissionAnswer{}, fmt.Errorf("%w: the answer on stdout is longer than the %d bytes hookchain reads, so its decision cannot be known",
			ErrAmbiguousAnswer, len(r.Stdout))
	}
	a, err := ParsePermissionAnswer(r.Stdout)
	if r.ExitCode == 0 || errors.Is(err, ErrAmbiguousAnswer) {
		// An answer two readers would read apart is one whatever the
		// status: it may have been a deny.
		return a, err
	}
	if err == nil && startsJSON(r.Stdout) {
		return a, nil
	}
	msg := fmt.Sprintf("exited with status %d", r.ExitCode)
	if excerpt := process.Excerpt(r.Stderr); excerpt != "" {
		msg += fmt.Sprintf("; stderr: %q", excerpt)
	}
	return PermissionAnswer{}, &exitStatusError{msg}
}

// PermissionHook answers one question for a PermissionRequest hook. A
// non-nil error is the hook's failure: Claude Code shows its dialog then,
// as if the hook had not decided.
type PermissionHook func(ctx context.Context, q hookchain.Question) (PermissionAnswer, error)

// PermissionCommand runs a PermissionRequest command hook, as Command runs
// a tool-call hook: the same environment, working directory and
// CLAUDE_PROJECT_DIR, with PermissionInput on stdin, read by
// DecidePermission. It panics when spec is not valid;
// CompilePermissionCommand returns the error instead.
func PermissionCommand(spec process.Spec, s SessionInfo) PermissionHook {
	return must(CompilePermissionCommand(spec, s))
}

// CompilePermissionCommand is PermissionCommand for specs read from
// configuration.
func CompilePermissionCommand(spec process.Spec, s SessionInfo) (PermissionHook, error) {
	if err := spec.Validate(); err != nil {
		return nil, fmt.Errorf("claudecode: PermissionCommand: %w", err)
	}
	spec = claudeEnv(spec)
	spec.Truncate = true
	return func(ctx context.Context, q hookchain.Question) (PermissionAnswer, error) {
		session := sessionFor(ctx, s)
		run := commandSpec(spec, session)
		name := run.String()
		stdin, err := marshal(PermissionInput(q, session))
		if err != nil {
			return PermissionAnswer{}, fmt.Errorf("hook %q: encoding the hook input: %w", name, err)
		}
		res, err := process.Run(ctx, run, stdin)
		if err != nil {
			return PermissionAnswer{}, err // a *process.Error, naming the command
		}
		a, err := DecidePermission(res)
		if err != nil {
			return PermissionAnswer{}, failure(name, res, err)
		}
		return a, nil
	}, nil
}

// PermissionHTTP posts PermissionInput to a PermissionRequest http hook,
// with HTTP's rules for the request and the response (no redirect
// followed, a non-2xx status, text or an oversized body a failure, a zero
// Timeout process.DefaultTimeout), and reads a 2xx body with
// ParsePermissionAnswer: empty is no decision. It panics when h.URL is not
// an absolute http or https URL, or h.Timeout is negative;
// CompilePermissionHTTP returns the error instead.
func PermissionHTTP(h HTTPHook, s SessionInfo) PermissionHook {
	return must(CompilePermissionHTTP(h, s))
}

// CompilePermissionHTTP is PermissionHTTP for hooks read from configuration.
func CompilePermissionHTTP(h HTTPHook, s SessionInfo) (PermissionHook, error) {
	post, err := poster(h, "PermissionHTTP")
	if err != nil {
		return nil, err
	}
	return func(ctx context.Context, q hookchain.Question) (PermissionAnswer, error) {
		body, err := marshal(PermissionInput(q, sessionFor(ctx, s)))
		if err != nil {
			return PermissionAnswer{}, fmt.Errorf("http hook %s: encoding the hook input: %w", h.URL, err)
		}
		resp, err := post(ctx, body)
		switch {
		case errors.Is(err, errTooLong) && startsJSON(resp):
			return PermissionAnswer{}, fmt.Errorf("http hook %s: %w: the answer is longer than the %d bytes hookchain reads, so its decision cannot be known",
				h.URL, ErrAmbiguousAnswer, maxHTTPBody)
		case err != nil:
			return PermissionAnswer{}, err
		}
		a, err := ParsePermissionAnswer(resp)
		if err != nil {
			// %w: an ambiguous answer must still read as one.
			return PermissionAnswer{}, fmt.Errorf("http hook %s: %w", h.URL, err)
		}
		return a, nil
	}, nil
}

// PermissionOutput is the answer Claude Code reads from a PermissionRequest
// hook that decided: {"hookSpecificOutput": {"hookEventName":
// "PermissionRequest", "decision": {"behavior": …, "message": …}}}, one line
// ending in a newline. Only behavior and, for deny, message and interrupt
// are written: hookchain never rewrites the input here, nor writes rules.
func PermissionOutput(allow bool, message string, interrupt bool) []byte {
	type decision struct {
		Behavior  string `json:"behavior"`
		Message   string `json:"message,omitempty"`
		Interrupt bool   `json:"interrupt,omitempty"`
	}
	d := decision{Behavior: BehaviorAllow}
	if !allow {
		d = decision{Behavior: BehaviorDeny, Message: message, Interrupt: interrupt}
	}
	var out struct {
		HookSpecificOutput struct {
			HookEventName string   `json:"hookEventName"`
			Decision      decision `json:"decision"`
		} `json:"hookSpecificOutput"`
	}
	out.HookSpecificOutput.HookEventName = PermissionRequest
	out.HookSpecificOutput.Decision = d
	b, err := marshal(out)
	if err != nil {
		return Refusal("encoding the answer: " + err.Error()) // strings and a bool always encode
	}
	return b
}

// caseTwins is an error when two keys of an object of the answer are
// alike but for case ("behavior" and "Behavior"): read by exact name here,
// and with case folded by another reader (encoding/json into a struct), the
// answer would decide two ways.
func caseTwins(fields map[string]json.RawMessage, prefix string) error {
	seen := make(map[string]string, len(fields))
	for k := range fields {
		f := jsonscan.FoldKey(k)
		if other, ok := seen[f]; ok {
			a, b := min(k, other), max(k, other)
			return fmt.Errorf("%w: %s%s and %s%s differ only in case, so its decision cannot be known", ErrAmbiguousAnswer, prefix, a, prefix, b)
		}
		seen[f] = k
	}
	return nil
}
