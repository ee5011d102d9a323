// Package langchainhook puts a hookchain.Chain in front of the tools of a
// github.com/tmc/langchaingo agent: Wrap wraps one tools.Tool, WrapAll a
// slice, and every call the agent makes goes to the chain before the tool runs
// and after it returns.
//
//	agent := agents.NewOneShotAgent(llm, langchainhook.WrapAll(chain, []tools.Tool{calc, search}))
//
// # Input
//
// A langchaingo tool takes one string. The chain is shown it as a JSON
// object: a string that is a JSON object is the event's input as it is; any
// other string s is {"input": s}. A Modify maps back the same way: for an
// object input, the tool is given the rewritten object's JSON; for a plain
// string, the rewrite must be an object whose only member is a string
// "input", and the tool is given that string. A rewrite that cannot be
// expressed so (another field, a number) is the link's failure: the tool does
// not run, and the agent reads why. It is never dropped.
//
// A langchaingo tool has no schema, so the adapter cannot know which keys
// of a JSON input it reads: a tool that decodes its input into a Go struct
// with encoding/json, which matches keys whatever their case, would read
// {"PATH": ...} as the "path" a guard saw absent. Such a tool must read its
// keys exactly. langchaingo has no tool-call id either: Event.CallID is
// empty, and a grant covers the one run that presents it.
//
// # Output
//
// The tool's result is shown to the after-chain as a JSON string; a Go error
// from the tool as an error result holding its text. The agent gets:
//
//   - Allowed: the tool's own result, unchanged; after an error, the error
//     alone (with its notes), never a result the tool returned beside it,
//     which the after-chain was not shown.
//   - Denied, before or after the call: the chain's reason as the tool's
//     result (and a nil error, so that the agent reads it and can change
//     course rather than stop).
//   - Replaced: a JSON string as it is; any other JSON value as its text.
//   - Asked and deferred (*hookchain.ApprovalPending): the reason as the
//     result; the tool did not run.
//
// Notes that links leave for the model (Outcome.WithNote) follow the result,
// one per line.
package langchainhook

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/internal/adapt"
	"github.com/tmc/langchaingo/tools"
)

// Wrap returns t with every call put to c. Wrap panics on a nil chain or
// tool, as a wiring mistake.
func Wrap(c *hookchain.Chain, t tools.Tool) tools.Tool {
	if c == nil || t == nil {
		panic("langchainhook: Wrap with a nil chain or tool")
	}
	return &tool{chain: c, next: t}
}

// WrapAll returns ts, each wrapped with Wrap, in a new slice.
func WrapAll(c *hookchain.Chain, ts []tools.Tool) []tools.Tool {
	out := make([]tools.Tool, len(ts))
	for i, t := range ts {
		out[i] = Wrap(c, t)
	}
	return out
}

type tool struct {
	chain *hookchain.Chain
	next  tools.Tool
}

func (t *tool) Name() string        { return t.next.Name() }
func (t *tool) Description() string { return t.next.Description() }

// Unwrap returns the wrapped tool.
func (t *tool) Unwrap() tools.Tool { return t.next }

func (t *tool) Call(ctx context.Context, input string) (string, error) {
	in, plain := eventInput(input)
	var (
		got    string
		gotErr error
	)
	exec := func(ctx context.Context, call hookchain.Call) (hookchain.Result, error) {
		s := input
		if !adapt.Same(call.Input, in) {
			var err error
			if s, err = toolInput(call.Input, plain); err != nil {
				msg := "hookchain: the chain rewrote the input of " + t.Name() + " into one it cannot be given: " + err.Error()
				got = msg
				return hookchain.ErrorResult(msg), nil
			}
		}
		got, gotErr = t.next.Call(ctx, s)
		if gotErr != nil {
			return hookchain.Result{}, gotErr
		}
		return hookchain.TextResult(got), nil
	}
	res, err := t.chain.Execute(ctx, hookchain.Call{Tool: t.Name(), Input: in}, exec)
	switch res.Verdict {
	case hookchain.Allowed:
		if err != nil {
			// The after-chain was shown the error, not what the tool
			// returned beside it, so the error goes on alone.
			return "", adapt.Noted(err, res.Notes)
		}
		return adapt.WithNotes(got, res.Notes), nil
	}
	return adapt.WithNotes(adapt.Text(res.Output), res.Notes), nil
}

// eventInput is the tool's input as the chain sees it, and whether it was a
// plain string wrapped as {"input": ...}.
func eventInput(s string) (json.RawMessage, bool) {
	b := []byte(s)
	// Only JSON's own whitespace: bytes.TrimSpace would also pass over a
	// form feed, which makes the string no JSON at all.
	if t := bytes.TrimLeft(b, " \t\r\n"); len(t) > 0 && t[0] == '{' && json.Valid(b) {
		return b, false
	}
	// Written as a model would read it: '<' stays '<'.
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(struct {
		Input string `json:"input"`
	}{s}) // a string always encodes
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), true
}

// toolInput maps a rewritten input back to the string the tool takes.
func toolInput(in json.RawMessage, plain bool) (string, error) {
	if !plain {
		// The chain accepts only an object rewrite of an object input.
		return string(in), nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(in, &m); err != nil {
		return "", errors.New("the tool takes plain text, and the rewrite is not an object")
	}
	v, ok := m["input"]
	if !ok || len(m) != 1 {
		return "", errors.New(`the tool takes plain text, and the rewrite is not {"input": "…"}`)
	}
	var s string
	if err := json.Unmarshal(v, &s); err != nil {
		return "", errors.New(`the tool takes plain text, and the rewrite's "input" is not a string`)
	}
	return s, nil
}
