package cli

import (
	"errors"
	"flag"
	"io"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	clinecli "github.com/hookchain/hookchain/harness/cline"
)

// clineHooks reads the Cline hooks folders named, in order, and returns
// their hooks one folder after another, with the warnings of each folder
// (files Cline would not run). Cline has no configuration file: for
// --harness cline, --settings names hooks folders.
func clineHooks(dirs []string) ([]clinecli.Hook, []string, error) {
	var hooks []clinecli.Hook
	var warnings []string
	var errs []error
	for _, dir := range dirs {
		h, w, err := clinecli.ReadDir(dir)
		hooks, warnings, errs = append(hooks, h...), append(warnings, w...), append(errs, err)
	}
	return hooks, warnings, errors.Join(errs...)
}

// clineChain is the chain of the folders' tool-call hooks, run as Cline
// runs them, for session s.
func clineChain(dirs []string, s harness.SessionInfo) (*hookchain.Chain, error) {
	return hooksChain(clineHooks, clinecli.Links, dirs, s)
}

// checkCline is check for --harness cline with Cline's own hooks folders:
// it lists every hook file and the link it runs as, and says on stderr
// what Cline would not run.
func checkCline(c *common, fs *flag.FlagSet, stdout io.Writer, say errOut) int {
	return checkHooks(cline, clineHooks, clinecli.Links, func(h clinecli.Hook) hookRow {
		r := hookRow{h.Path, "", h.Path, clinecli.DefaultTimeout, h.Event, 0, false}
		switch h.Event {
		case clinecli.PreToolUse:
			r.at = hookchain.BeforeTool
		case clinecli.PostToolUse:
			r.at = hookchain.AfterTool
		}
		return r
	}, c, fs, stdout, say)
}
