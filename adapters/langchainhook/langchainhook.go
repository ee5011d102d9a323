// Package langchainhook puts a hookchain.Chain in front of the tools of a
// github.com/tmc/langchaingo agent: Agent wraps every tool an agent has, and
// every call its executor makes goes to the chain before the tool runs and
// after it returns.
//
//	executor := agents.NewExecutor(langchainhook.Agent(chain, agents.NewOneShotAgent(llm, tools)))
//
// Wrap, WrapJSON and WrapAll wrap tools one by one, for tools called
// without an executor; such calls have no call id.
//
// # Input
//
// A langchaingo tool takes one string, and what it makes of it is the
// tool's business, so the chain is shown the string in the one form the
// tool's wrapper says, whatever the model wrote:
//
//   - A tool wrapped by Agent, Wrap or WrapAll takes text: the chain is shown
//     {"input": s}, s being the very string the tool is given — a string
//     that happens to be JSON included, so that a guard on "input" sees
//     {"x":"$(rm -rf /srv)"} as the text a shell tool would run. A rewrite
//     must be an object whose only member is a string "input"; the tool is
//     given that string.
//   - A tool wrapped by WrapJSON takes a JSON object: the chain is shown the
//     object as it is (big integers exact), and a rewrite's object is the
//     tool's input. An input that is not one JSON object is refused before
//     the chain is asked: the tool does not run, and the agent reads why.
//
// A rewrite the tool cannot be given (another field beside "input", a
// number) is the failure of the link that answered it: the trail records
// its fault, the tool does not run, and the agent reads "NAME failed and
// denies on failure: …" — unless the link is fail-open, when its rewrite is
// void and the chain carries on.
//
// A langchaingo tool has no schema, so the adapter cannot know which keys
// of a JSON input it reads: a tool that decodes its input into a Go struct
// with encoding/json, which matches keys whatever their case, would read
// {"PATH": ...} as the "path" a guard saw absent. Such a tool must read its
// keys exactly.
//
// # Call ids
//
// The executor hands a tool only its input. The agent Agent returns tells
// its tools the AgentAction.ToolID of each call the executor makes, as
// Event.CallID: the id of the model's tool call (the OpenAI-functions agent
// has one; the MRKL and conversational agents, and legacy function calls,
// have none, and Event.CallID is empty). A grant covers the call its ticket
// names: with an id, that call, however often it is run again; without
// one, the first identical call that presents it, once, never every
// identical call after it.
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
//     result; the tool did not run. OnPending hands the host the ticket.
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
	"github.com/hookchain/hookchain/adapt"
	"github.com/tmc/langchaingo/tools"
)

// Option configures the wrappers.
type Option func(*config)

type config struct {
	onPending func(context.Context, *hookchain.ApprovalPending)
}

// OnPending is called, before the agent is answered, for every call whose
// approval the chain's approver deferred: p.Ticket is the question to put to
// a person out of band. Once they have answered, the host presents
// hookchain.WithGrant(ctx, p.Ticket.Grant(approval)) in the context of a
// later run of the executor, and the call the ticket names may run (see
// "Call ids" for which). The agent reads that approval is pending either
// way.
func OnPending(f func(ctx context.Context, p *hookchain.ApprovalPending)) Option {
	return func(c *config) { c.onPending = f }
}

// Wrap returns t, a tool that takes text, with every call put to c. Wrap
// panics on a nil chain or tool, as a wiring mistake.
func Wrap(c *hookchain.Chain, t tools.Tool, opts ...Option) tools.Tool {
	return wrap(c, t, false, opts)
}

// WrapJSON returns t, a tool that takes a JSON object, with every call put
// to c. WrapJSON panics on a nil chain or tool, as a wiring mistake.
func WrapJSON(c *hookchain.Chain, t tools.Tool, opts ...Option) tools.Tool {
	return wrap(c, t, true, opts)
}

// WrapAll returns ts, each wrapped with Wrap, in a new slice.
func WrapAll(c *hookchain.Chain, ts []tools.Tool, opts ...Option) []tools.Tool {
	out := make([]tools.Tool, len(ts))
	for i, t := range ts {
		out[i] = Wrap(c, t, opts...)
	}
	return out
}

func wrap(c *hookchain.Chain, t tools.Tool, object bool, opts []Option) *tool {
	if c == nil || t == nil {
		panic("langchainhook: a nil chain or tool")
	}
	if !object {
		c = c.WithInputCheck(func(_ string, in json.RawMessage) error {
			_, err := plainInput(in)
			return err
		})
	}
	w := &tool{chain: c, next: t, object: object}
	for _, o := range opts {
		o(&w.config)
	}
	return w
}

type tool struct {
	chain  *hookchain.Chain // for a text tool, refusing rewrites it cannot take
	next   tools.Tool
	object bool     // the tool takes a JSON object, not text
	ids    *callIDs // the call ids of the executor's calls, in the copies Agent makes
	config
}

func (t *tool) Name() string        { return t.next.Name() }
func (t *tool) Description() string { return t.next.Description() }

// Unwrap returns the wrapped tool.
func (t *tool) Unwrap() tools.Tool { return t.next }

func (t *tool) Call(ctx context.Context, input string) (string, error) {
	in, ok := t.eventInput(input)
	if !ok {
		t.ids.take(ctx, t.Name(), input) // the call was made, and is over
		return "hookchain: " + t.Name() + " takes a JSON object, and its input is not one", nil
	}
	var (
		got    string
		gotErr error
	)
	exec := func(ctx context.Context, call hookchain.Call) (hookchain.Result, error) {
		s := input
		if !adapt.Same(call.Input, in) {
			// The chain folded only a rewrite the tool can take.
			if !t.object {
				s, _ = plainInput(call.Input)
			} else {
				s = string(call.Input)
			}
		}
		got, gotErr = t.next.Call(ctx, s)
		if gotErr != nil {
			return hookchain.Result{}, gotErr
		}
		return hookchain.TextResult(got), nil
	}
	res, err := t.chain.Execute(ctx, hookchain.Call{Tool: t.Name(), ID: t.ids.take(ctx, t.Name(), input), Input: in}, exec)
	switch res.Verdict {
	case hookchain.Allowed:
		if err != nil {
			// The executor stops on a tool's error: the rest of its plan
			// will not be run.
			t.ids.forget(ctx)
			// The after-chain was shown the error, not what the tool
			// returned beside it, so the error goes on alone.
			return "", adapt.Noted(err, res.Notes)
		}
		return adapt.WithNotes(got, res.Notes), nil
	case hookchain.Asked:
		var p *hookchain.ApprovalPending
		if t.onPending != nil && errors.As(err, &p) {
			t.onPending(ctx, p)
		}
	}
	return adapt.WithNotes(adapt.TextOf(res.Output), res.Notes), nil
}

// eventInput is the tool's input as the chain sees it, or false for a JSON
// tool's input that is not one JSON object.
func (t *tool) eventInput(s string) (json.RawMessage, bool) {
	b := []byte(s)
	if t.object {
		// Only JSON's own whitespace: bytes.TrimSpace would also pass over
		// a form feed, which makes the string no JSON at all.
		tb := bytes.TrimLeft(b, " \t\r\n")
		return b, len(tb) > 0 && tb[0] == '{' && json.Valid(b)
	}
	// Written as a model would read it: '<' stays '<'.
	in, _ := adapt.Marshal(struct {
		Input string `json:"input"`
	}{s}) // a string always encodes
	return in, true
}

// plainInput is the string a text tool is given for a rewritten input, or
// why there is none.
func plainInput(in json.RawMessage) (string, error) {
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
