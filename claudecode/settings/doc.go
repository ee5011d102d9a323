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
//	s, err := settings.LoadStandard(projectDir, homeDir) // managed, user, project, local
//	if err != nil {
//		return err // a broken file names itself and the line
//	}
//	chain, err := s.Chain(settings.Options{ProjectDir: projectDir, Approver: &approver})
//	if err != nil {
//		return err // every hook that cannot run, by name
//	}
//	run := chain.Wrap(runTool) // PermissionRequest hooks, then approver, answer "ask"
//	…
//	// each call, with its conversation's session:
//	ctx = claudecode.WithSessionInfo(ctx, claudecode.SessionInfo{ID: conversationID, Cwd: agentCwd})
//	result, err := run(ctx, call)
//
// The first two hooks become Before links named no-force-push.sh and
// protect-files.sh, the third an After link named after its URL; the Stop
// hook is listed by Hooks as ignored, because it is not about a tool call.
// PermissionDenied and PostToolBatch hooks are about tool calls but are
// accepted and listed as ignored too, never run, each with why and what to
// do instead: a chain has no auto mode classifier whose denials a hook
// could let the model retry, and is put one call at a time, never a batch.
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
//     default: 600 seconds for command, http and mcp_tool hooks, 30 for
//     prompt hooks, 60 for agent hooks.
//   - A hook registered twice for one event (the same command or URL) runs
//     once per call; a plugin's copy of it runs as a hook of its own, and so
//     does a managed hook's, so that a copy in another file can neither move
//     the organization's guard before a rewrite nor shorten its timeout.
//   - Command hooks run with Claude Code's environment (the whole
//     environment of the process, less OTEL_*; Options.Inherit for the
//     strict baseline) with the settings files' env over it (a later
//     file's value winning) and Options.Env over that, less the
//     credentials CLAUDE_CODE_SUBPROCESS_ENV_SCRUB removes when it is on,
//     in the call's working directory, with CLAUDE_PROJECT_DIR set to the
//     project's root and CLAUDE_EFFORT to the call's effort.level. When that directory is
//     gone (as Claude Code does) or cannot be entered, they run in the session's directory
//     (Options.SessionInfo.Cwd), else the project's root, the home directory
//     or the temporary directory; with none left, the call is denied by
//     name, whatever the hook's onFailure, since the hook never ran. The command runs with
//     /bin/sh -c, or bash -c for "shell": "bash"; with "args", even [],
//     it is the program itself, run without a shell, and
//     ${CLAUDE_PROJECT_DIR} is replaced in it and in each argument.
//     A plugin's hooks (LoadPlugin) get CLAUDE_PLUGIN_ROOT as well (and
//     CLAUDE_PLUGIN_DATA, given Plugin.Data), both replaced in their
//     commands, and each value of its user configuration (the userConfig
//     of .claude-plugin/plugin.json, Plugin.UserConfig) as
//     CLAUDE_PLUGIN_OPTION_<KEY>; ${user_config.KEY} is replaced in the
//     exec form, and a shell-form command that names it is not run, a
//     non-blocking failure, as in Claude Code since 2.1.207. Http hooks' header
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
//   - "once" is ignored in a settings file and in an agent's frontmatter,
//     as Claude Code ignores it there: the hook runs on every call, and
//     Hooks carries a warning saying so. In a skill's frontmatter it is
//     honoured (see Skills and agents). "shell" beside "args" is ignored
//     too, and said so.
//   - disableAllHooks: true, in the last file that sets it, turns every hook
//     off; outside managed settings it cannot turn managed hooks off, and a
//     managed file's setting decides over any other file's.
//
// # Managed settings
//
// LoadStandard also reads the managed settings an organization deploys:
// /etc/claude-code/managed-settings.json on Linux and WSL (/Library/
// Application Support/ClaudeCode on macOS), then every .json file of the
// managed-settings.d directory beside it in alphabetical order, each
// overriding the ones before (see ManagedPaths; LoadManaged reads named
// files, LoadStandardFrom another directory). As in Claude Code:
//
//   - their hooks run with everyone else's; here, after all of them,
//     whatever the order given to Merge, so that the organization's
//     guards judge the call as the other hooks have rewritten it, the call
//     that will run;
//   - allowManagedHooksOnly: true in a managed file keeps every other hook
//     from running (user, project, local, plugin, skill and agent hooks),
//     except the hooks of a plugin that the managed enabledPlugins force on
//     (which Plugin.ID must name). Hooks lists each such hook as Disabled,
//     with the file that says so: never an error, never a silent drop. In
//     any other file the key does nothing, and Hooks warns;
//   - disableAllHooks in a managed file turns every hook off, managed ones
//     included; in another file, every hook but the managed ones.
//
// # Skills and agents
//
// LoadSkill reads the hooks in a skill's SKILL.md frontmatter, LoadAgent
// those in a subagent's .md; ComponentPaths finds them where Claude Code
// does (.claude/skills/NAME/SKILL.md and .claude/agents/NAME.md, the
// user's and the project's). The frontmatter's "hooks" has the settings'
// shape, in YAML, and every rule of a settings file holds in it. Its hooks
// run only while their skill or agent does, as the call's session says: an
// agent's for the calls whose agent_type (claudecode.SessionInfo.Extra, as
// Claude Code's hook input carries it) is the agent's name; a skill's while
// the host lists the skill in claudecode.SessionInfo.Skills, since Claude
// Code's hook input does not say which skill runs. At any other call the
// hook is not run and its link allows. An agent's Stop hooks are
// SubagentStop hooks, as in Claude Code. "once": true on a skill's handler
// runs the hook once per session: after its first run that neither fails
// nor blocks (a deny, exit status 2 included), it is not asked again in
// that session; calls of one session at the same time wait for the run in
// progress rather than run it again. The YAML is read strictly: a key
// given twice, a merge key (<<), a tag of its own, a number JSON cannot
// hold, tabs in the indentation, aliases that expand past MaxFileSize, and
// frontmatter without its closing "---" are errors at their line in the
// .md file.
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
// # Runtime hooks
//
// Prompt and agent hooks ask a model; mcp_tool hooks call a tool of an MCP
// server. A Go agent has clients of its own, and gives them as
// Options.Model (a Model) and Options.MCP (an MCPCaller). Each such hook
// is told the hook input a command hook reads on stdin, for the call's
// session, and has its timeout as its context's deadline.
//
//   - A prompt hook's "prompt" has each $ARGUMENTS replaced by the hook
//     input JSON, or the input appended after a blank line when it has
//     none; \$ is a literal '$'. The model is asked it once (MaxTurns 1),
//     with the hook's "model" as written ("" for the runtime's default);
//     an agent hook is the same question to a subagent that may use
//     tools, for up to 50 turns. The answer must be one JSON object:
//     {"ok": true} lets the call go on; {"ok": false, "reason": "…"}
//     denies it, before the call and after it, with the reason. An answer
//     that gives a key twice (or "ok" beside "OK"), or is longer than 64
//     KiB, is denied; anything else — prose, a fenced block, text after
//     the object, "ok" that is not true or false — and the model's error
//     or timeout are the hook's failure, which blocks only with
//     "onFailure": "block" or Options.FailClosed, as for command hooks.
//     "impossible" speaks to Stop hooks and is not read; "continueOnBlock"
//     must be true or false, and an agent hook's is ignored, with a
//     warning.
//   - An mcp_tool hook calls "tool" on "server" (as written: a plugin's
//     server is "plugin:<plugin>:<server>") with "input", whose string
//     values have each ${path} replaced by the value at that path of the
//     hook input (${tool_input.file_path}; a value that is not a string
//     as its JSON text). A path the input does not have fails the hook
//     without calling the tool; a placeholder that is not keys joined by
//     dots is an error of the file. The tool's text is read as a command
//     hook's stdout at exit status 0 (claudecode.DecideOutput); a result
//     with isError, and a server that is not connected (the caller's
//     error), are the hook's failure.
//   - Without the runtime a hook needs, its link denies every call it
//     matches, whatever its onFailure, naming the Options field, and Hooks
//     warns about it: the hook never ran, and a guard that cannot run must
//     not read as one that allowed. Options.SkipUnsupported leaves such
//     hooks out instead (Hooks lists them as Skipped), and
//     Options.RequireRuntime refuses them as Links refuses the other hooks
//     it cannot run; the hookchain CLI, which has neither client, sets it.
//   - "if", "timeout" and "onFailure" mean what they mean for command
//     hooks; "statusMessage" is a spinner's text, and a chain shows none.
//     The same prompt to the same model, or the same tool with the same
//     input, registered twice for one event runs once per call.
//
// # Async hooks
//
// "async": true on a command handler runs the hook in the background, as
// Claude Code does: the call starts it, with the hook input Claude Code
// would send (the input as the links before it left it), and goes on at
// once. Its link allows whatever the hook answers later: exit status 2, a
// denial, a rewrite and onFailure all have no effect (Hooks warns about an
// async PreToolUse hook, which cannot be a guard, and about onFailure on
// one). "asyncRewake": true is async too, and its exit status 2 is what
// it has to say: its stderr, or its stdout when stderr is empty, after its
// "rewakeMessage". An async hook's additionalContext and systemMessage are
// what it says otherwise; the text is cut at MaxReportText.
//
// Options.Background runs them (Links refuses an async hook without one)
// and reports each as it ends (Report): to BackgroundOptions.OnReport when
// it is set, otherwise as a note on the session's next call, given by the
// link BackgroundLink, which Links puts first in the chain: the model reads
// it next to that call, whatever tool it is for. The hook runs under its
// own timeout, not the call's context, so a call that returns or is
// cancelled does not kill it; Background.Wait waits for every started hook
// and Background.Close kills them. The reports kept are bounded per
// session and in sessions (the oldest are dropped, and the next call is
// told how many), and so are the hooks running at once (past the bound a
// hook is not started, and a report says so). One command registered twice
// for an event is one hook, as ever; an async and a foreground copy of it
// are two.
//
// # What is different
//
// The settings run as Claude Code runs them, with the differences that a
// chain answering for one call in a Go program makes (order instead of a
// race, "ask" to the chain's approver, hooks it cannot run refused by name,
// mistakes as errors, Go's regular expressions). The whole list, each with
// its reason, is the docs page's [Differences from Claude Code].
//
// [Differences from Claude Code]: https://github.com/hookchain/hookchain/blob/main/docs/claude-code.md#differences-from-claude-code
package settings
