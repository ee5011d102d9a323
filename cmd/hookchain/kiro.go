package main

import (
	"flag"
	"io"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	kirocli "github.com/hookchain/hookchain/harness/kiro"
)

// kiroHooks reads the Kiro agent configs and hooks files named, in order,
// each in the format its shape says, and returns their hooks one after
// another, with the warnings of each file (hooks Kiro would not run).
func kiroHooks(files []string) ([]kirocli.Hook, []string, error) {
	return readHooks(files, "a Kiro agent config or hooks file", kirocli.Parse)
}

// kiroChain is the chain of the files' tool-call hooks, run as Kiro runs
// them, for session s.
func kiroChain(files []string, s harness.SessionInfo) (*hookchain.Chain, error) {
	return hooksChain(kiroHooks, kirocli.Links, files, s)
}

// kiroFiles are none: which of Kiro's files apply depends on the agent a
// session runs (kiro.ConfigFiles), which the command line is not told, and
// a project's hooks files are every file of a directory (kiro.HooksDir).
// Finding some of them would run some of the hooks Kiro runs, and skip the
// others' guards: --settings names them all.
func kiroFiles(project, home string) []string { return nil }

// checkKiro is check for --harness kiro with Kiro's own files: it lists
// every hook and the link it runs as, and says on stderr what Kiro would
// not run.
func checkKiro(c *common, fs *flag.FlagSet, stdout io.Writer, say errOut) int {
	return checkHooks(kiro, kiroHooks, kirocli.Links, func(h kirocli.Hook) hookRow {
		r := hookRow{h.Place, h.Matcher, h.Command, kirocli.DefaultTimeout, h.Event, 0}
		if h.Format == kirocli.HooksFile {
			r.timeout = kirocli.HooksFileTimeout
		}
		if h.Timeout > 0 {
			r.timeout = h.Timeout
		}
		switch h.Event {
		case kirocli.PreToolUse, kirocli.TriggerPreToolUse:
			r.at = hookchain.BeforeTool
		case kirocli.PostToolUse, kirocli.TriggerPostToolUse:
			r.at = hookchain.AfterTool
		}
		return r
	}, c, fs, stdout, say)
}
