package anthropichook_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	anthropic "github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"
	"github.com/anthropics/anthropic-sdk-go/v2/toolrunner"
	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapters/anthropichook"
	"github.com/stretchr/testify/require"
)

// toolUse is one call the fake model makes.
type toolUse struct{ id, name, input string }

// model is a fake Messages API on the loopback interface: its answer to
// the n-th request asks for the calls of turns[n], and once they are spent
// it ends the turn. It answers a streaming request with server-sent events,
// as the API does. It keeps the tool_result blocks the runner sent back, by
// tool-use id, as the model would read them.
type model struct {
	mu      sync.Mutex
	turns   [][]toolUse
	turn    int
	results map[string]json.RawMessage
}

func (m *model) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	m.mu.Lock()
	defer m.mu.Unlock()
	var req struct {
		Stream   bool `json:"stream"`
		Messages []struct {
			Content []json.RawMessage `json:"content"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(body, &req); err == nil && len(req.Messages) > 0 {
		for _, b := range req.Messages[len(req.Messages)-1].Content {
			var head struct {
				Type      string `json:"type"`
				ToolUseID string `json:"tool_use_id"`
			}
			_ = json.Unmarshal(b, &head)
			if head.Type == "tool_result" {
				m.results[head.ToolUseID] = b
			}
		}
	}
	var calls []toolUse
	if m.turn < len(m.turns) {
		calls = m.turns[m.turn]
	}
	m.turn++
	if req.Stream {
		streamReply(w, m.turn, calls)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	content, stop := []string{`{"type":"text","text":"done"}`}, "end_turn"
	if len(calls) > 0 {
		content, stop = nil, "tool_use"
		for _, c := range calls {
			content = append(content, fmt.Sprintf(`{"type":"tool_use","id":%q,"name":%q,"input":%s}`, c.id, c.name, c.input))
		}
	}
	fmt.Fprintf(w, `{"id":"msg_%d","type":"message","role":"assistant","model":"claude-test","content":[%s],"stop_reason":%q,"stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":1}}`,
		m.turn, strings.Join(content, ","), stop)
}

// streamReply answers as the API streams a message: each tool_use block's
// input arrives as JSON deltas, split in two.
func streamReply(w http.ResponseWriter, turn int, calls []toolUse) {
	w.Header().Set("Content-Type", "text/event-stream")
	event := func(kind, data string) { fmt.Fprintf(w, "event: %s\ndata: %s\n\n", kind, data) }
	event("message_start", fmt.Sprintf(`{"type":"message_start","message":{"id":"msg_%d","type":"message","role":"assistant","model":"claude-test","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":1}}}`, turn))
	stop := "end_turn"
	if len(calls) == 0 {
		event("content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`)
		event("content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"done"}}`)
		event("content_block_stop", `{"type":"content_block_stop","index":0}`)
	}
	for i, c := range calls {
		stop = "tool_use"
		event("content_block_start", fmt.Sprintf(`{"type":"content_block_start","index":%d,"content_block":{"type":"tool_use","id":%q,"name":%q,"input":{}}}`, i, c.id, c.name))
		half := len(c.input) / 2
		for _, part := range []string{c.input[:half], c.input[half:]} {
			p, _ := json.Marshal(part)
			event("content_block_delta", fmt.Sprintf(`{"type":"content_block_delta","index":%d,"delta":{"type":"input_json_delta","partial_json":%s}}`, i, p))
		}
		event("content_block_stop", fmt.Sprintf(`{"type":"content_block_stop","index":%d}`, i))
	}
	event("message_delta", fmt.Sprintf(`{"type":"message_delta","delta":{"stop_reason":%q,"stop_sequence":null},"usage":{"output_tokens":1}}`, stop))
	event("message_stop", `{"type":"message_stop"}`)
}

// setup is how a test has the runner run: streaming or not, with which
// context, runner options, and options for the wrapped tools.
type setup struct {
	stream     bool
	ctx        context.Context
	runnerOpts []option.RequestOption
	wrapOpts   []anthropichook.Option
}

// run has the SDK's tool runner, talking to a fake model that makes calls,
// run the tools wrapped in chain (unwrapped when it is nil), and returns the
// tool_result blocks the model was sent, by tool-use id.
func run(t *testing.T, chain *hookchain.Chain, ts []anthropic.BetaTool, calls ...toolUse) map[string]json.RawMessage {
	t.Helper()
	return runTurns(t, setup{}, chain, ts, calls)
}

// runTurns is run with a setup, the model making the calls of each turn in
// turn.
func runTurns(t *testing.T, s setup, chain *hookchain.Chain, ts []anthropic.BetaTool, turns ...[]toolUse) map[string]json.RawMessage {
	t.Helper()
	m := &model{turns: turns, results: map[string]json.RawMessage{}}
	srv := httptest.NewServer(m)
	t.Cleanup(srv.Close)
	client := anthropic.NewClient(option.WithBaseURL(srv.URL), option.WithAPIKey("test"), option.WithMaxRetries(0))
	if chain != nil {
		ts = anthropichook.WrapAll(chain, ts, s.wrapOpts...)
	}
	params := anthropic.BetaToolRunnerParams{
		BetaMessageNewParams: anthropic.BetaMessageNewParams{
			Model:     "claude-test",
			MaxTokens: 100,
			Messages:  []anthropic.BetaMessageParam{anthropic.NewBetaUserMessage(anthropic.NewBetaTextBlock("go"))},
		},
		DisableThread: true,
		MaxIterations: len(turns) + 2,
	}
	ctx := s.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	if !s.stream {
		_, err := client.Beta.Messages.NewToolRunner(ts, params, s.runnerOpts...).RunToCompletion(ctx)
		require.NoError(t, err)
		return m.results
	}
	runner := client.Beta.Messages.NewToolRunnerStreaming(ts, params, s.runnerOpts...)
	for events, err := range runner.AllStreaming(ctx) {
		require.NoError(t, err)
		for _, err := range events {
			require.NoError(t, err)
		}
	}
	return m.results
}

// runOne runs one call and returns the tool_result block the model read.
func runOne(t *testing.T, chain *hookchain.Chain, ts []anthropic.BetaTool, name, input string) string {
	t.Helper()
	res := run(t, chain, ts, toolUse{id: "toolu_1", name: name, input: input})
	require.Contains(t, res, "toolu_1")
	return string(res["toolu_1"])
}

// result is a tool_result block as the runner sends it.
func result(isError bool, blocks ...string) string {
	b := `{"tool_use_id":"toolu_1","is_error":` + fmt.Sprint(isError) + `,"content":[` + strings.Join(blocks, ",") + `],"type":"tool_result"}`
	if !isError {
		b = `{"tool_use_id":"toolu_1","content":[` + strings.Join(blocks, ",") + `],"type":"tool_result"}`
	}
	return b
}

func textBlock(s string) string {
	b, _ := json.Marshal(map[string]string{"text": s, "type": "text"})
	return string(b)
}

// recorder remembers what each tool was given.
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

type readArgs struct {
	Path  string `json:"path" jsonschema:"required"`
	Count int64  `json:"count,omitempty"`
}

// richTool answers with a text block and an image block.
type richTool struct{ rec *recorder }

func (richTool) Name() string        { return "rich" }
func (richTool) Description() string { return "answers with text and an image" }
func (richTool) InputSchema() anthropic.BetaToolInputSchemaParam {
	return anthropic.BetaToolInputSchemaParam{Properties: map[string]any{}}
}
func (r richTool) Execute(ctx context.Context, in json.RawMessage) ([]anthropic.BetaToolResultBlockParamContentUnion, error) {
	r.rec.record("rich", string(in))
	return []anthropic.BetaToolResultBlockParamContentUnion{
		{OfText: &anthropic.BetaTextBlockParam{Text: "a <b> & c"}},
		{OfImage: &anthropic.BetaImageBlockParam{Source: anthropic.BetaImageBlockParamSourceUnion{
			OfBase64: &anthropic.BetaBase64ImageSourceParam{Data: "iVBORw0KGgo=", MediaType: "image/png"}}}},
	}, nil
}

// tools are the test's tools, in the forms the SDK offers.
func tools(t *testing.T, rec *recorder) []anthropic.BetaTool {
	read, err := toolrunner.NewBetaToolFromJSONSchema("read", "reads a file",
		func(ctx context.Context, a readArgs) (anthropic.BetaToolResultBlockParamContentUnion, error) {
			got := fmt.Sprintf("path=%s count=%d", a.Path, a.Count)
			rec.record("read", got)
			return anthropic.BetaToolResultBlockParamContentUnion{OfText: &anthropic.BetaTextBlockParam{Text: got}}, nil
		})
	require.NoError(t, err)
	raw := toolrunner.NewBetaTool("raw", "takes raw JSON", anthropic.BetaToolInputSchemaParam{Properties: map[string]any{}},
		func(ctx context.Context, in json.RawMessage) (anthropic.BetaToolResultBlockParamContentUnion, error) {
			rec.record("raw", string(in))
			return anthropic.BetaToolResultBlockParamContentUnion{OfText: &anthropic.BetaTextBlockParam{Text: string(in)}}, nil
		})
	fails := toolrunner.NewBetaTool("fails", "fails", anthropic.BetaToolInputSchemaParam{Properties: map[string]any{}},
		func(ctx context.Context, in json.RawMessage) (anthropic.BetaToolResultBlockParamContentUnion, error) {
			rec.record("fails", string(in))
			return anthropic.BetaToolResultBlockParamContentUnion{}, errors.New("disk full")
		})
	return []anthropic.BetaTool{read, raw, fails, richTool{rec}}
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
