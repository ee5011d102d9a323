package anthropichook_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	anthropic "github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapters/anthropichook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var errDisk = errors.New("disk full")

// partialTool fails, and returns what it had read beside its error.
type partialTool struct{}

func (partialTool) Name() string        { return "partial" }
func (partialTool) Description() string { return "fails half-way" }
func (partialTool) InputSchema() anthropic.BetaToolInputSchemaParam {
	return anthropic.BetaToolInputSchemaParam{Properties: map[string]any{}}
}
func (partialTool) Execute(ctx context.Context, in json.RawMessage) ([]anthropic.BetaToolResultBlockParamContentUnion, error) {
	return []anthropic.BetaToolResultBlockParamContentUnion{{OfText: &anthropic.BetaTextBlockParam{Text: "token=s3cr3t"}}}, errDisk
}

func TestAnAllowedToolErrorGoesOnAloneNeverWithTheBlocksBesideIt(t *testing.T) {
	tests := []struct {
		name    string
		chain   *hookchain.Chain
		wantErr string
	}{
		{"allowed", hookchain.New(hookchain.After("after", hookchain.Any(), allow)), "disk full"},
		{"allowed with a note", hookchain.New(hookchain.After("after", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
			return hookchain.Allow().WithNote("free some space"), nil
		})), "disk full\nfree some space"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			blocks, err := anthropichook.Wrap(tt.chain, partialTool{}).Execute(context.Background(), json.RawMessage(`{}`))
			assert.Nil(t, blocks, "the after-chain was shown the error, not the blocks beside it")
			require.ErrorIs(t, err, errDisk)
			assert.Equal(t, tt.wantErr, err.Error())
		})
	}
}
