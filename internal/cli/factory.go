package cli

import (
	"flag"
	"io"
	"path/filepath"
	"strconv"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	factorycli "github.com/hookchain/hookchain/harness/factory"
)

// factoryHooks reads the Factory Droid hooks files named, in Droid's
// order, and returns their hooks with the warnings of each file (hooks
// Droid would not run).
func factoryHooks(files []string) ([]factorycli.Hook, []string, error) {
	return readHooks(files, "a Factory Droid hooks file", factorycli.ParseHooksFile)
}

// factoryFiles are Droid's files for a session in project (ConfigFiles),
// less each settings.json whose hooks.json exists: Droid reads the hooks
// of a settings.json only in the place of an absent hooks.json.
func factoryFiles(project, home, _ string) []string {
	var files []string
	for _, f := range factorycli.ConfigFiles(project, home) {
		if filepath.Base(f) == "settings.json" && exists(filepath.Join(filepath.Dir(f), "hooks.json")) {
			continue
		}
		files = append(files, f)
	}
	return files
}

// factoryChain is the chain of the files' tool-call hooks, run as Droid
// runs them, for session s.
func factoryChain(files []string, s harness.SessionInfo) (*hookchain.Chain, error) {
	return hooksChain(factoryHooks, factorycli.Links, files, s)
}

// checkFactory is check for --harness factory with Droid's own hooks
// files: it lists every hook and the link it runs as, and says on stderr
// what Droid would not run.
func checkFactory(c *common, fs *flag.FlagSet, stdout io.Writer, say errOut) int {
	return checkHooks(factory, factoryHooks, factorycli.Links, func(h factorycli.Hook) hookRow {
		matcher := h.Matcher
		if h.CommandRegex != "" {
			matcher += " commandRegex " + strconv.Quote(h.CommandRegex)
		}
		r := hookRow{h.Place, matcher, h.Command, factorycli.DefaultTimeout, h.Event, 0, false}
		if h.Timeout > 0 {
			r.timeout = h.Timeout
		}
		switch h.Event {
		case factorycli.PreToolUse:
			r.at = hookchain.BeforeTool
		case factorycli.PostToolUse:
			r.at = hookchain.AfterTool
		}
		return r
	}, c, fs, stdout, say)
}
