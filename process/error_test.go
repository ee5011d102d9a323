package process_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/process"
)

func TestErrorsIsMatchesAnErrorByItsKindThroughWrappersAndNoOtherKind(t *testing.T) {
	timedOut := &process.Error{Command: "guard", Kind: process.TimedOut, Err: context.DeadlineExceeded}
	exited := &process.Error{Command: "guard", Kind: process.Exited, ExitCode: 3}
	startFailed := &process.Error{Command: "guard", Kind: process.StartFailed, Err: errors.New("no such file")}
	restarting := &process.Error{Command: "guard", Kind: process.Restarting, Err: startFailed}
	rows := []struct {
		name    string
		err     error
		matches []error
		misses  []error
	}{
		{"ABareError", timedOut,
			[]error{process.TimedOut, context.DeadlineExceeded}, []error{process.Canceled, process.Unresponsive, process.Kind(0)}},
		{"WrappedWithErrorf", fmt.Errorf("link guard: %w", exited),
			[]error{process.Exited}, []error{process.ExitStatus, process.Signaled}},
		{"WrappedTwice", fmt.Errorf("outer: %w", fmt.Errorf("inner: %w", timedOut)),
			[]error{process.TimedOut}, []error{process.Canceled}},
		{"JoinedWithAnotherError", errors.Join(errors.New("first"), exited),
			[]error{process.Exited}, []error{process.TimedOut}},
		{"JoinedWithAnErrorOfAnotherKind", errors.Join(timedOut, exited),
			[]error{process.TimedOut, process.Exited}, []error{process.Closed}},
		{"MarkedNotOwn", hookchain.NotOwn(&process.Error{Kind: process.Overloaded, Limit: 4}),
			[]error{process.Overloaded}, []error{process.Closed}},
		{"RestartingAfterAFailedStartIsBoth", restarting,
			[]error{process.Restarting, process.StartFailed}, []error{process.TimedOut, process.Exited}},
		{"AnErrorThatIsNoProcessError", errors.New("TimedOut"),
			nil, []error{process.TimedOut, process.Kind(0)}},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			for _, target := range row.matches {
				assert.ErrorIs(t, row.err, target)
			}
			for _, target := range row.misses {
				assert.NotErrorIs(t, row.err, target)
			}
		})
	}
}

func TestACallToAClosedPersistentHookIsClosedToErrorsIs(t *testing.T) {
	p, err := process.NewPersistent(process.PersistentSpec{Spec: process.Spec{Args: []string{"guard"}}})
	require.NoError(t, err)
	require.NoError(t, p.Close(context.Background()))

	_, err = p.Intercept(context.Background(), hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash"})
	require.Error(t, err)
	assert.ErrorIs(t, err, process.Closed)
	assert.NotErrorIs(t, err, process.Canceled)
	assert.True(t, hookchain.IsNotOwn(err), "a closed hook's failure is not the call's own")
	assert.ErrorIs(t, p.Start(context.Background()), process.Closed)
}

func TestAKindReadsAsItsName(t *testing.T) {
	assert.Equal(t, "TimedOut", process.TimedOut.Error())
	assert.Equal(t, "TimedOut", fmt.Sprint(process.TimedOut), "formatted, a Kind still reads as its name")
	assert.Equal(t, "Kind(200)", process.Kind(200).Error())
}
