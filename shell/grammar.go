package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// grammar is how a program reads its own options, so that what comes
// after them (the command it runs, its operands) can be found. It is
// written compactly (see opts) and read once.
type grammar struct {
	flag   string // letters without an argument
	arg    string // letters taking an argument, attached (-uroot) or as the next word (-u root)
	optArg string // letters whose argument, if any, is attached (xargs -i{})
	stop   string // letters that make it run nothing (sudo -l, command -v)

	longArg    []string // long options taking an argument, after = or as the next word
	longOptArg []string // long options whose argument, if any, follows = (--mount=FILE)
	longStop   []string // long options that make it run nothing (--help)
	longFlag   []string // long options without an argument
	// longWords are the long options of longArg that take more than one
	// word (bwrap --bind SRC DEST), and how many.
	longWords map[string]int

	assigns   bool // NAME=value words may come before the command (sudo)
	anyAssign bool // any word holding '=' before the command is an assignment (GNU env: 1=x, 'A B=1')
	permute   bool // options may follow operands (su root -c …), so the scan reads every word
	dash      bool // a lone "-" is an option (env -, su -)
	numeric   bool // -N is an option (nice -5)
	// exact says long options are compared whole and take their values
	// as the next words only, as programs that do not use getopt_long
	// read them (bwrap).
	exact bool
	// whole says long options are compared whole, with values after '='
	// or as the next word (clap).
	whole bool
	// optNext says an optional argument may also be the next word, when
	// it does not begin with '-' (Perl's Getopt::Long, npm's nopt): the
	// program's choice depends on the value, so read reports it.
	optNext bool
	// attached says every long option is one word, its value after '=',
	// compared whole, and that the program refuses one it does not know
	// (firejail).
	attached bool
	// nopt reads options as npm's nopt does: a flag takes a following
	// "true" or "false", --no-NAME negates a flag, a single-dash word
	// that is a long name is that option (-ws), and a bundle holds flags
	// only.
	nopt bool
}

// opts builds a grammar from a short spec, in which a letter alone is a
// flag, followed by ':' takes an argument, by '::' an optional attached
// one, and by '!' makes the program run nothing, and a long spec of
// space-separated names where "name" is a flag, "name=" takes an
// argument, "name=2" (or 3) takes that many words, "name=?" an optional
// argument after '=', and "name!" makes it run nothing. What is not
// listed the program does not know: read (not scan) reports it.
func opts(short, long string) grammar {
	var g grammar
	for i := 0; i < len(short); i++ {
		c := short[i]
		if c == ' ' {
			continue
		}
		switch rest := short[i+1:]; {
		case strings.HasPrefix(rest, "::"):
			g.optArg += string(c)
			i += 2
		case strings.HasPrefix(rest, ":"):
			g.arg += string(c)
			i++
		case strings.HasPrefix(rest, "!"):
			g.stop += string(c)
			i++
		default:
			g.flag += string(c)
		}
	}
	for _, f := range strings.Fields(long) {
		switch {
		case strings.HasSuffix(f, "=?"):
			g.longOptArg = append(g.longOptArg, strings.TrimSuffix(f, "=?"))
		case strings.HasSuffix(f, "="):
			g.longArg = append(g.longArg, strings.TrimSuffix(f, "="))
		case len(f) > 2 && f[len(f)-2] == '=' && f[len(f)-1] >= '2' && f[len(f)-1] <= '9':
			name := f[:len(f)-2]
			g.longArg = append(g.longArg, name)
			if g.longWords == nil {
				g.longWords = map[string]int{}
			}
			g.longWords[name] = int(f[len(f)-1] - '0')
		case strings.HasSuffix(f, "!"):
			g.longStop = append(g.longStop, strings.TrimSuffix(f, "!"))
		default:
			g.longFlag = append(g.longFlag, f)
		}
	}
	return g
}

// An option as the scan saw it: "-u" or "--user", its argument, and the
// index of the word the argument came from.
type option struct {
	name string
	val  string
	at   int
}

// scan reads the options at the front of args and returns the index of the
// first word after them, and whether the program runs a command at all.
// seen, when not nil, is told each option. An option the grammar does not
// list is taken for a flag: scan is for programs whose grammar is not
// complete, and for finding the values of options (see read).
func (g *grammar) scan(args []string, seen func(o option)) (int, bool) {
	i, runs, _ := g.options(args, seen, false)
	return i, runs
}

// read is scan for a closed grammar: it also returns the first option
// the program does not know (or takes in a form it refuses), after which
// nothing can tell where the command begins, so the caller must make the
// command unknown.
func (g *grammar) read(args []string, seen func(o option)) (int, bool, string) {
	return g.options(args, seen, true)
}

func (g *grammar) options(args []string, seen func(o option), closed bool) (int, bool, string) {
	i := 0
options:
	for i < len(args) {
		a := args[i]
		switch {
		case a == "--":
			i++
			// env -- NAME=VALUE cmd: assignments still come first.
			for g.anyAssign && i < len(args) && strings.Contains(args[i], "=") {
				i++
			}
			break options
		case g.anyAssign && strings.Contains(a, "=") && !strings.HasPrefix(a, "-"):
		case g.assigns && isAssignment(a):
		case g.dash && a == "-":
		case g.numeric && len(a) > 1 && a[0] == '-' && strings.Trim(a[1:], "0123456789") == "":
		case len(a) < 2 || a[0] != '-':
			if !g.permute {
				break options
			}
		case a[1] == '-' || g.nopt && g.isLong(a[1:]):
			name, val, hasVal := strings.Cut(strings.TrimPrefix(a[1:], "-"), "=")
			if g.exact {
				name, val, hasVal = a[2:], "", false
			}
			full, known := g.longName(name)
			if !known && g.nopt && strings.HasPrefix(name, "no-") {
				full, known = g.longName(name[3:])
				known = known && contains(g.longFlag, full)
			}
			if !known && g.attached && a[1] == '-' {
				full, known = name, true
			}
			next := i+1 < len(args)
			switch {
			case contains(g.longStop, full):
				return i, false, ""
			case !closed:
			case !known, hasVal && contains(g.longFlag, full):
				return i, true, a
			case g.optNext && !hasVal && contains(g.longOptArg, full) && next && !strings.HasPrefix(args[i+1], "-"):
				return i, true, a + " " + args[i+1]
			}
			if !hasVal && contains(g.longArg, full) && next {
				i++
				val = args[i]
			}
			if n := g.longWords[full]; n > 1 {
				// The option's further words: bwrap --bind SRC DEST.
				i = min(i+n-1, len(args)-1)
			}
			if g.nopt && !hasVal && contains(g.longFlag, full) && next && (args[i+1] == "true" || args[i+1] == "false") {
				i++
			}
			if seen != nil {
				seen(option{"--" + full, val, i})
			}
		default:
			for j := 1; j < len(a); j++ {
				c := a[j]
				if strings.IndexByte(g.stop, c) >= 0 {
					return i, false, ""
				}
				if strings.IndexByte(g.arg, c) >= 0 {
					val := a[j+1:]
					if closed && g.nopt && val != "" {
						return i, true, a // nopt takes no attached value
					}
					if val == "" && i+1 < len(args) {
						i++
						val = args[i]
					}
					if seen != nil {
						seen(option{"-" + string(c), val, i})
					}
					break
				}
				if strings.IndexByte(g.optArg, c) >= 0 {
					if closed && g.optNext && j+1 == len(a) && i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") {
						return i, true, a + " " + args[i+1]
					}
					if seen != nil {
						seen(option{"-" + string(c), a[j+1:], i})
					}
					break
				}
				if closed && strings.IndexByte(g.flag, c) < 0 {
					return i, true, "-" + string(c)
				}
				if seen != nil {
					seen(option{"-" + string(c), "", i})
				}
				if g.nopt && j+1 == len(a) && i+1 < len(args) && (args[i+1] == "true" || args[i+1] == "false") {
					i++
				}
			}
		}
		i++
	}
	return i, true, ""
}

// longName returns the full name of a long option written as an
// abbreviation, when one of the grammar's names is the only one it
// abbreviates (getopt_long accepts any unambiguous prefix, so
// `sudo --us root` is `sudo --user root`), and whether the grammar knows
// it; otherwise the name as written.
func (g *grammar) longName(name string) (string, bool) {
	lists := [][]string{g.longArg, g.longOptArg, g.longStop, g.longFlag}
	for _, list := range lists {
		if contains(list, name) {
			return name, true
		}
	}
	if g.exact || g.attached || g.whole || name == "" {
		return name, false
	}
	found := ""
	for _, list := range lists {
		for _, n := range list {
			if strings.HasPrefix(n, name) {
				if found != "" && found != n {
					return name, false
				}
				found = n
			}
		}
	}
	if found == "" {
		return name, false
	}
	return found, true
}

// isLong reports whether a single-dash word names a long option, as nopt
// reads -ws for --workspaces.
func (g *grammar) isLong(body string) bool {
	name, _, _ := strings.Cut(body, "=")
	if len(name) < 2 {
		return false
	}
	for _, list := range [][]string{g.longArg, g.longOptArg, g.longStop, g.longFlag} {
		if contains(list, name) {
			return true
		}
	}
	return false
}

func isAssignment(a string) bool {
	name, _, ok := strings.Cut(a, "=")
	return ok && syntax.ValidName(name)
}
