package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// gitValueOptions are the options of git's subcommands that take their
// value as the next word: what follows them is a value, not a flag
// (git commit -m "$msg", git push -o "$opt").
var gitValueOptions = map[string]grammar{
	"push":      opts("o:", "exec= push-option= receive-pack= repo= force-with-lease=? recurse-submodules=? signed=?"),
	"send-pack": opts("", "exec= receive-pack= force-with-lease=? signed=?"),
	"commit": opts("c: C: F: m: S:: t:", "author= cleanup= date= file= fixup= message= pathspec-from-file= reedit-message= "+
		"reuse-message= squash= template= trailer= gpg-sign=?"),
	"stash": opts("m:", "message= pathspec-from-file="),
	"tag":   opts("F: m: u:", "cleanup= contains= file= format= local-user= merged= message= no-contains= no-merged= points-at= sort= trailer="),
}

// gitCall is a git command line read with git's grammar.
type gitCall struct {
	sub    string   // the subcommand: "push"; "" when there is none
	args   []string // the subcommand's arguments
	at     int      // the index of the subcommand in the command's arguments
	config []gitOption
	ok     bool // it runs a subcommand at all (not git --version)
	// unknown is why git's own options make it run what cannot be known:
	// an option this reader does not know, --exec-path=DIR.
	unknown string
}

// gitOption is a -c or --config-env of git's, and the index of the word
// that holds it.
type gitOption struct {
	text string
	at   int
	env  bool // --config-env=KEY=VARIABLE
}

// gitFlags are git's own options without a value, and gitValued those
// that take one, attached after '=' (not -C, -c) or as the next word.
// git matches them exactly, without abbreviations or bundles.
var (
	gitFlags = []string{"-p", "--paginate", "-P", "--no-pager", "--no-replace-objects", "--bare",
		"--literal-pathspecs", "--no-literal-pathspecs", "--glob-pathspecs", "--noglob-pathspecs",
		"--icase-pathspecs", "--no-optional-locks", "--no-lazy-fetch", "--no-advice"}
	gitValued = []string{"-C", "-c", "--git-dir", "--work-tree", "--namespace", "--super-prefix",
		"--config-env", "--shallow-file", "--attr-source"}
	// gitStops print something and exit, or become git help and git
	// version, which run nothing.
	gitStops = []string{"-h", "--help", "-v", "--version", "--html-path", "--man-path", "--info-path"}
)

// readGit reads git's global options and finds its subcommand. A program
// named git-push is git push.
func readGit(name string, args []string) gitCall {
	var g gitCall
	if sub, ok := strings.CutPrefix(strings.ToLower(name), "git-"); ok {
		return gitCall{sub: sub, args: args, ok: true, at: -1}
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "" || a[0] != '-' {
			g.sub, g.args, g.at, g.ok = a, args[i+1:], i, true
			return g
		}
		opt, val, hasVal := strings.Cut(a, "=")
		switch {
		case contains(gitStops, a) || strings.HasPrefix(a, "--list-cmds="):
			return g
		case strings.HasPrefix(a, "--exec-path"):
			if !strings.HasPrefix(a, "--exec-path=") {
				return g // it prints where git's programs are, and exits
			}
			// git runs its helpers (git-receive-pack, git-remote-*) and
			// commands not built in from there.
			g.unknown = "git running its programs from a directory the line does not show: " + a
			return g
		case contains(gitFlags, a):
		case contains(gitValued, a):
			if i+1 >= len(args) {
				return g // git refuses it
			}
			i++
			if a == "-c" || a == "--config-env" {
				g.config = append(g.config, gitOption{args[i], i, a == "--config-env"})
			}
		case hasVal && strings.HasPrefix(opt, "--") && contains(gitValued, opt):
			if opt == "--config-env" {
				g.config = append(g.config, gitOption{val, i, true})
			}
		default:
			g.unknown = "git given an option of its own the reader does not know: " + a
			return g
		}
	}
	return g
}

// isGitProgram reports whether a program is git by another name: hub,
// which wraps git, and git-push and the like, git's commands as programs.
func isGitProgram(name string) bool {
	n := strings.ToLower(name)
	return n == "git" || n == "hub" || strings.HasPrefix(n, "git-")
}

// gitSame are git's subcommands that do the same as another as far as a
// guard is concerned: send-pack pushes.
var gitSame = map[string]string{"send-pack": "push", "http-push": "push"}

// gitCommands are git's commands, for telling a typo that autocorrection
// would run as another command from a command of git's.
var gitCommands = strings.Fields(`add am annotate apply archimport archive bisect blame branch bugreport bundle
	cat-file check-attr check-ignore check-mailmap check-ref-format checkout checkout-index cherry cherry-pick
	citool clean clone column commit commit-graph commit-tree config count-objects credential credential-cache
	credential-store cvsexportcommit cvsimport cvsserver daemon describe diagnose diff diff-files diff-index
	diff-tree difftool fast-export fast-import fetch fetch-pack filter-branch fmt-merge-msg for-each-ref
	for-each-repo format-patch fsck fsck-objects fsmonitor--daemon gc get-tar-commit-id gitk gitweb grep gui
	hash-object help hook http-backend http-fetch http-push imap-send index-pack init init-db instaweb
	interpret-trailers log ls-files ls-remote ls-tree mailinfo mailsplit maintenance merge merge-base
	merge-file merge-index merge-one-file merge-tree mergetool mktag mktree multi-pack-index mv name-rev
	notes p4 pack-objects pack-redundant pack-refs patch-id prune prune-packed pull push quiltimport
	range-diff read-tree rebase receive-pack reflog remote repack replace replay request-pull rerere reset
	restore rev-list rev-parse revert rm scalar send-email send-pack shortlog show show-branch show-index
	show-ref sparse-checkout stage stash status stripspace submodule svn switch symbolic-ref tag
	unpack-file unpack-objects update-index update-ref update-server-info upload-archive upload-pack
	var verify-commit verify-pack verify-tag version whatchanged worktree write-tree lfs flow filter-repo`)

func isGitCommand(s string) bool {
	for _, c := range gitCommands {
		if c == s {
			return true
		}
	}
	return false
}

// maxGitAliases bounds how many aliases one git command expands in a
// row; git itself stops only at a loop.
const maxGitAliases = 32

// git reads a git command: the commands its configuration runs (-c and
// the git config before it), its aliases, and a push that configuration
// forces.
func (w *walker) git(cmd Command, args []word, c ctx) {
	st := &w.gitLine
	g := readGit(cmd.Name, cmd.Args)
	local := st.copy()
	w.gitOptions(&local, g, args, c)
	if g.unknown != "" {
		w.unknown(g.unknown)
		return
	}
	if !g.ok {
		return
	}
	if g.at >= 0 && args[g.at].dyn {
		w.unknown("git running a command known only at run time: " + g.sub)
		return
	}
	// An operand ext::COMMAND is a transport that runs COMMAND, its words
	// split at spaces, with "% " a space within a word.
	for _, a := range g.args {
		if cmdText, ok := strings.CutPrefix(a, "ext::"); ok {
			ws := extWords(cmdText)
			w.command(ws, texts(ws), c.reached("git ext::"), 1)
		}
	}
	sub, subArgs, subWords := g.sub, g.args, args[len(args)-len(g.args):]
	effective := cmd.Args // the arguments git runs with, aliases expanded
	via := c.via
	for n := 0; !isGitCommand(sub) && !strings.HasPrefix(strings.ToLower(cmd.Name), "git-"); n++ {
		alias, ok := local.alias(strings.ToLower(sub))
		if !ok {
			break
		}
		label := "git alias " + sub
		if n == maxGitAliases {
			w.unknown("git aliases expanded more than 32 deep: " + label)
			return
		}
		if strings.HasPrefix(alias, "!") {
			return // read where it was defined; its arguments follow the script
		}
		fields, ok := splitQuoted(alias)
		if !ok {
			w.unknown(label + " that cannot be split: " + alias)
			return
		}
		// The alias's words are read as git's again, its own options
		// first (-c remote.origin.push=+main:main push).
		ag := readGit("git", fields)
		aw := make([]word, len(fields))
		for i, f := range fields {
			aw[i] = word{text: f}
		}
		w.gitOptions(&local, ag, aw, c)
		if ag.unknown != "" {
			w.unknown(ag.unknown + " in " + label)
			return
		}
		if !ag.ok || n > len(local.aliases)+len(local.base) {
			return // nothing to run, or a loop, which git refuses
		}
		global := effective[:len(effective)-len(subArgs)-1]
		effective = append(append(append([]string(nil), global...), fields...), subArgs...)
		via = appendVia(via, label)
		w.out.Commands = append(w.out.Commands, Command{Name: cmd.Name, Path: cmd.Path, Dynamic: cmd.Dynamic,
			Via: via, Args: effective})
		sub, subArgs = ag.sub, effective[len(effective)-len(subArgs)-len(ag.args):]
		subWords = append(aw[len(aw)-len(ag.args):len(aw):len(aw)], subWords...)
	}
	w.gitRuns(sub, subArgs, subWords, c)
	push := sub == "push" || gitSame[sub] == "push"
	switch {
	case !isGitCommand(sub) && local.autocorect && !strings.HasPrefix(strings.ToLower(cmd.Name), "git-"):
		w.unknown("git may correct a mistyped command to another: git " + sub)
	case sub == "config":
		w.gitConfig(subArgs, subWords, c)
	case sub == "remote" && len(subArgs) > 1 && subArgs[0] == "add":
		for _, a := range subArgs[1:] {
			if a == "--mirror" || a == "--mirror=push" {
				st.force("--mirror")
			}
		}
	case push && local.pushUnknown != "":
		w.unknown(local.pushUnknown)
	case push && len(local.forced) > 0:
		// Configuration forces the push as if the command line said so.
		label := "git config " + strings.Join(local.forced, " ")
		w.out.Commands = append(w.out.Commands, Command{Name: cmd.Name, Path: cmd.Path, Dynamic: cmd.Dynamic,
			Via: appendVia(via, label), Args: append(append([]string(nil), effective...), local.forced...)})
	}
}

// gitOptions reads the configuration git's own options give (-c,
// --config-env) into st; ws are the words of g's arguments.
func (w *walker) gitOptions(st *gitState, g gitCall, ws []word, c ctx) {
	for _, o := range g.config {
		x := ws[o.at]
		if o.env {
			// --config-env=KEY=VARIABLE: the value is the environment's.
			x.text = o.text
			key, _, keyLiteral, _ := gitSetting(x)
			if !keyLiteral {
				w.unknown("git --config-env of a key known only at run time: " + o.text)
				continue
			}
			_, variable, _ := strings.Cut(o.text, "=")
			w.configure(st, key, "$"+variable, false, c, "git --config-env")
			continue
		}
		key, value, keyLiteral, valueLiteral := gitSetting(x)
		if !keyLiteral {
			w.unknown("git -c of a key known only at run time: " + x.text)
			continue
		}
		w.configure(st, key, value, valueLiteral, c, "git -c")
	}
}

// splitQuoted splits text into words as git splits an alias, with
// quotes and backslashes as the shell has them, and reports false when
// it holds what only run time knows.
func splitQuoted(text string) ([]string, bool) {
	src := "x " + text
	f, err := parse(src)
	if err != nil || len(f.Stmts) != 1 {
		return nil, false
	}
	call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(call.Assigns) > 0 || len(f.Stmts[0].Redirs) > 0 {
		return nil, false
	}
	var out []string
	for _, x := range words(call.Args[1:], src) {
		if x.dyn {
			return nil, false
		}
		out = append(out, x.text)
	}
	return out, true
}

// extWords splits the command of git's ext:: transport into words.
func extWords(s string) []word {
	var out []word
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '%' && i+1 < len(s):
			i++
			switch s[i] {
			case ' ', '%':
				b.WriteByte(s[i])
			default:
				b.WriteString("{}") // %s, %S, %G: what git puts there
			}
		case s[i] == ' ':
			if b.Len() > 0 {
				out = append(out, word{text: b.String()})
				b.Reset()
			}
		default:
			b.WriteByte(s[i])
		}
	}
	if b.Len() > 0 {
		out = append(out, word{text: b.String()})
	}
	return out
}

// gitScriptOptions are the options of git's subcommands whose value is a
// shell command: git rebase -x, git difftool -x, git filter-branch's
// filters.
var gitScriptOptions = map[string]struct {
	g    grammar
	opts []string
}{
	"rebase":   {with(opts("C: s: S:: X: x:", "exec= onto= strategy= strategy-option= gpg-sign=? whitespace= empty= rebase-merges=?"), permute), []string{"-x", "--exec"}},
	"difftool": {with(opts("t: x:", "extcmd= tool= rotate-to= skip-to="), permute), []string{"-x", "--extcmd"}},
	"filter-branch": {with(opts("d:", "commit-filter= env-filter= index-filter= msg-filter= original= parent-filter= "+
		"setup= state-branch= subdirectory-filter= tag-name-filter= tree-filter="), permute),
		[]string{"--commit-filter", "--env-filter", "--index-filter", "--msg-filter", "--parent-filter", "--setup", "--tag-name-filter", "--tree-filter"}},
}

// gitRuns reads the commands git's subcommands run: the options above,
// git bisect run's command and git submodule foreach's script.
func (w *walker) gitRuns(sub string, args []string, ws []word, c ctx) {
	label := "git " + sub
	switch sub {
	case "bisect":
		if len(ws) > 1 && args[0] == "run" {
			w.command(ws[1:], args[1:], c.reached("git bisect run"), 1)
		}
		return
	case "submodule":
		for i, a := range args {
			if a == "foreach" && i+1 < len(ws) {
				rest := ws[i+1:]
				for len(rest) > 0 && strings.HasPrefix(rest[0].text, "--") {
					rest = rest[1:] // --recursive, --quiet
				}
				w.runScript(rest, c, "git submodule foreach")
				return
			}
		}
		return
	}
	spec, ok := gitScriptOptions[sub]
	if !ok {
		return
	}
	spec.g.scan(args, func(o option) {
		if !contains(spec.opts, o.name) || o.at >= len(ws) {
			return
		}
		if ws[o.at].dyn {
			w.unknown(label + " " + o.name + " of a non-literal: " + ws[o.at].text)
			return
		}
		w.script(o.val, c.reached(label+" "+o.name), label+" "+o.name)
	})
}
