package cli

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/hookchain/hookchain/process"
)

// interrupted is the cause of the end of eval's context when a signal ends
// it.
type interrupted struct{ sig os.Signal }

func (i interrupted) Error() string {
	switch i.sig {
	case os.Interrupt:
		return "interrupted by SIGINT"
	case syscall.SIGTERM:
		return "interrupted by SIGTERM"
	}
	return "interrupted by " + i.sig.String()
}

// interruptedBy reports the signal that ended ctx, if one did, once the
// hooks the chain was running are gone: the chain stopped waiting for them,
// and their runs kill them a moment later. Exiting first would leave them
// running.
func interruptedBy(ctx context.Context) (interrupted, bool) {
	var sig interrupted
	if !errors.As(context.Cause(ctx), &sig) {
		return sig, false
	}
	settle, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = process.Settle(settle)
	return sig, true
}

// untilSignal returns a context that SIGINT or SIGTERM cancels, with
// interrupted as its cause, so that the chain's hooks are stopped and
// their processes killed. Only the first signal is caught: a second one
// ends the process as it would have without this.
func untilSignal(parent context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancelCause(parent)
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	go func() {
		select {
		case sig := <-signals:
			signal.Stop(signals)
			cancel(interrupted{sig})
		case <-ctx.Done():
		}
	}()
	return ctx, func() {
		signal.Stop(signals)
		cancel(context.Canceled)
	}
}
