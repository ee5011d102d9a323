package cli

import (
	"flag"
	"io"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	codexcli "github.com/hookchain/hookchain/harness/codex"
)

// codexHooks reads the Codex hooks.json and config.toml files named, in
// order, and returns their hooks one after another, with the warnings of
// each file (hooks Codex would not run).
func codexHooks(files []string) ([]codexcli.Hook, []string, error) {
	return readHooks(files, "a Codex hooks file", codexcli.Parse)
}

// codexChain is the chain of the files' tool-call hooks, run as Codex runs
// them, for session s.
func codexChain(files []string, s harness.SessionInfo) (*hookchain.Chain, error) {
	return hooksChain(codexHooks, codexcli.Links, files, s)
}

// hookReason is what Codex and Gemini pass the model about the call: the
// reason of the hook that blocked it, as the CLI reads that hook's answer,
// and nothing when no hook did (a rewrite, an allow, a failed hook, which
// they ignore). The chain's own denials, which no hook gave, keep the
// chain's reason.
func hookReason(o hookchain.Outcome) string {
	if o.Verdict != hookchain.Denied {
		return ""
	}
	for _, step := range o.Trail {
		if step.Name == o.DecidedBy && !step.Approver && step.Fault == "" && step.Reason != "" {
			return step.Reason
		}
	}
	return o.Reason
}

// checkCodex is check for --harness codex with Codex's own hooks.json
// files: it lists every hook and the link it runs as, and says on stderr
// what Codex would not run.
func checkCodex(c *common, fs *flag.FlagSet, stdout io.Writer, say errOut) int {
	return checkHooks(codex, codexHooks, codexcli.Links, func(h codexcli.Hook) hookRow {
		r := hookRow{h.Place, h.Matcher, h.Command, codexcli.DefaultTimeout, h.Event, 0, false}
		if h.Timeout > 0 {
			r.timeout = h.Timeout
		}
		switch h.Event {
		case codexcli.PreToolUse:
			r.at = hookchain.BeforeTool
		case codexcli.PostToolUse:
			r.at = hookchain.AfterTool
		}
		return r
	}, c, fs, stdout, say)
}
