package opa

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"strings"
	"unicode/utf8"

	"github.com/open-policy-agent/opa/v1/ast"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapt"
	"github.com/hookchain/hookchain/claudecode"
)

// request is the input document a policy is given for one event: the
// native dialect's request (see package process) without its schema
// number, and with the session the runtime told the chain about.
type request struct {
	Hook    hookchain.Hook  `json:"hook"`
	Tool    string          `json:"tool"`
	CallID  string          `json:"call_id"`
	Input   json.RawMessage `json:"input"`
	Output  json.RawMessage `json:"output,omitempty"`
	IsError *bool           `json:"is_error,omitempty"`
	Session map[string]any  `json:"session,omitempty"`
}

// newRequest is the input document for e, asked in ctx.
func newRequest(ctx context.Context, e hookchain.Event, o *options) (request, error) {
	r := request{Hook: e.Hook, Tool: e.Tool, CallID: e.CallID, Input: e.Input}
	if e.Hook != hookchain.BeforeTool && e.Hook != hookchain.AfterTool {
		return request{}, fmt.Errorf("unknown hook %d", uint8(e.Hook))
	}
	if len(r.Input) == 0 {
		r.Input = json.RawMessage("{}")
	}
	// The chain has refused these before asking a link; a link called on
	// its own refuses them too, for the same reason: the policy (an OPA
	// server keeps the last of a key given twice) and the tool must read
	// the same call.
	if f := adapt.InputFault(r.Input); f != "" {
		return request{}, errors.New("the event's input is " + f)
	}
	if e.Hook == hookchain.AfterTool {
		r.Output = e.Output
		if len(r.Output) == 0 {
			r.Output = json.RawMessage("null")
		}
		if f := adapt.Fault(r.Output); f != "" {
			return request{}, errors.New("the event's output is " + f)
		}
		isError := e.IsError
		r.IsError = &isError
	}
	session, err := sessionOf(ctx, o.session)
	if err != nil {
		return request{}, err
	}
	r.Session = session
	return r, nil
}

// sessionOf gathers what the runtime says about the conversation: the
// Claude Code session in ctx, then what the WithSessionValues function
// adds. A value of the session that cannot be read one way is an error: a policy
// may decide by it (the agent's type, its mode), and leaving it out would
// show the policy a session without it.
func sessionOf(ctx context.Context, extra func(context.Context) map[string]any) (map[string]any, error) {
	var s map[string]any
	if info, ok := claudecode.SessionInfoFrom(ctx); ok {
		s = make(map[string]any, 5+len(info.Extra))
		for k, raw := range info.Extra {
			if f := adapt.Fault(raw); f != "" {
				return nil, fmt.Errorf("the session's %q is %s", k, f)
			}
			dec := json.NewDecoder(bytes.NewReader(raw))
			dec.UseNumber()
			var v any
			if err := dec.Decode(&v); err != nil {
				return nil, fmt.Errorf("the session's %q: %w", k, err) // not reached: Fault read it
			}
			s[k] = v
		}
		for _, f := range [...]struct{ key, value string }{
			{"id", info.ID}, {"transcript_path", info.TranscriptPath}, {"cwd", info.Cwd},
			{"permission_mode", info.PermissionMode}, {"project_dir", info.ProjectDir},
		} {
			if f.value != "" {
				s[f.key] = f.value
			}
		}
	}
	if extra != nil {
		if more := extra(ctx); len(more) > 0 {
			if s == nil {
				s = make(map[string]any, len(more))
			}
			maps.Copy(s, more)
		}
	}
	return s, nil
}

// The input document's keys and hook names, made once: OPA's terms are
// values, and every evaluation may share them.
var (
	keyHook, keyTool, keyCallID = ast.StringTerm("hook"), ast.StringTerm("tool"), ast.StringTerm("call_id")
	keyInput, keyOutput         = ast.StringTerm("input"), ast.StringTerm("output")
	keyIsError, keySession      = ast.StringTerm("is_error"), ast.StringTerm("session")
	beforeTool, afterTool       = ast.StringTerm(hookchain.BeforeTool.String()), ast.StringTerm(hookchain.AfterTool.String())
)

// value is the request as OPA's parsed input, built without writing the
// whole document out as JSON and reading it back.
func (r request) value() (ast.Value, error) {
	in, err := jsonValue(r.Input, "input")
	if err != nil {
		return nil, err
	}
	hook := beforeTool
	if r.Hook == hookchain.AfterTool {
		hook = afterTool
	}
	terms := make([][2]*ast.Term, 0, 7)
	terms = append(terms,
		ast.Item(keyHook, hook),
		ast.Item(keyTool, ast.StringTerm(r.Tool)),
		ast.Item(keyCallID, ast.StringTerm(r.CallID)),
		ast.Item(keyInput, ast.NewTerm(in)),
	)
	if r.IsError != nil {
		out, err := jsonValue(r.Output, "output")
		if err != nil {
			return nil, err
		}
		terms = append(terms, ast.Item(keyOutput, ast.NewTerm(out)), ast.Item(keyIsError, ast.BooleanTerm(*r.IsError)))
	}
	if r.Session != nil {
		s, err := ast.InterfaceToValue(r.Session)
		if err != nil {
			return nil, fmt.Errorf("the session cannot be given to the policy: %w", err)
		}
		terms = append(terms, ast.Item(keySession, ast.NewTerm(s)))
	}
	return ast.NewObject(terms...), nil
}

// jsonValue reads raw JSON as an OPA value, numbers kept as written. It
// reads the JSON term by term in one pass rather than decoding it into Go
// maps and converting those: the event's input is read once per call. A key
// given twice in one object is an error, as it is to the chain: which of
// the two a policy would read depends on the reader.
//
// encoding/json checks the JSON first, and so caps its nesting (10000
// levels): a deeper value is refused, named, and the reading below never
// recurses past the cap.
func jsonValue(raw json.RawMessage, what string) (ast.Value, error) {
	if !json.Valid(raw) {
		return nil, fmt.Errorf("the event's %s is not valid JSON: %w", what, json.Unmarshal(raw, &struct{}{}))
	}
	r := jsonReader{b: string(raw)}
	t, err := r.term()
	if err != nil {
		return nil, fmt.Errorf("the event's %s %w", what, err)
	}
	return t.Value, nil
}

// jsonReader reads JSON that json.Valid has accepted into OPA terms, each
// byte once. It holds the JSON as one string, so that the strings and
// numbers it reads are slices of it rather than copies.
type jsonReader struct {
	b string
	i int
}

func (r *jsonReader) term() (*ast.Term, error) {
	r.space()
	switch r.b[r.i] {
	case '{':
		obj := ast.NewObject()
		r.i++
		for r.space(); r.b[r.i] != '}'; r.space() {
			k := r.str()
			key := ast.StringTerm(k)
			if obj.Get(key) != nil {
				return nil, fmt.Errorf("has the key %q twice", k)
			}
			r.space()
			r.i++ // ':'
			v, err := r.term()
			if err != nil {
				return nil, err
			}
			obj.Insert(key, v)
			if r.space(); r.b[r.i] == ',' {
				r.i++
			}
		}
		r.i++
		return ast.NewTerm(obj), nil
	case '[':
		var elems []*ast.Term
		r.i++
		for r.space(); r.b[r.i] != ']'; r.space() {
			v, err := r.term()
			if err != nil {
				return nil, err
			}
			elems = append(elems, v)
			if r.space(); r.b[r.i] == ',' {
				r.i++
			}
		}
		r.i++
		return ast.ArrayTerm(elems...), nil
	case '"':
		return ast.StringTerm(r.str()), nil
	case 't':
		r.i += len("true")
		return ast.BooleanTerm(true), nil
	case 'f':
		r.i += len("false")
		return ast.BooleanTerm(false), nil
	case 'n':
		r.i += len("null")
		return ast.NullTerm(), nil
	}
	start := r.i
	for r.i < len(r.b) && strings.IndexByte("+-.0123456789eE", r.b[r.i]) >= 0 {
		r.i++
	}
	return ast.NumberTerm(json.Number(r.b[start:r.i])), nil
}

// str reads the string at r.i. One with no escape, in valid UTF-8, is
// taken as written; any other is unescaped by encoding/json, so that a
// policy reads what a Go tool decodes, lone surrogates and bad bytes alike.
func (r *jsonReader) str() string {
	start, escaped := r.i, false
	for r.i++; r.b[r.i] != '"'; r.i++ {
		if r.b[r.i] == '\\' {
			escaped = true
			r.i++
		}
	}
	r.i++
	if s := r.b[start+1 : r.i-1]; !escaped && utf8.ValidString(s) {
		return s
	}
	var s string
	_ = json.Unmarshal([]byte(r.b[start:r.i]), &s) // cannot fail: json.Valid read it
	return s
}

func (r *jsonReader) space() {
	for r.i < len(r.b) && (r.b[r.i] == ' ' || r.b[r.i] == '\t' || r.b[r.i] == '\n' || r.b[r.i] == '\r') {
		r.i++
	}
}

// checkPath checks a decision's path: slash-separated under data, as in
// OPA's Data API. A Rego reference given instead ("data.hookchain.decision")
// would name a key with dots in it, undefined on every call; it is refused
// here rather than denied at every call.
func checkPath(path string) error {
	want := `want the path under data, slash-separated as in OPA's Data API: "hookchain/decision"`
	if path == "" {
		return fmt.Errorf("no decision path (%s)", want)
	}
	for _, seg := range strings.Split(strings.TrimPrefix(path, "/"), "/") {
		if seg == "" || seg == "." || seg == ".." || strings.ContainsAny(seg, ".[]") {
			return fmt.Errorf("%q is not a decision path (%s)", path, want)
		}
	}
	return nil
}
