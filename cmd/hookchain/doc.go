// Command hookchain runs Claude Code hooks (and Codex CLI's: see
// --harness) the way a Go agent built on hookchain runs them, so that a settings file can be checked, a hook input
// replayed and a hook tested without an agent:
//
//	hookchain eval  [flags] < input.json
//	hookchain check [flags] [--json]
//	hookchain test  [flags] [--update] [--opa FILE.rego]... CASES...
//	hookchain hook  [flags] [--settings-harness NAME]
//	hookchain serve [flags] --listen 127.0.0.1:PORT [--token T]
//	hookchain replay [flags] [--json] [--baseline-settings FILE]... [--emit-cases DIR] [--since WHEN] [--until WHEN] [PATH...]
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
//	 "notes":[{"link":…,"text":…}],"messages":[{"link":…,"text":…}],"stop":true}
//
// (empty fields omitted; see hookchain.Outcome's JSON form). "stop" is
// there, true, when the CLI would end its whole run, not only the call: the
// hook that decided answered "continue": false (harness.Stops). "notes" is
// what the hooks gave the model as additionalContext, each under its hook's
// link name; "messages" what they showed the user only (systemMessage). The input must be valid UTF-8: a byte that is not would be read
// as U+FFFD, and a tool name read that way matches no hook.
//
// A hook that answers permissionDecision "ask" is put to the settings'
// PermissionRequest hooks, in order; when none of them allows or denies,
// eval has no one else to ask, and the call is denied with a reason that
// starts "approval needed but not obtained" and names the hooks that asked
// — as a Go agent's chain without an approver would deny it. eval waits for
// the async hooks the call started before it exits, so that their side
// effects have happened, and prints one line per report on stderr. The
// hooks are told about the session the input describes: every field of the
// input (session_id, transcript_path, cwd, permission_mode, agent_id,
// prompt_id, and any other) reaches them as given, and they run in its cwd.
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
// answers Claude Code's "http" hooks (and, at POST /copilot and POST /qwen,
// Copilot CLI's and Qwen Code's, in their forms: docs/serve.md). Each POST / is a hook input, as Claude
// Code sends it; the chain runs on it, and the response is Claude Code's
// hook output (hookSpecificOutput with permissionDecision,
// permissionDecisionReason, updatedInput and additionalContext; after the
// call decision "block" or updatedToolOutput), or an empty body when the
// chain has nothing to say. A hook that asks is put to the settings'
// PermissionRequest hooks, and, when none of them decides, to Claude Code's
// user (permissionDecision "ask"). Command hooks marked "persistent": true are
// started once and kept (see package claudecode/settings), so that a call
// costs no process start. GET /healthz says what runs (with a token, only
// to a request that carries it; to others only that it is up). Every
// request serve does not judge is answered 200 with decision "block",
// named ("hookchain: unauthorized: …", "hookchain: not found: …",
// "hookchain: shutting down: …"), because Claude Code runs the call on an
// HTTP error, a dropped connection or an empty answer: a missing or stale
// token, any path but a route (/, /claude, /copilot, /qwen) or method but POST, a body that is not JSON or
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
// compared in constant time. It logs every step and outcome, through
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
// replay reads the transcripts agent CLIs write (Claude Code sessions
// and their subagents, Codex rollouts, Gemini CLI sessions; package
// replay) — the files and folders named, or with none the CLIs' histories
// that exist ($CLAUDE_CONFIG_DIR/projects or ~/.claude/projects,
// $CODEX_HOME/sessions or ~/.codex/sessions, ~/.gemini/tmp/*/chats; ~ is
// --home when given), which it names on stderr — and puts every tool
// call to the settings' hooks as the CLI put it then, before the call and
// after it, with the recorded result; no tool runs. It reports what the
// hooks would have done — by verdict, deciding hook, tool and session, the
// denied and rewritten calls at their file:line, the calls it could not
// judge whole and why, the hooks that failed — and the flips against what
// happened then or a --baseline-settings policy; --json prints a line per
// call, each outcome as eval prints it, and a last {"summary": …}. Hooks run
// with a scratch HOME and TMPDIR, in the recorded cwd or, when it is gone,
// the project; an http hook to a host that is not loopback is refused and
// counted as a fault. An OPA policy (--opa FILE.rego) is replayed by the
// build of module opa, github.com/hookchain/hookchain/opa/cmd/hookchain,
// which is this command with OPA in it; this build refuses --opa, as OPA is
// too large a dependency for the core's module. --since and --until (30d,
// 12h, 2026-11-01 for midnight UTC, 2026-11-01T10:00:00Z) replay the calls
// made at or after since and before until; the others are counted as not
// judged, and a call with no time recorded is replayed and counted as
// such. A history holds what its CLI kept: Claude Code deletes transcripts
// after its cleanupPeriodDays, 30 days by default, so few calls is not a
// clean record. docs/replay.md has the rest.
//
// Without --settings the standard files that exist are used:
// ~/.claude/settings.json, then the project's .claude/settings.json and
// .claude/settings.local.json. The project is --project, or the directory
// whose .claude/ holds settings named with --settings and the working
// directory (eval: the input's cwd), or the nearest one with a
// .claude/settings.json or .claude/settings.local.json at or above the
// working directory, or else the working directory itself: as in Claude
// Code, CLAUDE_PROJECT_DIR is the project's root, not whichever
// sub-directory the agent is in, and never a user settings file's home.
// --plugin-root adds a plugin's hooks (DIR/hooks/hooks.json), run with
// CLAUDE_PLUGIN_ROOT, and CLAUDE_PLUGIN_DATA set to --plugin-data or Claude
// Code's directory for the plugin (~/.claude/plugins/data/NAME-inline,
// created when missing);
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
// A command says what stops it on stderr, a line for each problem (each
// hook that cannot run, each case file that cannot be read), after
// "hookchain NAME: ". A problem whose text holds a newline or another
// control character (a file name can) is quoted, so that it stays one line
// and is counted once.
//
// # Other agent CLIs: --harness
//
// eval, check, test and hook take --harness NAME, the agent CLI whose hook
// protocol they speak: claude, the default and all of the above, or
// another CLI that package harness has a profile of, package
// harness/NAME (codex, gemini, cursor, cline, windsurf, kiro, qwen, …; 'hookchain help'
// lists them); for test, a case's event is then that CLI's hook input
// (package hookchaintest/casefile/harnessinput). A CLI of the list that has
// no profile yet is refused, as is an unknown name, with exit status 1 and
// the names that work.
//
// With --harness codex, --settings names Codex hooks.json and config.toml
// files; without it, the command reads those Codex reads for the session's
// project and the user's home (--project, --home; codex.ConfigFiles). The
// flags of Claude Code settings (--plugin-*, --managed-settings,
// --skill, --agent, --active-skill, --fail-closed, --skip-unsupported,
// --strict-env) are refused rather than ignored. eval reads one Codex hook
// input (PreToolUse or PostToolUse; another Codex event exits 1, saying it
// is not a tool call), runs the files' tool-call hooks as a chain, in the
// files' order, as Codex runs and reads them (codex.Links), and prints the
// outcome as above. Its reason is what Codex gives the model: the reason of
// the hook that blocked the call, as Codex reads it, and empty when no hook
// did; a hook Codex counts as failed has its fault in the trail, and the
// call goes on, as in Codex. check lists the files' hooks, where each is,
// its matcher, command, timeout and what it runs as, and on stderr what
// Codex would not run.
//
// --harness gemini is the same with Gemini settings.json files, read by
// gemini.ParseSettings and run by gemini.Links (a BeforeTool or AfterTool
// input; another Gemini event exits 1); without --settings, the project's,
// the user's and the system's settings.json, merged as Gemini merges them
// (gemini.ConfigFiles, gemini.Layers). A file it cannot read exactly (comments,
// which Gemini strips; "enabled": false; a hook given twice for an event,
// which Gemini runs once) is refused; a hook that a "disabled" list of any
// of the files names (gemini.Disabled, gemini.Enabled) is not run, and
// check says so.
//
// --harness cursor is the same with Cursor hooks.json files, read by
// cursor.ParseHooksFile and run by cursor.Links, and the input of one of
// Cursor's tool-call events (preToolUse, postToolUse, postToolUseFailure,
// beforeShellExecution, afterShellExecution, beforeMCPExecution,
// afterMCPExecution, beforeReadFile, afterFileEdit; another exits 1). Each
// hook fails open unless its entry says failClosed, which check's ON
// FAILURE column shows. Without --settings, the command reads the files
// Cursor reads (cursor.ConfigFiles: the enterprise file, the project's
// .cursor/hooks.json, the user's ~/.cursor/hooks.json, whose hooks run in
// ~/.cursor). Claude Code's settings files, which Cursor runs the hooks of
// too, are --harness claude's, and hook --harness cursor --settings-harness
// claude serves them to Cursor.
// --harness cline is the same with Cline hooks folders: Cline has no
// configuration file, and --settings names folders such as
// .clinerules/hooks, whose executable files named after an event are its
// hooks (cline.ReadDir, run by cline.Links; a PreToolUse or PostToolUse
// input; another Cline event exits 1); without --settings, the user's
// ~/Documents/Cline/Hooks, then the project's .clinerules/hooks
// (cline.ConfigFiles). check says on stderr which files Cline would not
// run (one not executable, PreToolUse.sh, …).
//
// --harness kiro is the same with Kiro's files, each read by its shape
// (kiro.Parse): an agent config (.kiro/agents/NAME.json, whose "hooks"
// give preToolUse and postToolUse hooks) or a Kiro 3 hooks file
// (.kiro/hooks/NAME.json, {"version": "v1", "hooks": [...]}, whose
// PreToolUse and PostToolUse triggers are tool calls), run by kiro.Links
// (a preToolUse or postToolUse input; another Kiro event exits 1).
// Without --settings, --agent NAME names the agent a session runs, and the
// command reads its config, the project's or else the user's, and the
// project's hooks files (kiro.ConfigFiles, kiro.HooksDir); without either,
// it exits 1, since finding only the hooks files would skip the agent's
// guards. A hooks file's agent action on a tool
// trigger, which puts a prompt before Kiro's model, is refused by name.
//
// --harness qwen is the same with Qwen Code settings.json files, read by
// qwen.ParseSettings and run by qwen.Links (a PreToolUse or PostToolUse
// input; another Qwen event exits 1); without --settings, the system's
// defaults, the user's, the project's and the system's settings.json, in
// the order Qwen merges them (qwen.ConfigFiles, qwen.Merge). A hook whose
// "failMode" is "closed" denies when it fails. A file it cannot read
// exactly (comments; "disableAllHooks": true; an http, prompt or plugin
// hook of a tool-call event, which Qwen runs and hookchain cannot) is
// refused. Qwen runs no settings hooks at all in a folder its user has not
// trusted; hookchain does not read that trust: naming the files trusts
// them.
//
// --harness copilot is the same with Copilot hooks files ({"version": 1,
// "hooks": {...}}), read by copilot.ParseHooksFile and run by
// copilot.Links: camelCase preToolUse and postToolUse entries, and
// PascalCase PreToolUse and PostToolUse ones with Claude Code's input and
// matchers; a hook before the call that fails denies, but for a timeout,
// as in Copilot. Without --settings, the policy's, the user's and the
// repository's hooks files (copilot.ConfigFiles). A camelCase input names
// no event: eval's --event EVENT names it, and without it an input with a
// toolName and a toolArgs, and no key of another event's, is a tool call,
// postToolUse's when it has a toolResult; any other (sessionStart's,
// errorOccurred's, permissionRequest's, …) exits 1, saying it is not a
// tool call. check lists the hooks of every event, those that are not
// tool calls as not run.
//
// --harness windsurf is the same with Windsurf hooks.json files, read by
// windsurf.ParseHooksFile and run by windsurf.Links (an input of a
// command, a read, a write or an MCP call, before or after it: its pre_ or
// post_ event; another Windsurf event exits 1); without --settings, the
// system's, the user's (~/.codeium/windsurf) and the workspace's
// (.windsurf) hooks.json, all of them, in that order
// (windsurf.ConfigFiles). Windsurf has no matcher: a hook runs for every
// call of its event's action, which check gives as its matcher.
//
// hook is the one command hook of the CLI --harness names: it reads that
// CLI's hook input on stdin and answers exactly as the CLI expects
// (codex.Serve, gemini.Serve, cursor.Serve, copilot.Serve, cline.Serve, kiro.Serve, qwen.Serve, windsurf.Serve, claudecode.Serve), from the chain of the --settings of the
// CLI --settings-harness names (default: the same), so that one policy
// serves both: Codex's hook from Claude Code settings, or the reverse. The
// call's tool is renamed to what the settings' CLI calls it (Claude Code's
// Bash is Gemini's run_shell_command), or the call blocked when it stands
// for several of that CLI's tools (Codex's apply_patch is Claude Code's
// Edit and Write), so that no guard is skipped for a name it does not
// know; the tool's input is not translated. What
// the chain says that the CLI cannot is degraded (harness.Degrade): an ask
// the PermissionRequest hooks leave open is Claude Code's user's to
// answer, and a denial that says so for Codex. check --harness X
// --settings-harness Y says, one line each on stderr, what the answers of
// Y's hooks lose as X's hook ("a hook that asks: Codex has no ask: degraded
// to deny"); these lines do not change the exit status. hookchain's own
// errors (a bad command line, settings that do not load) block in the
// CLI's form: for Codex and Gemini, exit status 2 and the reason on stderr;
// for Copilot, exit status 2 and a denial on stdout; for Qwen Code, exit
// status 2 and a denial with "continue": false on stderr; for Cline,
// {"cancel":true} on stdout at exit 0, which stops its task; for Claude
// Code, {"decision":"block"} on stdout. hook sets HOOKCHAIN_HOOK in its
// hooks' environment and blocks when it finds it set: settings that
// register the very hook command that reads them would run it without end.
//
// # Exit status
//
// Only a denial exits 2 (and hook, which exits as its CLI's hook does):
//
//	0  eval: the call may go ahead (allow, modify, replace); check: every hook can run
//	   (warnings or not); test: every case passed, or --update rewrote what changed;
//	   serve: stopped by SIGTERM or SIGINT; hook: it answered, as Claude Code's hook,
//	   or as Codex's hook, in JSON; replay: every call was replayed, whatever the
//	   hooks decided
//	2  eval: the call is denied (an ask too: eval has no one to put it to);
//	   hook: the call is blocked where its CLI reads exit status 2 as a block
//	   (Codex, with the reason on stderr; Claude Code, when stdout cannot be written)
//	1  anything else, said on stderr: a bad command line, input
//	   or settings file; check: a hook that cannot be run as configured; test: a
//	   case that failed, or case files that cannot be read; eval or test
//	   interrupted by SIGINT or SIGTERM ("hookchain eval: interrupted by SIGINT
//	   before the hooks decided"), which kills the hooks it was running and
//	   prints no outcome (test: rewrites no case; replay: prints the summary of the
//	   calls replayed before); replay: a transcript that could not be read, no
//	   PATH and none of the CLIs' histories, or a history root that is not a
//	   folder; a panic in hookchain
//	   itself, reported as an internal error followed by its stack
//
// A fatal error of the Go runtime, or a panic outside the main goroutine,
// cannot be recovered: hookchain then ends with SIGABRT after the runtime's
// report (a shell shows status 134), never with Go's usual status 2, which
// a caller would read as a denial.
package main
