package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Families of shells, by how they read their options.
const (
	posixShell = iota // sh, bash, zsh, ksh, dash and the rest
	fishShell
	cShell
)

// shells run the string after -c as a script, or read one from a file or
// their standard input. Their scripts are read as Bash: where a dialect's
// syntax agrees (most commands guards care about) that is what it runs,
// and where it does not, the script does not parse and is unknown.
var shells = map[string]int{
	"sh": posixShell, "bash": posixShell, "rbash": posixShell, "dash": posixShell, "zsh": posixShell,
	"ksh": posixShell, "ksh93": posixShell, "mksh": posixShell, "lksh": posixShell, "pdksh": posixShell,
	"oksh": posixShell, "loksh": posixShell, "ash": posixShell, "yash": posixShell, "posh": posixShell,
	"hush": posixShell, "bosh": posixShell, "jsh": posixShell,
	"fish": fishShell, "nu": fishShell, "elvish": fishShell, "xonsh": fishShell,
	"csh": cShell, "tcsh": cShell,
}

// shellCall is how a shell was asked to run: the script it was given
// with -c (or fish's --command), whether it reads its input (-s), whether
// it only checks syntax (-n), and the operands after its options.
type shellCall struct {
	dashC   bool
	rcfile  *word // bash --rcfile, --init-file
	script  *word // -c's command string
	init    *word // fish -C, run before anything else
	stdin   bool
	noexec  bool
	nothing bool // --help, --version
	dynOpts *word
	// badOpt is an option the shell's grammar does not have: what it
	// runs is then unknown.
	badOpt      *word
	interactive bool // -i: it reads the file ENV names
	operands    []word
}

// readShellArgs reads a shell's options as its family does.
func readShellArgs(family int, name string, args []word) shellCall {
	if family == posixShell {
		return readPosixShellArgs(strings.ToLower(name), args)
	}
	var sc shellCall
	dashC := false
	i := 0
options:
	for ; i < len(args); i++ {
		a := args[i].text
		switch {
		case args[i].dyn:
			if i+1 < len(args) && mayBeOptions(a) {
				sc.dynOpts = &args[i]
			}
			break options
		case a == "--" || a == "-":
			i++
			break options
		case strings.HasPrefix(a, "--"):
			name, val, hasVal := strings.Cut(a[2:], "=")
			switch {
			case name == "help" || name == "version":
				sc.nothing = true
			case family == fishShell && (name == "command" || name == "init-command"):
				var v *word
				if hasVal {
					v = &word{text: val, dyn: args[i].dyn}
				} else if i+1 < len(args) {
					i++
					v = &args[i]
				}
				if name == "command" {
					sc.script = v
				} else {
					sc.init = v
				}
			case family == fishShell && name == "no-execute":
				sc.noexec = true
			case !hasVal && (family == fishShell &&
				(name == "debug" || name == "debug-output" || name == "features" || name == "profile" || name == "profile-startup")):
				i++
			}
		case len(a) >= 2 && a[0] == '-':
			need := 0
			for j := 1; j < len(a); j++ {
				switch c := a[j]; {
				case c == 'c':
					dashC = true
				case c == 's' && family != fishShell:
					sc.stdin = true
				case c == 'n':
					sc.noexec = true
				case family == fishShell && strings.IndexByte("CdfopD", c) >= 0:
					need++
					if c == 'C' && i+need < len(args) {
						sc.init = &args[i+need]
					}
				case family == fishShell && (c == 'h' || c == 'v'):
					sc.nothing = true
				}
			}
			i += need
		default:
			break options
		}
	}
	return sc.finish(family, args[min(i, len(args)):], dashC)
}

func (sc shellCall) finish(family int, rest []word, dashC bool) shellCall {
	if dashC && sc.script == nil && len(rest) > 0 {
		sc.script = &rest[0]
		rest = rest[1:]
	}
	sc.operands, sc.dashC = rest, dashC
	if family == fishShell && dashC && sc.script == nil {
		sc.stdin = true
	}
	return sc
}

// Letters a POSIX shell takes without a value: set's options and the
// ones only its command line knows (-c, -i, -l, -r, -s). dash and ash add
// -E and -V (emacs and vi editing); zsh gives every letter a meaning.
const (
	bashLetters  = "abefhkmnptuvxBCEHPTcilrs"
	otherLetters = bashLetters + "V"
)

// readPosixShellArgs reads the options of sh, bash, zsh, ksh and the
// rest in order, as the shell does: the last of -n and +n (or -o noexec
// and +o noexec) wins, and an option the shell's grammar does not have
// leaves what it runs unknown rather than guessed at.
func readPosixShellArgs(name string, args []word) shellCall {
	var sc shellCall
	zsh := name == "zsh"
	dashC := false
	i := 0
	// value is the word after the option at i taking need values so far.
	value := func(need int) *word {
		if k := i + need; k < len(args) {
			return &args[k]
		}
		return nil
	}
options:
	for ; i < len(args); i++ {
		a := args[i].text
		switch {
		case args[i].dyn:
			if i+1 < len(args) && mayBeOptions(a) {
				sc.dynOpts = &args[i]
			}
			break options
		case a == "--" || a == "-":
			i++
			break options
		case a == "-b" && zsh:
			i++
			break options
		case strings.HasPrefix(a, "--") || zsh && strings.HasPrefix(a, "+-"):
			on := a[0] == '-'
			long, val, hasVal := strings.Cut(a[2:], "=")
			switch {
			case long == "help" || long == "version":
				sc.nothing = true
			case (name == "bash" || name == "rbash") && (long == "rcfile" || long == "init-file"):
				// An interactive bash runs this file first.
				if hasVal {
					sc.rcfile = &word{text: val}
				} else if i+1 < len(args) {
					i++
					sc.rcfile = &args[i]
				}
			case (name == "bash" || name == "rbash") && !hasVal && bashLongFlags[long]:
				if long == "dump-strings" || long == "dump-po-strings" || long == "noexec" {
					sc.noexec = true
				}
			case zsh && on && long == "emulate" && !hasVal:
				// zsh --emulate MODE takes its mode as the next word.
				i++
			case zsh && !hasVal:
				// Any other long option of zsh is an option by name,
				// --no-NAME and +-NAME turn it off, and a name zsh does not
				// have is an error that runs nothing.
				sc.zshOption(long, on)
			default:
				sc.badOpt = &args[i]
				break options
			}
		case len(a) >= 2 && (a[0] == '-' || a[0] == '+'):
			// Letters that take a value take the next words in turn:
			// bash -oc pipefail 'rm -rf /' is -o pipefail -c.
			on := a[0] == '-'
			need := 0
			for j := 1; j < len(a); j++ {
				switch c := a[j]; {
				case c == 'o' || c == 'O' && !zsh:
					need++
					if v := value(need); v != nil && c == 'o' {
						if v.dyn {
							sc.dynOpts = v
						} else if zsh {
							sc.zshOption(v.text, on)
						} else if isNoexec(v.text) {
							sc.noexec = on
						}
					}
				case c == 'c' && on:
					dashC = true
				case c == 's' && on:
					sc.stdin = true
				case c == 'i' && on:
					sc.interactive = true
				case c == 'n':
					sc.noexec = on
				case c == 'D' && on && (name == "bash" || name == "rbash"):
					sc.noexec = true // dumps the script's strings
				case zsh && isLetter(c):
				case strings.IndexByte(otherLetters, c) >= 0 && (c != 'V' || name != "bash" && name != "rbash"):
				default:
					sc.badOpt = &args[i]
					break options
				}
			}
			i += need
		default:
			break options
		}
	}
	return sc.finish(posixShell, args[min(i, len(args)):], dashC)
}

// bashLongFlags are bash's long options without a value.
var bashLongFlags = map[string]bool{
	"debug": true, "debugger": true, "dump-po-strings": true, "dump-strings": true, "login": true,
	"noediting": true, "noprofile": true, "norc": true, "posix": true, "pretty-print": true,
	"protected": true, "restricted": true, "verbose": true, "wordexp": true, "noexec": true,
}

// zshOption reads an option zsh sets by name, on or off: NO_EXEC and EXEC
// decide whether it runs anything, SHIN_STDIN whether it reads its input.
func (sc *shellCall) zshOption(name string, on bool) {
	n := strings.ToLower(strings.NewReplacer("_", "", "-", "").Replace(name))
	if rest, ok := strings.CutPrefix(n, "no"); ok && rest != "tify" {
		n, on = rest, !on
	}
	switch n {
	case "exec":
		sc.noexec = !on
	case "shinstdin":
		sc.stdin = on
	case "interactive":
		sc.interactive = on
	}
}

func isLetter(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func isNoexec(name string) bool {
	n := strings.ToLower(strings.ReplaceAll(name, "_", ""))
	return n == "noexec"
}

// mayBeOptions reports whether a word known only at run time could be a
// bundle of options: an expansion and nothing else ($OPTS, "$X"), or a dash
// followed by one. "$DIR/run.sh" could not.
func mayBeOptions(arg string) bool {
	s := shape(arg)
	return len(s) == 1 && s[0].hole || len(s) > 1 && strings.HasPrefix(s[0].text, "-")
}

// shell reads what a shell runs: the script after -c, a script file (which
// cannot be read from here and is not a reason for doubt: any program is a
// file this package cannot read) unless it names a descriptor or a
// process substitution, or its standard input.
func (w *walker) shell(family int, name string, args []word, c ctx) {
	w.env.shells++
	for _, a := range args {
		// bash -O lastpipe: kept for the whole script, as shopt is.
		w.lastpipe = w.lastpipe || a.text == "lastpipe"
	}
	own, args := w.keywordWords(args)
	sc := readShellArgs(family, name, args)
	if sc.badOpt != nil {
		w.unknown(name + " with an option it is not known to take: " + sc.badOpt.text)
		return
	}
	if sc.nothing || sc.noexec {
		return // it prints or checks, and runs nothing
	}
	if sc.dynOpts != nil {
		// bash $OPTS 'rm -rf /' may be bash -c 'rm -rf /'.
		w.unknown(name + " with options known only at run time: " + sc.dynOpts.text)
		return
	}
	label := name + " -c"
	if family == posixShell {
		w.startupFiles(name, sc, own, c)
	}
	if sc.init != nil {
		w.runScript([]word{*sc.init}, c, name+" -C")
	}
	if sc.rcfile != nil {
		w.readScript(name+" --rcfile", w.operandInput(*sc.rcfile, c), c)
	}
	switch {
	case sc.script != nil:
		w.runScript([]word{*sc.script}, c, label)
	case sc.dashC && c.more != "":
		w.unknown(label + " of " + c.more)
	case len(sc.operands) > 0 && !sc.stdin:
		w.readScript(name, w.operandInput(sc.operands[0], c), c)
	default:
		w.readScript(name, c.fds.get(0), c)
	}
}

// operandSource returns what a program reads from the file its operand
// names: a process substitution's output, a descriptor for /dev/stdin and
// /dev/fd/N, or a file.
func (w *walker) operandInput(x word, c ctx) input {
	if x.node != nil && len(x.node.Parts) == 1 {
		if ps, ok := x.node.Parts[0].(*syntax.ProcSubst); ok && ps.Op == syntax.CmdIn {
			return w.outputOfStmts(ps.Stmts, c.src, "a process substitution: "+x.text)
		}
	}
	if x.dyn {
		if strings.Contains(x.text, "<(") {
			return unknownInput("a process substitution: " + x.text)
		}
		return dynamicPath(x.text)
	}
	return w.filePath(x.text, c.fds)
}

// readScript records what a shell (or source, at, make) runs when it reads
// its script from in, and returns the descriptors the script leaves, for
// source, which runs it in the caller's shell.
func (w *walker) readScript(name string, in input, c ctx) fds {
	in = w.resolve(in)
	switch in.kind {
	case srcText:
		label := name + " " + in.how
		if in.how == "|" {
			label = "| " + name
		}
		return w.script(in.text, c.reached(label), label)
	case srcEither:
		ways := make([]fds, len(in.alts))
		for i, alt := range in.alts {
			ways[i] = w.readScript(name, alt, c)
		}
		return either(ways...)
	case srcUnknown:
		w.unknown(name + " reading its script from " + in.text)
	case srcUnset:
		w.unknown(name + " reading a descriptor the command line does not open")
	case srcCaller:
		if w.names.callers == nil {
			w.names.callers = map[string]string{}
		}
		w.names.callers[in.text] = name
	case srcNothing, srcFile:
	default:
		w.unknown(name + " reading an input only run time knows")
	}
	return c.fds
}

// source reads source FILE and . FILE, which run a script in the current
// shell.
func (w *walker) source(name string, args []word, c ctx) {
	if len(args) > 0 && args[0].text == "--" {
		args = args[1:]
	}
	if len(args) == 0 {
		return
	}
	after := w.readScript(name, w.operandInput(args[0], c), c)
	w.sameShell = &after
}
