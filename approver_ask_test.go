package hookchain_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
)

// Approver.Ask puts a question as a chain does: only an answer in time is
// an approval; an error, a panic, silence past the timeout and a caller
// who went away are errors that say which.
func TestAnApproverAskedDirectlyApprovesOnlyByAnsweringInTime(t *testing.T) {
	// Only the silent approver has a timeout short enough to run out: the
	// others answer at once, and a loaded machine must not let the timer
	// beat them.
	answeringWithin := func(timeout time.Duration, answer func(context.Context) (hookchain.Approval, error)) hookchain.Approver {
		return hookchain.Approver{Name: "ops", Timeout: timeout,
			Answer: func(ctx context.Context, q hookchain.Question) (hookchain.Approval, error) { return answer(ctx) }}
	}
	answering := func(answer func(context.Context) (hookchain.Approval, error)) hookchain.Approver {
		return answeringWithin(time.Minute, answer)
	}
	never := make(chan struct{}) // the silent approver answers only once the test is over
	t.Cleanup(func() { close(never) })
	gone, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name     string
		approver hookchain.Approver
		ctx      context.Context
		want     hookchain.Approval
		err      string
	}{
		{"an answer in time", answering(func(context.Context) (hookchain.Approval, error) {
			return hookchain.Approval{Decision: hookchain.Approve, By: "alice"}, nil
		}), context.Background(), hookchain.Approval{Decision: hookchain.Approve, By: "alice"}, ""},
		{"an error", answering(func(context.Context) (hookchain.Approval, error) {
			return hookchain.Approval{Decision: hookchain.Approve}, errors.New("slack is down")
		}), context.Background(), hookchain.Approval{}, "ops failed: slack is down"},
		{"a panic", answering(func(context.Context) (hookchain.Approval, error) { panic("boom") }),
			context.Background(), hookchain.Approval{}, "ops panicked: boom"},
		{"silence past the timeout", answeringWithin(50*time.Millisecond, func(context.Context) (hookchain.Approval, error) {
			<-never
			return hookchain.Approval{Decision: hookchain.Approve}, nil
		}), context.Background(), hookchain.Approval{}, "ops did not answer within 50ms"},
		{"a caller who went away", answering(func(ctx context.Context) (hookchain.Approval, error) {
			<-ctx.Done()
			return hookchain.Approval{Decision: hookchain.Approve}, nil
		}), gone, hookchain.Approval{}, "the context ended while ops was asked (context canceled)"},
		{"an approver that cannot answer", hookchain.Approver{Name: "ops"}, context.Background(), hookchain.Approval{},
			`hookchain: approver "ops": nil Answer`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.approver.Ask(tt.ctx, hookchain.Question{Tool: "Bash"})
			assert.Equal(t, tt.want, got)
			if tt.err == "" {
				require.NoError(t, err)
				return
			}
			require.EqualError(t, err, tt.err)
		})
	}
}
