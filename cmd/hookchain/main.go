// Command hookchain runs Claude Code hooks the way a Go agent built on
// hookchain runs them, so that a settings file can be checked, a hook input
// replayed and a hook tested without an agent:
//
//	hookchain eval  [flags] < input.json
//	hookchain check [flags] [--json]
//	hookchain test  [flags] [--update] CASES...
//	hookchain serve [flags] --listen 127.0.0.1:PORT [--token T]
//
// eval reads one Claude Code hook input (a PreToolUse, PostToolUse,
// PostToolUseFailure or PermissionRequest event) on stdin, runs the
// settings' hooks on it as a chain (a PermissionRequest input: the
// settings' PermissionRequest hooks alone, as the chain's approver), and
// prints the folded outcome as JSON:
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
// A hook that answers permissionDecision "ask" is put to the settings'
// PermissionRequest hooks, in order; when none of them allows or denies,
// eval has no one else to ask, and the call is denied with a reason that
// starts "approval needed but not obtained" and names the hooks that asked
// — as a Go agent's chain without an approver would deny it. eval waits for
// the async hooks the call started before it exits, so that their side
// effects have happened, and prints one line per report on stderr. The hooks are told about the session the input describes:
// every field of the input (session_id, transcript_path, cwd,
// permission_mode, agent_id, prompt_id, and any other) reaches them as
// given, and they run in its cwd.
//
// check loads the settings and lists every hook: where it is, its matcher
// and how that matcher is read, its if rule and the matcher that rule
// became, its command or URL, its timeout, what its failure does, and the
// link it runs as, or why it does not run. On stderr it then prints each
// error and each warning at its file, line and column, with how to fix it,
// and a line that counts them. Warnings (a matcher no tool name matches, a
// script that does not exist, a field Claude Code ignores) do not change
// the exit status.
//
// test runs JSON case files (see package hookchaintest: events in Claude
// Code's hook-input shape or in hookchain's, and the verdict, reason,
// trail and notes wanted) against the settings' hooks, and prints a
// pass/fail report; --update rewrites the wanted side of the files from
// what the hooks now answer, for review with git diff. A CASES argument is
// a file or a glob pattern.
//
// serve runs the settings' hooks as a chain inside Claude Code itself: it
// answers Claude Code's "http" hooks. Each POST / is a hook input, as Claude
// Code sends it; the chain runs on it, and the response is Claude Code's
// hook output (hookSpecificOutput with permissionDecision,
// permissionDecisionReason, updatedInput and additionalContext; after the
// call decision "block" or updatedToolOutput), or an empty body when the
// chain has nothing to say. A hook that asks is put to Claude Code's user
// (permissionDecision "ask"). Command hooks marked "persistent": true are
// started once and kept (see package claudecode/settings), so that a call
// costs no process start. GET /healthz says what runs (with a token, only
// to a request that carries it; to others only that it is up). Every
// request serve does not judge is answered 200 with decision "block",
// named ("hookchain: unauthorized: …", "hookchain: not found: …",
// "hookchain: shutting down: …"), because Claude Code runs the call on an
// HTTP error, a dropped connection or an empty answer: a missing or stale
// token, any path but / or method but POST, a body that is not JSON or
// UTF-8, past --max-body, cut short or not arrived within --read-timeout
// (10s), a tool-call input without its tool or with keys given twice or
// alike but for case, a request cut off at --shutdown-timeout or sent
// while serve stops, a panic. A PermissionRequest event is answered by the
// settings' PermissionRequest hooks, in Claude Code's shape (decision
// behavior allow or deny), or with an empty body when none decides, so
// that Claude Code shows its dialog. An input for another event, with no
// call to block, is answered {"continue":false}, which stops Claude Code.
//
// serve listens on loopback addresses only, unless it is given a bearer
// token (--token, or --token-file, read again when it has changed, at each
// --watch check and on SIGHUP: with --watch 0, on SIGHUP only), which
// every request must then carry in its Authorization header; it is
// compared in constant time. It logs every decision, through
// hookchain.LogObserver, and its own events on stderr (--log-format text
// or json, --log-level). It reloads the settings on SIGHUP, and when a
// settings file changes (checked every --watch, a second by default): the
// new chain takes over for new requests at once, and the old one's hooks
// are stopped once its last request is answered, never before. Settings
// that do not load leave the old chain in place, and the log says why.
// Settings holding an http hook at serve's own address (Claude Code's
// settings.json, read when no --settings is given) do not load: each call
// would be sent back to serve, round and round, until a timeout let it
// run. On SIGTERM or SIGINT it blocks new requests, gives the requests in flight
// --shutdown-timeout (30s) to finish and blocks those still running then,
// stops every hook process, and exits 0.
//
// Without --settings the standard files that exist are used:
// ~/.claude/settings.json, then the project's .claude/settings.json and
// .claude/settings.local.json. The project is --project, or the directory
// whose .claude/ holds settings named with --settings and the working
// directory (eval: the input's cwd), or the nearest one with a
// .claude/settings.json or .claude/settings.local.json at or above the
// working directory, or else the working directory itself: as in Claude
// Code, CLAUDE_PROJECT_DIR is the project's root, not whichever
// sub-directory the agent is in, and never a user settings file's home. --plugin-root adds a
// plugin's hooks (DIR/hooks/hooks.json), run with CLAUDE_PLUGIN_ROOT, and
// CLAUDE_PLUGIN_DATA set to --plugin-data or Claude Code's directory for
// the plugin (~/.claude/plugins/data/NAME-inline, created when missing);
// --plugin-option KEY=VALUE gives it a value of its user_config.
// Command hooks get the whole environment, as Claude Code gives it;
// --strict-env gives them only PATH, HOME, USER, LOGNAME, SHELL, the locale,
// TZ, TMPDIR and TERM. A settings file must be a regular file, or a
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
//	   (warnings or not); test: every case passed, or --update rewrote what changed;
//	   serve: stopped by SIGTERM or SIGINT
//	2  eval: the call is denied
//	1  anything else, said on stderr: a bad command line, input
//	   or settings file; check: a hook that cannot be run as configured; test: a
//	   case that failed, or case files that cannot be read; eval or test
//	   interrupted by SIGINT or SIGTERM ("hookchain eval: interrupted by SIGINT
//	   before the hooks decided"), which kills the hooks it was running and
//	   prints no decision (test: rewrites no case); a panic in hookchain itself, reported as an internal
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
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
	"github.com/hookchain/hookchain/claudecode/settings"
	"github.com/hookchain/hookchain/hookchaintest"
	"github.com/hookchain/hookchain/internal/apart"
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
  hookchain eval  [flags] < input.json
  hookchain check [flags] [--json]
  hookchain test  [flags] [--update] CASES...
  hookchain serve [flags] --listen 127.0.0.1:PORT [--token T]

eval   runs one Claude Code hook input (PreToolUse, PostToolUse or PostToolUseFailure)
       through the settings' hooks as a chain and prints the outcome as JSON.
       There is no approver: a hook that asks for approval denies the call.
       Async hooks cannot change the outcome: eval waits for them (each within its
       timeout; SIGINT or SIGTERM stops them) and prints what each reports on stderr.
       Exit status: 0 allow, modify or replace; 2 deny, and nothing else; 1 bad usage,
       input or settings, or interrupted (SIGINT, SIGTERM) before the hooks decided.
check  validates the settings, lists every hook and the link it runs as, and prints
       each error and warning with its file:line:column and a fix.
       Exit status: 0 every hook can run (warnings do not count); 1 when one cannot be
       run as configured, or bad usage or settings.
test   runs JSON case files (files or glob patterns; see package hookchaintest) against
       the settings' hooks and prints a pass/fail report. --update rewrites what the
       cases want from what the hooks now answer.
       Exit status: 0 every case passed (or was updated); 1 otherwise.
serve  answers Claude Code's http hooks: POST / with a hook input, as Claude Code sends
       it, is answered with the chain's decision as Claude Code's hook output; GET
       /healthz says what runs. Reloads the settings on SIGHUP and when a file changes;
       stops on SIGTERM, once the requests in flight are done.
       Exit status: 0 stopped by a signal; 1 bad usage or settings, or a failed listener.
A crash of hookchain itself is never exit status 2: a panic exits 1, a fatal
runtime error ends the process with SIGABRT.

flags:
  --settings FILE     a Claude Code settings file: a regular file (or a link to one) of
                      at most 4 MiB, in UTF-8; repeat it to merge several, lowest
                      precedence first. Default: those of ~/.claude/settings.json,
                      DIR/.claude/settings.json and DIR/.claude/settings.local.json that exist
  --project DIR       the project's root, CLAUDE_PROJECT_DIR. Default: the directory whose
                      .claude/ holds the settings, found from the --settings files or
                      upwards from the working directory (eval: the input's cwd)
  --plugin-root DIR   also run the hooks of the plugin in DIR (DIR/hooks/hooks.json), with
                      CLAUDE_PLUGIN_ROOT=DIR; repeatable
  --plugin-data DIR   the last --plugin-root's CLAUDE_PLUGIN_DATA. Default: Claude Code's,
                      ~/.claude/plugins/data/NAME-inline, created when missing
  --plugin-option KEY=VALUE  a value of the last --plugin-root's user_config: in its hooks'
                      environment as CLAUDE_PLUGIN_OPTION_KEY, and for ${user_config.KEY}
                      in their exec form; repeatable
  --managed-settings FILE  a managed settings file, instead of those Claude Code reads
                      (/etc/claude-code/managed-settings.json and managed-settings.d/*.json;
                      macOS: /Library/Application Support/ClaudeCode); repeatable. Managed
                      hooks run last; allowManagedHooksOnly there disables every other hook
  --skill FILE        also run the frontmatter hooks of a skill's SKILL.md while it runs
                      (see --active-skill); repeatable. Default: also those of
                      ~/.claude/skills/*/SKILL.md and DIR/.claude/skills/*/SKILL.md
  --agent FILE        also run the frontmatter hooks of an agent's .md for the calls whose
                      agent_type is its name; repeatable. Default: also those of
                      ~/.claude/agents/*.md and DIR/.claude/agents/*.md
  --active-skill NAME eval: the call runs while the skill NAME does; repeatable
  --fail-closed       a hook that fails (crashes, times out, answers nonsense) blocks the
                      call; by default, as in Claude Code, the failure is reported and the
                      call goes on
  --skip-unsupported  leave out prompt, agent, mcp_tool and PermissionRequest hooks,
                      and if rules hookchain does not reproduce, instead of refusing the
                      settings
  --strict-env        run command hooks with PATH, HOME, USER, LOGNAME, SHELL, the locale,
                      TZ, TMPDIR and TERM only, rather than the whole environment as
                      Claude Code does
  --json              check: print the list as JSON
  --update            test: rewrite the cases' want from what the hooks answer
  --listen ADDR       serve: the address to listen on, such as 127.0.0.1:8377
  --token T           serve: the bearer token every request must carry (required when
                      ADDR is not a loopback address); --token-file FILE reads it
  --watch D           serve: how often to check the settings files for changes (1s;
                      0: on SIGHUP only)
  --shutdown-timeout D  serve: how long requests in flight are waited for (30s)
  --max-body N        serve: the largest hook input accepted, in bytes (64 MiB)
  --log-format F      serve: text or json (text); --log-level debug, info, warn, error
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
	case "test":
		return testCmd(args[1:], stdout, stderr)
	case "serve":
		return serveCmd(args[1:], stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	fmt.Fprintf(stderr, "hookchain: unknown command %q; see 'hookchain help'\n", args[0])
	return exitFailed
}

// common are the flags every command takes.
type common struct {
	settings        []string
	plugins         []string
	project         string
	failClosed      bool
	skipUnsupported bool
	strictEnv       bool
	pluginConfigs   map[int]*pluginConfig // by index into plugins
	// inSession says that projectFor's cwd is a session's (eval's input),
	// which the project must hold.
	inSession  bool
	scope      scopeFlags           // managed settings, skills and agents
	background *settings.Background // runs the async hooks; nil where none is run
}

func (c *common) register(fs *flag.FlagSet) {
	fs.Func("settings", "a Claude Code settings `file` (repeatable)", func(s string) error {
		c.settings = append(c.settings, s)
		return nil
	})
	fs.Func("plugin-root", "a plugin's `directory` (repeatable)", func(s string) error {
		c.plugins = append(c.plugins, s)
		return nil
	})
	c.registerPlugin(fs)
	fs.StringVar(&c.project, "project", "", "the project `directory`")
	fs.BoolVar(&c.failClosed, "fail-closed", false, "hook failures block the call")
	fs.BoolVar(&c.skipUnsupported, "skip-unsupported", false, "leave out hooks that cannot run")
	fs.BoolVar(&c.strictEnv, "strict-env", false, "give command hooks the strict baseline environment")
	c.scope.register(fs)
}

// parse parses a subcommand's flags; it reports a bad command line itself.
// args says whether arguments other than flags are allowed.
func parse(name string, fs *flag.FlagSet, args []string, stderr io.Writer, allowArgs bool) bool {
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stderr, usage)
		} else {
			fmt.Fprintf(stderr, "hookchain %s: %v; see 'hookchain help'\n", name, err)
		}
		return false
	}
	if fs.NArg() > 0 && !allowArgs {
		fmt.Fprintf(stderr, "hookchain %s: unexpected argument %q; see 'hookchain help'\n", name, fs.Arg(0))
		return false
	}
	return true
}

// homeDir is the user's home directory, or "" when there is none.
func homeDir() string {
	home, _ := os.UserHomeDir()
	return home
}

// projectFor is the project a session working in cwd belongs to, as Claude
// Code finds it: --project; else the project whose .claude/ holds a
// --settings file and cwd (see settingsProject); else the nearest directory
// at or above cwd with project settings; else the project of the last
// --settings file that is a project's (never the first of several, the
// user's place), unless cwd is a session's; else cwd itself.
func (c *common) projectFor(cwd string) string {
	if c.project != "" {
		if abs, err := filepath.Abs(c.project); err == nil {
			return abs
		}
		return c.project
	}
	home := homeDir()
	if root, ok := settingsProject(c.settings, cwd, home); ok {
		return root
	}
	if root, ok := settings.FindProject(cwd, home); ok {
		return root
	}
	if root, ok := lastProjectFile(c.settings, home); ok && !c.inSession {
		return root
	}
	return cwd
}

// load reads the settings the flags name, or the standard ones of project,
// and the plugins' hooks after them.
func (c *common) load(project string) (*settings.Settings, error) {
	var s *settings.Settings
	var err error
	home := homeDir() // no home: no user settings
	scoped, err := c.scope.parts(project, home, len(c.settings) == 0)
	if err != nil {
		return nil, err
	}
	if len(c.settings) > 0 {
		s, err = settings.Load(c.settings...)
	} else {
		// The managed settings are the scope flags' to load.
		s, err = settings.LoadStandardFrom(settings.Standard{ProjectDir: project, HomeDir: home, NoManaged: true})
		if err == nil && len(s.Files()) == 0 && len(c.plugins) == 0 && len(scoped) == 0 {
			err = fmt.Errorf("no settings: none of %s exists; name a file with --settings",
				strings.Join(settings.StandardPaths(project, home), ", "))
		}
	}
	if err != nil {
		return nil, err
	}
	parts := []*settings.Settings{s}
	for i, root := range c.plugins {
		plugin, err := c.pluginFor(i, root)
		if err != nil {
			return nil, err
		}
		p, err := settings.LoadPlugin(plugin)
		if err != nil {
			return nil, err
		}
		parts = append(parts, p)
	}
	return settings.Merge(append(parts, scoped...)...), nil
}

// options are the settings options the flags say, for project; pool owns
// the processes of the persistent hooks the links are built with.
func (c *common) options(project string, pool *process.Pool) settings.Options {
	opts := settings.Options{
		ProjectDir:      project,
		FailClosed:      c.failClosed,
		SkipUnsupported: c.skipUnsupported,
		Pool:            pool,
		// The CLI has no model or MCP client: their hooks are refused by
		// name (or skipped), never linked to deny every call.
		RequireRuntime: true,
		UsesApprover:   true, // every command builds its chain with Settings.Chain or gives it Settings.Approver
		Background:     c.background,
	}
	if opts.Background == nil {
		opts.Background = settings.NewBackground(settings.BackgroundOptions{}) // nothing is run with it
	}
	if c.strictEnv {
		opts.Inherit = process.InheritBase
	}
	return opts
}

// chain loads the settings and builds their chain, for a session working in
// cwd, and returns it with the project it was built for. pool owns the
// persistent hooks' processes.
func (c *common) chain(cwd string, pool *process.Pool) (*hookchain.Chain, string, error) {
	project := c.projectFor(cwd)
	s, err := c.load(project)
	if err != nil {
		return nil, "", err
	}
	chain, err := s.Chain(c.options(project, pool))
	return chain, project, err
}

// closeGrace bounds how long a command waits, once it is done, for its
// persistent hooks' processes to stop.
const closeGrace = 5 * time.Second

// closePool stops the persistent hooks a command started.
func closePool(pool *process.Pool) {
	ctx, cancel := context.WithTimeout(context.Background(), closeGrace)
	defer cancel()
	_ = pool.Close(ctx)
}

// maxInput bounds the hook input eval reads: tool results can be large, but
// not without limit.
const maxInput = 64 << 20

func evalCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var c common
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	c.register(fs)
	if !parse("eval", fs, args, stderr, false) {
		return exitFailed
	}
	fail := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "hookchain eval: "+format+"\n", args...)
		return exitFailed
	}

	// Settings named on the command line are judged before the input is
	// read: a broken configuration is reported whatever the input.
	if len(c.settings) > 0 {
		s, err := c.load("")
		if err != nil {
			return fail("%v", err)
		}
		// Nothing is run here, so the pool never starts a process.
		if _, err := s.Links(c.options("", new(process.Pool))); err != nil {
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
	if in.HookEventName == claudecode.PermissionRequest {
		return c.evalPermission(in, stdout, fail)
	}
	event, err := in.Event()
	if err != nil {
		return fail("%v", err)
	}
	cwd := in.Cwd
	c.inSession = cwd != ""
	if cwd == "" {
		cwd, _ = os.Getwd()
	}
	var pool process.Pool
	defer closePool(&pool)
	c.background = reporting("eval", stderr)
	defer closeBackground(c.background)
	chain, project, err := c.chain(cwd, &pool)
	if err != nil {
		return fail("%v", err)
	}
	session := c.scope.session(in.Session())
	session.ProjectDir = project

	ctx, stop := untilSignal(context.Background())
	out := apart.Run(claudecode.WithSessionInfo(ctx, session), chain, event)
	stop()
	// What the chain answers once a signal has cancelled it is not the
	// hooks' decision, and must not be printed as one: the chain denies a
	// caller that went away, and a denial would exit 2.
	if sig, ok := interruptedBy(ctx); ok {
		return fail("%v before the hooks decided", sig)
	}

	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false) // commands and reasons read as written: 2>&1, not 2\u003e\u00261
	if err := enc.Encode(out); err != nil {
		return fail("writing the outcome: %v", err)
	}
	awaitBackground("eval", c.background, stderr) // the outcome is the call's: async hooks cannot change it
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

// interruptedBy reports the signal that ended ctx, if one did, once the
// hooks the chain was running are gone: the chain stopped waiting for them,
// and their runs kill them a moment later. Exiting first would leave them
// running.
func interruptedBy(ctx context.Context) (interrupted, bool) {
	var sig interrupted
	if !errors.As(context.Cause(ctx), &sig) {
		return sig, false
	}
	settle, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = process.Settle(settle)
	return sig, true
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
	if !parse("check", fs, args, stderr, false) {
		return exitFailed
	}
	cwd, _ := os.Getwd()
	project := c.projectFor(cwd)
	s, err := c.load(project)
	if err != nil {
		fmt.Fprintf(stderr, "hookchain check: %v\n", err)
		return exitFailed
	}
	opts := c.options(project, new(process.Pool)) // check runs no hook
	hooks := s.Hooks(opts)
	_, linkErr := s.Links(opts)
	var errs []string
	if linkErr != nil {
		errs = strings.Split(linkErr.Error(), "\n")
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
		fmt.Fprintf(stderr, "hookchain check: %v\n", err)
		return exitFailed
	}
	for _, line := range append(errs, warnings...) {
		fmt.Fprintf(stderr, "hookchain check: %s\n", line)
	}
	switch {
	case len(errs) > 0:
		fmt.Fprintf(stderr, "hookchain check: %s and %s: fix the errors; hookchain runs no hook of these settings until then\n",
			count(len(errs), "error"), count(len(warnings), "warning"))
		return exitFailed
	case len(warnings) > 0:
		fmt.Fprintf(stderr, "hookchain check: %s, and no error: every hook can run (warnings do not change the exit status)\n",
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
	Persistent     bool              `json:"persistent,omitempty"`
	Async          string            `json:"async,omitempty"` // "async" or "asyncRewake": run in the background
	Command        string            `json:"command,omitempty"`
	Args           []string          `json:"args,omitzero"` // [] is the exec form too
	URL            string            `json:"url,omitempty"`
	Headers        map[string]string `json:"headers,omitempty"`
	TimeoutSeconds float64           `json:"timeout_seconds,omitempty"`
	OnFailure      string            `json:"on_failure,omitempty"`
	Status         string            `json:"status"`
	Name           string            `json:"name,omitempty"`
	Reason         string            `json:"reason,omitempty"`
	Runs           string            `json:"runs,omitempty"`
	Plugin         string            `json:"plugin,omitempty"`
	Managed        bool              `json:"managed,omitempty"`
	Component      string            `json:"component,omitempty"`
	ActiveWhile    string            `json:"active_while,omitempty"`
	Once           bool              `json:"once,omitempty"`
	Warnings       []string          `json:"warnings,omitempty"`
}

func writeJSON(w io.Writer, hooks []settings.Hook, errs, warnings []string) error {
	out := struct {
		Hooks    []hookJSON `json:"hooks"`
		Errors   []string   `json:"errors,omitempty"`
		Warnings []string   `json:"warnings,omitempty"`
	}{Hooks: []hookJSON{}, Errors: errs, Warnings: warnings}
	for _, h := range hooks {
		j := hookJSON{
			File: h.File, Hook: h.Where(), Event: h.Event, Matcher: h.Matcher, MatcherKind: string(h.MatcherKind),
			If: h.If, IfMatcher: h.IfMatcher,
			Type: h.Type, Persistent: h.Persistent, Async: h.Async, Command: h.Command, Args: h.Args, URL: h.URL, Headers: h.Headers,
			TimeoutSeconds: h.Timeout.Seconds(), Status: string(h.Status), Name: h.Name, Reason: h.Reason, Runs: h.Runs,
			Plugin: h.Plugin, Managed: h.Managed, Component: h.Component, ActiveWhile: h.ActiveWhile, Once: h.Once,
		}
		for _, warning := range h.Warnings {
			j.Warnings = append(j.Warnings, warning.Msg)
		}
		if h.Status == settings.Linked || h.Status == settings.Merged {
			j.OnFailure = "continue"
			if h.Block {
				j.OnFailure = "block"
			}
		}
		out.Hooks = append(out.Hooks, j)
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// testCmd runs case files against the settings' hooks, or, with --update,
// rewrites what they want.
func testCmd(args []string, stdout, stderr io.Writer) int {
	var c common
	var update bool
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	c.register(fs)
	fs.BoolVar(&update, "update", false, "rewrite the cases' want")
	if !parse("test", fs, args, stderr, true) {
		return exitFailed
	}
	fail := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "hookchain test: "+format+"\n", args...)
		return exitFailed
	}
	if fs.NArg() == 0 {
		return fail("no case files: name them, as files or glob patterns; see 'hookchain help'")
	}
	cwd, _ := os.Getwd()
	var pool process.Pool
	defer closePool(&pool)
	c.background = reporting("test", stderr)
	defer closeBackground(c.background)
	chain, _, err := c.chain(cwd, &pool)
	if err != nil {
		return fail("%v", err)
	}
	ctx, stop := untilSignal(context.Background())
	defer stop()

	if update {
		code := exitOK
		for _, pattern := range fs.Args() {
			changes, err := hookchaintest.UpdateFiles(ctx, chain, pattern)
			if sig, ok := interruptedBy(ctx); ok {
				// The cases the interrupt denied are not what the hooks
				// answer: UpdateFiles wrote nothing from them.
				return fail("%v before every case had run", sig)
			}
			for _, ch := range changes {
				fmt.Fprintln(stdout, ch)
			}
			if err != nil {
				fmt.Fprintf(stderr, "hookchain test: %v\n", err)
				code = exitFailed
			}
		}
		return code
	}

	var cases []hookchaintest.Case
	var errs []string
	for _, pattern := range fs.Args() {
		cs, err := hookchaintest.LoadFiles(pattern)
		if err != nil {
			errs = append(errs, err.Error())
			continue
		}
		cases = append(cases, cs...)
	}
	if len(errs) > 0 {
		return fail("%s", strings.Join(errs, "\nhookchain test: "))
	}
	failed := 0
	for _, tc := range cases {
		got, ms := hookchaintest.Check(ctx, chain, tc)
		if sig, ok := interruptedBy(ctx); ok {
			// The chain denies a caller that went away: that is not a
			// case that failed.
			return fail("%v before every case had run", sig)
		}
		if len(ms) == 0 {
			fmt.Fprintf(stdout, "ok    %s\n", tc.Name)
			continue
		}
		failed++
		fmt.Fprintf(stdout, "FAIL  %s\n", tc.Name)
		for _, line := range strings.Split(hookchaintest.Report(tc, got, ms), "\n") {
			fmt.Fprintf(stdout, "      %s\n", line)
		}
	}
	awaitBackground("test", c.background, stderr)
	if failed > 0 {
		fmt.Fprintf(stdout, "FAIL: %d of %s failed\n", failed, count(len(cases), "case"))
		return exitFailed
	}
	fmt.Fprintf(stdout, "ok: %s passed\n", count(len(cases), "case"))
	return exitOK
}
