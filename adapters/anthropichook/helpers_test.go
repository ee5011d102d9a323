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

// model is a fake Messages API on the loopback interface: its first answer
// asks for calls, its second ends the turn. It keeps the tool_result blocks
// the runner sent back, by tool-use id, as the model would read them.
type model struct {
	mu      sync.Mutex
	calls   []toolUse
	turn    int
	results map[string]json.RawMessage
}

func (m *model) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	m.mu.Lock()
	defer m.mu.Unlock()
	m.turn++
	w.Header().Set("Content-Type", "application/json")
	if m.turn == 1 {
		var content []string
		for _, c := range m.calls {
			content = append(content, fmt.Sprintf(`{"type":"tool_use","id":%q,"name":%q,"input":%s}`, c.id, c.name, c.input))
		}
		fmt.Fprintf(w, `{"id":"msg_1","type":"message","role":"assistant","model":"claude-test","content":[%s],"stop_reason":"tool_use","stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":1}}`,
			strings.Join(content, ","))
		return
	}
	var req struct {
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
	fmt.Fprint(w, `{"id":"msg_2","type":"message","role":"assistant","model":"claude-test","content":[{"type":"text","text":"done"}],"stop_reason":"end_turn","stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":1}}`)
}

// run has the SDK's tool runner, talking to a fake model that makes calls,
// run the tools wrapped in chain (unwrapped when it is nil), and returns the tool_result blocks the
// model was sent, by tool-use id.
func run(t *testing.T, chain *hookchain.Chain, ts []anthropic.BetaTool, calls ...toolUse) map[string]json.RawMessage {
	t.Helper()
	m := &model{calls: calls, results: map[string]json.RawMessage{}}
	srv := httptest.NewServer(m)
	t.Cleanup(srv.Close)
	client := anthropic.NewClient(option.WithBaseURL(srv.URL), option.WithAPIKey("test"), option.WithMaxRetries(0))
	if chain != nil {
		ts = anthropichook.WrapAll(chain, ts)
	}
	runner := client.Beta.Messages.NewToolRunner(ts, anthropic.BetaToolRunnerParams{
		BetaMessageNewParams: anthropic.BetaMessageNewParams{
			Model:     "claude-test",
			MaxTokens: 100,
			Messages:  []anthropic.BetaMessageParam{anthropic.NewBetaUserMessage(anthropic.NewBetaTextBlock("go"))},
		},
		DisableThread: true,
		MaxIterations: 3,
	})
	_, err := runner.RunToCompletion(context.Background())
	require.NoError(t, err)
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
