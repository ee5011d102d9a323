package cli

import (
	"flag"
	"io"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	windsurfcli "github.com/hookchain/hookchain/harness/windsurf"
)

// windsurfHooks reads the Windsurf hooks.json files named, in order, and
// returns their hooks one after another, as Windsurf runs them (system,
// user, workspace), with the warnings of each file (hooks Windsurf would
// not run).
func windsurfHooks(files []string) ([]windsurfcli.Hook, []string, error) {
	return readHooks(files, "a Windsurf hooks file", windsurfcli.ParseHooksFile)
}

// windsurfChain is the chain of the files' tool-call hooks, run as
// Windsurf runs them, for session s.
func windsurfChain(files []string, s harness.SessionInfo) (*hookchain.Chain, error) {
	return hooksChain(windsurfHooks, windsurfcli.Links, files, s)
}

// checkWindsurf is check for --harness windsurf with Windsurf's own
// hooks.json files: it lists every hook and the link it runs as, and says
// on stderr what Windsurf would not run. Windsurf has no matcher: the
// table gives the action a hook's event selects.
func checkWindsurf(c *common, fs *flag.FlagSet, stdout io.Writer, say errOut) int {
	return checkHooks(windsurf, windsurfHooks, windsurfcli.Links, func(h windsurfcli.Hook) hookRow {
		r := hookRow{h.Place, "", h.Command, windsurfcli.DefaultTimeout, h.Event, 0, false}
		if action, at, ok := windsurfcli.Action(h.Event); ok {
			r.matcher, r.at = action, at
		}
		return r
	}, c, fs, stdout, say)
}
