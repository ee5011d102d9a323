package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// grammar is how a program reads its own options, so that what comes
// after them (the command it runs, its operands) can be found. It is
// written compactly (see opts) and read once.
type grammar struct {
	arg    string // letters taking an argument, attached (-uroot) or as the next word (-u root)
	optArg string // letters whose argument, if any, is attached (xargs -i{})
	stop   string // letters that make it run nothing (sudo -l, command -v)

	longArg    []string // long options taking an argument, after = or as the next word
	longOptArg []string // long options whose argument, if any, follows = (--mount=FILE)
	longStop   []string // long options that make it run nothing (--help)
	longFlag   []string // long options without an argument, named so that abbreviations resolve

	assigns   bool // NAME=value words may come before the command (sudo)
	anyAssign bool // any word holding '=' before the command is an assignment (GNU env: 1=x, 'A B=1')
	permute   bool // options may follow operands (su root -c …), so the scan reads every word
	dash      bool // a lone "-" is an option (env -, su -)
	numeric   bool // -N is an option (nice -5)
}

// opts builds a grammar from a short spec, in which a letter followed by
// ':' takes an argument, by '::' an optional attached one, and by '!'
// makes the program run nothing, and a long spec of space-separated names
// where "name=" takes an argument, "name=?" an optional one after '=',
// and "name!" makes it run nothing. Letters and names not listed are
// flags without arguments.
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
		}
	}
	for _, f := range strings.Fields(long) {
		switch {
		case strings.HasSuffix(f, "=?"):
			g.longOptArg = append(g.longOptArg, strings.TrimSuffix(f, "=?"))
		case strings.HasSuffix(f, "="):
			g.longArg = append(g.longArg, strings.TrimSuffix(f, "="))
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
// seen, when not nil, is told each option.
func (g *grammar) scan(args []string, seen func(o option)) (int, bool) {
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
		case a[1] == '-':
			name, val, hasVal := strings.Cut(a[2:], "=")
			if contains(g.longStop, longName(g, name)) {
				return i, false
			}
			full := longName(g, name)
			if !hasVal && contains(g.longArg, full) && i+1 < len(args) {
				i++
				val = args[i]
			}
			if seen != nil {
				seen(option{"--" + full, val, i})
			}
		default:
			for j := 1; j < len(a); j++ {
				c := a[j]
				if strings.IndexByte(g.stop, c) >= 0 {
					return i, false
				}
				if strings.IndexByte(g.arg, c) >= 0 {
					val := a[j+1:]
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
					if seen != nil {
						seen(option{"-" + string(c), a[j+1:], i})
					}
					break
				}
				if seen != nil {
					seen(option{"-" + string(c), "", i})
				}
			}
		}
		i++
	}
	return i, true
}

// longName returns the full name of a long option written as an
// abbreviation, when one of the grammar's names is the only one it
// abbreviates (getopt_long accepts any unambiguous prefix, so
// `sudo --us root` is `sudo --user root`); otherwise the name as written.
func longName(g *grammar, name string) string {
	found := ""
	for _, list := range [][]string{g.longArg, g.longOptArg, g.longStop, g.longFlag} {
		for _, n := range list {
			if n == name {
				return n
			}
			if strings.HasPrefix(n, name) {
				if found != "" && found != n {
					return name
				}
				found = n
			}
		}
	}
	if found != "" {
		return found
	}
	return name
}

func isAssignment(a string) bool {
	name, _, ok := strings.Cut(a, "=")
	return ok && syntax.ValidName(name)
}
