package process

import (
	"context"
	"sync"
)

// live counts the runs in progress, so that a program about to exit can
// wait for the hooks it started to be killed and reaped. A chain stops
// waiting for a hook when its caller goes away, but the hook's group is
// killed by the run that started it, a moment later; a program that exits
// in that moment would leave the hook running, orphaned.
var live struct {
	sync.Mutex
	n    int
	idle chan struct{} // closed when n falls to zero
}

func started() {
	live.Lock()
	defer live.Unlock()
	if live.n == 0 {
		live.idle = make(chan struct{})
	}
	live.n++
}

func finished() {
	live.Lock()
	defer live.Unlock()
	if live.n--; live.n == 0 {
		close(live.idle)
	}
}

// Settle waits until no run that Run started is still in progress — every
// hook's group killed and the hook reaped — or ctx ends. A program calls it
// before it exits after cancelling its chains (on a signal, say): the runs
// end promptly once their context has, and Settle is how the program knows
// that none of their hooks is left running. It returns ctx's error when ctx
// ends first.
func Settle(ctx context.Context) error {
	live.Lock()
	if live.n == 0 {
		live.Unlock()
		return nil
	}
	idle := live.idle
	live.Unlock()
	select {
	case <-idle:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
