package windsurf

import (
	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/process"
)

// Decide reads what a Windsurf hook did about e as Windsurf reads it: by its
// exit status alone, stdout unread (show_output shows it to the user, not
// to Cascade). Exit 0 lets the action go on; exit 2 before it blocks it,
// with the hook's stderr (trimmed) as the reason Cascade is given; any
// other status, and 2 after the action, which Windsurf cannot block, is a
// failure (a *harness.StatusError), past which Windsurf goes on
// (harness.DecideByStatus). See the package documentation for the table.
func Decide(e hookchain.Event, r process.Result) (hookchain.Outcome, error) {
	return harness.DecideByStatus(e, r)
}
