// Package einohook puts a hookchain.Chain in front of the tools of a
// github.com/cloudwego/eino ToolsNode, as one compose.ToolMiddleware that
// covers every endpoint eino has — invokable, streamable, enhanced invokable
// and enhanced streamable — so that no tool escapes the chain by the form it
// happens to implement. Install it with Guard, last, on the finished config:
//
//	conf := compose.ToolsNodeConfig{Tools: tools, UnknownToolsHandler: unknown}
//	einohook.Guard(ctx, chain, &conf)
//	node, err := compose.NewToolNode(ctx, &conf)
//
// For react.NewAgent, Guard its ToolsConfig; for an adk ChatModelAgent, use
// GuardAgent on its whole config, since adk runs its AgentMiddlewares'
// WrapToolCall inside the ToolsNodeConfig's middlewares. Guard covers what
// a bare Middleware does not: eino runs an UnknownToolsHandler, for a tool
// the node does not have, without any middleware, so Guard puts it behind
// the chain; and WithTools gives the middleware the tools' schemas, so that
// an argument alike but for case to a property ({"PATH": ...} against
// "path"), which eino's Infer* tools would bind to that property while the
// chain saw it absent, is refused (see WithTools). Middleware and
// UnknownToolsHandler are there for those who assemble these themselves.
//
// The chain judges the arguments the tool will run with. eino runs a
// ToolsNodeConfig's ToolArgumentsHandler before any middleware, and Guard's
// middleware is the innermost: so the chain sees what the handler and any
// middleware before it made of the model's arguments, not the model's own
// words (those stay in the assistant message). A link's rewrite reaches the
// tool as the chain decided it, never put through the handler again.
// eino does not give an unknown tool's call to the ToolArgumentsHandler: for
// it, the chain judges the model's arguments, which the UnknownToolsHandler
// runs with.
//
// Every call form of eino reaches the chain: parallel calls of one message
// and calls run one after another, each decided on its own; tools given for
// one run (compose.WithToolList), which the node wraps with its
// middlewares; and, on resume after an interrupt, the interrupted calls,
// which eino reruns through the middleware again — the results it kept for
// the others are those the middleware returned, judged. An agent used as a
// tool runs its own tools through its own config, which needs its own Guard.
//
// Event.CallID is the model's tool-call id. A model that gives none leaves
// nothing to tell one call from the next with the same input: a grant
// (hookchain.WithGrant) then covers the one call it was made for, and the
// same call asked for again is asked about again.
//
// # What the chain sees
//
// Before the call, Event.Tool is the tool's name, Event.CallID the model's
// tool-call id, and Event.Input the arguments exactly as the tool would get
// them ({} when empty): the model's, unless a ToolArgumentsHandler or a
// middleware outside this one changed them. After the call, Event.Output is the result: a JSON string
// for a tool that answers with text, and for an enhanced tool its
// schema.ToolResult as JSON ({"parts":[{"type":"text","text":"..."}, ...]}),
// every part of every chunk of a stream in order, adjacent text parts joined
// into one, as eino shows them to the model, so that text split across
// parts or stream chunks is judged whole, and images, audio or files sent
// in several chunks are all shown.
// A stream is decided on once it is complete: the after-chain is shown the
// whole text (or the concatenated ToolResult), and nothing reaches the model
// before it has answered. A Go error from the tool, or from its stream, is
// shown as an error result holding its text, and that error alone is what
// goes on: chunks a stream sent before its error are dropped. A stream is
// read only while the caller's context lasts: a caller who goes away before
// it ends is refused, never allowed, and the stream is closed.
//
// # What the model gets
//
//   - Allowed: the tool's own result — for a stream, the same chunks in the
//     same order — or the tool's own error alone: a result returned beside
//     it, or chunks a stream sent before it, were not shown to the
//     after-chain and are dropped.
//   - Denied, before or after the call: the chain's reason as the result (one
//     chunk for a stream, one text part for an enhanced tool), so that the
//     model reads why. Before the call the tool does not run; after it the
//     output is withheld.
//   - Modified: the tool runs with the rewritten arguments.
//   - Replaced: a JSON string as the text; for an enhanced tool a JSON object
//     is read as a schema.ToolResult (so one part can be redacted and the
//     others kept); any other JSON value as its text. A replacement that is no
//     ToolResult is refused, never half-applied.
//   - Asked and deferred (*hookchain.ApprovalPending): eino's own interrupt
//     (compose.Interrupt), whose info is the *hookchain.ApprovalPending with
//     the ticket. In a graph with a checkpoint store the run stops there;
//     resume it with hookchain.WithGrant in the context once a person has
//     answered, and the rerun call, and only it, goes ahead. The package
//     registers *hookchain.ApprovalPending with eino's schema registry, so
//     that adk's Runner can save it in a CheckPointStore.
//
// # What the chain does not cover
//
// eino calls a tool's callbacks (handlers given with compose.WithCallbacks
// or globally: its tracing) around the tool itself, inside every
// middleware. A handler is given the tool's own result before the
// after-chain has judged it: a result the chain withholds or redacts still
// reaches it, though never the model. Tools given for one run
// (compose.WithToolList) are judged, but Guard knows only conf.Tools'
// schemas, so their arguments alike but for case to a property are not
// refused.
//
// Notes that links leave for the model (Outcome.WithNote) follow the result:
// one line each after a text result, one text part each after an enhanced
// result, in a last chunk of a stream.
package einohook

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/schema"
	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapt"
)

// Middleware returns the tool middleware that puts every call of a
// ToolsNode to c, whatever endpoint eino calls. It does not see the calls
// eino gives an UnknownToolsHandler: Guard installs it together with that
// handler, and should be preferred. It panics on a nil chain, as a wiring
// mistake.
func Middleware(c *hookchain.Chain, opts ...Option) compose.ToolMiddleware {
	if c == nil {
		panic("einohook: Middleware on a nil *hookchain.Chain")
	}
	m := &middleware{chain: c}
	for _, o := range opts {
		o(m)
	}
	return compose.ToolMiddleware{
		Invokable:          m.invokable,
		Streamable:         m.streamable,
		EnhancedInvokable:  m.enhancedInvokable,
		EnhancedStreamable: m.enhancedStreamable,
	}
}

type middleware struct {
	chain *hookchain.Chain
	keys  map[string]*adapt.Keys // by tool name: what its schema names (WithTools)
}

// call is the chain's view of a tool input, and the input rewritten when a
// link rewrote it.
func call(in *compose.ToolInput) (hookchain.Call, json.RawMessage) {
	raw := json.RawMessage(in.Arguments)
	if strings.Trim(in.Arguments, " \t\r\n") == "" {
		raw = json.RawMessage("{}")
	}
	return hookchain.Call{Tool: in.Name, ID: in.CallID, Input: raw}, raw
}

// rewritten returns in with the arguments the chain decided on.
func rewritten(in *compose.ToolInput, orig, final json.RawMessage) *compose.ToolInput {
	if adapt.Same(orig, final) {
		return in
	}
	c := *in
	c.Arguments = string(final)
	return &c
}

func (m *middleware) invokable(next compose.InvokableToolEndpoint) compose.InvokableToolEndpoint {
	return func(ctx context.Context, in *compose.ToolInput) (*compose.ToolOutput, error) {
		c, orig := call(in)
		if fault := m.alikeFault(in.Name, orig); fault != "" {
			return &compose.ToolOutput{Result: fault}, nil
		}
		var got *compose.ToolOutput
		exec := func(ctx context.Context, call hookchain.Call) (hookchain.Result, error) {
			if fault := m.rewriteFault(in.Name, orig, call.Input); fault != "" {
				got = &compose.ToolOutput{Result: fault}
				return hookchain.ErrorResult(fault), nil
			}
			out, err := next(ctx, rewritten(in, orig, call.Input))
			if err != nil {
				// The after-chain is shown the error alone, so the error
				// is all that goes on.
				return hookchain.Result{}, err
			}
			got = out
			if out == nil {
				return hookchain.Result{}, nil
			}
			return hookchain.TextResult(out.Result), nil
		}
		res, err := m.chain.Execute(ctx, c, exec)
		switch res.Verdict {
		case hookchain.Allowed:
			if err != nil {
				return got, adapt.Noted(err, res.Notes)
			}
			if got == nil || len(res.Notes) == 0 {
				return got, nil
			}
			return &compose.ToolOutput{Result: adapt.WithNotes(got.Result, res.Notes)}, nil
		case hookchain.Asked:
			return nil, interrupt(ctx, err)
		}
		return &compose.ToolOutput{Result: adapt.WithNotes(adapt.TextOf(res.Output), res.Notes)}, nil
	}
}

func (m *middleware) streamable(next compose.StreamableToolEndpoint) compose.StreamableToolEndpoint {
	return func(ctx context.Context, in *compose.ToolInput) (*compose.StreamToolOutput, error) {
		r, err := streamCall(ctx, m, in,
			func(ctx context.Context, in *compose.ToolInput) (*schema.StreamReader[string], error) {
				out, err := next(ctx, in)
				if out == nil {
					return nil, err
				}
				return out.Result, err
			},
			func(chunks []string) (hookchain.Result, error) {
				return hookchain.TextResult(strings.Join(chunks, "")), nil
			},
			func(notes []hookchain.Note) string { return adapt.WithNotes("", notes) },
			func(res hookchain.Result) string { return adapt.WithNotes(adapt.TextOf(res.Output), res.Notes) })
		if r == nil {
			return nil, err
		}
		return &compose.StreamToolOutput{Result: r}, err
	}
}

func (m *middleware) enhancedInvokable(next compose.EnhancedInvokableToolEndpoint) compose.EnhancedInvokableToolEndpoint {
	return func(ctx context.Context, in *compose.ToolInput) (*compose.EnhancedInvokableToolOutput, error) {
		c, orig := call(in)
		if fault := m.alikeFault(in.Name, orig); fault != "" {
			return &compose.EnhancedInvokableToolOutput{Result: textResult(fault)}, nil
		}
		var got *compose.EnhancedInvokableToolOutput
		exec := func(ctx context.Context, call hookchain.Call) (hookchain.Result, error) {
			if fault := m.rewriteFault(in.Name, orig, call.Input); fault != "" {
				got = &compose.EnhancedInvokableToolOutput{Result: textResult(fault)}
				return hookchain.ErrorResult(fault), nil
			}
			out, err := next(ctx, rewritten(in, orig, call.Input))
			if err != nil {
				return hookchain.Result{}, err // alone, as above
			}
			got = out
			if out == nil || out.Result == nil {
				return hookchain.Result{}, nil
			}
			r, err := encodeToolResult(in.Name, joinText(out.Result))
			if err != nil {
				got = nil // what the after-chain could not read never reaches the model
			}
			return r, err
		}
		res, err := m.chain.Execute(ctx, c, exec)
		switch res.Verdict {
		case hookchain.Allowed:
			if err != nil {
				return got, adapt.Noted(err, res.Notes)
			}
			if got == nil || got.Result == nil || len(res.Notes) == 0 {
				return got, nil
			}
			return &compose.EnhancedInvokableToolOutput{Result: withNoteParts(got.Result, res.Notes)}, nil
		case hookchain.Asked:
			return nil, interrupt(ctx, err)
		}
		return &compose.EnhancedInvokableToolOutput{Result: withNoteParts(decided(in.Name, res), res.Notes)}, nil
	}
}

func (m *middleware) enhancedStreamable(next compose.EnhancedStreamableToolEndpoint) compose.EnhancedStreamableToolEndpoint {
	return func(ctx context.Context, in *compose.ToolInput) (*compose.EnhancedStreamableToolOutput, error) {
		r, err := streamCall(ctx, m, in,
			func(ctx context.Context, in *compose.ToolInput) (*schema.StreamReader[*schema.ToolResult], error) {
				out, err := next(ctx, in)
				if out == nil {
					return nil, err
				}
				return out.Result, err
			},
			func(chunks []*schema.ToolResult) (hookchain.Result, error) {
				return encodeToolResult(in.Name, joinText(concatChunks(chunks)))
			},
			func(notes []hookchain.Note) *schema.ToolResult { return withNoteParts(&schema.ToolResult{}, notes) },
			func(res hookchain.Result) *schema.ToolResult { return withNoteParts(decided(in.Name, res), res.Notes) })
		if r == nil {
			return nil, err
		}
		return &compose.EnhancedStreamableToolOutput{Result: r}, err
	}
}

// streamCall puts one call of a streaming endpoint to the chain. The tool's
// stream is read to its end and shown to the after-chain as whole makes it
// of the chunks; a stream that ends in an error is shown as that error
// alone. Allowed, the model gets the same chunks in the same order, then
// note(notes) when links left notes; or, for a stream that ended in an
// error, a stream of that error alone (its text carrying the notes). A
// result whole cannot make (the after-chain cannot read it) is withheld, and
// the stream is only the error. Denied or replaced, the stream is the one
// chunk decided(res). A nil stream comes with the error to return instead:
// the tool's, or a pending approval as eino's interrupt.
func streamCall[T any](ctx context.Context, m *middleware, in *compose.ToolInput,
	open func(context.Context, *compose.ToolInput) (*schema.StreamReader[T], error),
	whole func([]T) (hookchain.Result, error),
	note func([]hookchain.Note) T,
	decided func(hookchain.Result) T,
) (*schema.StreamReader[T], error) {
	c, orig := call(in)
	if fault := m.alikeFault(in.Name, orig); fault != "" {
		return schema.StreamReaderFromArray([]T{decided(hookchain.ErrorResult(fault))}), nil
	}
	var (
		chunks    []T
		streamErr error
		streamed  bool
	)
	exec := func(ctx context.Context, call hookchain.Call) (hookchain.Result, error) {
		if fault := m.rewriteFault(in.Name, orig, call.Input); fault != "" {
			streamed, chunks = true, []T{decided(hookchain.ErrorResult(fault))}
			return hookchain.ErrorResult(fault), nil
		}
		r, err := open(ctx, rewritten(in, orig, call.Input))
		if err != nil {
			if r != nil {
				// Nobody will read it: closing lets its writer stop.
				r.Close()
			}
			return hookchain.Result{}, err
		}
		streamed = true
		if r == nil {
			return hookchain.Result{}, nil
		}
		chunks, streamErr = drain(ctx, r)
		if streamErr != nil {
			// A stream that ends in an error is that error, as any tool's
			// error is: the after-chain is shown it alone, so the chunks
			// sent before it never go on.
			chunks = nil
			return hookchain.Result{}, streamErr
		}
		res, err := whole(chunks)
		if err != nil {
			chunks, streamErr = nil, err
			return hookchain.Result{}, err
		}
		return res, nil
	}
	res, err := m.chain.Execute(ctx, c, exec)
	switch res.Verdict {
	case hookchain.Allowed:
		if !streamed {
			return nil, adapt.Noted(err, res.Notes)
		}
		if streamErr != nil {
			return replay[T](nil, adapt.Noted(streamErr, res.Notes)), nil
		}
		if len(res.Notes) > 0 {
			chunks = append(chunks, note(res.Notes))
		}
		return replay(chunks, nil), nil
	case hookchain.Asked:
		return nil, interrupt(ctx, err)
	}
	return schema.StreamReaderFromArray([]T{decided(res)}), nil
}

// drain reads a stream to its end, closing it, or until ctx is done: a
// stream that never ends must not hold a caller who has gone, and the error
// then is the context's, which the chain refuses. The stream is read in a
// goroutine of its own, which closes it when its read in progress returns
// (eino's readers are not all safe to close while another goroutine reads);
// a writer that never sends again keeps that goroutine until it does or
// closes the stream.
func drain[T any](ctx context.Context, r *schema.StreamReader[T]) ([]T, error) {
	done := ctx.Done()
	if done == nil {
		return recvAll(r, nil)
	}
	type end struct {
		chunks []T
		err    error
	}
	stop := make(chan struct{})
	ended := make(chan end, 1)
	go func() {
		chunks, err := recvAll(r, stop)
		ended <- end{chunks, err}
	}()
	select {
	case e := <-ended:
		return e.chunks, e.err
	case <-done:
		close(stop)
		return nil, ctx.Err()
	}
}

// recvAll reads r to its end, or until stop is closed, and closes it.
func recvAll[T any](r *schema.StreamReader[T], stop <-chan struct{}) ([]T, error) {
	defer r.Close()
	var out []T
	for {
		v, err := r.Recv()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		select {
		case <-stop:
			return nil, context.Canceled
		default:
		}
		out = append(out, v)
	}
}

// replay is a stream of the chunks a tool sent, in order, ending in its
// error if it ended in one.
func replay[T any](chunks []T, err error) *schema.StreamReader[T] {
	r, w := schema.Pipe[T](len(chunks) + 1)
	for _, c := range chunks {
		w.Send(c, nil)
	}
	if err != nil {
		var zero T
		w.Send(zero, err)
	}
	w.Close()
	return r
}

// interrupt turns a pending approval into eino's interrupt, carrying it as
// the interrupt's info.
func interrupt(ctx context.Context, err error) error {
	var p *hookchain.ApprovalPending
	if errors.As(err, &p) {
		return compose.Interrupt(ctx, p)
	}
	return err
}

// encodeToolResult writes an enhanced tool's result as the after-chain sees
// it, as adapt.Marshal does.
func encodeToolResult(tool string, r *schema.ToolResult) (hookchain.Result, error) {
	b, err := adapt.Marshal(r)
	if err != nil {
		return hookchain.Result{}, adapt.Unencodable(tool, err)
	}
	return hookchain.Result{Output: b}, nil
}

// decided is the result of an enhanced call the chain denied or replaced.
func decided(tool string, res hookchain.Result) *schema.ToolResult {
	if res.Verdict == hookchain.Replaced {
		r, err := decodeToolResult(tool, res.Output)
		if err != nil {
			return textResult(err.Error())
		}
		return r
	}
	return textResult(adapt.TextOf(res.Output))
}

// decodeToolResult reads a replacement a link wrote for an enhanced tool, by
// adapt.Replacement's rule, an object being a schema.ToolResult.
func decodeToolResult(tool string, out json.RawMessage) (*schema.ToolResult, error) {
	return adapt.Replacement(tool, out, '{', textResult, func(out json.RawMessage) (*schema.ToolResult, error) {
		var shape struct {
			Parts json.RawMessage `json:"parts"`
		}
		if err := json.Unmarshal(out, &shape); err != nil {
			return nil, err
		}
		if p := bytes.TrimSpace(shape.Parts); len(p) > 0 && p[0] != '[' && string(p) != "null" {
			return nil, errors.New(`"parts" is not an array`)
		}
		var r schema.ToolResult
		if err := json.Unmarshal(out, &r); err != nil {
			return nil, err
		}
		for i, p := range r.Parts {
			if err := checkPart(p); err != nil {
				return nil, fmt.Errorf("part %d: %w", i, err)
			}
		}
		return &r, nil
	})
}

// checkPart refuses a part the model could not be shown: an unknown type, or
// a type without its content.
func checkPart(p schema.ToolOutputPart) error {
	var ok bool
	switch p.Type {
	case schema.ToolPartTypeText:
		ok = true
	case schema.ToolPartTypeImage:
		ok = p.Image != nil
	case schema.ToolPartTypeAudio:
		ok = p.Audio != nil
	case schema.ToolPartTypeVideo:
		ok = p.Video != nil
	case schema.ToolPartTypeFile:
		ok = p.File != nil
	default:
		return fmt.Errorf("unknown part type %q", p.Type)
	}
	if !ok {
		return fmt.Errorf("a %q part without its content", p.Type)
	}
	return nil
}

// concatChunks is an enhanced stream as one result: every part of every
// chunk, in order. It is how eino shows a streamed result to the model (its
// ConcatMessages appends the parts of the chunks' messages and joins
// adjacent text), not schema.ConcatToolResults, which refuses two images in
// two chunks that the model would be shown both of.
func concatChunks(chunks []*schema.ToolResult) *schema.ToolResult {
	var parts []schema.ToolOutputPart
	for _, c := range chunks {
		if c != nil {
			parts = append(parts, c.Parts...)
		}
	}
	return &schema.ToolResult{Parts: parts}
}

// joinText returns r with each run of adjacent text parts joined into one.
// The model reads adjacent text parts as one text (and eino keeps each
// stream chunk's text a part of its own), so a secret split across parts or
// chunks must reach the after-chain whole.
func joinText(r *schema.ToolResult) *schema.ToolResult {
	if r == nil {
		return nil
	}
	parts := make([]schema.ToolOutputPart, 0, len(r.Parts))
	for _, p := range r.Parts {
		if n := len(parts); n > 0 && p.Type == schema.ToolPartTypeText && parts[n-1].Type == schema.ToolPartTypeText {
			parts[n-1].Text += p.Text
			continue
		}
		parts = append(parts, p)
	}
	return &schema.ToolResult{Parts: parts}
}

func textResult(s string) *schema.ToolResult {
	return &schema.ToolResult{Parts: []schema.ToolOutputPart{{Type: schema.ToolPartTypeText, Text: s}}}
}

// withNoteParts returns r with one text part appended per note, as a new
// ToolResult: r is the tool's.
func withNoteParts(r *schema.ToolResult, notes []hookchain.Note) *schema.ToolResult {
	if len(notes) == 0 {
		return r
	}
	parts := make([]schema.ToolOutputPart, 0, len(r.Parts)+len(notes))
	parts = append(parts, r.Parts...)
	for _, n := range notes {
		parts = append(parts, schema.ToolOutputPart{Type: schema.ToolPartTypeText, Text: n.Text})
	}
	return &schema.ToolResult{Parts: parts}
}
