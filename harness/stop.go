package harness

import (
	"strings"

	"github.com/hookchain/hookchain"
)

// StopRequested starts the reason of a denial that a profile reads from an
// answer that ends the CLI's whole run, not only the call ("continue":
// false): a chain has no verdict for that, and a denial is the nearest
// one that never lets the call run.
const StopRequested = "stop requested"

// Stops reports whether o ends the CLI's run: it is a denial, and the step
// of the link that decided it gives a reason that starts StopRequested.
func Stops(o hookchain.Outcome) bool {
	if o.Verdict != hookchain.Denied || o.DecidedBy == "" {
		return false
	}
	for _, step := range o.Trail {
		if step.Name == o.DecidedBy && step.Verdict == hookchain.Denied && step.Fault == "" {
			return strings.HasPrefix(step.Reason, StopRequested)
		}
	}
	return false
}
