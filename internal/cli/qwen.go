package cli

import (
	"errors"
	"flag"
	"io"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	qwencli "github.com/hookchain/hookchain/harness/qwen"
)

// qwenHooks reads the Qwen settings.json files named, in the order Qwen
// merges them (qwen.ConfigFiles), and returns their hooks as Qwen merges
// them (qwen.Merge), with the warnings of each file (hooks Qwen would not
// run).
func qwenHooks(files []string) ([]qwencli.Hook, []string, error) {
	var each [][]qwencli.Hook
	var warnings []string
	var errs []error
	for _, f := range files {
		hooks, w, err := readHooks([]string{f}, "a Qwen settings file", qwencli.ParseSettings)
		each, warnings, errs = append(each, hooks), append(warnings, w...), append(errs, err)
	}
	hooks, again := qwencli.Merge(each...)
	return hooks, append(warnings, again...), errors.Join(errs...)
}

// qwenChain is the chain of the files' tool-call hooks, run as Qwen runs
// them, for a session working in cwd.
func qwenChain(files []string, s harness.SessionInfo) (*hookchain.Chain, error) {
	return hooksChain(qwenHooks, qwencli.Links, files, s)
}

// checkQwen is check for --harness qwen with Qwen's own settings.json
// files: it lists every hook and the link it runs as, and says on stderr
// what Qwen would not run.
func checkQwen(c *common, fs *flag.FlagSet, stdout io.Writer, say errOut) int {
	return checkHooks(qwen, qwenHooks, qwencli.Links, func(h qwencli.Hook) hookRow {
		r := hookRow{h.Place, h.Matcher, h.Command, qwencli.DefaultTimeout, h.Event, 0, h.FailClosed}
		if h.HTTP.URL != "" {
			r.command, r.timeout = h.HTTP.URL, qwencli.DefaultHTTPTimeout
		}
		if h.Timeout > 0 {
			r.timeout = h.Timeout
		}
		switch h.Event {
		case qwencli.PreToolUse:
			r.at = hookchain.BeforeTool
		case qwencli.PostToolUse:
			r.at = hookchain.AfterTool
		}
		return r
	}, c, fs, stdout, say)
}
