// Package anthropichook puts a hookchain.Chain in front of the tools that
// the tool runner of github.com/anthropics/anthropic-sdk-go/v2 runs for the
// model: WrapAll wraps the runner's tools, and every call the model makes is
// put to the chain before the tool runs and after it returns.
//
//	runner := client.Beta.Messages.NewToolRunner(anthropichook.WrapAll(chain, tools), params,
//		anthropichook.WithCallIDs(nil))
//
// NewToolRunnerStreaming and a message thread's runners take the same tools
// and options. The session tool runner (SessionToolRunnerOptions.Tools) calls
// the same BetaTool.Execute, so tools wrapped by WrapAll are judged there
// too. Tools the host hands a runner unwrapped, in NewToolRunner or later
// with AddTools, are not.
//
// # What the chain sees
//
// Before the call, Event.Tool is the tool's name and Event.Input the input the
// runner hands the tool: the model's input, which the runner has decoded
// into Go values and encoded again (so an integer past 2^53 is already
// rounded when any tool, wrapped or not, is given it). The runner does not
// pass tools the tool-use id: Event.CallID is the id of the model's
// tool_use block only when the client or the runner is given WithCallIDs,
// and empty otherwise. Either way a grant covers one call, never every
// identical one (see WithCallIDs for which).
//
// A tool made with toolrunner.NewBetaTool* parses its input with
// encoding/json, which matches keys to fields whatever their case. So an
// input with a key alike but for case to a property of the tool's input
// schema (nested ones, a map's values and array items included), and not
// that property — {"PATH": ...} against "path" — is refused before the
// chain is asked: the model reads an error naming it. A link's rewrite
// into one is that link's failure (the trail records its fault), and the
// model reads "NAME failed and denies on failure: …".
//
// After the call, Event.Output is the tool's result blocks as the API reads
// them, a JSON array such as [{"type":"text","text":"..."}]. A Go error from
// the tool is shown as an error result: IsError set, its text as the Output
// string.
//
// # What the model gets
//
// A tool run by the runner answers with result blocks or an error, which the
// runner sends as a tool_result with is_error set and the text
// "Error: " + the error's text. So:
//
//   - Allowed: the tool's own blocks, or its own error, unchanged; blocks
//     the tool returned beside its error are dropped, as the runner drops
//     them, since the after-chain was shown the error alone.
//   - Denied, before or after the call: an error whose text is the chain's
//     reason; the model reads "Error: denied by NAME: REASON". Before the call
//     the tool does not run; after it the output is withheld.
//   - Modified: the tool runs with the rewritten input, and parses it as it
//     parses the model's: a tool made with toolrunner.NewBetaTool* reports an
//     input it cannot parse as an error, so a rewrite it rejects reaches the
//     model as one.
//   - Replaced: a JSON string is one text block; a JSON array is read as
//     result blocks (so a link can redact one block and keep the others); any
//     other JSON value is one text block holding it. A replacement that is
//     an error result becomes an error holding its text. A replacement that is
//     not result blocks is refused, never half-applied.
//   - Asked and deferred (*hookchain.ApprovalPending): an error saying
//     approval is pending; the tool did not run. The runner sends it to the
//     model as text, so the ticket reaches the host through OnPending;
//     errors.As finds the *hookchain.ApprovalPending too, for a loop of the
//     host's own that calls Execute.
//
// Notes that links leave for the model (Outcome.WithNote) are appended as
// text blocks after the tool's own, or, after an error, to its text.
package anthropichook

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"

	anthropic "github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapt"
)

// Option configures Wrap and WrapAll.
type Option func(*config)

type config struct {
	onPending func(context.Context, *hookchain.ApprovalPending)
}

// OnPending is called, before the runner is answered, for every call whose
// approval the chain's approver deferred: p.Ticket is the question to put to
// a person out of band. Once they have answered, the host presents
// hookchain.WithGrant(ctx, p.Ticket.Grant(approval)) in the context of a
// later step of the runner (see WithCallIDs for which call it then fits).
// The model is told that approval is pending either way.
func OnPending(f func(ctx context.Context, p *hookchain.ApprovalPending)) Option {
	return func(c *config) { c.onPending = f }
}

// Wrap returns t with every call put to c. Wrap panics on a nil chain or
// tool, as a wiring mistake.
func Wrap(c *hookchain.Chain, t anthropic.BetaTool, opts ...Option) anthropic.BetaTool {
	if c == nil || t == nil {
		panic("anthropichook: Wrap with a nil chain or tool")
	}
	w := &tool{chain: c, next: t}
	for _, o := range opts {
		o(&w.config)
	}
	w.keys = sync.OnceValue(func() *adapt.Keys {
		b, err := json.Marshal(t.InputSchema())
		if err != nil {
			return nil
		}
		return adapt.KeysOf(b)
	})
	// A rewrite into a key alike to a property is the rewriting link's
	// failure, recorded as one, rather than an error the tool seems to give.
	w.chain = c.WithInputCheck(func(tool string, in json.RawMessage) error {
		if fault := w.keys().AlikeFault(tool, in); fault != "" {
			return errors.New(fault)
		}
		return nil
	})
	return w
}

// WrapAll returns ts, each wrapped with Wrap, in a new slice: the tools to
// give NewToolRunner.
func WrapAll(c *hookchain.Chain, ts []anthropic.BetaTool, opts ...Option) []anthropic.BetaTool {
	out := make([]anthropic.BetaTool, len(ts))
	for i, t := range ts {
		out[i] = Wrap(c, t, opts...)
	}
	return out
}

type tool struct {
	chain *hookchain.Chain
	next  anthropic.BetaTool
	keys  func() *adapt.Keys // what the tool's input schema names, read once
	config
}

func (t *tool) Name() string                                    { return t.next.Name() }
func (t *tool) Description() string                             { return t.next.Description() }
func (t *tool) InputSchema() anthropic.BetaToolInputSchemaParam { return t.next.InputSchema() }

// Unwrap returns the wrapped tool.
func (t *tool) Unwrap() anthropic.BetaTool { return t.next }

type block = anthropic.BetaToolResultBlockParamContentUnion

func (t *tool) Execute(ctx context.Context, input json.RawMessage) ([]block, error) {
	var (
		got    []block
		gotErr error
	)
	if fault := t.keys().AlikeFault(t.Name(), input); fault != "" {
		return nil, errors.New(fault)
	}
	id, ctx := callID(ctx, t.Name())
	exec := func(ctx context.Context, call hookchain.Call) (hookchain.Result, error) {
		got, gotErr = t.next.Execute(ctx, call.Input)
		if gotErr != nil {
			// The after-chain is shown the error alone, so the error is all
			// that goes on: blocks beside it are never handed back.
			got = nil
			return hookchain.Result{}, gotErr
		}
		out, err := encodeBlocks(got)
		if err != nil {
			got, gotErr = nil, adapt.Unencodable(t.Name(), err)
			return hookchain.Result{}, gotErr
		}
		return hookchain.Result{Output: out}, nil
	}
	res, err := t.chain.Execute(ctx, hookchain.Call{Tool: t.Name(), ID: id, Input: input}, exec)
	switch res.Verdict {
	case hookchain.Allowed:
		if err != nil {
			return got, adapt.Noted(err, res.Notes)
		}
		return withNotes(got, res.Notes), nil
	case hookchain.Replaced:
		blocks, derr := decodeBlocks(t.Name(), res.Output)
		if derr != nil {
			return nil, adapt.Noted(derr, res.Notes)
		}
		if res.IsError {
			return nil, adapt.Noted(errors.New(textOf(blocks)), res.Notes)
		}
		return withNotes(blocks, res.Notes), nil
	case hookchain.Asked:
		var p *hookchain.ApprovalPending
		if errors.As(err, &p) {
			if t.onPending != nil {
				t.onPending(ctx, p)
			}
			return nil, adapt.Noted(&pending{ApprovalPending: p, text: adapt.TextOf(res.Output)}, res.Notes)
		}
	}
	return nil, adapt.Noted(errors.New(adapt.TextOf(res.Output)), res.Notes)
}

// pending is an *hookchain.ApprovalPending whose text is the chain's reason
// alone, as the model reads it after the runner's "Error: ".
type pending struct {
	*hookchain.ApprovalPending
	text string
}

func (p *pending) Error() string { return p.text }
func (p *pending) Unwrap() error { return p.ApprovalPending }

// encodeBlocks writes result blocks as the API reads them, as adapt.Marshal
// does.
func encodeBlocks(bs []block) (json.RawMessage, error) {
	if bs == nil {
		bs = []block{}
	}
	return adapt.Marshal(bs)
}

// decodeBlocks reads a replacement a link wrote for tool, by
// adapt.Replacement's rule, an array being result blocks.
func decodeBlocks(tool string, out json.RawMessage) ([]block, error) {
	text := func(s string) []block { return []block{textBlock(s)} }
	return adapt.Replacement(tool, out, '[', text, func(out json.RawMessage) ([]block, error) {
		var raws []json.RawMessage
		if err := json.Unmarshal(out, &raws); err != nil {
			return nil, err
		}
		bs := make([]block, len(raws))
		for i, r := range raws {
			var kind struct {
				Type string `json:"type"`
			}
			if err := json.Unmarshal(r, &kind); err != nil {
				return nil, fmt.Errorf("block %d: %v", i, err)
			}
			if err := json.Unmarshal(r, &bs[i]); err != nil {
				return nil, fmt.Errorf("block %d: %v", i, err)
			}
			if b := bs[i]; b.OfText == nil && b.OfImage == nil && b.OfSearchResult == nil && b.OfDocument == nil &&
				b.OfToolReference == nil && b.OfBrowserState == nil {
				return nil, fmt.Errorf("block %d: not a tool result block (type %q)", i, kind.Type)
			}
			if kind.Type == "text" && bs[i].OfText != nil {
				// The union is read by shape; a text block must say what
				// it is.
				continue
			}
			if got := bs[i].GetType(); got == nil || *got != kind.Type {
				return nil, fmt.Errorf("block %d: not a tool result block (type %q)", i, kind.Type)
			}
		}
		return bs, nil
	})
}

func textBlock(s string) block { return block{OfText: &anthropic.BetaTextBlockParam{Text: s}} }

// textOf is the text of result blocks, for an error result, which the runner
// can only send as text.
func textOf(bs []block) string {
	var parts []string
	for _, b := range bs {
		if b.OfText != nil {
			parts = append(parts, b.OfText.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// withNotes returns bs with one text block appended per note, in a new
// slice: bs is the tool's.
func withNotes(bs []block, notes []hookchain.Note) []block {
	if len(notes) == 0 {
		return bs
	}
	out := make([]block, 0, len(bs)+len(notes))
	out = append(out, bs...)
	for _, n := range notes {
		out = append(out, textBlock(n.Text))
	}
	return out
}
