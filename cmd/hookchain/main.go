// Command hookchain runs Claude Code hooks the way a Go agent built on
// hookchain runs them, so that a settings file can be checked and a hook
// input replayed without an agent:
//
//	hookchain eval  [--settings FILE]... [--project DIR] [--fail-closed] [--skip-unsupported] < input.json
//	hookchain check [--settings FILE]... [--project DIR] [--fail-closed] [--skip-unsupported] [--json]
//
// eval reads one Claude Code hook input (a PreToolUse, PostToolUse or
// PostToolUseFailure event) on stdin, runs the settings' hooks on it as a
// chain, and prints the folded outcome as JSON:
//
//	{"verdict":"allow|deny|modify|replace","reason":…,"decided_by":…,"cause":…,
//	 "input":…,"output":…,"is_error":…,
//	 "trail":[{"name":…,"verdict":…,"reason":…,"fault":…,"by":…,"approver":…}],
//	 "notes":[{"link":…,"text":…}]}
//
// (empty fields omitted; see hookchain.Outcome's JSON form). "notes" is
// what the hooks gave the model as additionalContext, each under its hook's
// link name. The input must be valid UTF-8: a byte that is not would be read
// as U+FFFD, and a tool name read that way matches no hook.
//
// eval has no one to ask: a hook that answers permissionDecision "ask" is in
// the trail with verdict "ask", and the call is denied, with a reason that
// starts "approval needed but not obtained: no approver is configured" and
// names the hooks that asked — as a Go agent's chain without an approver
// would deny it. The session the hooks
// are told about comes from the input (session_id, transcript_path, cwd,
// permission_mode); the project directory is --project, or the input's cwd.
//
// check loads the settings and lists every hook: where it is, its matcher
// and how that matcher is read, its if rule and the matcher that rule
// became, its command or URL, its timeout, what its failure does, and the
// link it runs as, or why it does not run.
//
// Without --settings both use the standard files that exist:
// ~/.claude/settings.json, then the project's .claude/settings.json and
// .claude/settings.local.json. A settings file must be a regular file, or a
// symbolic link to one, of at most 4 MiB, in UTF-8 (a leading byte-order
// mark is fine); /dev/zero, a named pipe, a directory or a larger file is
// refused in one line, without being read. See package
// github.com/hookchain/hookchain/claudecode/settings for how hooks become
// links.
//
// # Exit status
//
// Only a denial exits 2:
//
//	0  eval: the call may go ahead (allow, modify, replace); check: every hook can run
//	2  eval: the call is denied
//	1  anything else, said on stderr: a bad command line, input
//	   or settings file; check: a hook that cannot be run as configured; eval
//	   interrupted by SIGINT or SIGTERM ("hookchain eval: interrupted by SIGINT
//	   before the hooks decided"), which kills the hooks it was running and
//	   prints no decision; a panic in hookchain itself, reported as an internal
//	   error followed by its stack
//
// A fatal error of the Go runtime, or a panic outside the main goroutine,
// cannot be recovered: hookchain then ends with SIGABRT after the runtime's
// report (a shell shows status 134), never with Go's usual status 2, which
// a caller would read as a denial.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
	"github.com/hookchain/hookchain/claudecode/settings"
	"github.com/hookchain/hookchain/internal/validutf8"
	"github.com/hookchain/hookchain/process"
)

func main() {
	// A Go program that crashes exits with status 2, which is eval's
	// "deny" and Claude Code's "block". With the "crash" traceback, an
	// unrecovered panic of any goroutine and a fatal runtime error end the
	// process with SIGABRT instead (runtime.fatalpanic and fatalthrow call
	// crash, which is dieFromSignal(SIGABRT)), after the usual stack dump.
	debug.SetTraceback("crash")
	os.Exit(runMain())
}

// runMain runs the command, and turns a panic of the main goroutine into
// exit status 1, with a one-line message and the stack on stderr.
func runMain() (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(os.Stderr, "hookchain: internal error: panic: %v\n%s", r, debug.Stack())
			code = exitFailed
		}
	}()
	crashTest()
	return run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
}

// crashTest crashes the command on purpose in test builds (the
// hookchain_crashtest build tag); it does nothing in the command as built.
var crashTest = func() {}

const usage = `usage:
  hookchain eval  [--settings FILE]... [--project DIR] [--fail-closed] [--skip-unsupported] < input.json
  hookchain check [--settings FILE]... [--project DIR] [--fail-closed] [--skip-unsupported] [--json]

eval   runs one Claude Code hook input (PreToolUse, PostToolUse or PostToolUseFailure)
       through the settings' hooks as a chain and prints the outcome as JSON.
       There is no approver: a hook that asks for approval denies the call.
       Exit status: 0 allow, modify or replace; 2 deny, and nothing else; 1 bad usage,
       input or settings, or interrupted (SIGINT, SIGTERM) before the hooks decided.
check  validates the settings and lists every hook and the link it runs as.
       Exit status: 0 every hook can run; 1 when one cannot be run as configured, or
       bad usage or settings.
A crash of hookchain itself is never exit status 2: a panic exits 1, a fatal
runtime error ends the process with SIGABRT.

  --settings FILE     a Claude Code settings file: a regular file (or a link to one) of
                      at most 4 MiB, in UTF-8; repeat it to merge several, lowest
                      precedence first. Default: those of ~/.claude/settings.json,
                      DIR/.claude/settings.json and DIR/.claude/settings.local.json that exist
  --project DIR       the project directory (eval: default the input's cwd; check: the
                      current directory)
  --fail-closed       a hook that fails (crashes, times out, answers nonsense) blocks the
                      call; by default, as in Claude Code, the failure is reported and the
                      call goes on
  --skip-unsupported  leave out prompt, agent, mcp_tool, async and once hooks instead of
                      refusing the settings
  --json              check: print the list as JSON
`

// exit statuses
const (
	exitOK     = 0
	exitFailed = 1 // bad usage, input or settings, an interrupt, an internal error
	exitDenied = 2 // eval: the chain denied the call; nothing else exits 2
)

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitFailed
	}
	switch args[0] {
	case "eval":
		return evalCmd(args[1:], stdin, stdout, stderr)
	case "check":
		return checkCmd(args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	fmt.Fprintf(stderr, "hookchain: unknown command %q; see 'hookchain help'\n", args[0])
	return exitFailed
}

// common are the flags eval and check share.
type common struct {
	settings        []string
	project         string
	failClosed      bool
	skipUnsupported bool
}

func (c *common) register(fs *flag.FlagSet) {
	fs.Func("settings", "a Claude Code settings `file` (repeatable)", func(s string) error {
		c.settings = append(c.settings, s)
		return nil
	})
	fs.StringVar(&c.project, "project", "", "the project `directory`")
	fs.BoolVar(&c.failClosed, "fail-closed", false, "hook failures block the call")
	fs.BoolVar(&c.skipUnsupported, "skip-unsupported", false, "leave out hooks that cannot run")
}

// parse parses a subcommand's flags; it reports a bad command line itself.
func parse(name string, fs *flag.FlagSet, args []string, stderr io.Writer) bool {
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stderr, usage)
		} else {
			fmt.Fprintf(stderr, "hookchain %s: %v; see 'hookchain help'\n", name, err)
		}
		return false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "hookchain %s: unexpected argument %q; see 'hookchain help'\n", name, fs.Arg(0))
		return false
	}
	return true
}

// load reads the settings the flags name, or the standard ones of project.
func (c *common) load(project string) (*settings.Settings, error) {
	if len(c.settings) > 0 {
		return settings.Load(c.settings...)
	}
	home, _ := os.UserHomeDir() // no home: no user settings
	s, err := settings.LoadStandard(project, home)
	if err != nil {
		return nil, err
	}
	if len(s.Files()) == 0 {
		return nil, fmt.Errorf("no settings: none of %s exists; name a file with --settings",
			strings.Join(settings.StandardPaths(project, home), ", "))
	}
	return s, nil
}

func (c *common) options(project string, session claudecode.SessionInfo) settings.Options {
	return settings.Options{
		ProjectDir:      project,
		Session:         session,
		FailClosed:      c.failClosed,
		SkipUnsupported: c.skipUnsupported,
	}
}

// maxInput bounds the hook input eval reads: tool results can be large, but
// not without limit.
const maxInput = 64 << 20

func evalCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var c common
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	c.register(fs)
	if !parse("eval", fs, args, stderr) {
		return exitFailed
	}
	fail := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "hookchain eval: "+format+"\n", args...)
		return exitFailed
	}

	// Settings named on the command line are judged before the input is
	// read: a broken configuration is reported whatever the input.
	var s *settings.Settings
	if len(c.settings) > 0 {
		var err error
		if s, err = settings.Load(c.settings...); err != nil {
			return fail("%v", err)
		}
		if _, err := s.Links(c.options("", claudecode.SessionInfo{})); err != nil {
			return fail("%v", err)
		}
	}

	data, err := io.ReadAll(io.LimitReader(stdin, maxInput+1))
	switch {
	case err != nil:
		return fail("reading the hook input: %v", err)
	case len(data) > maxInput:
		return fail("the hook input is larger than %d bytes", maxInput)
	}
	if err := validutf8.CheckJSON(data); err != nil {
		return fail("the hook input is %v", err)
	}
	var in claudecode.Input
	if err := json.Unmarshal(data, &in); err != nil {
		return fail("the hook input is not a Claude Code hook input: %v", err)
	}
	event, err := in.Event()
	if err != nil {
		return fail("%v", err)
	}
	project := c.project
	if project == "" {
		project = in.Cwd
	}
	if s == nil {
		if s, err = c.load(project); err != nil {
			return fail("%v", err)
		}
	}
	links, err := s.Links(c.options(project, claudecode.SessionInfo{
		ID:             in.SessionID,
		TranscriptPath: in.TranscriptPath,
		Cwd:            in.Cwd,
		PermissionMode: in.PermissionMode,
		ProjectDir:     project,
	}))
	if err != nil {
		return fail("%v", err)
	}

	chain, err := hookchain.Build(links...)
	if err != nil {
		return fail("%v", err)
	}
	ctx, stop := untilSignal(context.Background())
	out := chain.Run(ctx, event)
	stop()
	// What the chain answers once a signal has cancelled it is not the
	// hooks' decision, and must not be printed as one: the chain denies a
	// caller that went away, and a denial would exit 2.
	var sig interrupted
	if errors.As(context.Cause(ctx), &sig) {
		return fail("%v before the hooks decided", sig)
	}

	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false) // commands and reasons read as written: 2>&1, not 2\u003e\u00261
	if err := enc.Encode(out); err != nil {
		return fail("writing the outcome: %v", err)
	}
	if out.Verdict == hookchain.Denied {
		return exitDenied
	}
	return exitOK
}

// interrupted is the cause of the end of eval's context when a signal ends
// it.
type interrupted struct{ sig os.Signal }

func (i interrupted) Error() string {
	switch i.sig {
	case os.Interrupt:
		return "interrupted by SIGINT"
	case syscall.SIGTERM:
		return "interrupted by SIGTERM"
	}
	return "interrupted by " + i.sig.String()
}

// untilSignal returns a context that SIGINT or SIGTERM cancels, with
// interrupted as its cause, so that the chain's hooks are stopped and
// their processes killed. Only the first signal is caught: a second one
// ends the process as it would have without this.
func untilSignal(parent context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancelCause(parent)
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	go func() {
		select {
		case sig := <-signals:
			signal.Stop(signals)
			cancel(interrupted{sig})
		case <-ctx.Done():
		}
	}()
	return ctx, func() {
		signal.Stop(signals)
		cancel(context.Canceled)
	}
}

func checkCmd(args []string, stdout, stderr io.Writer) int {
	var c common
	var asJSON bool
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	c.register(fs)
	fs.BoolVar(&asJSON, "json", false, "print JSON")
	if !parse("check", fs, args, stderr) {
		return exitFailed
	}
	project := c.project
	if project == "" {
		project, _ = os.Getwd()
	}
	s, err := c.load(project)
	if err != nil {
		fmt.Fprintf(stderr, "hookchain check: %v\n", err)
		return exitFailed
	}
	opts := c.options(project, claudecode.SessionInfo{})
	hooks := s.Hooks(opts)
	_, linkErr := s.Links(opts)
	if asJSON {
		err = writeJSON(stdout, hooks, linkErr)
	} else {
		err = writeTable(stdout, hooks)
	}
	if err != nil {
		fmt.Fprintf(stderr, "hookchain check: %v\n", err)
		return exitFailed
	}
	if linkErr != nil {
		for _, line := range strings.Split(linkErr.Error(), "\n") {
			fmt.Fprintf(stderr, "hookchain check: %s\n", line)
		}
		return exitFailed
	}
	return exitOK
}

// writeTable prints one aligned row per hook.
func writeTable(w io.Writer, hooks []settings.Hook) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "FILE\tHOOK\tMATCHER\tKIND\tIF\tTYPE\tCOMMAND OR URL\tTIMEOUT\tON FAILURE\tSTATUS\tLINK OR REASON")
	for _, h := range hooks {
		kind, timeout, onFailure, detail := "-", "-", "-", h.Reason
		if h.MatcherKind != "" {
			kind = string(h.MatcherKind)
		}
		if h.Timeout > 0 {
			timeout = seconds(h.Timeout)
		}
		switch h.Status {
		case settings.Linked, settings.Merged:
			onFailure, detail = "continue", h.Name
			if h.Block {
				onFailure = "block"
			}
		}
		target := h.Command
		switch {
		case len(h.Args) > 0:
			target = process.Spec{Args: append([]string{h.Command}, h.Args...)}.String()
		case target == "":
			target = h.URL
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n",
			cell(h.File), h.Where(), cell(h.Matcher), kind, cell(ifCell(h)), cell(h.Type), cell(target),
			timeout, onFailure, h.Status, cell(detail))
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
	for _, r := range s {
		if r < ' ' || r == 0x7f {
			return strconv.Quote(s)
		}
	}
	return s
}

// seconds writes a duration as settings do, in seconds: "10s", "0.5s".
func seconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + "s"
}

type hookJSON struct {
	File           string            `json:"file"`
	Hook           string            `json:"hook"`
	Event          string            `json:"event"`
	Matcher        string            `json:"matcher"`
	MatcherKind    string            `json:"matcher_kind,omitempty"`
	If             string            `json:"if,omitempty"`
	IfMatcher      string            `json:"if_matcher,omitempty"`
	Type           string            `json:"type,omitempty"`
	Command        string            `json:"command,omitempty"`
	Args           []string          `json:"args,omitempty"`
	URL            string            `json:"url,omitempty"`
	Headers        map[string]string `json:"headers,omitempty"`
	TimeoutSeconds float64           `json:"timeout_seconds,omitempty"`
	OnFailure      string            `json:"on_failure,omitempty"`
	Status         string            `json:"status"`
	Name           string            `json:"name,omitempty"`
	Reason         string            `json:"reason,omitempty"`
}

func writeJSON(w io.Writer, hooks []settings.Hook, linkErr error) error {
	out := struct {
		Hooks  []hookJSON `json:"hooks"`
		Errors []string   `json:"errors,omitempty"`
	}{Hooks: []hookJSON{}}
	for _, h := range hooks {
		j := hookJSON{
			File: h.File, Hook: h.Where(), Event: h.Event, Matcher: h.Matcher, MatcherKind: string(h.MatcherKind),
			If: h.If, IfMatcher: h.IfMatcher,
			Type: h.Type, Command: h.Command, Args: h.Args, URL: h.URL, Headers: h.Headers,
			TimeoutSeconds: h.Timeout.Seconds(), Status: string(h.Status), Name: h.Name, Reason: h.Reason,
		}
		if h.Status == settings.Linked || h.Status == settings.Merged {
			j.OnFailure = "continue"
			if h.Block {
				j.OnFailure = "block"
			}
		}
		out.Hooks = append(out.Hooks, j)
	}
	if linkErr != nil {
		out.Errors = strings.Split(linkErr.Error(), "\n")
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
