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
//	links, err := s.Links(settings.Options{
//		ProjectDir: projectDir,
//		Session:    claudecode.Session{ID: sessionID, Cwd: projectDir},
//	})
//	if err != nil {
//		return err // every hook that cannot run, by name
//	}
//	exec := hookchain.New(links...).WithApprover(approver).Wrap(runTool) // approver: who answers "ask"
//
// The first two hooks become Before links named after their commands, the
// third an After link named after its URL; the Stop hook is listed by Hooks
// as ignored, because it is not about a tool call. `hookchain check` prints
// that list, and `hookchain eval` runs one hook input through the chain.
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
//     Claude Code would send for it. Every other event is listed and left
//     alone.
//   - Matchers, exactly (see CompileMatcher): "*", "" or none match every
//     tool; letters, digits, '_', '-', spaces, ',' and '|' only make a list
//     of exact names; anything else is an unanchored regular expression.
//   - Answers, as claudecode.Command and claudecode.HTTP read them: exit 2
//     blocks with stderr as the reason; a JSON answer can allow, deny, ask,
//     rewrite the input (updatedInput) or replace the result
//     (updatedToolOutput), and give the model additionalContext, which
//     becomes the outcome's context under the hook's link name.
//   - Failures: a hook that cannot start, crashes, exits with any other
//     status, times out or answers nonsense, and an http hook that answers
//     a non-2xx status or cannot be reached, does not block the call: the
//     failure is recorded in the outcome's trail and the chain carries on.
//     "onFailure": "block" on a handler, or Options.FailClosed for all of
//     them, makes such a failure deny the call.
//   - If rules: "if": "Bash(git push *)" on a handler runs the hook only
//     for the calls the rule matches, as in Claude Code; see CompileIf for
//     the forms kept (Bash patterns, tool names, MCP tool names).
//   - Timeouts are in seconds; a handler without one gets Claude Code's
//     default, 600 seconds for command and http hooks.
//   - A hook registered twice for one event (the same command or URL) runs
//     once per call.
//   - Command hooks run with /bin/sh -c in the session's directory, with
//     CLAUDE_PROJECT_DIR set; "shell": "bash" runs them with bash -c, and
//     "args" runs the command directly with those arguments. Http hooks'
//     header values expand $NAME and ${NAME} for the variables listed in
//     allowedEnvVars, and expand any other variable to nothing.
//   - disableAllHooks: true, in the last file that sets it, turns every hook
//     off.
//
// # What is different
//
//   - Order. Claude Code runs the matching hooks of an event in parallel, and
//     when several rewrite the input the last to finish wins. Here they run
//     one after another, in the order the files give them (user, project,
//     local; then groups and handlers as written), each seeing the input as
//     the hooks before it left it: rewrites compose, and a later hook can
//     still block a rewritten call.
//   - Refusals by name. prompt, agent and mcp_tool hooks need a model or an
//     MCP client, and async and once hooks a session that outlives the call;
//     Links refuses settings that have them unless Options.SkipUnsupported
//     is set, and Hooks lists what was skipped. An if rule whose meaning
//     cannot be kept exactly (a path rule such as Edit(src/**), a
//     WebFetch(domain:…) rule) is an error, as is an unknown handler type or
//     shell: a hook is never silently dropped, and never run under a
//     condition other than its own.
//   - Bash if rules read the command as the shell will run it (package
//     shell): every simple command is checked, behind sudo, env, nohup and
//     the like, inside bash -c '…' and $(…). So "Bash(rm *)" runs its hook
//     for "sudo rm -rf x" and "bash -c 'rm -rf x'" as well as for "rm -rf x",
//     and not for "echo rm". A command that cannot be read before it runs
//     ("$(printf rm) -rf x") runs the hook: hookchain cannot tell, and a
//     hook run when it need not be can only object, ask, add context or
//     rewrite, since "allow" in a chain grants nothing.
//   - Strictness. A key given twice in the hooks section, an event name that
//     differs from a tool-call event only in case, and a matcher that names no
//     tool are errors, where Claude Code would quietly pick one or match
//     nothing.
//   - Regular expressions run on Go's RE2, not JavaScript's engine; a matcher
//     that would mean something else in Go is an error (see CompileMatcher).
//   - "ask" is put to the chain's approver (hookchain.Chain.WithApprover),
//     not to Claude Code's user; the links do not come with one, and a chain
//     without an approver denies a call that a hook asks about ("approval
//     needed but not obtained"). "ask" with an updatedInput is denied, fail
//     open or not. See package claudecode for these and the other
//     differences in reading answers.
package settings
