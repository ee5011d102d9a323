package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// globQualifier reads what bash parses as an extended glob and zsh, which
// may run the same text, as a glob with qualifiers: *(e:'cmd':) runs cmd
// for every file, and *(+name) runs the command name. A group with a '|'
// is zsh's alternation, not qualifiers.
func (w *walker) globQualifier(x *syntax.ExtGlob, c ctx) {
	if x.Pattern == nil {
		return
	}
	p := x.Pattern.Value
	if strings.IndexByte(p, '|') >= 0 {
		return
	}
	if runsCode(p) {
		w.unknown("a glob qualifier that runs code in zsh: " + source(x, c.src))
	}
}

// runsCode reports whether qualifiers may hold zsh's e, whose string runs
// (e:cmd:, e'cmd', e{cmd}: the character after e is a delimiter, and the
// string ends at the next one), or +name, which calls a function. A group
// without such a string (node_modules: e, then _, and no _ after it) runs
// nothing.
func runsCode(p string) bool {
	for i := 0; i+1 < len(p); i++ {
		switch p[i] {
		case '+':
			if isNameByte(p[i+1]) {
				return true
			}
		case 'e':
			end := p[i+1]
			if j := strings.IndexByte("({[<", end); j >= 0 {
				end = ")}]>"[j]
			}
			if strings.IndexByte(p[i+2:], end) >= 0 {
				return true
			}
		}
	}
	return false
}

// zshFlag reports whether parts, which follow a lone '$', begin with one
// of zsh's flags of a parameter ($=c, $~c, $^c), which bash reads as
// literal text.
func zshFlag(parts []syntax.WordPart) bool {
	if len(parts) == 0 {
		return false
	}
	l, ok := parts[0].(*syntax.Lit)
	return ok && len(l.Value) > 1 && strings.IndexByte("=~^", l.Value[0]) >= 0
}

// sched reads zsh's sched [-o] TIME COMMAND…, which an interactive zsh
// runs later, its words joined as eval joins them; sched -N removes an
// entry and sched alone lists them.
func (w *walker) sched(args []word, c ctx) {
	if len(args) > 0 && args[0].text == "-o" {
		args = args[1:]
	}
	if len(args) < 2 || !args[0].dyn && strings.HasPrefix(args[0].text, "-") {
		return
	}
	w.runScript(args[1:], c, "sched")
}
