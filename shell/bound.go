package shell

import (
	"fmt"
	"strings"
)

// A name that BASH_CMDS, hash, BASH_ALIASES or one of zsh's tables binds
// runs what it is bound to only in one shell, or with one option: bash
// reads BASH_CMDS and hash -p, zsh its commands table and hash NAME=PATH,
// and bash expands BASH_ALIASES only with expand_aliases, zsh never. The
// same text may be run by either, so a bound name is read both ways: as
// the program it names and as what it is bound to. A binding hides
// nothing.

type boundName struct {
	program string      // the program the name runs, or ""
	alias   *aliasValue // the alias the name is replaced by, or nil
	global  bool        // zsh's galiases: replaced after a wrapper too
}

// bindAlso binds name, for the commands after it.
func (w *walker) bindAlso(name string, b boundName) {
	if w.names.used[name] {
		w.unknown("a name bound to another program after it is used: " + name)
	}
	if w.names.bound == nil {
		w.names.bound = map[string]boundName{}
	}
	w.names.bound[name] = b
}

// bindSuffix binds zsh's suffix alias: a command word ending in .ext is
// run by value, with the word as its first argument.
func (w *walker) bindSuffix(ext string, a aliasValue) {
	if w.names.suffixes == nil {
		w.names.suffixes = map[string]aliasValue{}
	}
	w.names.suffixes[ext] = a
}

// alsoBound reads what cmd runs in the shell that applies the binding of
// its name, besides what it runs as written.
func (w *walker) alsoBound(cmd Command, ws []word, c ctx, hops int) {
	b, ok := w.names.bound[cmd.Name]
	if ok && cmd.Path == cmd.Name {
		if b.program != "" {
			label := "hash " + cmd.Name
			bound := cmd
			bound.Path, bound.Name = b.program, programName(b.program)
			bound.Via = appendVia(c.via, label)
			w.out.Commands = append(w.out.Commands, bound)
			ws2 := append([]word{{text: b.program}}, ws[1:]...)
			w.unwrap(bound, ws2, texts(ws2), c.reached(label), hops)
		}
		if b.alias != nil && (hops == 0 || b.global) {
			w.replaced("alias "+cmd.Name, cmd.Name, *b.alias, ws[1:], c)
		}
	}
	if i := strings.LastIndexByte(cmd.Path, '.'); i >= 0 && len(w.names.suffixes) > 0 {
		if a, ok := w.names.suffixes[cmd.Path[i+1:]]; ok && hops == 0 {
			w.replaced("suffix alias ."+cmd.Path[i+1:], "."+cmd.Path[i+1:], a, ws, c)
		}
	}
}

// replaced reads the command line an alias makes of the words after it;
// an alias is not expanded again inside its own value.
func (w *walker) replaced(label, key string, a aliasValue, rest []word, c ctx) {
	if a.dyn {
		w.unknown(label + " of a non-literal: " + a.text)
		return
	}
	if w.names.expanding[key] > 0 {
		return
	}
	if w.aliasReads == 0 {
		w.unknown(fmt.Sprintf("past the budget of %d alias expansions for one command line", maxAliasReads))
		return
	}
	w.aliasReads--
	size := len(a.text)
	for _, x := range rest {
		size += 1 + len(x.text)
	}
	if size > w.budget {
		w.unknown("too large to read: " + label)
		return
	}
	var sb strings.Builder
	sb.WriteString(a.text)
	for _, x := range rest {
		sb.WriteByte(' ')
		sb.WriteString(quoteWord(x))
	}
	if w.names.expanding == nil {
		w.names.expanding = map[string]int{}
	}
	w.names.expanding[key]++
	defer func() { w.names.expanding[key]-- }()
	w.script(sb.String(), c.reached(label), label)
}
