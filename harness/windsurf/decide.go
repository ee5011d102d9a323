package windsurf

import (
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/process"
)

// noReason is the reason of a block whose hook wrote nothing on stderr:
// Windsurf gives Cascade the empty stderr.
const noReason = "blocked by a hook that exited with status 2 and gave no reason"

// Decide reads what a Windsurf hook did about e as Windsurf reads it: by its
// exit status alone, stdout unread (show_output shows it to the user, not
// to Cascade). Exit 0 lets the action go on; exit 2 before it blocks it,
// with the hook's stderr (trimmed) as the reason Cascade is given; any
// other status, and 2 after the action, which Windsurf cannot block, is a
// failure (a *harness.StatusError), past which Windsurf goes on. See the
// package documentation for the table.
func Decide(e hookchain.Event, r process.Result) (hookchain.Outcome, error) {
	switch {
	case r.ExitCode == 0:
		return hookchain.Allow(), nil
	case r.ExitCode == 2 && e.Hook == hookchain.BeforeTool:
		// The status decides, however much stderr was kept.
		reason := strings.TrimSpace(string(r.Stderr))
		if reason == "" {
			reason = noReason
		}
		return hookchain.Deny(reason), nil
	}
	return hookchain.Outcome{}, &harness.StatusError{Code: r.ExitCode}
}
