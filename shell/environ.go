package shell

import (
	"slices"
	"strings"
)

// How a program reads a variable of environReaders.
const (
	tarOptions   = iota + 1 // as tar's options
	makeFlags               // as make's options and variables
	manOptions              // as man's options
	shellProgram            // as the shell it starts
	makefiles               // as the makefiles make reads first
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
	switch environReaders[name] {
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

// wrapperAssigns reads the NAME=VALUE words of env and sudo, which set
// the environment of the command they run as an assignment before it
// would, except for the words that are an option's value.
func (w *walker) wrapperAssigns(wr *wrapper, opts []word, values []int, c ctx) {
	if !wr.assigns && !wr.anyAssign {
		return
	}
	for k, a := range opts {
		if !isAssignment(a.text) || slices.Contains(values, k) {
			continue
		}
		n, v, _ := strings.Cut(a.text, "=")
		w.assignValue(n, nil, word{text: v, dyn: a.dyn, node: a.node}, c)
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
