package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"text/tabwriter"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode/settings"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/internal/apart"
	"github.com/hookchain/hookchain/internal/regularfile"
)

// readHooks reads the files named, in order, with parse, a CLI's reader of
// one file (what it is, for errors), and returns their hooks one after
// another, with the warnings of each file.
func readHooks[H any](files []string, what string, parse func(string, []byte) ([]H, []string, error)) ([]H, []string, error) {
	var hooks []H
	var warnings []string
	var errs []error
	for _, file := range files {
		// The size bound of Claude Code settings files: a hooks file is no larger.
		data, err := regularfile.Read(file, settings.MaxFileSize, what)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		h, w, err := parse(file, data)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		hooks, warnings = append(hooks, h...), append(warnings, w...)
	}
	return hooks, warnings, errors.Join(errs...)
}

// hooksChain is the chain of the tool-call hooks read from files, made
// links by the CLI's links, for session s (where it works, and its
// project's root).
func hooksChain[H any](read func([]string) ([]H, []string, error), links func([]H, harness.SessionInfo) ([]hookchain.Link, error),
	files []string, s harness.SessionInfo) (*hookchain.Chain, error) {
	hooks, _, err := read(files)
	if err != nil {
		return nil, err
	}
	l, err := links(hooks, s)
	if err != nil {
		return nil, err
	}
	return hookchain.New(l...), nil
}

// evalOther is eval for a CLI other than Claude Code: one hook input of
// that CLI on stdin, read as the input of event when it is not ""
// (--event), the hooks of its event run as a chain: those of the
// --settings files, else those the CLI would find for the session's
// project (hookFiles).
func evalOther(name, event string, c *common, fs *flag.FlagSet, stdin io.Reader, stdout io.Writer, say errOut) int {
	if !refuseClaudeFlags(fs, name, say) {
		return exitFailed
	}
	profile := clis[name].profile()
	decode := profile.Decode
	if event != "" {
		if clis[name].decodeAs == nil {
			return say.fail("--event: %s's hook input names its event; --event is for --harness copilot", displayName(name))
		}
		decode = func(input []byte) (hookchain.Event, harness.SessionInfo, error) {
			return clis[name].decodeAs(event, input)
		}
	}
	// Files known before the input is read are judged before it is read,
	// as for Claude Code: a broken configuration is reported whatever the
	// input.
	var files []string
	project := ""
	if len(c.settings) > 0 || c.project != "" {
		var err error
		project = c.projectOf(name, "")
		if files, err = c.hookFiles(name, project); err != nil {
			return say.failOn(err)
		}
		if _, err := clis[name].chain(files, harness.SessionInfo{}); err != nil {
			return say.failOn(err)
		}
	}
	data, ok := readInput(stdin, say)
	if !ok {
		return exitFailed
	}
	call, session, err := decode(data)
	if errors.Is(err, harness.ErrNotToolCall) {
		return say.fail("%v: eval judges tool calls (%s, %s) only", err,
			profile.Events[hookchain.BeforeTool], profile.Events[hookchain.AfterTool])
	}
	if err != nil {
		return say.failOn(err)
	}
	if session.Cwd == "" {
		session.Cwd, _ = os.Getwd()
	}
	if files == nil {
		project = c.projectOf(name, session.Cwd)
		if files, err = c.hookFiles(name, project); err != nil {
			return say.failOn(err)
		}
	}
	chain, err := clis[name].chain(files, harness.SessionInfo{Cwd: session.Cwd, Project: project})
	if err != nil {
		return say.failOn(err)
	}
	ctx, stop := untilSignal(context.Background())
	out := apart.Run(harness.WithSessionInfo(ctx, session), chain, call)
	stop()
	if sig, ok := interruptedBy(ctx); ok {
		return say.fail("%v before the hooks decided", sig)
	}
	out.Reason = hookReason(out)
	return printOutcome(stdout, out, say)
}

// checkHooks is check for a CLI other than Claude Code with its own files
// (read), whose hooks are links (links) and rows of the table (row).
func checkHooks[H any](name string, read func([]string) ([]H, []string, error), links func([]H, harness.SessionInfo) ([]hookchain.Link, error),
	row func(H) hookRow, c *common, fs *flag.FlagSet, stdout io.Writer, say errOut) int {
	if !refuseClaudeFlags(fs, name, say) {
		return exitFailed
	}
	cwd, _ := os.Getwd()
	project := c.projectOf(name, cwd)
	files, err := c.hookFiles(name, project)
	if err != nil {
		return say.failOn(err)
	}
	hooks, warnings, err := read(files)
	if err != nil {
		return say.failOn(err)
	}
	_, linkErr := links(hooks, harness.SessionInfo{Cwd: cwd, Project: project})
	rows := make([]hookRow, len(hooks))
	for i, h := range hooks {
		rows[i] = row(h)
	}
	return printHooks(rows, warnings, linkErr, stdout, say)
}

// hookRow is one hook of check's table, for a CLI other than Claude Code.
type hookRow struct {
	place, matcher, command string
	timeout                 time.Duration
	event                   string
	at                      hookchain.Hook // BeforeTool, AfterTool; another: not a tool call
	denies                  bool           // a failure denies the call (Cursor's failClosed); else it goes on
}

// printHooks is check's table of a CLI's hooks, then, on stderr, what the
// CLI would not run and why they cannot all run (linkErr).
func printHooks(rows []hookRow, warnings []string, linkErr error, stdout io.Writer, say errOut) int {
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "HOOK\tMATCHER\tCOMMAND\tTIMEOUT\tON FAILURE\tRUNS AS")
	for _, r := range rows {
		runs := "not run: " + r.event + " is not a tool call"
		switch r.at {
		case hookchain.BeforeTool:
			runs = "a link before the call"
		case hookchain.AfterTool:
			runs = "a link after the call"
		}
		onFailure := "continue"
		if r.denies {
			onFailure = "deny"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", cell(r.place), cell(r.matcher), cell(r.command), seconds(r.timeout), onFailure, runs)
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
