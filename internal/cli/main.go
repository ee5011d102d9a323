package cli

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"
)

// Main runs the command with ext and exits with its status; it is the
// whole of a build's main function.
func Main(ext Extensions) {
	// A Go program that crashes exits with status 2, which is eval's
	// "deny" and Claude Code's "block". With the "crash" traceback, an
	// unrecovered panic of any goroutine and a fatal runtime error end the
	// process with SIGABRT instead (runtime.fatalpanic and fatalthrow call
	// crash, which is dieFromSignal(SIGABRT)), after the usual stack dump.
	debug.SetTraceback("crash")
	os.Exit(runMain(ext))
}

// runMain runs the command, and turns a panic of the main goroutine into
// exit status 1, with a one-line message and the stack on stderr.
func runMain(ext Extensions) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(os.Stderr, "hookchain: internal error: panic: %v\n%s", r, debug.Stack())
			code = exitFailed
		}
	}()
	crashTest()
	return Run(ext, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
}

// crashTest crashes the command on purpose in test builds (the
// hookchain_crashtest build tag); it does nothing in the command as built.
var crashTest = func() {}

const usage = `usage:
  hookchain eval  [flags] < input.json
  hookchain check [flags] [--json]
  hookchain test  [flags] [--update] [--opa FILE.rego]... CASES...
  hookchain hook  [flags] [--settings-harness NAME]
  hookchain serve [flags] --listen 127.0.0.1:PORT [--token T]
  hookchain replay [flags] [--json] [--jobs N] [--dedupe] [--baseline-settings FILE]...
                   [--opa FILE.rego]... [--baseline-opa FILE.rego]... [--opa-query Q]
                   [--emit-cases DIR] [--since WHEN] [--until WHEN] [--full] [--real-home]
                   [--allow-remote-hooks] [PATH...]

eval   runs one Claude Code hook input (PreToolUse, PostToolUse or PostToolUseFailure)
       through the settings' hooks as a chain and prints the outcome as JSON; a
       PermissionRequest input is answered by the settings' PermissionRequest hooks.
       A hook that asks for approval is put to those hooks; when none decides, the
       call is denied: eval has no one else to ask. With --harness NAME: one hook
       input of that CLI's tool-call events, through its hooks as it runs and reads
       them; another of its events exits 1, saying it is not a tool call.
       --harness copilot: --event EVENT names the input's event, which a camelCase
       input does not; without it, a toolName and a toolArgs make a tool call,
       postToolUse's with a toolResult, and any other input is not one.
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
       cases want from what the hooks now answer. --opa and --opa-query as replay's:
       the OPA policy after the settings' hooks, for the cases replay --opa wrote.
       Exit status: 0 every case passed (or was updated); 1 otherwise.
hook   is the one command hook of the CLI --harness names: reads its hook input on stdin
       and answers exactly as it expects (stdout, stderr, exit status), from the chain of
       the --settings of the CLI --settings-harness names (default: --harness's), so that
       one policy serves both; what that CLI cannot say is degraded (docs/harnesses.md).
       hookchain's own errors block, in the form that CLI reads as a block (codex:
       exit 2, the reason on stderr; cline: {"cancel":true}; claude: {"decision":
       "block"}; each CLI's in docs/harnesses.md). Refuses to run as a hook of itself
       (HOOKCHAIN_HOOK set).
serve  answers Claude Code's http hooks: POST / with a hook input, as Claude Code sends
       it, is answered with the chain's outcome as Claude Code's hook output; POST
       /copilot and /qwen answer Copilot CLI's and Qwen Code's in their forms; GET
       /healthz says what runs. Reloads the settings on SIGHUP and when a file changes;
       stops on SIGTERM, once the requests in flight are done.
       Exit status: 0 stopped by a signal; 1 bad usage or settings, or a failed listener.
replay puts every tool call of past sessions (PATH: transcript files or folders: a Claude
       Code project folder with its subagents, a Codex sessions folder; the format is
       found per file; with none, the CLIs' histories that exist, named on stderr:
       $CLAUDE_CONFIG_DIR/projects or ~/.claude/projects, $CODEX_HOME/sessions or
       ~/.codex/sessions, ~/.gemini/tmp/*/chats, ~ being --home) through the settings'
       hooks, as the CLI would have put it then: before the call and, when the
       transcript holds its result and the hooks did not deny it, after. No tool is ever
       run. Hooks run with a scratch HOME and TMPDIR
       (--real-home: the user's) and HOOKCHAIN_REPLAY=1, in the call's recorded cwd when
       it exists, else in the project; http hooks are sent to loopback hosts only
       (--allow-remote-hooks: anywhere), a refused one counted as a fault, never an
       allow. Sessions run --jobs at a time (the CPU count), each call of one in order;
       --dedupe asks identical calls once, for hooks that keep no state. Prints a
       summary (--json: a line per call, {"transcript","call_id","tool","before",
       "after","original",...} with each outcome as eval prints it, then {"summary"}),
       with the flips against what happened then or --baseline-settings; --emit-cases
       writes the flipped and denied calls as cases for hookchain test. Secrets are
       masked in what is printed unless --full (case files keep inputs as recorded).
       --opa FILE.rego (repeatable, one policy): the OPA policy, the link "opa", asked
       after the --settings' hooks (alone without --settings), its decision at
       --opa-query (data.hookchain.decision); --baseline-opa the policy to compare
       with. Only the build with OPA has them (go install
       github.com/hookchain/hookchain/opa/cmd/hookchain@latest); this one exits 1.
       --since and --until WHEN (30d, 12h: that long ago; 2026-11-01: midnight UTC;
       2026-11-01T10:00:00Z) replay the calls made at or after since and before
       until, counting the others as not judged; a call with no time recorded is
       replayed and counted. A history holds what its CLI kept: Claude Code deletes
       transcripts after cleanupPeriodDays (30 days by default).
       Exit status: 0 the replay finished, whatever the hooks decided; 1 bad usage or
       settings, no PATH and no history, a transcript or history root that could not
       be read, or interrupted (the summary of the calls replayed before is printed).
A crash of hookchain itself is never exit status 2: a panic exits 1, a fatal
runtime error ends the process with SIGABRT.

flags:
  --harness NAME      eval, check, test, hook, replay: the agent CLI whose hook protocol is spoken:
                      claude (the default), codex, gemini, cursor, copilot, factory, cline,
                      windsurf, qwen or kiro, each a profile in package harness/NAME (one
                      without a profile yet is refused, naming those that work). For
                      another CLI than claude, --settings names that CLI's own files (its
                      hooks.json, settings.json or config.toml; cline: hooks folders);
                      without it, the files the CLI reads are found as it finds them, for
                      the project and --home; with kiro, --agent NAME names the agent whose
                      config applies (docs/harnesses.md). eval and test read that CLI's
                      hook inputs, and eval's reason is what the CLI gives the model; the
                      flags below that are Claude Code settings' (--plugin-*,
                      --managed-settings, --skill, --agent but for kiro, --active-skill,
                      --fail-closed, --skip-unsupported, --strict-env) are refused. check
                      also says what the chain's answers lose as that CLI's hook (check
                      --harness codex --settings-harness claude: "Codex has no ask:
                      degraded to deny")
  --settings-harness NAME  check, hook: the CLI whose settings --settings names (default:
                      --harness)
  --settings FILE     a Claude Code settings file: a regular file (or a link to one) of
                      at most 4 MiB, in UTF-8; repeat it to merge several, lowest
                      precedence first. Default: those of ~/.claude/settings.json,
                      DIR/.claude/settings.json and DIR/.claude/settings.local.json that exist
  --project DIR       the project's root, CLAUDE_PROJECT_DIR. Default: the directory whose
                      .claude/ holds the settings, found from the --settings files or
                      upwards from the working directory (eval: the input's cwd); for
                      another --harness, the nearest directory with that CLI's project files
  --home DIR          the user's home: where the user's settings are, and the HOME of every
                      hook run. Default: $HOME
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
                      ~/.claude/agents/*.md and DIR/.claude/agents/*.md. With --harness
                      kiro: the NAME of the one agent whose Kiro hooks apply
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
  --read-timeout D    serve: how long a request's hook input may take to arrive once its
                      headers have (10s)
  --max-body N        serve: the largest hook input accepted, in bytes (64 MiB)
  --log-format F      serve: text or json (text); --log-level debug, info, warn, error
`

// exit statuses
const (
	exitOK     = 0
	exitFailed = 1 // bad usage, input or settings, an interrupt, an internal error
	exitDenied = 2 // eval: the chain denied the call; nothing else exits 2
)

// run is Run without extensions: the command as this module builds it.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return Run(Extensions{}, args, stdin, stdout, stderr)
}

// Run runs the command line args (the program's name left out) with ext
// and returns its exit status.
func Run(ext Extensions, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
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
		return testCmd(ext, args[1:], stdout, stderr)
	case "hook":
		return hookCmd(args[1:], stdin, stdout, stderr)
	case "serve":
		return serveCmd(args[1:], stderr)
	case "replay":
		return replayCmd(ext, args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	fmt.Fprintf(stderr, "hookchain: unknown command %q; see 'hookchain help'\n", args[0])
	return exitFailed
}
