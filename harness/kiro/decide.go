package kiro

import (
	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/process"
)

// Decide reads what a Kiro hook did about e as Kiro reads it: by its exit
// status alone, stdout unread. Exit 0 lets the call go on; exit 2 before
// the call blocks it, with the hook's stderr (trimmed) as the reason Kiro
// gives the model; any other status, and 2 after the call, is a failure
// (a *harness.StatusError), which Kiro shows its user as a warning and
// goes on past (harness.DecideByStatus). See the package documentation
// for the table.
func Decide(e hookchain.Event, r process.Result) (hookchain.Outcome, error) {
	return harness.DecideByStatus(e, r)
}
