package einohook_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/schema"
	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapters/einohook"
	"github.com/hookchain/hookchain/internal/testfiles"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A stream that never ends holds the call only until its caller leaves:
// the caller is then refused, never allowed, and the tool's writer is told
// that nobody reads on.
func TestACallerWhoLeavesWhileAStreamNeverEndsIsDenied(t *testing.T) {
	tests := []struct {
		name  string
		chain *hookchain.Chain
		// With a link after the call, the chain refuses the caller who has
		// gone; with none, the drain's own error is all that goes on.
		wantChunks []string
		wantErr    string
	}{
		{"with an after link", hookchain.New(hookchain.After("a", hookchain.Any(), allow)),
			[]string{"hookchain: the context is already done: context canceled"}, ""},
		{"with no after link", hookchain.New(hookchain.Before("b", hookchain.Any(), allow)),
			nil, "context canceled"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, w := schema.Pipe[string](0)
			defer w.Close()
			ctx, cancel := context.WithCancel(context.Background())
			next := func(ctx context.Context, in *compose.ToolInput) (*compose.StreamToolOutput, error) {
				// The caller leaves once the tool has run, never before
				// the chain let it: a loaded machine may take longer than
				// 20ms to get this far.
				time.AfterFunc(20*time.Millisecond, cancel)
				return &compose.StreamToolOutput{Result: r}, nil
			}
			var (
				out *compose.StreamToolOutput
				err error
			)
			testfiles.Finishes(t, 5*time.Second, func() {
				out, err = einohook.Middleware(tt.chain).Streamable(next)(ctx, &compose.ToolInput{Name: "tail", Arguments: `{}`, CallID: "call_1"})
			})
			require.NoError(t, err)
			chunks, err := drainAll(out.Result)
			assert.Equal(t, tt.wantChunks, chunks)
			if tt.wantErr == "" {
				assert.NoError(t, err)
			} else {
				assert.EqualError(t, err, tt.wantErr)
			}
			testfiles.Finishes(t, 5*time.Second, func() {
				for !w.Send("more", nil) {
				}
			})
		})
	}
}

// Two hundred callers at once, each leaving while its stream never ends:
// every one is refused, none waits on another.
func TestTwoHundredCallersWhoLeaveMidStreamAreEachDenied(t *testing.T) {
	mw := einohook.Middleware(hookchain.New(hookchain.After("a", hookchain.Any(), allow)))
	const n = 200
	got := make([]string, n)
	var wg sync.WaitGroup
	testfiles.Finishes(t, 10*time.Second, func() {
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r, w := schema.Pipe[string](0)
				defer w.Close()
				next := func(ctx context.Context, in *compose.ToolInput) (*compose.StreamToolOutput, error) {
					return &compose.StreamToolOutput{Result: r}, nil
				}
				ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
				defer cancel()
				out, err := mw.Streamable(next)(ctx, &compose.ToolInput{Name: "tail", Arguments: `{}`, CallID: fmt.Sprint("call_", i)})
				if err != nil {
					got[i] = "error: " + err.Error()
					return
				}
				chunks, _ := drainAll(out.Result)
				got[i] = strings.Join(chunks, "")
			}()
		}
		wg.Wait()
	})
	for i := range n {
		assert.Equal(t, "hookchain: the context is already done: context deadline exceeded", got[i], i)
	}
}
