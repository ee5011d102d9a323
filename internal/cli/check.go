package cli

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"text/tabwriter"
	"time"

	"github.com/hookchain/hookchain/claudecode/settings"
	"github.com/hookchain/hookchain/process"
)

func checkCmd(args []string, stdout, stderr io.Writer) int {
	var c common
	var asJSON bool
	var h harnessFlags
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	c.register(fs)
	h.register(fs, true)
	fs.BoolVar(&asJSON, "json", false, "print JSON")
	if !parse("check", fs, args, stderr, false) {
		return exitFailed
	}
	defer c.useHome()()
	say := errOut{"check", stderr}
	if !h.check(say, supported()...) {
		return exitFailed
	}
	code := exitFailed
	switch {
	case h.settings != claude && asJSON:
		say.printf("--json: with Claude Code settings only, for now")
		return exitFailed
	case h.settings != claude:
		code = clis[h.settings].check(&c, fs, stdout, say)
	default:
		code = checkClaude(&c, asJSON, stdout, say)
	}
	if code == exitOK {
		// What the chain can say that the CLI it answers cannot: never an
		// error, since Degrade keeps the call at least as constrained.
		for _, line := range degradeLint(h.settings, h.name) {
			say.printf("%s", line)
		}
	}
	return code
}

// checkClaude is check for Claude Code settings.
func checkClaude(c *common, asJSON bool, stdout io.Writer, say errOut) int {
	cwd, _ := os.Getwd()
	project := c.projectFor(cwd)
	s, err := c.load(project)
	if err != nil {
		return say.failOn(err)
	}
	opts := c.options(project, new(process.Pool)) // check runs no hook
	hooks := s.Hooks(opts)
	_, linkErr := s.Links(opts)
	var errs []string
	for _, p := range problems(linkErr) {
		errs = append(errs, p.Error())
	}
	var warnings []string
	for _, h := range hooks {
		for _, w := range h.Warnings {
			warnings = append(warnings, w.String())
		}
	}
	if asJSON {
		err = writeJSON(stdout, hooks, errs, warnings)
	} else {
		err = writeTable(stdout, hooks)
	}
	if err != nil {
		return say.failOn(err)
	}
	for _, line := range append(errs, warnings...) {
		say.printf("%s", line)
	}
	switch {
	case len(errs) > 0:
		return say.fail("%s and %s: fix the errors; hookchain runs no hook of these settings until then",
			count(len(errs), "error"), count(len(warnings), "warning"))
	case len(warnings) > 0:
		say.printf("%s, and no error: every hook can run (warnings do not change the exit status)",
			count(len(warnings), "warning"))
	}
	return exitOK
}

// count writes n things: "1 warning", "2 warnings", "no warnings".
func count(n int, thing string) string {
	switch n {
	case 0:
		return "no " + thing + "s"
	case 1:
		return "1 " + thing
	}
	return strconv.Itoa(n) + " " + thing + "s"
}

// writeTable prints one aligned row per hook.
func writeTable(w io.Writer, hooks []settings.Hook) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "FILE\tHOOK\tMATCHER\tKIND\tIF\tTYPE\tCOMMAND OR URL\tTIMEOUT\tON FAILURE\tSTATUS\tLINK\tRUNS AS, OR WHY NOT")
	for _, h := range hooks {
		kind, timeout, onFailure, link, detail := "-", "-", "-", "-", h.Reason
		if h.MatcherKind != "" {
			kind = string(h.MatcherKind)
		}
		if h.Timeout > 0 {
			timeout = seconds(h.Timeout)
		}
		switch h.Status {
		case settings.Linked, settings.Merged:
			onFailure, link, detail = "continue", h.Name, h.Runs
			if h.Block {
				onFailure = "block"
			}
		}
		target := h.Command
		switch {
		case h.Args != nil:
			target = process.Spec{Args: append([]string{h.Command}, h.Args...)}.String()
		case target == "":
			target = h.URL
		}
		typ := h.Type
		if h.Persistent {
			typ += ",persistent"
		}
		if h.Async != "" {
			typ += "," + h.Async
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n",
			cell(h.File), h.Where(), cell(h.Matcher), kind, cell(ifCell(h)), cell(typ), cell(target),
			timeout, onFailure, h.Status, cell(link), cell(detail))
	}
	return tw.Flush()
}

// ifCell shows a hook's if rule and the matcher it became: "Bash(rm *) ->
// And(Tool("Bash"), …)". A rule that cannot be honoured is shown as
// written; the reason says why.
func ifCell(h settings.Hook) string {
	if h.IfMatcher == "" {
		return h.If
	}
	return h.If + " -> " + h.IfMatcher
}

// cell keeps a table cell on one line and in its column: empty is "-", and
// text with tabs, newlines or other control characters is quoted.
func cell(s string) string {
	if s == "" {
		return "-"
	}
	return oneLine(s)
}

// seconds writes a duration as settings do, in seconds: "10s", "0.5s".
func seconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + "s"
}
