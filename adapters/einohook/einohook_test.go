package einohook_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/components/tool/utils"
	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/schema"
	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapters/einohook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tidwall/gjson"
	"github.com/tidwall/sjson"
)

var kinds = []string{"read", "tail", "shot", "feed"}

// Every kind of tool, called either way eino calls tools: none escapes.
func TestADeniedCallNeverReachesTheToolWhateverItsKind(t *testing.T) {
	chain := hookchain.New(hookchain.Before("no-secrets", hookchain.InputMatches("path", `\.env$`), deny("secrets stay on disk")))
	for _, kind := range kinds {
		t.Run(kind+" invoked", func(t *testing.T) {
			rec := &recorder{}
			m, err := invoke(t, node(t, chain, rec), kind, `{"path":"app/.env"}`)
			require.NoError(t, err)
			assert.Equal(t, "denied by no-secrets: secrets stay on disk", contentOf(m))
			assert.Equal(t, "call_1", m.ToolCallID)
			assert.Empty(t, rec.seen(kind))
		})
		t.Run(kind+" streamed", func(t *testing.T) {
			rec := &recorder{}
			ms, err := stream(t, node(t, chain, rec), kind, `{"path":"app/.env"}`)
			require.NoError(t, err)
			assert.Equal(t, "denied by no-secrets: secrets stay on disk", streamed(ms))
			assert.Empty(t, rec.seen(kind))
		})
	}
}

func TestTheChainSeesTheCallAsTheModelWroteIt(t *testing.T) {
	var seen hookchain.Event
	chain := hookchain.New(hookchain.Before("look", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		seen = e
		return hookchain.Allow(), nil
	}))
	_, err := invoke(t, node(t, chain, &recorder{}), "read", `{"path":"a","count":9007199254740993}`)
	require.NoError(t, err)
	assert.Equal(t, hookchain.Event{Hook: hookchain.BeforeTool, Tool: "read", CallID: "call_1", Input: []byte(`{"path":"a","count":9007199254740993}`)}, seen)

	// The tool itself refuses empty arguments, with the chain or without it.
	_, _ = invoke(t, node(t, chain, &recorder{}), "read", ``)
	assert.Equal(t, `{}`, string(seen.Input), "no arguments are an empty object")
}

func TestARewriteReachesTheToolWhateverItsKind(t *testing.T) {
	chain := hookchain.New(hookchain.Before("pin", hookchain.Any(), modify(`{"path":"/srv/a","count":9007199254740993}`)))
	for _, kind := range kinds {
		for _, way := range []string{"invoked", "streamed"} {
			t.Run(kind+" "+way, func(t *testing.T) {
				rec := &recorder{}
				n := node(t, chain, rec)
				var err error
				if way == "invoked" {
					_, err = invoke(t, n, kind, `{"path":"a"}`)
				} else {
					_, err = stream(t, n, kind, `{"path":"a"}`)
				}
				require.NoError(t, err)
				assert.Equal(t, []string{"path=/srv/a count=9007199254740993"}, rec.seen(kind))
			})
		}
	}
}

// An allowed call is invisible: the model reads exactly what it reads from
// the same node without the chain — a stream in the same chunks.
func TestAnAllowedResultReachesTheModelUnchanged(t *testing.T) {
	chain := hookchain.New(hookchain.Before("b", hookchain.Any(), allow), hookchain.After("a", hookchain.Any(), allow))
	for _, kind := range append(kinds, "fails", "breaks") {
		t.Run(kind, func(t *testing.T) {
			bare, hooked := node(t, nil, &recorder{}), node(t, chain, &recorder{})
			want, wantErr := invoke(t, bare, kind, `{"path":"p"}`)
			got, gotErr := invoke(t, hooked, kind, `{"path":"p"}`)
			assert.Equal(t, want, got)
			assert.Equal(t, fmt.Sprint(wantErr), fmt.Sprint(gotErr))

			wantChunks, wantErr := stream(t, bare, kind, `{"path":"p"}`)
			gotChunks, gotErr := stream(t, hooked, kind, `{"path":"p"}`)
			if kind == "breaks" {
				// A stream that breaks is its error alone: the after-chain
				// was not shown the chunks sent before it.
				wantChunks = nil
			}
			assert.Equal(t, wantChunks, gotChunks)
			assert.Equal(t, fmt.Sprint(wantErr), fmt.Sprint(gotErr))
		})
	}
}

// A stream is decided on once it is complete: the after-chain sees all of
// it, and a denial withholds all of it.
func TestAStreamIsDecidedOnceItIsComplete(t *testing.T) {
	var outputs []string
	var mu sync.Mutex
	chain := hookchain.New(hookchain.After("no-secrets", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		mu.Lock()
		outputs = append(outputs, string(e.Output))
		mu.Unlock()
		if strings.Contains(string(e.Output), "<secret>") {
			return hookchain.Deny("the result holds a secret"), nil
		}
		return hookchain.Allow(), nil
	}))
	rec := &recorder{}
	ms, err := stream(t, node(t, chain, rec), "tail", `{"path":"p"}`)
	require.NoError(t, err)
	assert.Equal(t, "denied by no-secrets: the result holds a secret", streamed(ms))
	assert.Equal(t, []string{`"tail path=p count=0 <secret>"`}, outputs)
	assert.Len(t, rec.seen("tail"), 1)

	_, err = stream(t, node(t, chain, rec), "feed", `{"path":"p"}`)
	require.NoError(t, err)
	assert.Equal(t, `{"parts":[{"type":"text","text":"feed path=p count=0"},{"type":"image","image":{"url":"data:image/png;base64,iVBORw0KGgo=","mime_type":"image/png"}}]}`, outputs[1])
}

func TestTheToolsErrorIsWhatTheAfterChainMakesOfIt(t *testing.T) {
	for _, kind := range []string{"fails", "breaks"} {
		t.Run(kind, func(t *testing.T) {
			var after hookchain.Event
			look := hookchain.After("look", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
				after = e
				return hookchain.Allow(), nil
			})
			_, err := invoke(t, node(t, hookchain.New(look), &recorder{}), kind, `{}`)
			require.Error(t, err, "allowed, the tool's own error")
			assert.True(t, after.IsError)
			assert.Contains(t, gjson.ParseBytes(after.Output).String(), map[string]string{"fails": "disk full", "breaks": "connection reset"}[kind])

			m, err := invoke(t, node(t, hookchain.New(hookchain.After("soften", hookchain.Any(), replace(`"the tool failed; try again"`, true))), &recorder{}), kind, `{}`)
			require.NoError(t, err, "replaced, the model reads the replacement")
			assert.Equal(t, "the tool failed; try again", contentOf(m))

			m, err = invoke(t, node(t, hookchain.New(hookchain.After("quiet", hookchain.Any(), deny("errors are not shown"))), &recorder{}), kind, `{}`)
			require.NoError(t, err, "denied, the model reads the reason")
			assert.Equal(t, "denied by quiet: errors are not shown", contentOf(m))
		})
	}
}

func TestAReplacementBecomesTheResult(t *testing.T) {
	tests := []struct{ name, tool, out, want string }{
		{"text for a text tool", "read", `"[redacted]"`, "[redacted]"},
		{"any other JSON as its text", "tail", `{"n":1}`, `{"n":1}`},
		{"a ToolResult for an enhanced tool, so one part can be redacted", "shot",
			`{"parts":[{"type":"text","text":"[redacted]"},{"type":"image","image":{"url":"data:image/png;base64,iVBORw0KGgo=","mime_type":"image/png"}}]}`,
			"[redacted] | [image data:image/png;base64,iVBORw0KGgo=]"},
		{"a string for an enhanced tool is one text part", "feed", `"[redacted]"`, "[redacted]"},
		{"an object that is no ToolResult is refused", "shot", `{"parts":[{"type":"hologram"}]}`,
			`hookchain: a link replaced the result of shot with something that is not a tool result: part 0: unknown part type "hologram"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := node(t, hookchain.New(hookchain.After("redact", hookchain.Any(), replace(tt.out, false))), &recorder{})
			m, err := invoke(t, n, tt.tool, `{}`)
			require.NoError(t, err)
			assert.Equal(t, tt.want, contentOf(m))
			ms, err := stream(t, n, tt.tool, `{}`)
			require.NoError(t, err)
			assert.Equal(t, tt.want, streamed(ms))
		})
	}
}

func TestAPanickingLinkFailsClosed(t *testing.T) {
	boom := func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) { panic("boom") }
	for _, kind := range kinds {
		t.Run(kind, func(t *testing.T) {
			rec := &recorder{}
			m, err := invoke(t, node(t, hookchain.New(hookchain.Before("flaky", hookchain.Any(), boom)), rec), kind, `{}`)
			require.NoError(t, err)
			assert.Equal(t, "flaky failed and denies on failure: panic: boom", contentOf(m))
			assert.Empty(t, rec.seen(kind))

			ms, err := stream(t, node(t, hookchain.New(hookchain.After("flaky", hookchain.Any(), boom)), rec), kind, `{}`)
			require.NoError(t, err)
			assert.Equal(t, "flaky failed and denies on failure: panic: boom", streamed(ms))
			assert.Len(t, rec.seen(kind), 1)
		})
	}
}

func TestNotesFollowTheResult(t *testing.T) {
	chain := hookchain.New(
		hookchain.Before("hint", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
			return hookchain.Allow().WithNote("paths are relative to /srv"), nil
		}),
	)
	n := node(t, chain, &recorder{})
	m, err := invoke(t, n, "read", `{"path":"a"}`)
	require.NoError(t, err)
	assert.Equal(t, "read path=a count=0\npaths are relative to /srv", contentOf(m))
	ms, err := stream(t, n, "tail", `{"path":"a"}`)
	require.NoError(t, err)
	assert.Equal(t, "tail path=a count=0 <secret>\npaths are relative to /srv", streamed(ms))
	m, err = invoke(t, n, "shot", `{"path":"a"}`)
	require.NoError(t, err)
	assert.Equal(t, "shot path=a count=0 | [image data:image/png;base64,iVBORw0KGgo=] | paths are relative to /srv", contentOf(m))
}

// The node runs the calls of one message in parallel: fifty at once, of
// every kind, each decided on its own input.
func TestFiftyParallelCallsAreEachDecidedOnTheirOwn(t *testing.T) {
	chain := hookchain.New(
		hookchain.Before("odd", hookchain.InputMatches("path", `[13579]$`), deny("odd paths are refused")),
		hookchain.Before("root", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
			in, err := sjson.SetBytes(e.Input, "path", "/srv/"+gjson.GetBytes(e.Input, "path").String())
			return hookchain.Modify(in, "rooted"), err
		}),
	)
	rec := &recorder{}
	var calls []call
	for i := range 50 {
		calls = append(calls, call{fmt.Sprintf("call_%d", i), kinds[i/2%4], fmt.Sprintf(`{"path":"f%d"}`, i)})
	}
	out, err := node(t, chain, rec).Invoke(context.Background(), message(calls...))
	require.NoError(t, err)
	require.Len(t, out, 50)
	for i, m := range out {
		assert.Equal(t, fmt.Sprintf("call_%d", i), m.ToolCallID)
		if i%2 == 1 {
			assert.Equal(t, "denied by odd: odd paths are refused", contentOf(m))
			continue
		}
		assert.Contains(t, contentOf(m), fmt.Sprintf("path=/srv/f%d count=0", i))
	}
	total := 0
	for _, k := range kinds {
		total += len(rec.seen(k))
	}
	assert.Equal(t, 25, total)
}

// A result the after-chain cannot be shown, because it cannot be written as
// JSON, never reaches the model, even when the after-chain allows what it
// was shown (the error) — invoked or streamed.
func TestAResultTheChainCannotReadNeverReachesTheModel(t *testing.T) {
	unreadable := func() *schema.ToolResult {
		return &schema.ToolResult{Parts: []schema.ToolOutputPart{{Type: schema.ToolPartTypeText, Text: "<secret>", Extra: map[string]any{"f": func() {}}}}}
	}
	shot, err := utils.InferEnhancedTool("shot", "takes a screenshot", func(ctx context.Context, a args) (*schema.ToolResult, error) {
		return unreadable(), nil
	})
	require.NoError(t, err)
	feed, err := utils.InferEnhancedStreamTool("feed", "streams frames", func(ctx context.Context, a args) (*schema.StreamReader[*schema.ToolResult], error) {
		return schema.StreamReaderFromArray([]*schema.ToolResult{unreadable()}), nil
	})
	require.NoError(t, err)
	var shown []string
	chain := hookchain.New(hookchain.After("look", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		shown = append(shown, string(e.Output))
		return hookchain.Allow(), nil
	}))
	n, err := compose.NewToolNode(context.Background(), &compose.ToolsNodeConfig{
		Tools:               []tool.BaseTool{shot, feed},
		ToolCallMiddlewares: []compose.ToolMiddleware{einohook.Middleware(chain)},
	})
	require.NoError(t, err)
	for _, kind := range []string{"shot", "feed"} {
		t.Run(kind, func(t *testing.T) {
			shown = nil
			m, err := invoke(t, n, kind, `{}`)
			require.Error(t, err)
			assert.Contains(t, err.Error(), "hookchain: the result of "+kind+" cannot be encoded as JSON")
			assert.Nil(t, m)

			ms, err := stream(t, n, kind, `{}`)
			require.Error(t, err)
			assert.Contains(t, err.Error(), "hookchain: the result of "+kind+" cannot be encoded as JSON")
			assert.NotContains(t, streamed(ms), "<secret>")
			fault := `"hookchain: the result of ` + kind + ` cannot be encoded as JSON: json: unsupported type: func()"`
			assert.Equal(t, []string{fault, fault}, shown, "the after-chain read the error, never the result")
		})
	}
}

// A stream that breaks after sending chunks goes on as its error alone, as
// any tool's error does: the after-chain is shown the error, and the chunks
// sent before it, which it was not shown, never reach the model.
func TestAStreamThatBreaksGoesOnAsItsErrorAlone(t *testing.T) {
	broken := func(ctx context.Context, in *compose.ToolInput) (*compose.StreamToolOutput, error) {
		r, w := schema.Pipe[string](2)
		w.Send("<secret>", nil)
		w.Send("", errors.New("connection reset"))
		w.Close()
		return &compose.StreamToolOutput{Result: r}, nil
	}
	brokenParts := func(ctx context.Context, in *compose.ToolInput) (*compose.EnhancedStreamableToolOutput, error) {
		r, w := schema.Pipe[*schema.ToolResult](2)
		w.Send(&schema.ToolResult{Parts: []schema.ToolOutputPart{{Type: schema.ToolPartTypeText, Text: "<secret>"}}}, nil)
		w.Send(nil, errors.New("connection reset"))
		w.Close()
		return &compose.EnhancedStreamableToolOutput{Result: r}, nil
	}
	tests := []struct {
		name    string
		after   hookchain.Interceptor
		wantErr string
	}{
		{"allowed", allow, "connection reset"},
		{"allowed with a note", noting, "connection reset\nfree some space"},
	}
	in := &compose.ToolInput{Name: "leak", Arguments: `{}`, CallID: "call_1"}
	for _, tt := range tests {
		var shown []string
		mw := einohook.Middleware(hookchain.New(hookchain.After("look", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
			shown = append(shown, string(e.Output))
			return tt.after(ctx, e)
		})))
		t.Run(tt.name+", streamable", func(t *testing.T) {
			shown = nil
			out, err := mw.Streamable(broken)(context.Background(), in)
			require.NoError(t, err)
			chunks, err := drainAll(out.Result)
			assert.Empty(t, chunks)
			assert.EqualError(t, err, tt.wantErr)
			assert.Equal(t, []string{`"connection reset"`}, shown)
		})
		t.Run(tt.name+", enhanced streamable", func(t *testing.T) {
			shown = nil
			out, err := mw.EnhancedStreamable(brokenParts)(context.Background(), in)
			require.NoError(t, err)
			chunks, err := drainAll(out.Result)
			assert.Empty(t, chunks)
			assert.EqualError(t, err, tt.wantErr)
			assert.Equal(t, []string{`"connection reset"`}, shown)
		})
	}
}

// A streaming endpoint that fails yet hands back a stream has that stream
// closed, so the tool's writer learns that nobody will read it.
func TestAStreamHandedBackWithAnErrorIsClosed(t *testing.T) {
	r, w := schema.Pipe[string](1)
	next := func(ctx context.Context, in *compose.ToolInput) (*compose.StreamToolOutput, error) {
		return &compose.StreamToolOutput{Result: r}, errors.New("half-open")
	}
	chain := hookchain.New(hookchain.After("a", hookchain.Any(), allow))
	out, err := einohook.Middleware(chain).Streamable(next)(context.Background(), &compose.ToolInput{Name: "tail", Arguments: `{}`})
	require.EqualError(t, err, "half-open")
	assert.Nil(t, out)
	assert.True(t, w.Send("more", nil), "the stream was left open")
}
