package shell

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// bindings are the names the command line binds to programs other than
// the ones its text names: aliases, hash -p and BASH_CMDS, and functions
// that run a shell on their input.
type bindings struct {
	aliases map[string]aliasValue
	hashed  map[string]string // name → the program's path
	// callers maps a function that runs a shell on its input to the
	// label of that shell; calls records every call made with an input.
	callers map[string]string
	calls   []call
	used    map[string]bool // the names run so far, as written
	// expanding counts, for each alias, the expansions of it being read,
	// inside which bash does not expand it again.
	expanding map[string]int
}

type aliasValue struct {
	text string
	dyn  bool
}

type call struct {
	name string
	in   input
	c    ctx
}

// rebound handles a command whose name the command line bound to
// something else, and reports whether it did: an alias is read as its
// value, a hashed name is replaced by its program.
//
// Bash expands an alias only when expand_aliases is on (it is off in
// bash -c) and only on a line after the one that defines it, which only
// run time and the line's layout tell: a name with an alias is read both
// as the alias and as itself (alias rm=echo; rm -rf x runs rm -rf x).
func (w *walker) rebound(cmd Command, ws []word, c ctx, hops int) bool {
	b := &w.names
	name := cmd.Name
	if a, ok := b.aliases[name]; ok && hops == 0 && cmd.Path == name && b.expanding[name] == 0 {
		w.expandAlias(name, a, ws, c)
	}
	if p, ok := b.hashed[name]; ok && cmd.Path == name {
		label := "hash " + name
		cmd.Path, cmd.Name = p, programName(p)
		cmd.Via = appendVia(c.via, label)
		w.out.Commands = append(w.out.Commands, cmd)
		ws2 := append([]word{{text: p}}, ws[1:]...)
		w.unwrap(cmd, ws2, texts(ws2), c.reached(label), hops)
		return true
	}
	return false
}

// expandAlias reads the command ws, whose first word is the alias name
// with value a, as bash expands it: the value in place of the name, and,
// while a value ends in a blank, the next word expanded too if it is an
// alias (alias r='rm -r ' f=-f; r f x runs rm -r -f x). An alias is not
// expanded again inside its own value (alias ls='ls -la' runs ls), but a
// word after it is, even the same alias.
func (w *walker) expandAlias(name string, a aliasValue, ws []word, c ctx) {
	b := &w.names
	label := "alias " + name
	if a.dyn {
		w.unknown(label + " of a non-literal: " + a.text)
		return
	}
	if w.aliasReads == 0 {
		w.unknown(fmt.Sprintf("past the budget of %d alias expansions for one command line", maxAliasReads))
		return
	}
	w.aliasReads--
	var sb strings.Builder
	sb.WriteString(a.text)
	value, rest := a.text, ws[1:]
	for len(rest) > 0 && endsInBlank(value) && isAliasWord(rest[0]) {
		next, ok := b.aliases[rest[0].text]
		if !ok {
			break
		}
		if next.dyn {
			w.unknown("alias " + rest[0].text + " of a non-literal: " + next.text)
			return
		}
		value = next.text
		sb.WriteString(value)
		rest = rest[1:]
		if sb.Len() > w.budget {
			break // a chain of long values is cut short below
		}
	}
	chained := len(rest) < len(ws)-1
	for _, x := range rest {
		if sb.Len() > w.budget {
			break
		}
		sb.WriteByte(' ')
		sb.WriteString(quoteWord(x))
	}
	if sb.Len() > w.budget {
		w.unknown("too large to read: " + label)
		return
	}
	if !chained {
		// A chained value is read after the first one ends, when the
		// first may be expanded again: only a lone value keeps its name
		// from itself.
		if b.expanding == nil {
			b.expanding = map[string]int{}
		}
		b.expanding[name]++
		defer func() { b.expanding[name]-- }()
	}
	w.script(sb.String(), c.reached(label), label)
}

// endsInBlank reports whether an alias value ends in a space or a tab,
// which makes bash check the word after it for an alias too.
func endsInBlank(v string) bool {
	return strings.HasSuffix(v, " ") || strings.HasSuffix(v, "\t")
}

// isAliasWord reports whether x is a word bash checks for an alias: an
// unquoted literal, no quote or backslash in it.
func isAliasWord(x word) bool {
	if x.dyn || x.node == nil || len(x.node.Parts) != 1 {
		return false
	}
	l, ok := x.node.Parts[0].(*syntax.Lit)
	return ok && l.Value == x.text
}

// noteCall records a command run by name, and one given an input, which
// is a function's input if the command is a function that runs a shell on
// it.
func (w *walker) noteCall(cmd Command, c ctx) {
	if cmd.Path == cmd.Name {
		if w.names.used == nil {
			w.names.used = map[string]bool{}
		}
		w.names.used[cmd.Name] = true
	}
	if in := c.fds.get(0); in.kind != srcNothing && in.kind != srcUnset {
		w.names.calls = append(w.names.calls, call{name: cmd.Name, in: in, c: c})
	}
}

// quoteWord returns x as shell text that reads back as the same word.
func quoteWord(x word) string {
	if x.dyn {
		return x.text // its source text, which parses back into the same word
	}
	q, err := syntax.Quote(x.text, syntax.LangBash)
	if err != nil {
		return "$'\\x00'" // a word that cannot be written; no program is named so
	}
	return q
}

func (w *walker) bindAlias(name string, a aliasValue) {
	if w.names.aliases == nil {
		w.names.aliases = map[string]aliasValue{}
	}
	if w.names.used[name] {
		w.unknown("an alias defined on the command line after it is used: " + name)
	}
	w.names.aliases[name] = a
}

func (w *walker) bindHash(name, p string) {
	if w.names.hashed == nil {
		w.names.hashed = map[string]string{}
	}
	if w.names.used[name] {
		w.unknown("a name bound to another program after it is used: " + name)
	}
	w.names.hashed[name] = p
}

// aliasDefinition reads the value of an alias where it is defined, as it
// reads when the alias is used: without the alias itself.
func (w *walker) aliasDefinition(name, value string, c ctx) {
	b := &w.names
	if b.expanding == nil {
		b.expanding = map[string]int{}
	}
	b.expanding[name]++
	defer func() { b.expanding[name]-- }()
	w.script(value, c.reached("alias"), "alias")
}

// finish reads what is known only once the whole command line is: the
// shells that functions run on what their callers pipe into them.
func (w *walker) finish() {
	w.finishValues()
	b := &w.names
	if len(b.callers) == 0 {
		return
	}
	// A function that calls, with its own input, one that runs a shell on
	// its input runs that shell on its input too: walk the calls back from
	// the functions known to, each function once.
	callersOf := map[string][]string{} // callee → the functions that call it with their input
	for _, cl := range b.calls {
		if cl.in.kind == srcCaller {
			callersOf[cl.name] = append(callersOf[cl.name], cl.in.text)
		}
	}
	work := slices.Sorted(maps.Keys(b.callers)) // in an order that does not change between runs
	for len(work) > 0 {
		f := work[len(work)-1]
		work = work[:len(work)-1]
		for _, caller := range callersOf[f] {
			if _, seen := b.callers[caller]; !seen {
				b.callers[caller] = b.callers[f]
				work = append(work, caller)
			}
		}
	}
	for _, cl := range b.calls {
		label, ok := b.callers[cl.name]
		if !ok || cl.in.kind == srcCaller {
			continue
		}
		w.readScript(label, cl.in, cl.c.reached(cl.name))
	}
}

// suspicious reports whether a string that bash may evaluate later holds
// a command substitution.
func suspicious(s string) bool {
	return strings.Contains(s, "$(") || strings.IndexByte(s, '`') >= 0 ||
		strings.Contains(s, "<(") || strings.Contains(s, ">(")
}

// evaluated reads text that bash expands as a word when it is used, not
// where it is written: a prompt string, a variable evaluated as
// arithmetic (x='a[$(rm -rf /)]'; echo $((x))) or indirectly (${!x},
// ${x@P}), a subscript test -v or printf -v evaluates. Its substitutions
// run.
func (w *walker) evaluated(text string, c ctx, label string) {
	if !suspicious(text) || !w.admit(text, label) {
		return
	}
	w.depth++
	defer func() { w.depth-- }()
	x, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Document(strings.NewReader(text))
	if err != nil || x == nil {
		w.unknown("parse error in " + label + ": " + errText(err))
		return
	}
	c.src = text
	w.expansions(x, c.reached(label), nil)
}

func errText(err error) string {
	if err == nil {
		return "nothing to read"
	}
	return err.Error()
}

// commandVariables are the variables whose value a program runs as a
// command line: bash's PROMPT_COMMAND, git's and ssh's helpers, the
// editors and pagers that git, sudo, man and less start.
var commandVariables = map[string]bool{
	"PROMPT_COMMAND": true, "GIT_SSH_COMMAND": true, "GIT_EDITOR": true,
	"GIT_SEQUENCE_EDITOR": true, "GIT_PAGER": true, "GIT_EXTERNAL_DIFF": true,
	"GIT_ASKPASS": true, "GIT_PROXY_COMMAND": true, "SSH_ASKPASS": true,
	"SUDO_ASKPASS": true, "SUDO_EDITOR": true, "EDITOR": true, "VISUAL": true,
	"PAGER": true, "MANPAGER": true, "SYSTEMD_PAGER": true, "FCEDIT": true,
	"LESSOPEN": true, "LESSCLOSE": true, "BROWSER": true,
}

// promptVariables are expanded, substitutions and all, each time a prompt
// is shown or set -x traces.
var promptVariables = map[string]bool{"PS0": true, "PS1": true, "PS2": true, "PS3": true, "PS4": true}

// assign reads an assignment for what it makes bash run later. prefix
// says it is written before a command (X=1 cmd).
func (w *walker) assign(a *syntax.Assign, c ctx, prefix bool) {
	if a == nil || a.Name == nil {
		return
	}
	name := a.Name.Value
	switch {
	case name == "BASH_CMDS":
		w.bashCmds(a, c)
		return
	case name == "BASH_ENV" || name == "ENV":
		w.startupFile(name, a.Value, c)
		return
	case name == "BASH_ALIASES":
		w.bashAliases(a, c)
		return
	case strings.HasPrefix(name, "GIT_CONFIG_"):
		w.gitConfigVariable(name, a.Value, c)
	}
	if a.Value == nil {
		if a.Array != nil {
			all := value{array: true}
			for _, e := range a.Array.Elems {
				if e.Value != nil {
					v := w.valueOf(e.Value, c)
					if !v.opaque {
						w.evaluated(v.text, c, name+"=")
					}
					all.opaque = all.opaque || v.opaque
				}
			}
			if a.Append {
				all.opaque = all.opaque || w.vals.vars[name].opaque
			}
			w.setValue(name, all)
		}
		return
	}
	w.assignValue(name, a.Value, literal(a.Value, c.src), c)
	w.assigned(name, a.Value, a.Append, c)
}

// assignValue reads the value v, as a word, given to the variable name.
func (w *walker) assignValue(name string, x *syntax.Word, v word, c ctx) {
	label := name + "="
	switch {
	case commandVariables[name]:
		if v.dyn {
			w.unknown(name + " set to a command known only at run time: " + v.text)
			return
		}
		text := v.text
		if name == "LESSOPEN" || name == "LESSCLOSE" {
			text = strings.TrimLeft(text, "|")
		}
		w.script(text, c.reached(label), label)
	case promptVariables[name] && !v.dyn:
		w.evaluated(v.text, c, label)
	case !v.dyn:
		w.evaluated(v.text, c, label)
	}
}

// bashCmds reads an assignment to bash's table of hashed programs.
func (w *walker) bashCmds(a *syntax.Assign, c ctx) {
	w.tableAssign(a, c, "BASH_CMDS", func(k, v word) {
		if v.dyn {
			w.unknown("BASH_CMDS set to what only run time knows: " + k.text + "=" + v.text)
			return
		}
		w.bindHash(k.text, v.text)
	})
}

// bashAliases reads an assignment to bash's table of aliases.
func (w *walker) bashAliases(a *syntax.Assign, c ctx) {
	w.tableAssign(a, c, "BASH_ALIASES", func(k, v word) {
		w.bindAlias(k.text, aliasValue{text: v.text, dyn: v.dyn})
		if !v.dyn {
			w.aliasDefinition(k.text, v.text, c)
		}
	})
}

// tableAssign reads an assignment to one of bash's associative tables —
// one element (T[k]=v) or many (T=([k]=v …)) — and binds each element whose
// key is known before the line runs; a key known only at run time is
// unknown, since it may name anything.
func (w *walker) tableAssign(a *syntax.Assign, c ctx, table string, bind func(key, value word)) {
	one := func(key syntax.ArithmExpr, value *syntax.Word) {
		k, ok := key.(*syntax.Word)
		if !ok || value == nil {
			w.unknown(table + " set with a key known only at run time")
			return
		}
		kw, vw := literal(k, c.src), literal(value, c.src)
		if kw.dyn {
			w.unknown(table + " set with a key known only at run time: " + kw.text)
			return
		}
		bind(kw, vw)
	}
	switch {
	case a.Index != nil:
		one(a.Index, a.Value)
	case a.Array != nil:
		for _, e := range a.Array.Elems {
			one(e.Index, e.Value)
		}
	}
}

// startupFile reads BASH_ENV or ENV, the file a non-interactive bash (or
// an interactive sh) runs before its script.
func (w *walker) startupFile(name string, x *syntax.Word, c ctx) {
	if x == nil {
		return
	}
	in := w.pathInput(x, c, nil, c.fds)
	w.readScript(name, in, c)
}

// decl reads declare, typeset, local, export, readonly and nameref, whose
// arguments are assignments: declare -a 'a=($(rm -rf /))' evaluates its
// quoted argument as one.
func (w *walker) decl(x *syntax.DeclClause, s *syntax.Stmt, c ctx) {
	ref := x.Variant.Value == "nameref"
	for _, a := range x.Args {
		switch {
		case a.Naked && a.Name == nil && a.Value != nil:
			v := literal(a.Value, c.src)
			if !v.dyn && strings.HasPrefix(v.text, "-") && strings.Contains(v.text, "n") {
				ref = true
			}
			if name, val, ok := strings.Cut(v.text, "="); ok && !v.dyn && !strings.HasPrefix(v.text, "-") {
				if suspicious(name) {
					w.evaluated(name, c, x.Variant.Value) // its subscript
				}
				w.assignValue(strings.TrimSuffix(name, "+"), nil, word{text: val}, c)
				w.setValue(strings.TrimSuffix(name, "+"), value{text: val})
			} else if v.dyn {
				// declare "x=$y$z": the whole word is the assignment.
				whole := w.valueOf(a.Value, c)
				if name, val, ok := strings.Cut(whole.text, "="); ok && name != "" && !strings.ContainsAny(name, "$`") {
					w.setValue(strings.TrimSuffix(name, "+"), value{text: val, opaque: whole.opaque})
					if !whole.opaque {
						w.evaluated(val, c, name+"=")
					}
				}
			}
		case !a.Naked:
			w.assign(a, c, false)
			if ref && a.Name != nil && a.Value != nil {
				if t := literal(a.Value, c.src); !t.dyn {
					if w.vals.refs == nil {
						w.vals.refs = map[string]string{}
					}
					w.vals.refs[a.Name.Value] = t.text
				}
			}
		}
		for _, n := range []syntax.Node{a.Value, a.Array, a.Index} {
			if !isNil(n) {
				w.expansions(n, c, s)
			}
		}
	}
}

// arithmeticString reads an arithmetic expression written as a quoted
// word (let 'a[$(rm -rf /)]'), which bash evaluates, substitutions and
// all.
func (w *walker) arithmeticString(e syntax.Node, c ctx, label string) {
	if x, ok := e.(*syntax.Word); ok {
		if lw := literal(x, c.src); !lw.dyn {
			w.evaluated(lw.text, c, label)
		}
	}
}

// testClause reads the operands of [[ ]] that bash evaluates as
// arithmetic or as a variable's name: [[ -v 'a[$(…)]' ]],
// [[ 'a[$(…)]' -eq 1 ]].
func (w *walker) testClause(x syntax.TestExpr, c ctx) {
	syntax.Walk(x, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.UnaryTest:
			if n.Op == syntax.TsVarSet {
				w.arithmeticString(n.X, c, "[[ -v ]]")
			}
		case *syntax.BinaryTest:
			switch n.Op {
			case syntax.TsEql, syntax.TsNeq, syntax.TsLeq, syntax.TsGeq, syntax.TsLss, syntax.TsGtr:
				w.arithmeticString(n.X, c, "[[ ]]")
				w.arithmeticString(n.Y, c, "[[ ]]")
				w.rereadArithm(n.X, c)
				w.rereadArithm(n.Y, c)
			}
		}
		return true
	})
}
