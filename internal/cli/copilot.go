package cli

import (
	"flag"
	"io"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	copilotcli "github.com/hookchain/hookchain/harness/copilot"
)

// copilotHooks reads the Copilot hooks files named, in order, and returns
// their hooks one after another, with the warnings of each file (hooks
// Copilot would not run, or hookchain cannot).
func copilotHooks(files []string) ([]copilotcli.Hook, []string, error) {
	return readHooks(files, "a Copilot hooks file", copilotcli.ParseHooksFile)
}

// copilotChain is the chain of the files' tool-call hooks, camelCase and
// PascalCase, run as Copilot runs them, for session s.
func copilotChain(files []string, s harness.SessionInfo) (*hookchain.Chain, error) {
	return hooksChain(copilotHooks, copilotcli.Links, files, s)
}

// checkCopilot is check for --harness copilot with Copilot's own hooks
// files: it lists every hook and the link it runs as — a command hook
// before the call denies when it fails, but for a timeout; an http hook
// never does — and says on stderr what Copilot would not run.
func checkCopilot(c *common, fs *flag.FlagSet, stdout io.Writer, say errOut) int {
	return checkHooks(copilot, copilotHooks, copilotcli.Links, func(h copilotcli.Hook) hookRow {
		r := hookRow{h.Place, h.Matcher, h.String(), copilotcli.DefaultTimeout, h.Event, 0, false}
		if h.Timeout > 0 {
			r.timeout = h.Timeout
		}
		switch h.Event {
		case copilotcli.PreToolUse, copilotcli.PascalPreToolUse:
			r.at, r.denies = hookchain.BeforeTool, h.HTTP.URL == "" // a command hook, but for a timeout, which goes on
		case copilotcli.PostToolUse, copilotcli.PascalPostToolUse:
			r.at = hookchain.AfterTool
		}
		return r
	}, c, fs, stdout, say)
}
