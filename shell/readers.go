package shell

import (
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// How a program reads a variable of environReaders.
const (
	tarOptions   = iota + 1 // as tar's options
	makeFlags               // as make's options and variables
	manOptions              // as man's options
	shellProgram            // as the shell it starts
	makefiles               // as the makefiles make reads first
	makeRule                // as part of the command lines of make's built-in rules
)

// environReaders are the variables programs read as their own options or
// as the program they start; the variables that hold a whole command
// line are in commandVariables. SHELL is the shell that make (for its
// command line), sudo -s, su -m, script, screen, tmux and editors start,
// and RSYNC_SHELL the one rsync runs RSYNC_CONNECT_PROG with: a program
// that is not a shell runs its -c string as anything.
var environReaders = map[string]int{
	"TAR_OPTIONS": tarOptions, "MAKEFLAGS": makeFlags, "GNUMAKEFLAGS": makeFlags, "MFLAGS": makeFlags,
	"MANOPT": manOptions, "SHELL": shellProgram, "RSYNC_SHELL": shellProgram, "MAKEFILES": makefiles,
}

// environ reads an assignment to a variable of environReaders, and
// reports whether it was one.
func (w *walker) environ(name string, v word, c ctx) bool {
	if key := npmConfigKey(name); key == "call" || key == "script-shell" {
		w.npmConfig(name, key, v, c)
		return true
	}
	kind := environReaders[name]
	if kind == 0 && makeRuleVariables[name] {
		kind = makeRule
	}
	switch kind {
	case tarOptions:
		w.tarOptionsVariable(v, c)
	case makeFlags:
		w.makeFlagsVariable(name, v, c)
	case manOptions:
		w.manOptVariable(name, v, c)
	case shellProgram:
		w.shellVariable(name, v)
	case makefiles:
		w.makefilesVariable(v)
	case makeRule:
		if v.dyn {
			w.unknown(name + ", which make's built-in rules run, set to what only run time knows: " + v.text)
			break
		}
		w.script(v.text, c.reached(name+"="), name+"=")
	default:
		return false
	}
	return true
}

func (w *walker) shellVariable(name string, v word) {
	if v.dyn || !isShell(v.text) {
		w.unknown(name + " set to a program that may not be a shell: " + v.text)
	}
}

// manOptVariable reads MANOPT, which man-db splits at spaces (a backslash
// escapes one) and reads as options before its own.
func (w *walker) manOptVariable(name string, v word, c ctx) {
	if v.dyn {
		w.unknown(name + " set to options known only at run time: " + v.text)
		return
	}
	ws, ok := splitWords(v.text)
	if !ok {
		w.unknown(name + " with an unclosed quote: " + v.text)
		return
	}
	args := make([]word, len(ws))
	for i, s := range ws {
		args[i] = word{text: s}
	}
	w.commandOption("man", args, c.reached(name))
}

// wrapperEnvOptions are the options of wrappers whose value, NAME=VALUE,
// sets a variable of the command they run.
var wrapperEnvOptions = map[string][]string{
	"systemd-run": {"-E", "--setenv"}, "run0": {"--setenv"}, "dotenv": {"-v"}, "firejail": {"--env"},
}

// wrapperAssigns reads what a wrapper sets in the environment of the
// command it runs: the NAME=VALUE words of env and sudo before the
// command (not an option's value), and the options of
// wrapperEnvOptions.
func (w *walker) wrapperAssigns(name string, wr *wrapper, opts []word, seen []option, c ctx) {
	set := func(a word, text string) {
		n, v, ok := strings.Cut(text, "=")
		if a.dyn {
			// Its source text: "NAME=$X" is NAME set to what run time knows.
			n = strings.TrimLeft(n, `"'`)
			if ok && strings.ContainsAny(n, "$`") {
				w.setAtRunTime(word{text: n, dyn: true}, name)
				return
			}
		}
		if ok && syntax.ValidName(n) {
			value := word{text: v, dyn: a.dyn, node: a.node}
			if strings.HasPrefix(n, "GIT_CONFIG_") {
				// env GIT_CONFIG_PARAMETERS=… configures the git it runs.
				w.gitConfigValue(n, value, c)
			}
			w.assignValue(n, nil, value, c)
		}
	}
	var values []int
	for _, o := range seen {
		if o.val == "" {
			continue
		}
		values = append(values, o.at)
		if contains(wrapperEnvOptions[name], o.name) && o.at < len(opts) {
			set(opts[o.at], o.val)
		}
	}
	if !wr.assigns && !wr.anyAssign {
		return
	}
	for k, a := range opts {
		if !slices.Contains(values, k) {
			set(a, a.text)
		}
	}
}

// programVariable reports whether a program reads the variable name as a
// command, its options or a script to evaluate.
func programVariable(name string) bool {
	return commandVariables[name] || environReaders[name] != 0 || makeRuleVariables[name] || promptVariables[name] ||
		name == "BASH_ENV" || name == "ENV" || name == "BASH_CMDS" || name == "BASH_ALIASES" ||
		strings.HasPrefix(name, "GIT_CONFIG_") || npmConfigKey(name) == "call" || npmConfigKey(name) == "script-shell"
}

// npmConfigKey is the configuration key npm reads from the variable
// name, as @npmcli/config does: npm_config_ in any case, then the rest in
// lower case with _ read as - (NPM_CONFIG_SCRIPT_SHELL is script-shell).
func npmConfigKey(name string) string {
	const prefix = "npm_config_"
	if len(name) <= len(prefix) || !strings.EqualFold(name[:len(prefix)], prefix) {
		return ""
	}
	return strings.ToLower(name[len(prefix):len(prefix)+1] + strings.ReplaceAll(name[len(prefix)+1:], "_", "-"))
}

// npmConfig reads a variable npm exec takes as its -c (call) or as the
// program that runs it (script-shell); npm skips an empty one.
func (w *walker) npmConfig(name, key string, v word, c ctx) {
	switch {
	case v.text == "":
	case key == "script-shell":
		w.shellVariable(name, v)
	case v.dyn:
		w.unknown(name + ", which npm exec runs, set to a command known only at run time: " + v.text)
	default:
		w.script(v.text, c.reached(name+"="), name+"=")
	}
}

// setAtRunTime notes a variable given a value the command line does not
// hold (read, mapfile, printf -v, a nameref): if a program reads it as a
// command, or its name is known only at run time, anything may run.
func (w *walker) setAtRunTime(name word, how string) {
	switch {
	case name.dyn:
		w.unknown(how + " sets a variable whose name is known only at run time: " + name.text)
	case programVariable(strings.TrimSuffix(name.text, "[0]")):
		w.unknown(how + " sets " + name.text + ", which a program runs, to what only run time knows")
	}
}

// declNames reads what declare, export and the like assign beyond their
// plain NAME=VALUE words: a quoted or built NAME=VALUE whose name or value
// only run time knows. (Namerefs are followed where they are written: see
// write.)
func (w *walker) declNames(x *syntax.DeclClause, c ctx) {
	for _, a := range x.Args {
		if a.Naked && a.Name == nil && a.Value != nil {
			v := literal(a.Value, c.src)
			if n, _, ok := strings.Cut(v.text, "="); ok && v.dyn && !strings.HasPrefix(v.text, "-") {
				if strings.ContainsAny(n, "$`") {
					w.setAtRunTime(word{text: n, dyn: true}, x.Variant.Value)
				} else {
					w.setAtRunTime(word{text: strings.Trim(n, `"'`)}, x.Variant.Value)
				}
			}
		}
	}

}

// makefilesVariable reads MAKEFILES, the makefiles make reads before its
// own. One that is a descriptor is read by the make that runs, whose
// input the assignment cannot know.
func (w *walker) makefilesVariable(v word) {
	for _, p := range strings.Fields(v.text) {
		if v.dyn || strings.HasPrefix(p, "/dev/") && p != "/dev/null" || strings.HasPrefix(p, "/proc/") {
			w.unknown("MAKEFILES naming a makefile this command line cannot read: " + v.text)
			return
		}
	}
}
