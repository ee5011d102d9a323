// Package shell matches hookchain events on the shell command they carry,
// the way the shell will run it.
//
// The first guard everyone writes refuses dangerous commands with a regular
// expression, and a regular expression is beaten in a dozen ways: rm -fr,
// rm -r -f, /bin/rm, \rm, sudo rm, echo ok; rm -rf /, $(rm -rf /),
// bash -c 'rm -rf /', find / -delete. This package parses the command line
// with mvdan.cc/sh (as Bash) and looks at every simple command it could run:
//
//	chain := hookchain.New(
//		hookchain.Before("no-rm-rf",
//			hookchain.And(hookchain.Tool("Bash"), shell.Runs("command", "rm", "-r", "-f")),
//			func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
//				return hookchain.Deny("recursive forced deletion is not allowed"), nil
//			}),
//		hookchain.Before("no-force-push",
//			hookchain.And(hookchain.Tool("Bash"), shell.Runs("command", "git", "push", "-f")),
//			denyForcePush),
//	)
//
// Runs and Rule build a Matcher on the string at a gjson path of the input;
// Parse exposes the parsed form, a Script, for predicates of your own.
//
// # Where a command is found
//
// Every simple command counts, wherever it is: in a list, a pipeline, an
// && or || chain, a background job, a subshell, a { } group, the body of
// if, for, while, until, case and select, a function body (whether or not
// the function is called), a command or process substitution or backticks
// (also inside double quotes, arithmetic, parameter defaults, assignments,
// redirections and here-documents), and behind time and coproc.
//
// Some commands run a string as a script; it is parsed in turn:
//
//   - sh, bash, dash, zsh, ksh, mksh, ash, yash, posh and fish with -c,
//     among other options (bash -lc, sh -xc, bash -o pipefail -c);
//   - a shell's standard input when the command line spells it out: a
//     here-document whose delimiter is quoted or whose body has no
//     expansions, a here-string, or echo, printf without conversions, or cat
//     of a here-document piped into the shell;
//   - eval (its arguments joined by spaces), the action of trap, the value
//     of alias (whether or not the alias is used), su, runuser and script
//     with -c, env -S, watch (which runs its arguments with sh -c unless
//     given -x), and ssh's remote command.
//
// Some commands run their arguments as a command. After their own options
// (their arguments included: sudo -u root, nice -n 5, timeout -s KILL 5,
// xargs -I {}, and long options in any unambiguous abbreviation, as
// getopt_long accepts), the rest is a command in turn: sudo, doas, env (with
// NAME=VALUE words, -i, -u NAME), nohup, nice, time (the keyword and the
// program, -p), timeout, command (but command -v and -V only look a name
// up), exec, builtin, xargs, watch -x, setsid, stdbuf, ionice, chroot,
// busybox, toybox, caffeinate, unbuffer and runuser -u. So are the commands
// of find's -exec, -execdir, -ok and -okdir. Options that make a wrapper
// run nothing (sudo -l, command -v, doas -C) are understood as such.
//
// A word with an expansion is kept as its source text, and its command is
// marked Dynamic: rm -rf "$dir" has Args ["-rf", `"$dir"`].
//
// Each Command records how it was reached in Via, outermost first:
// sudo bash -c 'rm -rf /' gives rm with Via ["sudo", "bash -c"], and
// sudo rm $(ls) gives ls with Via ["$(…)"] alone, since the shell expands
// it before sudo runs.
//
// # Programs
//
// A program is known by its base name after quote removal and brace
// expansion: /bin/rm, ./rm, \rm, "rm", 'rm', r""m, $'\x72m' and {rm,-rf,/}
// all run rm. Names are compared without regard to case, because macOS's
// default file system finds /bin/rm for RM. A program given to Runs is read
// by its base name too.
//
// # Flags
//
// Runs takes the flags the program must be given, one per argument, and
// every one must be present:
//
//   - a one-letter flag ("-r") is present when that letter appears in any
//     single-dash word of the command's arguments, in any order and split
//     across words: rm -rf, rm -fr, rm -r -f, rm -Rvf;
//   - a long flag ("--force") is present by name, with or without =value,
//     or abbreviated (rm --rec --for), since getopt_long takes any
//     unambiguous prefix;
//   - any other word ("-delete", as find uses; "push", a subcommand) must
//     appear as that exact word, anywhere: Runs(path, "git", "push", "-f")
//     matches git push -f and git -C dir push --force. Runs(path, "rm", "-rf")
//     asks for the word -rf; write "-r", "-f" to accept every spelling.
//
// Options are looked for up to "--", after which words are operands:
// rm -- -rf removes a file named -rf, and grep -- -rf file searches for
// "-rf". A wrapper's options are its own and the command's are the
// command's: in sudo -u root rm -r x, rm has no -u and sudo no -r.
//
// For the programs guards care about most, flags that mean the same are
// one, applied when the matcher names that program:
//
//	rm                  -r = -R = --recursive   -f = --force
//	cp                  -r = -R = --recursive   -f = --force
//	mv                  -f = --force
//	chmod, chown, chgrp -R = --recursive
//	git                 -f = --force = --force-with-lease = an operand starting
//	                    with '+' (git push origin +main, a forced refspec)
//
// git push --mirror and git push --delete also overwrite remote refs; they
// are their own flags, to be asked for by name.
//
// # Rules
//
// Rule reads a Claude Code permission rule for Bash — the text inside
// Bash(…), which may also be given whole — and checks it against each
// simple command separately, after the unwrapping above, so the rule
// "rm *" sees the rm in sudo bash -c 'cd /tmp && rm x':
//
//   - without a '*' the rule is exact: "ls" matches ls alone, not ls -la;
//   - '*' matches any text, spaces included, anywhere in the rule:
//     "git * main" matches git push origin main;
//   - a rule ending in " *" with no other '*' also matches the command
//     without arguments, and the space is a word boundary: "ls *" matches
//     ls and ls -la, not lsof ("ls*" matches all three);
//   - the legacy "npm run test:*" is a prefix at a word boundary: npm run
//     test and npm run test --watch, not npm run test:unit.
//
// A command is compared as its words after quote removal joined by single
// spaces, without assignments and redirections, with the program by its
// base name (/usr/bin/git push matches "git push *") and as written
// ("./deploy.sh *" matches ./deploy.sh prod). The rule's own words are read
// the same way, so quoting in a rule does not matter, except that a quoted
// or escaped '*' is a literal star. A rule that is not one simple command
// (it holds ;, &&, |, a redirection or an assignment) can never match one,
// and CompileRule reports it.
//
// Rules match text, not meaning: "rm -rf *" does not see rm -fr /. For
// flags in any spelling, use Runs.
//
// # What cannot be known
//
// Some commands cannot be known until they run, and a matcher that cannot
// tell MATCHES by default, because the matcher of a deny guard must not let
// through what it could not read. These are recorded in Script.Unknown:
//
//   - a program that is a variable, a substitution or a glob: $X -rf /,
//     "$(echo rm)" -rf /, /bin/r? -rf /, or a brace expansion too large to
//     expand;
//   - eval, trap, alias, bash -c, su -c, env -S, watch or ssh of a string
//     that is not literal: eval "$CMD", bash -c "rm -rf $DIR";
//   - a shell reading its script from anything but a literal (curl … | sh,
//     bash <(curl …), a here-document with expansions), or given options
//     that are an expansion (bash $OPTS 'rm -rf /');
//   - a command that does not parse (what the parser can recover before
//     the error is still read), or that is past one of the caps below.
//
// And a matcher asks of each command whether run time could make it match:
// rm $FLAGS / and rm "$f" could be rm -rf, since an argument that begins
// with an expansion could be any flag, so Runs(path, "rm", "-r", "-f")
// matches them too (Script.MightRun). Words that are not flags must be
// present as written: git commit -m "$MSG" cannot be git push.
//
// IfUnknown(false) turns all of this off, for matchers used to allow: a
// command the matcher cannot read is then not one it vouches for. An allow
// rule must also hold for every command of the line, not just one
// (git status; rm -rf /): use m.Every().IfUnknown(false).
//
// The value at the path must be a JSON string. A missing path or a null is
// no command at all and never matches; a number, an object or an array
// might be a command the tool understands and this package cannot read,
// and counts as unknown.
//
// Out of reach, and NOT reported as unknown, is what runs without being
// written on the command line as shell: scripts in files (bash deploy.sh, ./run.sh, make, npm run),
// other languages' interpreters (python -c, node -e, perl -e, awk's
// system), git aliases and hooks, the names a glob expands to (rm * where a
// file is named -rf), the input xargs reads, aliases and functions defined
// outside the command line, and wrappers not listed above (parallel, flock,
// nsenter). A function defined in the command line is searched wherever it
// is defined, and a call to a function named rm counts as running rm.
//
// # Cost
//
// A Matcher parses the command on every Match. A typical 100-character
// command is parsed and matched in about 10 µs on a 2-core Xeon
// (BenchmarkRunsOnATypical100CharCommand), nearly all of it in the parser;
// parse once with Parse and apply several matchers with MatchScript to pay
// it once.
//
// Time and memory grow linearly with the command's length, and caps bound
// what is examined. Past a cap the command is unknown, which a matcher
// built with the default IfUnknown(true) matches:
//
//   - a command longer than 1 MiB is not read at all ("too long to read").
//     No shell is handed a longer one as its -c argument: macOS refuses
//     more than 1 MiB of arguments and environment together, and Linux
//     more than 128 KiB in one argument. Below the cap, reading takes at
//     most a few hundred bytes of memory per byte of command, about 25
//     bytes per byte for a here-document of source code;
//   - constructs nested more than 256 levels deep ($( $( …, ( ( …, if in
//     if, a | b | …) are not parsed ("nested too deeply to read"): the
//     parser spends kilobytes of stack a level;
//   - strings read as scripts inside strings (bash -c "eval '…'") are
//     read 16 levels deep, and within a budget of about three times the
//     command's length ("nested too deeply", "too large to read");
//   - a command reached through more than 32 wrappers in a row
//     (sudo nice nohup …) is not followed further;
//   - a brace expansion is expanded to 64 words, 64 KiB and 32 groups at
//     most ("a brace expansion too large to expand").
//
// Unknown keeps 32 reasons, each quoting at most 160 bytes of the command.
package shell
