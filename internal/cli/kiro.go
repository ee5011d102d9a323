package cli

import (
	"flag"
	"io"
	"path/filepath"
	"slices"

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

// kiroFiles are the files of the hooks Kiro runs for agent in project: the
// agent's config, the project's or else the user's (kiro.ConfigFiles: Kiro
// reads the first that exists), then every hooks file of the project's
// hooks directory (kiro.HooksDir), by name. Without an agent they are
// none: which config applies is the agent's, and finding only the hooks
// files would skip its guards. Without the agent's config, they are its
// places alone, none of which exists: Kiro would not run that agent.
func kiroFiles(project, home, agent string) []string {
	configs := kirocli.ConfigFiles(project, home, agent)
	i := slices.IndexFunc(configs, exists)
	if i < 0 {
		return configs
	}
	files := []string{configs[i]}
	if dir := kirocli.HooksDir(project); dir != "" {
		hooks, _ := filepath.Glob(filepath.Join(dir, "*.json")) // sorted; a bad pattern it cannot be
		files = append(files, hooks...)
	}
	return files
}

// checkKiro is check for --harness kiro with Kiro's own files: it lists
// every hook and the link it runs as, and says on stderr what Kiro would
// not run.
func checkKiro(c *common, fs *flag.FlagSet, stdout io.Writer, say errOut) int {
	return checkHooks(kiro, kiroHooks, kirocli.Links, func(h kirocli.Hook) hookRow {
		r := hookRow{h.Place, h.Matcher, h.Command, kirocli.DefaultTimeout, h.Event, 0, false}
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
