package harness

import (
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/process"
)

// noReason is the reason of a block whose hook exited 2 and wrote nothing
// on stderr: the CLI gives its model the empty stderr.
const noReason = "blocked by a hook that exited with status 2 and gave no reason"

// DecideByStatus reads what a hook did about e as the CLIs that read a
// hook's exit status alone do (Kiro, Windsurf): stdout unread, exit 0 lets
// the call go on; exit 2 before the call blocks it, with the hook's
// stderr (trimmed) as the reason, or one that says there was none; any
// other status, and 2 after the call, which such a CLI cannot block, is a
// failure (a *StatusError), past which the CLI goes on.
func DecideByStatus(e hookchain.Event, r process.Result) (hookchain.Outcome, error) {
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
	return hookchain.Outcome{}, &StatusError{Code: r.ExitCode}
}

// ReplyByStatus is the answer, for o, of the hook of a CLI that reads its
// exit status alone, the CLI display names ("Kiro"): an allow is exit 0
// with nothing written; every other outcome a block, StatusBlock with its
// reason. An outcome Degrade leaves such a CLI unable to say (it leaves
// none) is a block that says so. Nothing is written on stdout.
func ReplyByStatus(display string, o hookchain.Outcome) Reply {
	switch o.Verdict {
	case hookchain.Allowed:
		return Reply{}
	case hookchain.Denied:
		return StatusBlock(NonBlank(o.Reason, "denied by hookchain, whose chain gave no reason"))
	}
	return StatusBlock("hookchain: the chain answered " + o.Verdict.String() + ", which " + display + " cannot be told: " + o.Reason)
}

// StatusBlock is exit status 2 with reason on stderr: a block, to a CLI
// that reads a hook's exit status alone.
func StatusBlock(reason string) Reply {
	return Reply{Stderr: []byte(reason + "\n"), Exit: 2}
}
