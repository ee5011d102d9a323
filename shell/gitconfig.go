package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// gitState is what the command line configures git to do: a refspec
// that forces a push, a mirror, aliases, autocorrection, and a key that
// makes a push unknown.
type gitState struct {
	forced  []string // at most one "+main:main" from remote.*.push and one "--mirror" from remote.*.mirror
	aliases map[string]string
	// base is the aliases of the state this one was copied from, which
	// its own aliases override: a copy costs nothing however many the
	// line defines.
	base       map[string]string
	autocorect bool
	// pushUnknown is why a push under this configuration is unknown: a
	// key under remote, push or branch that is not known, or a push key
	// whose value only run time knows.
	pushUnknown string
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
	c := *st
	c.forced = st.forced[:len(st.forced):len(st.forced)]
	c.aliases, c.base = nil, st.aliases
	return c
}

// alias returns the alias name is defined as.
func (st *gitState) alias(name string) (string, bool) {
	if v, ok := st.aliases[name]; ok {
		return v, true
	}
	v, ok := st.base[name]
	return v, ok
}

// configure records one configuration key and value given on the command
// line, through -c, git config, or the environment, and reads the values
// that are commands. literal says the value is known before the line
// runs; a value that is not is harmless only for a key that runs nothing.
func (w *walker) configure(st *gitState, key, value string, literal bool, c ctx, label string) {
	k := parseGitKey(key)
	kind := gitKindOf(k)
	at := label + " " + key
	unknown := func(why string) {
		w.unknown("git configuration " + why + ": " + key + "=" + value)
	}
	switch kind {
	case gitInert:
	case gitAlias:
		if !literal {
			unknown("of an alias known only at run time")
			return
		}
		if st.aliases == nil {
			st.aliases = map[string]string{}
		}
		// git looks an alias up without regard to case, and the last
		// definition wins.
		st.aliases[strings.ToLower(key[len("alias."):])] = value
		if strings.HasPrefix(value, "!") {
			w.script(value[1:], c.reached(at), at)
		}
	case gitRunsValue:
		v := strings.TrimPrefix(value, "!")
		switch {
		case k.section == "core" && k.name == "fsmonitor" || k.section == "pager":
			if literal && (isTrue(v) || isFalse(v)) {
				return // a boolean: git's own daemon, or the default pager
			}
		case k.section == "submodule" && !strings.HasPrefix(value, "!"):
			if literal {
				return // checkout, rebase, merge or none
			}
		case k.section == "sendemail" && k.name == "smtpserver":
			if literal && !strings.HasPrefix(value, "/") {
				return // a host; a path is a sendmail git runs
			}
		}
		if !literal {
			unknown("of a command known only at run time")
			return
		}
		w.script(v, c.reached(at), at)
	case gitPushKey:
		switch {
		case !literal:
			st.pushUnknown = "git push configured with a value known only at run time: " + key + "=" + value
		case k.name == "push" && strings.HasPrefix(value, "+"):
			st.force(value)
		case k.name == "mirror" && isTrue(value):
			st.force("--mirror")
		}
	case gitNamesPrograms:
		if literal && k.name == "hookspath" && value == "/dev/null" {
			return // no hooks at all
		}
		unknown("that names programs or configuration the line does not show")
	case gitPushUnknown:
		st.pushUnknown = "git push configured with a key the reader does not know: " + key
	case gitUnknownKey:
		unknown("the reader does not know")
	case gitSpecial:
		w.configureSpecial(st, k, value, literal, c, at)
	}
}

// configureSpecial reads the keys whose meaning depends on their value
// or their subsection.
func (w *walker) configureSpecial(st *gitState, k gitKey, value string, literal bool, c ctx, at string) {
	switch {
	case k.section == "help":
		switch strings.ToLower(value) {
		case "0", "false", "off", "no", "never", "show":
			if literal {
				return
			}
		}
		st.autocorect = true
	case k.section == "url" && strings.HasPrefix(k.sub, "ext::"):
		// url.<base>.insteadOf rewrites URLs to <base>: an ext:: base runs
		// a command.
		ws := extWords(strings.TrimPrefix(k.sub, "ext::"))
		w.command(ws, texts(ws), c.reached(at), 1)
	case k.section == "remote":
		// A URL ext::COMMAND runs COMMAND; one known only at run time could
		// too, but only where protocol.ext.allow lets it, which is unknown.
		if cmdText, ok := strings.CutPrefix(value, "ext::"); ok && literal {
			ws := extWords(cmdText)
			w.command(ws, texts(ws), c.reached(at), 1)
		}
	case k.section == "protocol" && (!k.three || strings.EqualFold(k.sub, "ext")):
		// ext:: URLs, which git refuses by default, run commands: allowing
		// them lets any URL git reads, from the line or not, run one.
		if !literal || !strings.EqualFold(value, "never") {
			w.unknown("git configuration that lets ext:: URLs run commands: " + at + "=" + value)
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

// gitSetting splits a word KEY=VALUE, given to git -c or in git's
// variables, at its first '='. A word with an expansion has a literal key
// when nothing but plain characters and quotes come before that '=': the
// expansion is then in the value.
func gitSetting(x word) (key, value string, keyLiteral, valueLiteral bool) {
	if !x.dyn {
		key, value, _ = strings.Cut(x.text, "=")
		return key, value, true, true
	}
	var b strings.Builder
	var quote byte
	for i := 0; i < len(x.text); i++ {
		ch := x.text[i]
		switch {
		case quote == '\'' && ch != '\'':
			b.WriteByte(ch)
		case ch == '\'' && quote != '"' || ch == '"' && quote != '\'':
			if quote == ch {
				quote = 0
			} else {
				quote = ch
			}
		case ch == '=':
			return b.String(), x.text[i+1:], true, false
		case isKeyByte(ch) || quote == '"' && ch != '$' && ch != '`' && ch != '\\':
			b.WriteByte(ch)
		default:
			return x.text, "", false, false
		}
	}
	return x.text, "", false, false
}

func isKeyByte(ch byte) bool {
	return 'a' <= ch && ch <= 'z' || 'A' <= ch && ch <= 'Z' || '0' <= ch && ch <= '9' || strings.IndexByte("._-/:@+%,", ch) >= 0
}

// gitConfigReads are the subcommands of git config (git 2.46) that set
// nothing a later command runs: unset and the sections' only remove or
// rename what is set.
var gitConfigReads = []string{"get", "list", "unset", "edit", "rename-section", "remove-section", "get-color", "get-colorbool"}

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
	if len(rest) > 0 && contains(gitConfigReads, rest[0]) {
		return
	}
	if len(rest) > 0 && rest[0] == "set" {
		j, _ := g.scan(rest[1:], nil)
		rest = rest[1+j:]
	}
	if len(rest) < 2 {
		return
	}
	kw, vw := ws[len(ws)-len(rest)], ws[len(ws)-len(rest)+1]
	if kw.dyn {
		w.unknown("git config of a key known only at run time: " + strings.Join(rest, " "))
		return
	}
	w.configure(&w.gitLine, rest[0], rest[1], !vw.dyn, c, "git config")
}

// gitConfigVariable reads git configuration given through the
// environment: GIT_CONFIG_PARAMETERS ('key'='value' …), and
// GIT_CONFIG_KEY_n with GIT_CONFIG_VALUE_n.
func (w *walker) gitConfigVariable(name string, x *syntax.Word, c ctx) {
	if x == nil {
		return
	}
	w.gitConfigValue(name, literal(x, c.src), c)
}

// gitConfigValue reads the value v given to one of git's configuration
// variables.
func (w *walker) gitConfigValue(name string, v word, c ctx) {
	switch {
	case name == "GIT_CONFIG_PARAMETERS":
		if v.dyn {
			w.unknown("git configuration known only at run time: " + name)
			return
		}
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
			k, val, kl, vl := gitSetting(a)
			if !kl {
				w.unknown("GIT_CONFIG_PARAMETERS that cannot be read: " + v.text)
				continue
			}
			w.configure(&w.gitLine, k, val, vl, c, "GIT_CONFIG_PARAMETERS")
		}
	case strings.HasPrefix(name, "GIT_CONFIG_KEY_"):
		w.gitEnv(strings.TrimPrefix(name, "GIT_CONFIG_KEY_"), v, true, c)
	case strings.HasPrefix(name, "GIT_CONFIG_VALUE_"):
		w.gitEnv(strings.TrimPrefix(name, "GIT_CONFIG_VALUE_"), v, false, c)
	}
}

// gitEnv pairs GIT_CONFIG_KEY_n with GIT_CONFIG_VALUE_n.
func (w *walker) gitEnv(n string, v word, key bool, c ctx) {
	if key && v.dyn {
		w.unknown("git configuration known only at run time: GIT_CONFIG_KEY_" + n)
		return
	}
	if w.gitPairs == nil {
		w.gitPairs = map[string]*[2]string{}
	}
	p, ok := w.gitPairs[n]
	if !ok {
		p = &[2]string{"\x00", "\x00"}
		w.gitPairs[n] = p
	}
	switch {
	case key:
		p[0] = v.text
	case v.dyn:
		p[1] = "\x01" // a value only run time knows
	default:
		p[1] = v.text
	}
	if p[0] != "\x00" && p[1] != "\x00" {
		value, literal := p[1], p[1] != "\x01"
		if !literal {
			value = "GIT_CONFIG_VALUE_" + n
		}
		w.configure(&w.gitLine, p[0], value, literal, c, "GIT_CONFIG_KEY_"+n)
	}
}
