package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// environ is what the command line has exported for the shells it starts
// after: the startup files they read (BASH_ENV, ENV), and set -a and set
// -k, which change what an assignment exports. It holds from where it is
// set to the end of the script, whatever list, group or function sets it
// (a subshell's export is read as if it held after it too).
type environ struct {
	vars      map[string]startupVar // BASH_ENV and ENV, exported or not
	allexport bool                  // set -a: every assignment exports
	keyword   bool                  // set -k: NAME=VALUE anywhere in a command's words is its environment
	// version changes whenever what a shell started now would read does;
	// shells counts the shells started so far; funcs records, for each
	// function whose body starts a shell, the version it was read with.
	version int
	shells  int
	funcs   map[string]int
}

type startupVar struct {
	value    word // its source text when dynamic; a process substitution's is unknown
	exported bool
	// unfollowed says it was set in a way the reader does not follow
	// (read, printf -v, +=, ${NAME:=…}).
	unfollowed bool
}

// startupVars name a file a shell runs before its script: BASH_ENV for a
// bash that is not interactive, ENV for an interactive sh.
var startupVars = map[string]bool{"BASH_ENV": true, "ENV": true}

// setVar records an assignment of value to a startup variable, which is
// exported if it was before, under set -a, or when export says so.
func (w *walker) setVar(name string, value word, export bool) {
	if !startupVars[name] {
		return
	}
	if w.env.vars == nil {
		w.env.vars = map[string]startupVar{}
	}
	value.node = nil // read far from its source text
	w.env.vars[name] = startupVar{value: value, exported: export || w.env.allexport || w.env.vars[name].exported}
	w.env.version++
}

// exportVar marks a startup variable exported or not (export -n).
func (w *walker) exportVar(name string, on bool) {
	if !startupVars[name] {
		return
	}
	if w.env.vars == nil {
		w.env.vars = map[string]startupVar{}
	}
	v := w.env.vars[name]
	v.exported = on
	w.env.vars[name] = v
	w.env.version++
}

// declExports reads export, declare -x, typeset -x and local -x, and their
// undoing (export -n, declare +x), for the startup variables.
func (w *walker) declExports(x *syntax.DeclClause, src string) {
	variant := ""
	if x.Variant != nil {
		variant = x.Variant.Value
	}
	export, unexport, nameref := variant == "export", false, false
	for _, a := range x.Args {
		switch {
		case a.Naked && a.Name == nil && a.Value != nil:
			lw := literal(a.Value, src)
			switch {
			case lw.dyn:
				// declare $FLAGS NAME=…: whether it exports is known only at
				// run time; a name it may set is unknown if it is one.
				if strings.Contains(lw.text, "BASH_ENV") || strings.Contains(lw.text, "ENV=") {
					w.unknown(variant + " of a startup variable known only at run time: " + lw.text)
				}
			case strings.HasPrefix(lw.text, "-"):
				export = export || strings.Contains(lw.text, "x")
				nameref = nameref || variant != "export" && strings.Contains(lw.text, "n")
				unexport = unexport || variant == "export" && strings.Contains(lw.text, "n")
			case strings.HasPrefix(lw.text, "+"):
				unexport = unexport || strings.Contains(lw.text, "x")
			default:
				name, value, ok := strings.Cut(lw.text, "=")
				if ok {
					w.setVar(name, word{text: value}, export && !unexport)
				}
			}
		case a.Name != nil && (a.Naked || a.Value == nil && a.Array == nil):
			if export || unexport {
				w.exportVar(a.Name.Value, !unexport)
			}
		case a.Name != nil && a.Value != nil:
			v := literal(a.Value, src)
			w.setVar(a.Name.Value, v, export && !unexport)
			for n := range startupVars {
				if mentions(v.text, n) {
					// declare -n ref=BASH_ENV: what ref is given, and whether it
					// is exported, is BASH_ENV's.
					w.unfollow(n)
					if nameref {
						w.exportVar(n, true)
					}
				}
			}
		}
	}
}

// setOptions reads set's -a and -k (and -o allexport, -o keyword), and
// their undoing with +.
func (w *walker) setOptions(args []word) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.dyn {
			w.unknown("set with options known only at run time: " + a.text)
			return
		}
		if len(a.text) < 2 || a.text[0] != '-' && a.text[0] != '+' || a.text == "--" {
			return
		}
		on := a.text[0] == '-'
		for _, c := range a.text[1:] {
			switch c {
			case 'a':
				w.env.allexport = on
			case 'k':
				w.env.keyword = on
			case 'o':
				if i+1 < len(args) {
					i++
					switch args[i].text {
					case "allexport":
						w.env.allexport = on
					case "keyword":
						w.env.keyword = on
					}
				}
			}
		}
		w.env.version++
	}
}

// startupFiles reads the files a POSIX shell started now runs before its
// script: BASH_ENV (read by any of them, since which are bash is not
// known) and, when it is interactive, ENV; from what the command line
// exported, what a wrapper gave it (env NAME=VALUE) and, under set -k,
// from assignments among its own words.
func (w *walker) startupFiles(name string, sc shellCall, own []word, c ctx) {
	values := map[string]word{}
	for n, v := range w.env.vars {
		if v.exported {
			values[n] = v.value
		}
	}
	for _, list := range [2][]word{c.env, own} {
		for _, a := range list {
			if n, v, ok := strings.Cut(a.text, "="); ok && startupVars[n] {
				values[n] = word{text: v, dyn: a.dyn}
			}
		}
	}
	for _, n := range [2]string{"BASH_ENV", "ENV"} {
		v, ok := values[n]
		switch {
		case !ok || n == "ENV" && !sc.interactive || v.text == "":
		case w.env.vars[n].unfollowed && w.env.vars[n].value == v:
			w.unknown(name + " reading " + n + ", exported with a value set in a way the reader does not follow")
		default:
			w.readScript(name+" "+n, w.operandInput(v, c), c)
		}
	}
}

// unfollow records that a command sets a startup variable in a way the
// reader does not follow: read BASH_ENV, printf -v BASH_ENV, BASH_ENV+=…,
// ${BASH_ENV:=…}, for BASH_ENV in ….
func (w *walker) unfollow(name string) {
	w.setVar(name, word{text: "$" + name, dyn: true}, false)
	v := w.env.vars[name]
	v.unfollowed = true
	w.env.vars[name] = v
}

// mentions reports whether text names the variable name, as a whole
// name.
func mentions(text, name string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], name)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(name)
		if (j == 0 || !isNameByte(text[j-1])) && (end == len(text) || !isNameByte(text[end])) {
			return true
		}
		i = j + 1
	}
}

// unfollowedWords records the startup variables the words of a command
// name, which may set them (read, printf -v, mapfile, ${NAME:=…}).
func (w *walker) unfollowedWords(ws []word) {
	for _, a := range ws {
		for n := range startupVars {
			if mentions(a.text, n) {
				w.unfollow(n)
			}
		}
	}
}

// withEnv returns c for the command a wrapper runs with the words env
// given before it (env NAME=VALUE, sudo NAME=VALUE) in its environment;
// a function bash imports from there (BASH_FUNC_NAME%%) is read.
func (w *walker) withEnv(c ctx, env []word) ctx {
	for _, a := range env {
		if isAssignment(a.text) {
			c.env = append(c.env[:len(c.env):len(c.env)], a)
		} else if strings.HasPrefix(a.text, "BASH_FUNC_") {
			w.importedFunction(a, c)
		}
	}
	return c
}

// keywordWords splits the words of a command under set -k into its
// environment (the assignments among them) and its arguments.
func (w *walker) keywordWords(args []word) ([]word, []word) {
	if !w.env.keyword {
		return nil, args
	}
	var env, rest []word
	for _, a := range args {
		if isAssignment(a.text) {
			env = append(env, a)
			continue
		}
		rest = append(rest, a)
	}
	return env, rest
}

// defineShells records that the body of the function name starts a
// shell, read with the environment as it is now.
func (w *walker) defineShells(name string) {
	if w.env.funcs == nil {
		w.env.funcs = map[string]int{}
	}
	w.env.funcs[name] = w.env.version
}

// shellState reads a command that changes the state later shells see
// (set -a, set -k), and a call of a function that starts a shell with an
// environment that changed since its body was read, which is unknown.
func (w *walker) shellState(ws []word, assigns []*syntax.Assign) {
	if !strings.Contains(ws[0].text, "=") {
		w.unfollowedWords(ws[1:])
	}
	if ws[0].dyn {
		return
	}
	switch name := ws[0].text; {
	case name == "set":
		w.setOptions(ws[1:])
	case name == "shopt":
		for _, a := range ws[1:] {
			w.lastpipe = w.lastpipe || a.text == "lastpipe" || a.dyn
		}
	case w.env.funcs != nil:
		v, ok := w.env.funcs[name]
		if !ok {
			return
		}
		if v != w.env.version {
			w.unknown("a function that starts a shell, called after what that shell is given in its environment changed: " + name)
		}
		for _, a := range assigns {
			if a.Name != nil && startupVars[a.Name.Value] {
				w.unknown("a function that starts a shell, called with " + a.Name.Value + " set for it: " + name)
			}
		}
	}
}

// importedFunction reads BASH_FUNC_NAME%%=() { …; } in a command's
// environment: every bash it starts defines the function NAME with that
// body, which is read as a function defined on the command line.
func (w *walker) importedFunction(a word, c ctx) {
	n, body, ok := strings.Cut(a.text, "=")
	if !ok {
		return
	}
	name := strings.TrimPrefix(n, "BASH_FUNC_")
	name, ok = strings.CutSuffix(name, "%%")
	if !ok {
		name, ok = strings.CutSuffix(name, "()")
	}
	switch {
	case !ok || !strings.HasPrefix(body, "() {"):
		return // not a function bash imports
	case a.dyn || !syntax.ValidName(name):
		w.unknown("a function in the environment known only at run time: " + a.text)
		return
	}
	w.script(name+" "+body, c.reached("BASH_FUNC_"+name), "BASH_FUNC_"+name)
}
