// Package settings runs the hooks of Claude Code settings files as the links
// of a hookchain chain.
//
// Given a project's settings,
//
//	{
//	  "hooks": {
//	    "PreToolUse": [
//	      {"matcher": "Bash", "hooks": [
//	        {"type": "command", "command": "\"$CLAUDE_PROJECT_DIR\"/.claude/hooks/no-force-push.sh", "timeout": 10, "onFailure": "block"}
//	      ]},
//	      {"matcher": "Edit|Write", "hooks": [
//	        {"type": "command", "command": ".claude/hooks/protect-files.sh"}
//	      ]}
//	    ],
//	    "PostToolUse": [
//	      {"matcher": "mcp__.*", "hooks": [
//	        {"type": "http", "url": "http://127.0.0.1:8080/audit",
//	         "headers": {"Authorization": "Bearer $AUDIT_TOKEN"}, "allowedEnvVars": ["AUDIT_TOKEN"]}
//	      ]}
//	    ],
//	    "Stop": [{"hooks": [{"type": "command", "command": "notify-send done"}]}]
//	  }
//	}
//
// a Go agent runs the same hooks, in order, around its own tools:
//
//	s, err := settings.LoadStandard(projectDir, homeDir) // user, project, local
//	if err != nil {
//		return err // a broken file names itself and the line
//	}
//	links, err := s.Links(settings.Options{ProjectDir: projectDir})
//	if err != nil {
//		return err // every hook that cannot run, by name
//	}
//	run := hookchain.New(links...).WithApprover(approver).Wrap(runTool) // approver: who answers "ask"
//	…
//	// each call, with its conversation's session:
//	ctx = claudecode.WithSessionInfo(ctx, claudecode.SessionInfo{ID: conversationID, Cwd: agentCwd})
//	result, err := run(ctx, call)
//
// The first two hooks become Before links named no-force-push.sh and
// protect-files.sh, the third an After link named after its URL; the Stop
// hook is listed by Hooks as ignored, because it is not about a tool call.
// One chain serves every conversation: the session_id, cwd and
// permission_mode each hook is told come with the call. `hookchain check`
// prints the list, with each error and warning at its line and column,
// `hookchain eval` runs one hook input through the chain, and `hookchain
// test` runs case files against it.
//
// # Files
//
// Load and LoadStandard read settings only from regular files, or symbolic
// links to them, of at most MaxFileSize bytes (4 MiB, a thousand times a
// large settings file). A device such as /dev/zero, a named pipe, a
// directory or a larger file is refused with a one-line error that names
// it, before anything is read from it: a settings path that a repository
// commits cannot hang a checker or exhaust its memory. A file must be
// valid UTF-8 (a byte that is not is an error at its line and column, where
// a decoder would silently read it as U+FFFD and a matcher would name a
// tool that does not exist), and may start with a byte-order mark, as
// editors on Windows write one; lines and columns in errors are counted
// after it, as editors count them.
//
// # What is kept from Claude Code
//
//   - Events: PreToolUse hooks are asked before the call; PostToolUse hooks
//     after a call that succeeded, and PostToolUseFailure hooks after a call
//     whose result is an error (Event.IsError), each with the hook input
//     Claude Code would send for it, every field of the call's session
//     included. The other events Claude Code documents are listed and left
//     alone; a name it does not document is an error, with the event it
//     most likely meant.
//   - Matchers, exactly (see CompileMatcher): "*", "" or none match every
//     tool; letters, digits, '_', '-', spaces, ',' and '|' only make a list
//     of exact names; anything else is an unanchored regular expression.
//   - Answers, as claudecode.Command and claudecode.HTTP read them: exit 2
//     blocks, however much the hook printed, with stderr as the reason; a
//     JSON answer can allow, deny, ask (about the call as rewritten, when
//     it gives updatedInput), rewrite the input (updatedInput) or replace
//     the result (updatedToolOutput), at any exit status, and give the
//     model additionalContext, which becomes a note under the hook's link
//     name.
//   - Failures: a hook that cannot start, crashes, exits with any other
//     status without a JSON answer, times out or answers nonsense, and an
//     http hook that answers a non-2xx status or plain text or cannot be
//     reached, does not block the call: the failure is recorded in the
//     outcome's trail and the chain carries on. "onFailure": "block" on a
//     handler, or Options.FailClosed for all of them, makes such a failure
//     deny the call.
//   - If rules: "if": "Bash(git push *)" on a handler runs the hook only
//     for the calls the rule matches, as in Claude Code; so do path rules
//     ("Edit(*.ts)", "Read(src/**)"), by gitignore's rules from the
//     working directory, the project, the home directory or the root, and
//     WebFetch(domain:…) rules. See CompileIf.
//   - Timeouts are in seconds; a handler without one gets Claude Code's
//     default, 600 seconds for command and http hooks.
//   - A hook registered twice for one event (the same command or URL) runs
//     once per call; a plugin's copy of it runs as a hook of its own.
//   - Command hooks run with Claude Code's environment (the whole
//     environment of the process, less OTEL_*; Options.Inherit for the
//     strict baseline), in the call's working directory, with
//     CLAUDE_PROJECT_DIR set to the project's root. When that directory is
//     gone (as Claude Code does) or cannot be entered, they run in the session's directory
//     (Options.Session.Cwd), else the project's root, the home directory
//     or the temporary directory; with none left, the call is denied by
//     name, whatever the hook's onFailure, since the hook never ran. The command runs with
//     /bin/sh -c, or bash -c for "shell": "bash"; with "args", even [],
//     it is the program itself, run without a shell, and
//     ${CLAUDE_PROJECT_DIR} is replaced in it and in each argument.
//     A plugin's hooks (LoadPlugin) get CLAUDE_PLUGIN_ROOT as well, and
//     ${CLAUDE_PLUGIN_ROOT} replaced in their commands. Http hooks' header
//     values expand $NAME and ${NAME} for the variables listed in
//     allowedEnvVars, and expand any other variable to nothing.
//   - allowedHttpHookUrls and httpHookAllowedEnvVars bound every http hook,
//     a plugin's included, wherever they are set: each is the entries of
//     every settings file that sets it (a plugin's hooks.json cannot), and
//     unset bounds nothing. An http hook whose URL matches no pattern of
//     allowedHttpHookUrls ('*' for any text, the whole URL matched; [] for
//     none) is sent nothing, ever: as in Claude Code the hook fails, and
//     each call goes on with the failure in its trail unless the hook has
//     "onFailure": "block" (Hooks warns about such a hook). A header
//     expands only the variables both the hook's allowedEnvVars and
//     httpHookAllowedEnvVars name. A list that is not an array of strings
//     is an error of the file.
//   - "once" is ignored in a settings file, as Claude Code ignores it
//     there: the hook runs on every call, and Hooks carries a warning
//     saying so. "shell" beside "args" is ignored too, and said so.
//   - disableAllHooks: true, in the last file that sets it, turns every hook
//     off.
//
// # Persistent hooks
//
// "persistent": true on a command handler is hookchain's own key: the
// command is started once, by the first call that needs it, and asked
// about every call over its stdin and stdout in hookchain's persistent
// protocol (see process.Persistent and the package documentation of
// process), not run once per call in Claude Code's. It saves a process
// start per call — milliseconds for a shell script, a hundred or more for
// a Python one. The program must speak that protocol (the examples in
// examples/persistent do, in Python, Node and Go); Claude Code does not
// know the key and would run the command per call with its own input, so
// a persistent hook belongs in a settings file only hookchain reads, such
// as the one `hookchain serve` is given.
//
//	{"type": "command", "command": "python3 \"$CLAUDE_PROJECT_DIR\"/.claude/hooks/guard.py", "persistent": true}
//
// The command runs as a command hook does — Claude Code's environment, the
// project as its working directory and CLAUDE_PROJECT_DIR — fixed when it
// starts; each request carries the call (tool, input, output), not the
// session. One command with one "timeout" is one process, whichever events
// it is registered for, and the timeout bounds each call (the same command
// with another timeout is a process of its own). Options.Pool owns the
// processes: Links refuses a persistent hook without one, and the pool's
// Close stops them.
//
// # What is different
//
//   - Order. Claude Code runs the matching hooks of an event in parallel, and
//     when several rewrite the input the last to finish wins. Here they run
//     one after another, in the order the files give them (user, project,
//     local, then plugins; then groups and handlers as written), each
//     seeing the input as the hooks before it left it: rewrites compose,
//     and a later hook can still block a rewritten call.
//   - Refusals by name. prompt, agent and mcp_tool hooks need a model or an
//     MCP client, and async hooks run after the call has gone on;
//     parameter if rules (Agent(model:opus)) mean something hookchain
//     does not reproduce. Links refuses settings that have them unless
//     Options.SkipUnsupported is set, and Hooks lists what was skipped: a
//     hook is never silently dropped, and never run under a condition
//     other than its own.
//   - PermissionRequest hooks answer the chain's asks, not a dialog:
//     Settings.Approver runs them, in file order, when a link answers Ask,
//     and the first allow or deny decides; when none does,
//     Options.Approver answers. Settings.Chain builds the links and gives
//     the chain that approver; Links alone refuses settings with such
//     hooks unless Options.UsesApprover (or SkipUnsupported) is set. An
//     allow that rewrites the input (updatedInput) is refused, since the
//     links judged the input as it was; updatedPermissions are not
//     written to any settings file, and only a session allow rule latches
//     (hookchain.ApproveAll). Exit status 2 denies, as in Claude Code.
//   - Bash if rules read the command as the shell will run it (package
//     shell): every simple command is checked, behind sudo, env, nohup and
//     the like, inside bash -c '…' and $(…). So "Bash(rm *)" runs its hook
//     for "sudo rm -rf x" and "bash -c 'rm -rf x'" as well as for "rm -rf x",
//     and not for "echo rm". A command that cannot be read before it runs
//     ("$(printf rm) -rf x") runs the hook: hookchain cannot tell, and a
//     hook run when it need not be can only object, ask, add context or
//     rewrite, since "allow" in a chain grants nothing.
//   - Strictness. A key given twice in the hooks section, and a matcher
//     that names no tool, are errors, where Claude Code would quietly pick
//     one or match nothing.
//   - Regular expressions run on Go's RE2, not JavaScript's engine; a matcher
//     that would mean something else in Go is an error (see CompileMatcher).
//   - "ask" is put to the chain's approver (hookchain.Chain.WithApprover),
//     not to Claude Code's user; the links do not come with one, and a chain
//     without an approver denies a call that a hook asks about ("approval
//     needed but not obtained"). See package claudecode for these and the
//     other differences in reading answers.
package settings
