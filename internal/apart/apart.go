// Package apart runs a chain on a goroutine of its own, for the entry points
// that owe a harness an answer: a link without a Timeout runs on the
// goroutine that called Run, and one that ends it (runtime.Goexit, as
// t.FailNow does) would take the answer with it — for an HTTP hook a
// dropped connection, for a command hook an exit with nothing said, each of
// which an agent CLI reads as "run it". Run apart, such an end is a denial
// the entry point can still give.
package apart

import (
	"context"

	"github.com/hookchain/hookchain"
)

// Ended is the reason of the denial Run answers when the chain's goroutine
// ended without returning.
const Ended = "hookchain: a link ended the goroutine that was judging the call (runtime.Goexit), and no decision was made"

// Run is c.Run(ctx, e), except that a run whose goroutine ends before it
// returns is answered Denied, naming why.
func Run(ctx context.Context, c *hookchain.Chain, e hookchain.Event) hookchain.Outcome {
	answer := make(chan hookchain.Outcome, 1)
	go func() {
		out := hookchain.Outcome{Verdict: hookchain.Denied, Reason: Ended, Cause: hookchain.CauseChain}
		// Deferred so that it is sent however the goroutine ends: Run never
		// panics, and a Goexit runs deferred calls before ending it.
		defer func() { answer <- out }()
		out = c.Run(ctx, e)
	}()
	return <-answer
}
