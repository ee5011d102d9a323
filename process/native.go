package process

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/hookchain/hookchain"
)

// SchemaVersion is the native dialect's version, sent as hook_schema in
// every request. A change that an existing hook could misread gets a new
// version.
const SchemaVersion = 1

// Native returns an interceptor that runs the command once per event and
// speaks hookchain's native dialect with it: the event as a Request on
// stdin, the answer as a JSON object on stdout (see the package
// documentation for both).
//
// The command must exit with status 0 and print exactly one answer. Any
// other run — a non-zero exit status (checked before stdout is read, so an
// allow printed by a crashing hook counts for nothing), empty or
// unreadable stdout, or anything Run reports as an error — is returned as
// an *Error, which the chain records as the link's failure. Stdout over its
// cap (StdoutTooLarge, or cut under Spec.Truncate) is returned marked
// hookchain.NotOwn, and so denied even by a link that fails open: what the
// hook decided is not known.
//
// Native panics if s is not valid, as the chain's constructors do: a Spec
// read from configuration is checked with Spec.Validate when it is read.
func Native(s Spec) hookchain.Interceptor {
	if err := s.Validate(); err != nil {
		panic(fmt.Sprintf("process: Native(%q): %v", s.String(), err))
	}
	command := s.String()
	return func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		req, err := EncodeRequest(e)
		if err != nil {
			return hookchain.Outcome{}, fmt.Errorf("hook %q: not run: %w", command, err)
		}
		res, err := Run(ctx, s, req)
		if pe, ok := errors.AsType[*Error](err); ok && pe.Kind == StdoutTooLarge {
			return hookchain.Outcome{}, overCap(pe)
		}
		if err != nil {
			return hookchain.Outcome{}, err
		}
		if res.ExitCode != 0 {
			return hookchain.Outcome{}, &Error{Command: command, Kind: ExitStatus, ExitCode: res.ExitCode, Stderr: Excerpt(res.Stderr)}
		}
		if res.StdoutTruncated {
			// Under Spec.Truncate the cap bounds what is kept: the first
			// MaxStdout bytes of a longer answer can read as an answer of
			// their own, and are not the one the hook gave.
			return hookchain.Outcome{}, overCap(&Error{Command: command, Kind: StdoutTooLarge, ExitCode: -1, Limit: s.maxStdout(), Stderr: Excerpt(res.Stderr)})
		}
		out, err := DecodeAnswer(e, res.Stdout)
		if err != nil {
			return hookchain.Outcome{}, &Error{Command: command, Kind: BadAnswer, ExitCode: -1, Stderr: Excerpt(res.Stderr), Err: err}
		}
		return out, nil
	}
}

// overCap is e, an answer past the cap, marked hookchain.NotOwn, which the
// chain denies whatever the link's failure policy: a cap bounds what is
// read, never what is decided, and the answer may have been a denial, or a
// rewrite of an input the agent made long.
func overCap(e *Error) error { return hookchain.NotOwn(&notOwn{e, whyCap}) }

// Request is the native dialect's request: what a hook reads on stdin. A hook
// written in Go can decode it with encoding/json, or use DecodeRequest.
type Request struct {
	HookSchema int             `json:"hook_schema"` // SchemaVersion
	Hook       hookchain.Hook  `json:"hook"`        // "before_tool" or "after_tool"
	Tool       string          `json:"tool"`
	CallID     string          `json:"call_id"` // "" when the runtime has none
	Input      json.RawMessage `json:"input"`   // always present; {} when the call had none
	// After the call only: the result as the chain has left it (null when
	// the tool returned nothing), and whether it is an error result.
	Output  json.RawMessage `json:"output,omitempty"`
	IsError *bool           `json:"is_error,omitempty"`
}

// EncodeRequest writes the request for e: one line of compact JSON ending in
// a newline, so a shell hook can take it with `read -r`. Strings are written
// as they are (no HTML escaping) so that a hook grepping the raw line finds
// what the model wrote. It fails on an unknown hook, and on an input or
// output that is not valid JSON.
func EncodeRequest(e hookchain.Event) ([]byte, error) {
	req := Request{HookSchema: SchemaVersion, Hook: e.Hook, Tool: e.Tool, CallID: e.CallID, Input: e.Input}
	if len(req.Input) == 0 {
		req.Input = json.RawMessage("{}")
	}
	if !json.Valid(req.Input) {
		return nil, errors.New("the input is not valid JSON")
	}
	if e.Hook == hookchain.AfterTool {
		req.Output = e.Output
		if len(req.Output) == 0 {
			req.Output = json.RawMessage("null")
		}
		if !json.Valid(req.Output) {
			return nil, errors.New("the output is not valid JSON")
		}
		isError := e.IsError
		req.IsError = &isError
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(req); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// DecodeRequest reads a request, as a hook written in Go receives it, back
// into the event it was made from. It refuses a request of another schema
// version, an unknown hook, and a request without a tool.
func DecodeRequest(b []byte) (hookchain.Event, error) {
	var req Request
	if err := json.Unmarshal(b, &req); err != nil {
		return hookchain.Event{}, fmt.Errorf("process: bad request: %w", err)
	}
	switch {
	case req.HookSchema != SchemaVersion:
		return hookchain.Event{}, fmt.Errorf("process: bad request: hook_schema %d, want %d", req.HookSchema, SchemaVersion)
	case req.Hook != hookchain.BeforeTool && req.Hook != hookchain.AfterTool:
		return hookchain.Event{}, errors.New("process: bad request: no hook")
	case req.Tool == "":
		return hookchain.Event{}, errors.New("process: bad request: no tool")
	}
	e := hookchain.Event{Hook: req.Hook, Tool: req.Tool, CallID: req.CallID, Input: req.Input}
	if req.Hook == hookchain.AfterTool {
		e.Output = req.Output
		e.IsError = req.IsError != nil && *req.IsError
	}
	return e, nil
}

// jsonSpace is the white space JSON allows around a value; other Unicode
// space around an answer is as much an error as it would be inside one.
const jsonSpace = " \t\r\n"

// answerKeys are the keys an answer may carry. Each may appear once: with a
// repeated key, which one counts depends on the reader, and a verdict must
// not depend on the reader.
var answerKeys = [...]string{"verdict", "reason", "input", "output", "is_error", "note"}

// DecodeAnswer reads a native hook's stdout as its answer to e.
//
// stdout must hold exactly one JSON object, with any amount of surrounding
// white space; empty stdout is an error, never consent. Keys are matched
// exactly (case included) and may not repeat; unknown keys are ignored.
// verdict is required and must be one of "allow", "deny", "modify",
// "replace" and "ask". "modify" requires "input" and "replace" requires
// "output" (any JSON value, null included); a key that belongs to another
// verdict — an "input" next to "allow", say — is an error unless
// it is null, because a hook that sends one believes it is changing
// something. For "replace", an absent is_error keeps e.IsError: redacting an
// error message does not turn it into a success. "ask" is hookchain.Ask with
// the reason as its message, or, with an "input", hookchain.AskAbout: the
// input rewritten and the rewrite asked about. "note", a string, may go
// with any verdict:
// it is text for the model (Outcome.WithNote); blank, it is none.
//
// Whether the verdict fits e's hook is the chain's to judge, not this
// function's: a "modify" after the call decodes fine and fails in the chain.
func DecodeAnswer(e hookchain.Event, stdout []byte) (hookchain.Outcome, error) {
	obj := bytes.Trim(stdout, jsonSpace)
	if len(obj) == 0 {
		return hookchain.Outcome{}, errors.New("stdout is empty: a native hook must print its verdict, and silence is not consent")
	}
	fields, err := answerFields(obj)
	if err != nil {
		return hookchain.Outcome{}, err
	}
	present := func(k string) bool { return fields[k] != nil && string(fields[k]) != "null" }

	var verdict string
	switch raw := fields["verdict"]; {
	case !present("verdict"):
		return hookchain.Outcome{}, errors.New(`the answer has no "verdict"`)
	case json.Unmarshal(raw, &verdict) != nil:
		return hookchain.Outcome{}, fmt.Errorf(`"verdict" is %s, not a string`, excerptJSON(raw))
	}
	var reason string
	if present("reason") {
		if err := json.Unmarshal(fields["reason"], &reason); err != nil {
			return hookchain.Outcome{}, fmt.Errorf(`"reason" is %s, not a string`, excerptJSON(fields["reason"]))
		}
	}
	var note string
	if present("note") {
		if err := json.Unmarshal(fields["note"], &note); err != nil {
			return hookchain.Outcome{}, fmt.Errorf(`"note" is %s, not a string`, excerptJSON(fields["note"]))
		}
	}
	isError := e.IsError
	if present("is_error") {
		if err := json.Unmarshal(fields["is_error"], &isError); err != nil {
			return hookchain.Outcome{}, fmt.Errorf(`"is_error" is %s, not a boolean`, excerptJSON(fields["is_error"]))
		}
	}

	var out hookchain.Outcome
	var belongs []string // the keys, beyond verdict and reason, this verdict may carry
	switch verdict {
	case "allow":
		out = hookchain.Allow()
		out.Reason = reason
	case "deny":
		out = hookchain.Deny(reason)
	case "modify":
		if fields["input"] == nil {
			return hookchain.Outcome{}, errors.New(`"verdict":"modify" without "input"`)
		}
		out, belongs = hookchain.Modify(fields["input"], reason), []string{"input"}
	case "replace":
		if fields["output"] == nil {
			return hookchain.Outcome{}, errors.New(`"verdict":"replace" without "output"`)
		}
		out, belongs = hookchain.Replace(fields["output"], isError, reason), []string{"output", "is_error"}
	case "ask":
		// With "input", the hook rewrites the call and asks about the
		// rewrite; the approver is asked about the final input, so no one
		// approves one input and runs another.
		if present("input") && string(fields["input"]) != "null" {
			out, belongs = hookchain.AskAbout(fields["input"], reason), []string{"input"}
		} else {
			out = hookchain.Ask(reason)
		}
	default:
		return hookchain.Outcome{}, fmt.Errorf(`unknown "verdict" %q (want allow, deny, modify, replace or ask)`, verdict)
	}
	for _, k := range [...]string{"input", "output", "is_error"} {
		if present(k) && !contains(belongs, k) {
			return hookchain.Outcome{}, fmt.Errorf(`%q does not go with "verdict":%q`, k, verdict)
		}
	}
	if strings.TrimSpace(note) != "" {
		out = out.WithNote(note)
	}
	return out, nil
}

// answerFields checks that obj is exactly one JSON object and returns the
// raw values of its known keys, refusing a repeated one.
func answerFields(obj []byte) (map[string]json.RawMessage, error) {
	return fieldsOf(obj, answerKeys[:], "stdout", "the answer")
}

// fieldsOf checks that obj is exactly one JSON object and returns the raw
// values of those of its keys that keys names, refusing a repeated one.
// what names obj in errors ("stdout", "the line"), and whole the object
// ("the answer"). It walks the object's tokens itself because
// encoding/json matches keys without regard to case and keeps the last of
// repeated keys, and either would let an answer mean two things.
func fieldsOf(obj []byte, keys []string, what, whole string) (map[string]json.RawMessage, error) {
	if !json.Valid(obj) {
		return nil, notOneObject(obj, what)
	}
	if obj[0] != '{' {
		return nil, fmt.Errorf("%s is a JSON %s, not an object", what, jsonKind(obj[0]))
	}
	fields := make(map[string]json.RawMessage, len(keys))
	dec := json.NewDecoder(bytes.NewReader(obj))
	if _, err := dec.Token(); err != nil { // the '{'
		return nil, err
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := t.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, err
		}
		if !contains(keys, key) {
			continue
		}
		if _, dup := fields[key]; dup {
			return nil, fmt.Errorf("%s has %q more than once", whole, key)
		}
		fields[key] = raw
	}
	return fields, nil
}

// notOneObject says why text that is not valid JSON was refused: not JSON
// at all, or a JSON value followed by more. what names the text.
func notOneObject(b []byte, what string) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	var first json.RawMessage
	if err := dec.Decode(&first); err != nil {
		return fmt.Errorf("%s is not JSON (%v): %s", what, err, excerptText(b))
	}
	rest, _ := io.ReadAll(dec.Buffered())
	return fmt.Errorf("%s holds more than one JSON value: %s is followed by %s", what, excerptText(first), excerptText(bytes.Trim(rest, jsonSpace)))
}

func jsonKind(c byte) string {
	switch c {
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	}
	return "number"
}

// excerptText quotes the start of what a hook printed, enough to recognise
// it in a message without pasting a megabyte into a log line.
func excerptText(b []byte) string {
	const max = 80
	if len(b) > max {
		return fmt.Sprintf("%q…", b[:max])
	}
	return fmt.Sprintf("%q", b)
}

func excerptJSON(raw json.RawMessage) string {
	const max = 80
	if len(raw) > max {
		return string(raw[:max]) + "…"
	}
	return string(raw)
}

// EncodeAnswer writes o as a native answer, for hooks written in Go: one
// line of JSON ending in a newline. Only the verdict, the reason, the fields
// that go with the verdict and the note are written; the trail is the
// chain's. An answer is one hook's, with one "note": several notes are
// joined, in order, by a blank line, and blank ones are left out.
func EncodeAnswer(o hookchain.Outcome) ([]byte, error) {
	type answer struct {
		Verdict string          `json:"verdict"`
		Reason  string          `json:"reason,omitempty"`
		Input   json.RawMessage `json:"input,omitempty"`
		Output  json.RawMessage `json:"output,omitempty"`
		IsError *bool           `json:"is_error,omitempty"`
		Note    string          `json:"note,omitempty"`
	}
	d, err := o.Verdict.MarshalText()
	if err != nil {
		return nil, err
	}
	a := answer{Verdict: string(d), Reason: o.Reason, Note: joinNotes(o.Notes)}
	switch o.Verdict {
	case hookchain.Modified:
		if !json.Valid(o.Input) {
			return nil, errors.New("process: Modify with an input that is not valid JSON")
		}
		a.Input = o.Input
	case hookchain.Asked:
		if o.Input != nil {
			if !json.Valid(o.Input) {
				return nil, errors.New("process: AskAbout with an input that is not valid JSON")
			}
			a.Input = o.Input
		}
	case hookchain.Replaced:
		if !json.Valid(o.Output) {
			return nil, errors.New("process: Replace with an output that is not valid JSON")
		}
		isError := o.IsError
		a.Output, a.IsError = o.Output, &isError
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(a); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// joinNotes is the text of notes as one "note": the notes' own words,
// since the chain names the hook that gave them.
func joinNotes(notes []hookchain.Note) string {
	var texts []string
	for _, n := range notes {
		if strings.TrimSpace(n.Text) != "" {
			texts = append(texts, n.Text)
		}
	}
	return strings.Join(texts, "\n\n")
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
