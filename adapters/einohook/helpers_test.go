package einohook_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"

	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/components/tool/utils"
	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/schema"
	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapters/einohook"
	"github.com/stretchr/testify/require"
)

// recorder remembers the arguments each tool ran with.
type recorder struct {
	mu  sync.Mutex
	got map[string][]string
}

func (r *recorder) record(tool, in string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.got == nil {
		r.got = map[string][]string{}
	}
	r.got[tool] = append(r.got[tool], in)
}

func (r *recorder) seen(tool string) []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.got[tool]...)
}

type args struct {
	Path  string `json:"path"`
	Count int64  `json:"count,omitempty"`
}

func (a args) String() string { return fmt.Sprintf("path=%s count=%d", a.Path, a.Count) }

func image() schema.ToolOutputPart {
	url := "data:image/png;base64,iVBORw0KGgo="
	return schema.ToolOutputPart{Type: schema.ToolPartTypeImage, Image: &schema.ToolOutputImage{
		MessagePartCommon: schema.MessagePartCommon{URL: &url, MIMEType: "image/png"}}}
}

// tools are one tool of every kind eino has, each answering with what it
// was given.
func tools(t testing.TB, rec *recorder) []tool.BaseTool {
	read, err := utils.InferTool("read", "reads a file", func(ctx context.Context, a args) (string, error) {
		rec.record("read", a.String())
		return "read " + a.String(), nil
	})
	require.NoError(t, err)
	// A tool that only streams: no Invokable endpoint of its own.
	tail, err := utils.InferStreamTool("tail", "follows a file", func(ctx context.Context, a args) (*schema.StreamReader[string], error) {
		rec.record("tail", a.String())
		return schema.StreamReaderFromArray([]string{"tail ", a.String(), " <secret>"}), nil
	})
	require.NoError(t, err)
	shot, err := utils.InferEnhancedTool("shot", "takes a screenshot", func(ctx context.Context, a args) (*schema.ToolResult, error) {
		rec.record("shot", a.String())
		return &schema.ToolResult{Parts: []schema.ToolOutputPart{{Type: schema.ToolPartTypeText, Text: "shot " + a.String()}, image()}}, nil
	})
	require.NoError(t, err)
	feed, err := utils.InferEnhancedStreamTool("feed", "streams frames", func(ctx context.Context, a args) (*schema.StreamReader[*schema.ToolResult], error) {
		rec.record("feed", a.String())
		return schema.StreamReaderFromArray([]*schema.ToolResult{
			{Parts: []schema.ToolOutputPart{{Type: schema.ToolPartTypeText, Text: "feed " + a.String()}}},
			{Parts: []schema.ToolOutputPart{image()}},
		}), nil
	})
	require.NoError(t, err)
	fails, err := utils.InferTool("fails", "fails", func(ctx context.Context, a args) (string, error) {
		rec.record("fails", a.String())
		return "", errors.New("disk full")
	})
	require.NoError(t, err)
	breaks, err := utils.InferStreamTool("breaks", "breaks mid-stream", func(ctx context.Context, a args) (*schema.StreamReader[string], error) {
		rec.record("breaks", a.String())
		r, w := schema.Pipe[string](3)
		w.Send("first ", nil)
		w.Send("", errors.New("connection reset"))
		w.Close()
		return r, nil
	})
	require.NoError(t, err)
	return []tool.BaseTool{read, tail, shot, feed, fails, breaks}
}

// node is eino's ToolsNode over the test tools, with the chain's middleware
// (none when chain is nil).
func node(t testing.TB, chain *hookchain.Chain, rec *recorder) *compose.ToolsNode {
	conf := &compose.ToolsNodeConfig{Tools: tools(t, rec)}
	if chain != nil {
		conf.ToolCallMiddlewares = []compose.ToolMiddleware{einohook.Middleware(chain)}
	}
	n, err := compose.NewToolNode(context.Background(), conf)
	require.NoError(t, err)
	return n
}

type call struct{ id, name, args string }

func message(calls ...call) *schema.Message {
	var tcs []schema.ToolCall
	for _, c := range calls {
		tcs = append(tcs, schema.ToolCall{ID: c.id, Type: "function", Function: schema.FunctionCall{Name: c.name, Arguments: c.args}})
	}
	return schema.AssistantMessage("", tcs)
}

// invoke runs one call through the node, as eino's agents do when they do
// not stream, and returns the tool message.
func invoke(t testing.TB, n *compose.ToolsNode, name, args string) (*schema.Message, error) {
	out, err := n.Invoke(context.Background(), message(call{"call_1", name, args}))
	if err != nil {
		return nil, err
	}
	require.Len(t, out, 1)
	return out[0], nil
}

// stream runs one call through the node streaming, and returns the chunks
// of the tool message's content as they arrived, and the stream's error.
func stream(t testing.TB, n *compose.ToolsNode, name, args string) ([]*schema.Message, error) {
	r, err := n.Stream(context.Background(), message(call{"call_1", name, args}))
	if err != nil {
		return nil, err
	}
	defer r.Close()
	var chunks []*schema.Message
	for {
		ms, err := r.Recv()
		if errors.Is(err, io.EOF) {
			return chunks, nil
		}
		if err != nil {
			return chunks, err
		}
		for _, m := range ms {
			if m != nil {
				chunks = append(chunks, m)
			}
		}
	}
}

// contentOf is what the model reads of a tool message: its text, or its
// parts.
func contentOf(m *schema.Message) string {
	if len(m.UserInputMultiContent) == 0 {
		return m.Content
	}
	var parts []string
	for _, p := range m.UserInputMultiContent {
		switch {
		case p.Text != "":
			parts = append(parts, p.Text)
		case p.Image != nil:
			parts = append(parts, "[image "+*p.Image.URL+"]")
		}
	}
	return strings.Join(parts, " | ")
}

func streamed(ms []*schema.Message) string {
	var b strings.Builder
	for _, m := range ms {
		b.WriteString(contentOf(m))
	}
	return b.String()
}

func allow(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
	return hookchain.Allow(), nil
}

func deny(reason string) hookchain.Interceptor {
	return func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Deny(reason), nil
	}
}

func modify(in string) hookchain.Interceptor {
	return func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Modify(json.RawMessage(in), "rewritten"), nil
	}
}

func replace(out string, isError bool) hookchain.Interceptor {
	return func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Replace(json.RawMessage(out), isError, "redacted"), nil
	}
}

// drainAll reads a stream to its end: its chunks, and the error it ended in.
func drainAll[T any](r *schema.StreamReader[T]) ([]T, error) {
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
		out = append(out, v)
	}
}
