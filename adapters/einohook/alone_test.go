package einohook_test

import (
	"context"
	"errors"
	"testing"

	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/schema"
	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapters/einohook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var errDisk = errors.New("disk full")

func noting(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
	return hookchain.Allow().WithNote("free some space"), nil
}

// An endpoint that fails yet returns a result beside its error (another
// middleware inside this one may) has the error alone go on: the
// after-chain was shown the error, not the result.
func TestAnAllowedToolErrorGoesOnAloneNeverWithTheResultBesideIt(t *testing.T) {
	invokable := func(ctx context.Context, in *compose.ToolInput) (*compose.ToolOutput, error) {
		return &compose.ToolOutput{Result: "token=s3cr3t"}, errDisk
	}
	enhanced := func(ctx context.Context, in *compose.ToolInput) (*compose.EnhancedInvokableToolOutput, error) {
		return &compose.EnhancedInvokableToolOutput{Result: &schema.ToolResult{Parts: []schema.ToolOutputPart{{Type: schema.ToolPartTypeText, Text: "token=s3cr3t"}}}}, errDisk
	}
	tests := []struct {
		name    string
		after   hookchain.Interceptor
		wantErr string
	}{
		{"allowed", allow, "disk full"},
		{"allowed with a note", noting, "disk full\nfree some space"},
	}
	for _, tt := range tests {
		in := &compose.ToolInput{Name: "read", Arguments: `{}`, CallID: "call_1"}
		mw := einohook.Middleware(hookchain.New(hookchain.After("after", hookchain.Any(), tt.after)))
		t.Run(tt.name+", invokable", func(t *testing.T) {
			out, err := mw.Invokable(invokable)(context.Background(), in)
			assert.Nil(t, out)
			require.ErrorIs(t, err, errDisk)
			assert.Equal(t, tt.wantErr, err.Error())
		})
		t.Run(tt.name+", enhanced invokable", func(t *testing.T) {
			out, err := mw.EnhancedInvokable(enhanced)(context.Background(), in)
			assert.Nil(t, out)
			require.ErrorIs(t, err, errDisk)
			assert.Equal(t, tt.wantErr, err.Error())
		})
	}
}
