package shell

import (
	"maps"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// gitGlobal is git's own options, before its subcommand.
var gitGlobal = opts("C: c: h! p P", "attr-source= bare config-env= exec-path=? git-dir= glob-pathspecs help! html-path! "+
	"icase-pathspecs info-path! list-cmds= literal-pathspecs man-path! namespace= no-advice no-lazy-fetch "+
	"no-optional-locks no-pager no-replace-objects noglob-pathspecs paginate super-prefix= version! work-tree=")

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
	config [][2]string
	ok     bool // it runs a subcommand at all (not git --version)
}

// readGit reads git's global options and finds its subcommand. A program
// named git-push is git push.
func readGit(name string, args []string) gitCall {
	var g gitCall
	if sub, ok := strings.CutPrefix(strings.ToLower(name), "git-"); ok {
		return gitCall{sub: sub, args: args, ok: true}
	}
	i, runs := gitGlobal.scan(args, func(o option) {
		if o.name == "-c" {
			k, v, _ := strings.Cut(o.val, "=")
			g.config = append(g.config, [2]string{k, v})
		}
	})
	if !runs || i >= len(args) {
		return g
	}
	g.sub, g.args, g.ok = args[i], args[i+1:], true
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

// gitCommandKeys are configuration keys whose value git runs as a shell
// command (or, with a leading '!', as a script); '*' stands for a name.
var gitCommandKeys = []string{
	"core.sshcommand", "core.pager", "core.editor", "core.askpass", "core.fsmonitor", "core.gitproxy",
	"core.alternaterefscommand", "sequence.editor", "diff.external", "pager.*", "gpg.program", "gpg.*.program",
	"credential.helper", "credential.*.helper", "filter.*.clean", "filter.*.smudge", "filter.*.process",
	"merge.*.driver", "diff.*.command", "diff.*.textconv", "difftool.*.cmd", "mergetool.*.cmd",
	"sendemail.sendmailcmd", "sendemail.tocmd", "sendemail.cccmd", "uploadpack.packobjectshook",
	"remote.*.receivepack", "remote.*.uploadpack", "man.*.cmd", "browser.*.cmd", "interactive.difffilter",
	"alias.*",
}

// keyMatch reports whether key, in git's spelling (section and name in
// any case), is pattern.
func keyMatch(pattern, key string) bool {
	p := strings.Split(pattern, ".")
	k := strings.Split(key, ".")
	if len(p) == 2 && len(k) >= 2 {
		// pager.log, alias.p: the name after the section may hold dots.
		return p[0] == strings.ToLower(k[0]) && (p[1] == "*" || p[1] == strings.ToLower(strings.Join(k[1:], ".")))
	}
	if len(p) != len(k) {
		return false
	}
	for i := range p {
		if p[i] == "*" {
			continue
		}
		if p[i] != strings.ToLower(k[i]) {
			return false
		}
	}
	return true
}

// gitState is what the command line configures git to do: a refspec
// that forces a push, a mirror, aliases, autocorrection.
type gitState struct {
	forced     []string // at most one "+main:main" from remote.*.push and one "--mirror" from remote.*.mirror
	aliases    map[string]string
	autocorect bool
}

// force records what forces a push, once of each kind: one is enough.
func (st *gitState) force(f string) {
	for _, g := range st.forced {
		if g == f || g != "--mirror" && f != "--mirror" {
			return
		}
	}
	st.forced = append(st.forced[:len(st.forced):len(st.forced)], f)
}

// copy returns a state that -c options of one command may change without
// changing the command line's.
func (st *gitState) copy() gitState {
	return gitState{forced: st.forced[:len(st.forced):len(st.forced)], aliases: maps.Clone(st.aliases), autocorect: st.autocorect}
}

// configure records one configuration key and value given on the command
// line, through -c, git config, or the environment, and reads the values
// that are commands.
func (w *walker) configure(st *gitState, key, value string, c ctx, label string) {
	k := strings.ToLower(key)
	switch {
	case keyMatch("remote.*.push", key) && strings.HasPrefix(value, "+"):
		st.force(value)
	case keyMatch("remote.*.mirror", key) && isTrue(value):
		st.force("--mirror")
	case k == "help.autocorrect":
		switch strings.ToLower(value) {
		case "", "0", "false", "off", "no", "never", "show":
		default:
			st.autocorect = true
		}
	}
	if sub, ok := strings.CutPrefix(key, "url."); ok && strings.HasPrefix(sub, "ext::") {
		// url.<base>.insteadOf rewrites URLs to <base>: an ext:: base runs
		// a command.
		if i := strings.LastIndexByte(sub, '.'); i > 0 {
			ws := extWords(strings.TrimPrefix(sub[:i], "ext::"))
			w.command(ws, texts(ws), c.reached(label+" url.ext::"), 1)
		}
	}
	if keyMatch("alias.*", key) {
		if st.aliases == nil {
			st.aliases = map[string]string{}
		}
		name := key[strings.IndexByte(key, '.')+1:]
		st.aliases[name] = value
		if strings.HasPrefix(value, "!") {
			w.script(value[1:], c.reached(label+" "+key), label+" "+key)
		}
		return
	}
	for _, p := range gitCommandKeys {
		if keyMatch(p, key) {
			v := strings.TrimPrefix(value, "!")
			if k == "core.fsmonitor" && (isTrue(v) || isFalse(v)) {
				return
			}
			w.script(v, c.reached(label+" "+key), label+" "+key)
			return
		}
	}
}

func isTrue(v string) bool {
	switch strings.ToLower(v) {
	case "", "true", "yes", "on", "1", "fetch", "push":
		return true
	}
	return false
}

func isFalse(v string) bool {
	switch strings.ToLower(v) {
	case "false", "no", "off", "0":
		return true
	}
	return false
}

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

// git reads a git command: the commands its configuration runs (-c and
// the git config before it), its aliases, and a push that configuration
// forces.
func (w *walker) git(cmd Command, args []word, c ctx) {
	st := &w.gitLine
	g := readGit(cmd.Name, cmd.Args)
	local := st.copy()
	for _, kv := range g.config {
		w.configure(&local, kv[0], kv[1], c, "git -c")
	}
	if !g.ok {
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
	if alias, ok := local.aliases[sub]; ok && !isGitCommand(sub) {
		label := "git alias " + sub
		if strings.HasPrefix(alias, "!") {
			return // read where it was defined; its arguments follow the script
		}
		fields, ok := splitQuoted(alias)
		if !ok {
			w.unknown(label + " that cannot be split: " + alias)
			return
		}
		if len(fields) == 0 {
			return
		}
		global := cmd.Args[:len(cmd.Args)-len(g.args)-1]
		effective = append(append(append([]string(nil), global...), fields...), g.args...)
		w.out.Commands = append(w.out.Commands, Command{Name: cmd.Name, Path: cmd.Path, Dynamic: cmd.Dynamic,
			Via: appendVia(c.via, label), Args: effective})
		sub, subArgs = fields[0], effective[len(global)+1:]
		aliasWords := make([]word, 0, len(subArgs))
		for _, f := range fields[1:] {
			aliasWords = append(aliasWords, word{text: f})
		}
		subWords = append(aliasWords, subWords...)
	}
	w.gitRuns(sub, subArgs, subWords, c)
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
	case (sub == "push" || gitSame[sub] == "push") && len(local.forced) > 0:
		// Configuration forces the push as if the command line said so.
		label := "git config " + strings.Join(local.forced, " ")
		w.out.Commands = append(w.out.Commands, Command{Name: cmd.Name, Path: cmd.Path, Dynamic: cmd.Dynamic,
			Via: appendVia(c.via, label), Args: append(append([]string(nil), effective...), local.forced...)})
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

// gitConfig reads git config [options] KEY VALUE and git config set KEY
// VALUE, which change what the git commands after it do; ws are the words
// of args, for telling which are literal.
func (w *walker) gitConfig(args []string, ws []word, c ctx) {
	g := opts("f: e! l! z", "add blob= bool bool-or-int comment= default= edit! expiry-date file= fixed-value get! "+
		"get-all! get-color! get-colorbool! get-regexp! get-urlmatch! global includes int list! local name-only "+
		"null path remove-section! rename-section! replace-all show-origin show-scope system type= unset! unset-all! "+
		"value= worktree all append")
	i, runs := g.scan(args, nil)
	if !runs {
		return
	}
	rest := args[i:]
	if len(rest) > 0 && rest[0] == "set" {
		j, _ := g.scan(rest[1:], nil)
		rest = rest[1+j:]
	}
	if len(rest) < 2 {
		return
	}
	dyn := false
	for _, x := range ws[len(ws)-len(rest):] {
		dyn = dyn || x.dyn
	}
	if dyn {
		w.unknown("git config of what only run time knows: " + strings.Join(rest, " "))
		return
	}
	w.configure(&w.gitLine, rest[0], rest[1], c, "git config")
}

// gitConfigVariable reads git configuration given through the
// environment: GIT_CONFIG_PARAMETERS ('key'='value' …), and
// GIT_CONFIG_KEY_n with GIT_CONFIG_VALUE_n.
func (w *walker) gitConfigVariable(name string, x *syntax.Word, c ctx) {
	if x == nil {
		return
	}
	v := literal(x, c.src)
	if v.dyn {
		if name == "GIT_CONFIG_PARAMETERS" || strings.HasPrefix(name, "GIT_CONFIG_KEY_") || strings.HasPrefix(name, "GIT_CONFIG_VALUE_") {
			w.unknown("git configuration known only at run time: " + name)
		}
		return
	}
	switch {
	case name == "GIT_CONFIG_PARAMETERS":
		f, err := parse("x " + v.text)
		if err != nil || len(f.Stmts) != 1 {
			w.unknown("GIT_CONFIG_PARAMETERS that cannot be read: " + v.text)
			return
		}
		call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
		if !ok {
			return
		}
		for _, a := range w.words(call.Args[1:], "x "+v.text) {
			k, val, _ := strings.Cut(a.text, "=")
			w.configure(&w.gitLine, k, val, c, "GIT_CONFIG_PARAMETERS")
		}
	case strings.HasPrefix(name, "GIT_CONFIG_KEY_"):
		w.gitEnv(strings.TrimPrefix(name, "GIT_CONFIG_KEY_"), v.text, true, c)
	case strings.HasPrefix(name, "GIT_CONFIG_VALUE_"):
		w.gitEnv(strings.TrimPrefix(name, "GIT_CONFIG_VALUE_"), v.text, false, c)
	}
}

// gitEnv pairs GIT_CONFIG_KEY_n with GIT_CONFIG_VALUE_n.
func (w *walker) gitEnv(n, text string, key bool, c ctx) {
	if w.gitPairs == nil {
		w.gitPairs = map[string]*[2]string{}
	}
	p, ok := w.gitPairs[n]
	if !ok {
		p = &[2]string{"\x00", "\x00"}
		w.gitPairs[n] = p
	}
	if key {
		p[0] = text
	} else {
		p[1] = text
	}
	if p[0] != "\x00" && p[1] != "\x00" {
		w.configure(&w.gitLine, p[0], p[1], c, "GIT_CONFIG_KEY_"+n)
	}
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
