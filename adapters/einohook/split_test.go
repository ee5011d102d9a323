package einohook_test

import (
	"context"
	"strings"
	"testing"

	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/schema"
	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapters/einohook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A secret split across the chunks of an enhanced stream is still one
// secret: eino keeps each chunk's text a part of its own, and the model
// reads adjacent text parts as one text, so the after-chain is shown them
// joined.
func TestASecretSplitAcrossEnhancedStreamChunksIsStillOneSecret(t *testing.T) {
	text := func(s string) *schema.ToolResult {
		return &schema.ToolResult{Parts: []schema.ToolOutputPart{{Type: schema.ToolPartTypeText, Text: s}}}
	}
	next := func(ctx context.Context, in *compose.ToolInput) (*compose.EnhancedStreamableToolOutput, error) {
		return &compose.EnhancedStreamableToolOutput{Result: schema.StreamReaderFromArray([]*schema.ToolResult{
			text("token=<sec"), text("ret>"), {Parts: []schema.ToolOutputPart{image()}}, text(" done"),
		})}, nil
	}
	var shown []string
	chain := hookchain.New(hookchain.After("no-secrets", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		shown = append(shown, string(e.Output))
		if strings.Contains(string(e.Output), "<secret>") {
			return hookchain.Deny("the result holds a secret"), nil
		}
		return hookchain.Allow(), nil
	}))
	out, err := einohook.Middleware(chain).EnhancedStreamable(next)(context.Background(), &compose.ToolInput{Name: "feed", Arguments: `{}`, CallID: "call_1"})
	require.NoError(t, err)
	chunks, err := drainAll(out.Result)
	require.NoError(t, err)
	require.Len(t, chunks, 1)
	assert.Equal(t, text("denied by no-secrets: the result holds a secret"), chunks[0])
	assert.Equal(t, []string{`{"parts":[{"type":"text","text":"token=<secret>"},{"type":"image","image":{"url":"data:image/png;base64,iVBORw0KGgo=","mime_type":"image/png"}},{"type":"text","text":" done"}]}`}, shown)
}

// The same holds for one enhanced result whose text is split across
// adjacent parts.
func TestASecretSplitAcrossAdjacentTextPartsIsStillOneSecret(t *testing.T) {
	next := func(ctx context.Context, in *compose.ToolInput) (*compose.EnhancedInvokableToolOutput, error) {
		return &compose.EnhancedInvokableToolOutput{Result: &schema.ToolResult{Parts: []schema.ToolOutputPart{
			{Type: schema.ToolPartTypeText, Text: "token=<sec"}, {Type: schema.ToolPartTypeText, Text: "ret>"}, image(),
		}}}, nil
	}
	var shown []string
	chain := hookchain.New(hookchain.After("no-secrets", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		shown = append(shown, string(e.Output))
		if strings.Contains(string(e.Output), "<secret>") {
			return hookchain.Deny("the result holds a secret"), nil
		}
		return hookchain.Allow(), nil
	}))
	out, err := einohook.Middleware(chain).EnhancedInvokable(next)(context.Background(), &compose.ToolInput{Name: "shot", Arguments: `{}`, CallID: "call_1"})
	require.NoError(t, err)
	assert.Equal(t, &schema.ToolResult{Parts: []schema.ToolOutputPart{{Type: schema.ToolPartTypeText, Text: "denied by no-secrets: the result holds a secret"}}}, out.Result)
	assert.Equal(t, []string{`{"parts":[{"type":"text","text":"token=<secret>"},{"type":"image","image":{"url":"data:image/png;base64,iVBORw0KGgo=","mime_type":"image/png"}}]}`}, shown)
}
