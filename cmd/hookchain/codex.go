package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"text/tabwriter"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode/settings"
	"github.com/hookchain/hookchain/harness"
	codexcli "github.com/hookchain/hookchain/harness/codex"
	"github.com/hookchain/hookchain/internal/apart"
	"github.com/hookchain/hookchain/internal/regularfile"
)

// codexHooks reads the Codex hooks.json files named, in order, and returns
// their hooks one after another, with the warnings of each file (hooks
// Codex would not run).
func codexHooks(files []string) ([]codexcli.Hook, []string, error) {
	var hooks []codexcli.Hook
	var warnings []string
	var errs []error
	for _, file := range files {
		// The size bound of Claude Code settings files: a hooks file is no larger.
		data, err := regularfile.Read(file, settings.MaxFileSize, "a Codex hooks file")
		if err != nil {
			errs = append(errs, err)
			continue
		}
		h, w, err := codexcli.ParseHooksFile(file, data)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		hooks, warnings = append(hooks, h...), append(warnings, w...)
	}
	return hooks, warnings, errors.Join(errs...)
}

// codexChain is the chain of the files' tool-call hooks, run as Codex runs
// them, for a session working in cwd.
func codexChain(files []string, cwd string) (*hookchain.Chain, error) {
	hooks, _, err := codexHooks(files)
	if err != nil {
		return nil, err
	}
	links, err := codexcli.Links(hooks, harness.SessionInfo{Cwd: cwd})
	if err != nil {
		return nil, err
	}
	return hookchain.New(links...), nil
}

// evalCodex is eval for --harness codex: one Codex hook input on stdin, the
// hooks.json files' hooks for its event run as a chain.
func evalCodex(c *common, fs *flag.FlagSet, stdin io.Reader, stdout io.Writer, say errOut) int {
	if !refuseClaudeFlags(fs, "Codex", say) || !requireSettings(c.settings, codex, say) {
		return exitFailed
	}
	// The files are judged before the input is read, as for Claude Code.
	if _, err := codexChain(c.settings, ""); err != nil {
		return say.failOn(err)
	}
	data, ok := readInput(stdin, say)
	if !ok {
		return exitFailed
	}
	event, session, err := codexcli.Profile().Decode(data)
	if errors.Is(err, harness.ErrNotToolCall) {
		return say.fail("%v: eval judges tool calls (PreToolUse, PostToolUse) only", err)
	}
	if err != nil {
		return say.failOn(err)
	}
	if session.Cwd == "" {
		session.Cwd, _ = os.Getwd()
	}
	chain, err := codexChain(c.settings, session.Cwd)
	if err != nil {
		return say.failOn(err)
	}
	ctx, stop := untilSignal(context.Background())
	out := apart.Run(harness.WithSessionInfo(ctx, session), chain, event)
	stop()
	if sig, ok := interruptedBy(ctx); ok {
		return say.fail("%v before the hooks decided", sig)
	}
	out.Reason = codexReason(out)
	return printOutcome(stdout, out, say)
}

// codexReason is what Codex passes the model about the call: the reason of
// the hook that blocked it, as Codex reads that hook's answer, and nothing
// when no hook did (a rewrite, an allow, a failed hook, which Codex ignores).
// The chain's own denials, which no Codex hook gave, keep the chain's reason.
func codexReason(o hookchain.Outcome) string {
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
	if !refuseClaudeFlags(fs, "Codex", say) || !requireSettings(c.settings, codex, say) {
		return exitFailed
	}
	hooks, warnings, err := codexHooks(c.settings)
	if err != nil {
		return say.failOn(err)
	}
	cwd, _ := os.Getwd()
	_, linkErr := codexcli.Links(hooks, harness.SessionInfo{Cwd: cwd})
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "HOOK\tMATCHER\tCOMMAND\tTIMEOUT\tON FAILURE\tRUNS AS")
	for _, h := range hooks {
		timeout, runs := seconds(codexcli.DefaultTimeout), "-"
		if h.Timeout > 0 {
			timeout = seconds(h.Timeout)
		}
		switch h.Event {
		case codexcli.PreToolUse:
			runs = "a link before the call"
		case codexcli.PostToolUse:
			runs = "a link after the call"
		default:
			runs = "not run: " + h.Event + " is not a tool call"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\tcontinue\t%s\n", cell(h.Place), cell(h.Matcher), cell(h.Command), timeout, runs)
	}
	if err := tw.Flush(); err != nil {
		return say.failOn(err)
	}
	for _, w := range warnings {
		say.printf("%s", w)
	}
	if linkErr != nil {
		say.printErr(linkErr)
		return say.fail("the hooks cannot all run; hookchain runs none of them until then")
	}
	if len(warnings) > 0 {
		say.printf("%s, and no error: every hook can run (warnings do not change the exit status)",
			count(len(warnings), "warning"))
	}
	return exitOK
}
