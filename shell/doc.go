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
//		hookchain.Before("no-recursive-rm",
//			hookchain.And(hookchain.Tool("Bash"), shell.Runs("command", "rm", "-r")),
//			func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
//				return hookchain.Deny("recursive deletion is not allowed"), nil
//			}),
//		hookchain.Before("no-force-push",
//			hookchain.And(hookchain.Tool("Bash"), shell.Runs("command", "git", "push", "-f")),
//			denyForcePush),
//	)
//
// Guard rm with "-r" alone, not "-r", "-f": with no terminal on its input,
// as in an agent, rm -r deletes write-protected files without asking, so
// -f adds nothing a guard should wait for.
//
// Runs and Rule build a Matcher on the string at a gjson path of the input;
// Parse exposes the parsed form, a Script, for predicates of your own.
//
// The reader's grammars are closed. What it sees through (wrappers, shells,
// git, package runners, build tools) it reads with a table of every option
// and form it knows, and anything else — an option, a form, a variable, an
// input it does not know — makes the answer "may run anything" rather than
// a guess at where a command begins. An expansion that can yield several
// words yields any words. State a command sets holds for everything after
// it in the script. The work on one command line is bounded, and past a
// bound the answer is "may run anything". The sections below say what is
// read, then what may run anything, then what is out of reach.
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
// # Scripts in strings and on the input
//
// Some commands run a string as a script; it is parsed in turn:
//
//   - a shell with -c (sh, bash, rbash, dash, zsh, ksh, ksh93, mksh, ash,
//     yash, posh, oksh, csh, tcsh, fish with --command and -C, nu, elvish,
//     xonsh), its options read as the shell does: letters that take a
//     value take the next words in turn (bash -oc pipefail 'rm -rf /'),
//     and -n or -o noexec make it run nothing;
//   - eval (its arguments joined by spaces, after --), the action of trap,
//     the value of alias, su, runuser, script, flock, sg, emulate, npx and
//     npm exec with -c, env -S (split as env splits it, \_ included, and
//     read again as env's arguments), watch, parallel (its command and the
//     arguments after :::), ssh's remote command, wsl, tmux's new-session,
//     new-window, split-window, respawn-pane, run-shell, if-shell,
//     pipe-pane, display-popup and the keys send-keys types, screen and its
//     -X stuff, nix-shell --run, compgen -C and mapfile -C;
//   - strings that run commands on this machine: ssh, scp and sftp's -o
//     ProxyCommand, LocalCommand, KnownHostsCommand and RemoteCommand,
//     rsync's -e and --rsync-path, git's configuration keys that hold
//     commands (core.sshCommand, core.pager, credential.helper, alias.* with
//     a leading !, diff.external and the like, given with -c, git config,
//     GIT_CONFIG_PARAMETERS or GIT_CONFIG_KEY_n) and its ext:: transport,
//     and the variables that name a command (PROMPT_COMMAND,
//     GIT_SSH_COMMAND, EDITOR, VISUAL, PAGER, LESSOPEN and the like), and
//     the options of other programs that hold one: tar --to-command, -I
//     and --checkpoint-action=exec=, sort --compress-program, split
//     --filter, man -P, git rebase -x, git difftool -x, git filter-branch's
//     filters, git bisect run and git submodule foreach;
//   - strings bash evaluates where they are used rather than where they are
//     written: the value of any assignment on the line with a substitution
//     in it (x='a[$(rm -rf /)]'; echo $((x)), ${x@P}, ${!x}, declare -n),
//     declare -a 'a=($(…))', prompt strings (PS0 to PS4), and the names
//     that test -v, [[ -v ]], printf -v, read, let, unset and the
//     arithmetic of [[ ]] evaluate;
//   - every write to a variable, read as an assignment: read, printf -v
//     (-vNAME too), mapfile, getopts, wait -p, let and arithmetic,
//     ${X:=v}, for, a nameref, declare of a quoted word, and the
//     NAME=VALUE words of env and sudo; every element of a PROMPT_COMMAND
//     array is a command line;
//   - a variable's value as the line builds it — joined, appended, printed
//     with printf -v, from echo's, printf's or cat's output of literal text,
//     from a loop's words, from the arguments of set -- and of a function
//     the line defines — wherever bash may read it again (as arithmetic,
//     ${!x}, ${x@P}).
//
// Which script a shell (or source, ., at, batch, crontab, make -f, bash
// --rcfile, BASH_ENV, ENV) reads is worked out from its descriptors as the
// shell sets them: redirections apply left to right and the last one of a
// descriptor wins (bash <<< ls <<< 'rm -rf /' runs rm; bash <<< 'rm -rf /'
// < /dev/null runs nothing); a script operand is read rather than the input
// (bash /dev/stdin, bash /dev/fd/3 3<<< …, bash <(…)); exec with only
// redirections changes them for every command after it, wherever it is
// written (a { } group, an && or || list, a branch of if or case, a
// function that is called, eval, source, an alias, a trap); a pipe, a { }
// group,
// a subshell, if and the loops, $( ), <( ) and a function's caller pass
// the input on; >( ) reads the output of its command. The script is
// parsed when it is text on the command line: a here-document (with
// expansions, unless its delimiter is quoted, it is not literal), a
// here-string, echo, printf with %s, %b, %c, %d and %%, and cat of a
// here-document piped in, or a process substitution of those. A script
// in a named file is not read (see below), and /dev/null runs nothing.
//
// A subshell, $( ), a background job and each side of a pipe (but the last
// under shopt -s lastpipe) are processes of their own, whose exec changes
// nothing after them. Where a branch may or may not have changed a
// descriptor, it holds any of its possible inputs, each of which is read.
// A path is compared as the kernel resolves it: /dev//stdin, /dev/./fd/0
// and ../../dev/stdin are the input, /dev/stdout and /dev/stderr are
// descriptors 1 and 2, and a relative path is looked up where cd, pushd or
// env -C left the script. A shell's options are read in order and the last
// wins: bash -n +n -c runs its script. ssh without a remote command runs
// its input as a script.
//
// A BASH_ENV exported by export, declare -x, set -a, set -k, env
// NAME=VALUE or env -S is read by every shell started after it, with that
// shell's own input, and ENV by a shell started with -i.
// BASH_FUNC_NAME%%=() {…} in a command's environment is a function
// defined on the line.
//
// Other programs read strings from their options, their environment and
// what they are given:
//
//   - tar's first word without '-' is a bundle whose letters that take a
//     value take the next words in turn (tar cIf PROG ARCHIVE), and
//     TAR_OPTIONS is read as tar's options wherever it is set;
//   - make's -E and --eval, its operand assignments, MAKEFLAGS and
//     GNUMAKEFLAGS, and a makefile on its input are read as one makefile:
//     its recipes, $(shell …) and != run, and so do the variables of its
//     built-in rules (CC, CFLAGS, LDLIBS…) wherever they are set;
//   - rsync's -e, --rsync-path, RSYNC_RSH and RSYNC_CONNECT_PROG, and as a
//     daemon the exec parameters of its --dparam;
//   - npm's call (-c, --call) and script-shell, from its options before
//     and after its command and from the npm_config_ variables of its
//     environment in any case (npm_config_call=CMD npm exec runs CMD);
//   - the word list of compgen -W, which is expanded again;
//   - the words the line itself writes to xargs (a here-string, a
//     here-document, echo or printf piped in, also to a function that runs
//     xargs), which are the words of its command: xargs rm <<< '-rf /'
//     runs rm -rf /;
//   - what a wrapper puts in the environment (env NAME=VALUE, sudo
//     NAME=VALUE, env -S, systemd-run -E, run0 --setenv, dotenv -v,
//     firejail --env) is read as NAME=VALUE before the command would be.
//
// # Wrappers
//
// Some commands run their arguments as a command. Each is read with its own
// option grammar, kept in one table (which options take a value, attached
// or as the next word, which end the options, which make it run nothing,
// and what stands between them and the command), and with long options in
// any unambiguous abbreviation, as getopt_long accepts:
//
//	sudo (with NAME=VALUE, -s and -i), doas (-a, -s), run0, pkexec, env (any
//	word holding =, before and after --; -S; -), nohup, nice (-5), time,
//	timeout, command, exec, builtin, noglob, nocorrect, - and repeat (zsh),
//	xargs (GNU and BSD: -I, -i, -J), watch -x, setsid, stdbuf, ionice,
//	chroot, busybox, toybox, caffeinate, unbuffer, flock, setpriv, unshare,
//	nsenter, chrt, taskset, prlimit, systemd-run, strace, ltrace, runuser
//	-u, screen, bwrap, fakeroot, firejail, dotenv, direnv exec, nix develop
//	-c, uv run, uvx, npx, npm exec, pnpm exec and dlx, bunx, bun x, yarn
//	exec and dlx, poetry, pipenv, pdm, hatch, rye, pixi, conda and mamba
//	run, mise exec, bundle exec, sem, entr, chronic, ifne, and Homebrew's
//	gtimeout, gxargs, genv and the like
//
// Each grammar is closed: it lists every option the program takes, flags
// included, with how many words each takes (bwrap --bind SRC DEST takes
// two), and compares long options whole where the program does (bwrap,
// pkexec, wsl, firejail, fd). A runner's own options before its
// subcommand are read with its grammar (npm --prefix . exec, pnpm -C .
// exec, uv --directory . run, poetry -C . run, yarn --cwd . exec). npm's
// options are read anywhere on its line, as npm reads them, and npm exec,
// exe and x run their words that are not options and every word after --.
// yarn exec, pixi run and hatch run hand their words to a shell; mise exec
// runs what follows -- or its -c; BSD's script FILE CMD runs CMD.
//
// So are the commands of find's (and gfind's) -exec, -execdir, -ok and
// -okdir and fd's -x and -X: -exec and -execdir end at ; or at a + right
// after {}, -ok and -okdir at ; only, and an action without its end runs
// nothing, as find refuses it; fd's options are read wherever they stand.
// Options that make a wrapper run nothing (sudo -l, command -v, doas
// -C, chrt -p, taskset -p) are understood as such; without a command, sudo
// -s, sudo -i, su, runuser, doas -s, chroot, unshare, nsenter, script,
// newgrp and pkexec run a shell on their input, and at, batch and crontab
// read their jobs there.
//
// # Names
//
// A program is known by its base name after quote removal and brace
// expansion: /bin/rm, ./rm, \rm, "rm", 'rm', r""m, $'\x72m' and {rm,-rf,/}
// all run rm. zsh's =rm and a trailing .exe (rm.exe in Git Bash) name rm
// too. Names are compared without regard to case, because macOS's default
// file system finds /bin/rm for RM. A program given to Runs is read by its
// base name too. A path whose last component is literal and whose
// expansions are all inside double quotes names that program:
// "$HOME/.local/bin/uv" runs uv, whatever $HOME holds.
//
// Names the command line binds are followed, and read as written too,
// since whether a binding holds depends on the shell and its options. An
// alias (alias, BASH_ALIASES) is read as bash expands it — once, not again
// inside its own value (alias ls='ls -la' runs ls), with the word after a
// value that ends in a blank expanded too — and as the name itself, since
// bash -c expands aliases only with expand_aliases set and only on a line
// after the one that defines them. A name bound by hash -p, BASH_CMDS or
// one of zsh's tables is read as its program and as itself. A name bound
// after it is used, or to what only run time knows, is unknown.
//
// zsh's forms are read wherever they appear, since Claude Code and other
// agents run the user's shell, zsh on macOS: functions[NAME] defines a
// function, commands[NAME] and hash NAME=PATH bind a program, aliases,
// galiases and saliases bind aliases, $=c is a word run time splits, and
// the command of sched is read. fc, and r written alone (zsh's fc -e -),
// run commands from the history: unknown unless they only list. A function defined on the line is
// searched where it is defined, and a call to a function named rm counts as
// running rm.
//
// A word with an expansion is kept as its source text, and its command is
// marked Dynamic: rm -rf "$dir" has Args ["-rf", `"$dir"`]. An expansion
// that may yield several words ("$@", "${@:2}", "${a[@]}", ${a[*]},
// "${!ref}") may yield any words, flags among them, wherever it stands:
// f() { rm "$@"; }; f -rf x runs rm -rf, and git "$@" may be git push -f.
// "$*" and "${a[*]}" in quotes are one word.
//
// Each Command records how it was reached in Via, outermost first:
// sudo bash -c 'rm -rf /' gives rm with Via ["sudo", "bash -c"], and
// sudo rm $(ls) gives ls with Via ["$(…)"] alone, since the shell expands
// it before sudo runs.
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
//   - any other word ("-delete", as find uses) must appear as that exact
//     word, anywhere. For git, the first word that is not a flag is git's
//     subcommand, found after git's own options and their values:
//     Runs(path, "git", "push", "-f") matches git push -f and
//     git -C dir push --force, not git stash push. A program named git-push
//     (/usr/lib/git-core/git-push) is git push, hub is git, and git
//     send-pack and git http-push push too. Runs(path, "rm", "-rf") asks for the word
//     -rf; write "-r", "-f" to accept every spelling.
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
//	git                 -f = --force = --force-with-lease = --mirror =
//	                    an operand starting with '+' (a forced refspec)
//
// A push that configuration on the command line forces counts as given
// the flag: git -c remote.origin.push=+main:main push, a remote whose name
// holds dots (remote.my.fork.push), git config remote.origin.mirror true
// && git push, and an alias, whose name git matches in any case, whose
// last definition wins, and which may name another alias or begin with
// git's own options (git -c alias.PF='push -f' pf). A mistyped command git
// may autocorrect (help.autocorrect set on the line) is unknown. git's own
// options are read exactly as git reads them: git --exec-path alone, -v
// and -h run nothing. A configuration key known to run nothing (user.*,
// safe.directory, color.*) is known whatever its value: git config
// user.name "$(whoami)" is read. git push -n -f, a dry run, still matches:
// the guard reads what is asked for, not whether it is carried out.
// git push --delete is its own flag, to be asked for by name.
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
//   - a program that is a variable, a substitution, a glob, a word run time
//     may split ($HOME/bin/rm unquoted), what find, fd or xargs put in
//     place of {} (find /usr/bin -name rm -exec {} -rf /x \;), or a brace
//     expansion too large to expand (more than 1024 words); such an
//     expansion anywhere in a command makes it unknown;
//   - eval, trap, alias, bash -c, su -c, env -S, watch, ssh, the
//     variables and configuration above, of a string that is not literal:
//     eval "$CMD", bash -c "rm -rf $DIR", GIT_SSH_COMMAND="$X";
//   - a shell, source, at, make -f - or crontab reading its script from
//     something it cannot read: a pipe from anything but a literal (curl …
//     | sh, curl … | sudo -s, | su, | xargs sh -c), a process substitution
//     (bash <(curl …), BASH_ENV=<(curl …)), a here-document with
//     expansions, /dev/tcp, or a descriptor the command line does not open;
//     or given options that are an expansion (bash $OPTS 'rm -rf /');
//   - a name bound on the line to what only run time knows (alias r="$X",
//     hash -p "$P" x), or bound after it is used; enable -f, which loads a
//     builtin from a file;
//   - an option, form or input the reader does not know, of a program it
//     sees through: an option a wrapper or runner does not list (sudo -Q,
//     npx --foo, uv --unknown run) or gives in a form it refuses (a flag
//     with =value), an optional value the program may take from the next
//     word (parallel --eof WORD), an option that reads more options from a
//     descriptor (bwrap --args FD), a shell given an option it does not
//     have, an option of git's own the reader does not know, git
//     --exec-path=DIR, a checkpoint action of tar it does not know: where
//     the command begins depends on what the program makes of it, so a
//     newer program's new option is unknown until its grammar lists it;
//   - git configuration of what only run time knows, unless its key is
//     literal and known to run nothing; a key given on the line that the
//     reader does not know, in a section that holds commands or in one it
//     does not know; a push after an unknown key under remote, push or
//     branch; keys that name programs or configuration in files
//     (core.hooksPath, init.templateDir, include.path, remote.*.vcs) or
//     allow ext:: URLs; --config-env of a key that matters; git's command
//     known only at run time; and a mistyped git command when
//     help.autocorrect is set on the line;
//   - state the reader cannot follow exactly: a loop whose rounds change
//     the shell's descriptors, or start a shell and change the BASH_ENV or
//     ENV it would read; a function that starts a shell, called after that
//     environment changed or with BASH_ENV set for it; a startup variable
//     set by read, printf -v, +=, ${V:=…} or a nameref and exported; more
//     than 24 descriptors kept open with exec; a coprocess shell, which
//     reads what the script writes to it;
//   - a path with an expansion, or in a directory only run time knows,
//     that could name a descriptor (bash /dev/fd/$fd);
//   - echo, printf or cat whose output a shell reads, when the command line
//     redefines them anywhere (a function, an alias, hash -p, BASH_CMDS,
//     enable -n, a PATH assignment for cat);
//   - a write to a name bash evaluates (BASH_CMDS, BASH_ALIASES,
//     PROMPT_COMMAND, PS0-PS4, BASH_ENV, the command variables, the
//     variables make's rules run) whose value only run time knows, an
//     append to one that is evaluated whole, or one given declare -i, -l
//     or -u; a write to a variable named only at run time (printf -v "$1",
//     read "$v", declare "$n=…"), or through a nameref whose target only
//     run time knows;
//   - a use as arithmetic, ${!x} or ${x@P} of a value the line builds in a
//     way not worked out (${y/…/…}, an element of a value the line set,
//     what read and mapfile split from literal text, a positional
//     parameter joined to other text);
//   - fc and zsh's r, unless they only list, and a history expansion (!!,
//     !rm, ^a^b) in a script read by a shell with -i, -H or -o histexpand,
//     or after set -H; a zsh glob qualifier that runs code (*(e:…:),
//     *(+name));
//   - tar given a word only run time knows that may be an option ("$o",
//     -c$x, "$@"), or a first word only run time knows; a make reference
//     other than $(shell …), the automatic variables, $(MAKE) and
//     $(CURDIR); make's SHELL that is not a shell, .SHELLFLAGS other than
//     plain flags ending in c; MAKEFILES naming a descriptor; compgen -W
//     of a list that is not literal; an npm_config_call that is not
//     literal, and an npm script-shell that is not a shell; xargs -0, -d
//     or -E splitting what the line writes to it, and -n, -L or -s sharing
//     out such words when -- is among them;
//   - a command that does not parse (what the parser can recover before
//     the error is still read), or that is past one of the caps below. A
//     here-document that runs to the end of the command is read as bash
//     reads it, its body to the end, and is no error.
//
// And a matcher asks of each command whether run time could make it match
// (Script.MightRun): rm $FLAGS / could be rm -rf /, since an argument that
// begins with an expansion, or that run time may split into words ($X
// unquoted, anywhere in the word), could be any flag. What provably cannot
// be a flag is not taken for one:
//
//   - a word an option takes as its value (git commit -m "$msg", git
//     stash push -m "$msg", git -C "$repo" push, git push -o "$opt");
//   - a quoted word with a literal '/' or '.' after its expansion (rm -f
//     "$HOME/.cache/app.lock", rm -f "${tmp}.json"): a bundle of
//     one-letter options, or a long option without a value, has neither
//     (--force-with-lease=origin/main is a long option with one, and a
//     forced refspec may hold both);
//   - for rm, cp, mv, chmod, chown and chgrp, which act only on their
//     operands, a lone quoted word: in rm -f "$tmp", $tmp could be -r, but
//     then rm has no file to delete;
//   - the name of git's current branch, "$(git branch --show-current)",
//     "$(git rev-parse --abbrev-ref HEAD)" or "$(git symbolic-ref --short
//     HEAD)": git refuses a branch name that begins with '-', so git push
//     -u origin "$(git branch --show-current)" is quiet. (git does accept
//     a branch named +main, which such a push would read as a forced
//     refspec: that branch would have to exist in the repository already,
//     which, like a file named -rf that a glob expands to, is out of
//     reach.)
//
// Words that are not flags must be present as written: git commit -m
// "$MSG" cannot be git push. A variable the command line does not set is
// the environment's, which could hold anything: git push origin "$BRANCH"
// matches, since $BRANCH could be --force or +main; write the branch's
// name, or "$(git branch --show-current)".
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
// # Out of reach
//
// What runs without being written on the command line as shell is out of
// reach, and NOT reported as unknown:
//
//   - scripts in files: bash deploy.sh, ./run.sh, source env.sh, make with
//     its Makefile, npm run and its package.json, crontab FILE, BASH_ENV of
//     a file, and commands a program reads from its own configuration
//     (~/.ssh/config's ProxyCommand, git's config files and hooks, npm's
//     .npmrc), even when the line writes that file;
//   - other languages' interpreters: python -c, node -e, perl -e, ruby -e,
//     awk's system(), PowerShell, and what they are piped;
//   - git aliases, and help.autocorrect, set outside the command line;
//   - what the repository or the file system holds: the names a glob
//     expands to (rm * where a file is named -rf), a branch named +main, a
//     program replaced on disk or earlier on the PATH (cp /bin/rm ./ls);
//   - the words xargs (but what the line writes to it), parallel and fd
//     read from their input, and xargs -a FILE, except that a shell given
//     its script by them is unknown;
//   - the environment's variables, aliases and functions defined outside
//     the command line (what CFLAGS+=-O2 appends to is the environment's),
//     and values read at run time: the output of programs other than echo,
//     printf and cat of literal text, and what read takes from a file
//     (x=$(cat f); echo $((x)); export $(cat .env));
//   - npm's configuration from .npmrc and npm_config_* variables, and the
//     packages npm exec, npx and pnpm dlx may install and run; make's load
//     directive, bmake's .SHELL, the options bsdtar has and GNU tar lacks;
//   - programs not listed above, which are read as programs, not wrappers.
//
// Some answers err toward matching, which a deny guard can live with: rm -f
// "$@" at the top of a line matches though bash -c has no positional
// parameters; an export or cd inside a subshell is taken to hold after it;
// any forced refspec configured on the line forces every push; a bash
// extglob without | that zsh could read as qualifiers running code
// (!(*.test.ts): e, then s, and an s after it) is unknown; and npm exec
// CMD -flags
// without -- is unknown, since npm takes those flags itself (npx CMD
// -flags is read).
//
// # Cost
//
// A Matcher parses the command on every Match. A typical 100-character
// command is parsed and matched in about 14 µs on a 2-core Xeon
// (BenchmarkRunsOnATypical100CharCommand), 100 KiB of ordinary lines in
// about 20 ms (BenchmarkRunsOn100KiBOfOrdinaryLines), nearly all of it in
// the parser;
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
//   - a brace expansion is expanded to 1024 words, 64 KiB and 32 groups at
//     most ("a brace expansion too large to expand"), and the brace
//     expansions of one command line to 8192 words and one more for every
//     64 bytes ("past the budget of brace expansions for one command
//     line");
//   - one command line is read through at most 256 alias expansions ("past
//     the budget of 256 alias expansions"), and a chain of git aliases 32
//     deep.
//
// Unknown keeps 32 reasons, each quoting at most 160 bytes of the command.
package shell
