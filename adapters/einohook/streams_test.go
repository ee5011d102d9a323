package einohook_test

import (
	"context"
	"encoding/json"
	"regexp"
	"testing"

	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/components/tool/utils"
	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/schema"
	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapters/einohook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func textPart(s string) *schema.ToolResult {
	return &schema.ToolResult{Parts: []schema.ToolOutputPart{{Type: schema.ToolPartTypeText, Text: s}}}
}

// afterChain is a chain with one link after the call, which records what
// it was shown and answers with judge.
func afterChain(shown *[]string, judge func(out json.RawMessage) hookchain.Outcome) *hookchain.Chain {
	return hookchain.New(hookchain.After("redact", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		*shown = append(*shown, string(e.Output))
		return judge(e.Output), nil
	}))
}

// guarded is a ToolsNodeConfig over tools, with the chain installed as the
// README says.
func guarded(t testing.TB, ctx context.Context, chain *hookchain.Chain, tools ...tool.BaseTool) compose.ToolsNodeConfig {
	conf := compose.ToolsNodeConfig{Tools: tools}
	einohook.Guard(ctx, chain, &conf)
	return conf
}

// A secret a streaming tool sends in two chunks reaches the after-chain as
// the one text the model will read, through eino's react agent invoked and
// streamed, so a redaction that matches the whole secret removes it.
func TestAStreamedSecretSplitAcrossChunksIsRedactedAsOneText(t *testing.T) {
	ctx := context.Background()
	secret := regexp.MustCompile(`sk-live-[0-9a-f]+`)
	redact := func(out json.RawMessage) hookchain.Outcome {
		if !secret.Match(out) {
			return hookchain.Allow()
		}
		return hookchain.Replace(secret.ReplaceAll(out, []byte("[redacted]")), false, "a live key")
	}
	var ran []string
	enhanced, err := utils.InferEnhancedStreamTool("sh", "runs a command", func(ctx context.Context, a args) (*schema.StreamReader[*schema.ToolResult], error) {
		ran = append(ran, a.Path)
		return schema.StreamReaderFromArray([]*schema.ToolResult{textPart("ran echo sk"), textPart("-live-4f9a2c"), textPart(" done")}), nil
	})
	require.NoError(t, err)
	plain, err := utils.InferStreamTool("sh", "runs a command", func(ctx context.Context, a args) (*schema.StreamReader[string], error) {
		ran = append(ran, a.Path)
		return schema.StreamReaderFromArray([]string{"ran echo sk", "-live-4f9a2c", " done"}), nil
	})
	require.NoError(t, err)
	tests := []struct {
		name      string
		tool      tool.BaseTool
		wantShown string
	}{
		{"an enhanced streaming tool", enhanced, `{"parts":[{"type":"text","text":"ran echo sk-live-4f9a2c done"}]}`},
		{"a string streaming tool", plain, `"ran echo sk-live-4f9a2c done"`},
	}
	for _, tt := range tests {
		for _, streaming := range []bool{false, true} {
			t.Run(tt.name+", "+mode(streaming), func(t *testing.T) {
				ran = nil
				var shown []string
				m, err := runReact(t, ctx, guarded(t, ctx, afterChain(&shown, redact), tt.tool), streaming, call{"c1", "sh", `{"path":"echo"}`})
				require.NoError(t, err)
				assert.Equal(t, []string{"echo"}, ran)
				assert.Equal(t, []string{tt.wantShown}, shown)
				assert.Equal(t, map[string]string{"c1": "ran echo [redacted] done"}, m.toolResults())
			})
		}
	}
}

// Two images in two chunks of an enhanced stream are shown to the
// after-chain both, in order, as eino shows them to the model, and an
// allowing chain leaves the model shown what eino without it shows: both
// images when streamed, and eino's own refusal to concatenate them when
// invoked.
func TestTwoImagesInTwoChunksReachTheAfterChainAndTheModelAsEinoShowsThem(t *testing.T) {
	ctx := context.Background()
	frames, err := utils.InferEnhancedStreamTool("frames", "streams frames", func(ctx context.Context, a args) (*schema.StreamReader[*schema.ToolResult], error) {
		return schema.StreamReaderFromArray([]*schema.ToolResult{
			textPart("frame "), {Parts: []schema.ToolOutputPart{image()}}, textPart("and "), {Parts: []schema.ToolOutputPart{image()}},
		}), nil
	})
	require.NoError(t, err)
	img := `{"type":"image","image":{"url":"data:image/png;base64,iVBORw0KGgo=","mime_type":"image/png"}}`
	for _, streaming := range []bool{false, true} {
		t.Run(mode(streaming), func(t *testing.T) {
			bare, bareErr := runReact(t, ctx, compose.ToolsNodeConfig{Tools: []tool.BaseTool{frames}}, streaming, call{"c1", "frames", `{}`})
			var shown []string
			m, err := runReact(t, ctx, guarded(t, ctx, afterChain(&shown, func(json.RawMessage) hookchain.Outcome { return hookchain.Allow() }), frames), streaming, call{"c1", "frames", `{}`})
			assert.Equal(t, []string{`{"parts":[{"type":"text","text":"frame "},` + img + `,{"type":"text","text":"and "},` + img + `]}`}, shown)
			if !streaming {
				require.Error(t, bareErr)
				require.Error(t, err)
				assert.Equal(t, bareErr.Error(), err.Error())
				return
			}
			require.NoError(t, bareErr)
			require.NoError(t, err)
			want := map[string]string{"c1": "frame  | [image data:image/png;base64,iVBORw0KGgo=] | and  | [image data:image/png;base64,iVBORw0KGgo=]"}
			assert.Equal(t, want, bare.toolResults())
			assert.Equal(t, want, m.toolResults())
		})
	}
}
