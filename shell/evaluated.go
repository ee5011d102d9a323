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
	// callers maps a function that runs a shell on its input to the
	// label of that shell; calls records every call made with an input.
	callers map[string]string
	calls   []call
	// xargs holds, under the label callers names, the command of an xargs
	// that reads its function's input: its callers' text is its words.
	xargs   map[string]xargsRun
	used    map[string]bool // the names run so far, as written
	refs    map[string]word // namerefs: name → the variable it names
	changed map[string]bool // evaluated names whose values declare -i, -l or -u change
	history bool            // history expansion is on: set -H, or an interactive shell
	// bound are the names BASH_CMDS, hash, BASH_ALIASES and zsh's tables
	// bind, read both ways (see bindAlso); suffixes are zsh's suffix
	// aliases, by extension.
	bound    map[string]boundName
	suffixes map[string]aliasValue
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
	// An alias runs in this shell: an exec in it holds after it.
	after := w.script(sb.String(), c.reached(label), label)
	w.sameShell = &after
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
		if x, ok := b.xargs[label]; ok {
			if in := w.resolve(cl.in); in.kind == srcText {
				w.xargsText(x.inner, in.text, "", "", x.c, 1)
			}
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
	if strings.Contains(text, "BASH_") || strings.Contains(text, "aliases") || strings.Contains(text, "commands") {
		// A value evaluated as arithmetic ($((x)), let x) assigns what
		// it names: x='BASH_ALIASES[ls]=1'.
		w.arithmText(text, c, label)
	}
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
	"RSYNC_RSH": true, "RSYNC_CONNECT_PROG": true, "CVS_RSH": true, "GIT_SSH": true,
}

// promptVariables are expanded, substitutions and all, each time a prompt
// is shown or set -x traces.
var promptVariables = map[string]bool{"PS0": true, "PS1": true, "PS2": true, "PS3": true, "PS4": true}

// assign reads an assignment for what it makes bash run later. prefix
// says it is written before a command (X=1 cmd).
// appendHides reports whether NAME+=VALUE makes what runs unknown: NAME
// is evaluated as a whole, and what it held is the environment's. The
// variables programs read as options or make's rules read (CFLAGS+=) are
// read for what is appended: the environment's part is out of reach, as
// it is for any variable the command line does not set.
func appendHides(name string) bool {
	return evaluatedName(name, true) && environReaders[name] == 0 && !makeRuleVariables[name]
}

func (w *walker) assign(a *syntax.Assign, c ctx, prefix bool) {
	if a == nil || a.Name == nil {
		return
	}
	name := a.Name.Value
	if _, ok := w.names.refs[name]; ok {
		w.throughRef(a, c)
		return
	}
	if a.Append && a.Value != nil && appendHides(name) {
		w.unknown(name + "+= sets it to what it held, which only run time knows, and more")
		return
	}
	if w.names.changed[name] {
		w.unknown(name + " set with an attribute (declare -i, -l, -u) that changes its value first")
		return
	}
	switch {
	case name == "BASH_CMDS" || name == "commands":
		w.bashCmds(a, c)
		return
	case name == "BASH_ENV" || name == "ENV":
		w.startupFile(name, a.Value, c)
		return
	case name == "BASH_ALIASES" || name == "aliases" || name == "galiases" || name == "saliases":
		w.bashAliases(a, c)
		return
	case name == "functions":
		w.zshFunctions(a, c)
		return
	case strings.HasPrefix(name, "GIT_CONFIG_"):
		w.gitConfigVariable(name, a.Value, c)
	case commandVariables[name] && a.Value == nil && a.Array != nil:
		// PROMPT_COMMAND=(…) runs every element.
		w.commandArray(name, a.Array, c)
		return
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
	case w.environ(name, v, c):
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

// bashCmds reads an assignment to bash's table of hashed programs, or
// zsh's commands.
func (w *walker) bashCmds(a *syntax.Assign, c ctx) {
	table := a.Name.Value
	w.tableAssign(a, c, table, func(k, v word) {
		if v.dyn {
			w.unknown(table + " set to what only run time knows: " + k.text + "=" + v.text)
			return
		}
		w.bindAlso(k.text, boundName{program: v.text})
	})
}

// bashAliases reads an assignment to bash's table of aliases, or zsh's
// aliases, galiases (expanded anywhere in a line) and saliases (by the
// extension of a command word). Each value is read where it is written
// too, whether or not the alias is used.
func (w *walker) bashAliases(a *syntax.Assign, c ctx) {
	table := a.Name.Value
	w.tableAssign(a, c, table, func(k, v word) {
		av := aliasValue{text: v.text, dyn: v.dyn}
		if table == "saliases" {
			w.bindSuffix(k.text, av)
		} else {
			w.bindAlso(k.text, boundName{alias: &av, global: table == "galiases"})
		}
		if !v.dyn {
			w.aliasDefinition(k.text, v.text, c)
		}
	})
}

// tableAssign reads an assignment to one of bash's (or zsh's)
// associative tables — one element (T[k]=v) or many (T=([k]=v …), or
// T=(k v …), pairs of key and value) — and binds each element whose key
// is known before the line runs; a key known only at run time is
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
		elems := a.Array.Elems
		for i := 0; i < len(elems); i++ {
			e := elems[i]
			if e.Index != nil || e.Value == nil {
				one(e.Index, e.Value)
				continue
			}
			value := &syntax.Word{}
			if i+1 < len(elems) && elems[i+1].Index == nil && elems[i+1].Value != nil {
				i++
				value = elems[i].Value
			}
			one(e.Value, value)
		}
	}
}

// zshFunctions reads an assignment to zsh's table of functions, each
// value a function's body, read where it is defined as a function's is.
func (w *walker) zshFunctions(a *syntax.Assign, c ctx) {
	w.tableAssign(a, c, "functions", func(k, v word) {
		label := "functions[" + k.text + "]"
		if v.dyn {
			w.unknown(label + " set to what only run time knows: " + v.text)
			return
		}
		w.script(v.text, c.reached(label), label)
	})
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
	variant := x.Variant.Value
	nref := variant == "nameref"
	transform := false
	for _, a := range x.Args {
		if a.Naked && a.Name == nil && a.Value != nil {
			v := literal(a.Value, c.src)
			nref = nref || !v.dyn && refFlag(variant, v.text)
			transform = transform || !v.dyn && transformFlag(variant, v.text)
		}
	}
	if transform {
		for _, a := range x.Args {
			switch {
			case a.Name != nil:
				w.transformed(a.Name.Value)
			case a.Value != nil:
				if v := literal(a.Value, c.src); !v.dyn && !strings.HasPrefix(v.text, "-") {
					n, _, _ := strings.Cut(v.text, "=")
					w.transformed(strings.TrimSuffix(n, "+"))
				}
			}
		}
	}
	w.declNames(x, c)
	for _, a := range x.Args {
		switch {
		case a.Naked && a.Name == nil && a.Value != nil:
			v := literal(a.Value, c.src)
			w.declWord(variant, v, nref, c)
			w.declValue(a.Value, v, c)
		case nref && a.Name != nil:
			target := word{text: "the first value it is given", dyn: true}
			if a.Value != nil {
				target = literal(a.Value, c.src)
				if !target.dyn {
					w.evaluated(target.text, c, variant) // its subscript
				}
			}
			w.nameref(a.Name.Value, target)
		case !a.Naked:
			w.assign(a, c, false)
		}
		for _, n := range []syntax.Node{a.Value, a.Array, a.Index} {
			if !isNil(n) {
				w.expansions(n, c, s)
			}
		}
	}
}

// declValue records the value a declare word gives its variable, for the
// uses that read it again: declare x=v, and declare "x=$y$z", whose whole
// word is the assignment.
func (w *walker) declValue(x *syntax.Word, v word, c ctx) {
	if strings.HasPrefix(v.text, "-") || strings.HasPrefix(v.text, "+") {
		return
	}
	if !v.dyn {
		if name, val, ok := strings.Cut(v.text, "="); ok {
			w.setValue(strings.TrimSuffix(name, "+"), value{text: val})
		}
		return
	}
	whole := w.valueOf(x, c)
	if name, val, ok := strings.Cut(whole.text, "="); ok && name != "" && !strings.ContainsAny(name, "$`") {
		w.setValue(strings.TrimSuffix(name, "+"), value{text: val, opaque: whole.opaque})
		if !whole.opaque {
			w.evaluated(val, c, name+"=")
		}
	}
}

// transformFlag reports whether flag gives a variable an attribute that
// changes what is assigned to it: -i evaluates it as arithmetic, -l and
// -u change its case.
func transformFlag(variant, flag string) bool {
	return (variant == "declare" || variant == "typeset" || variant == "local") &&
		len(flag) > 1 && flag[0] == '-' && strings.ContainsAny(flag[1:], "ilu")
}

// transformed records that what is assigned to name is changed first,
// which, for a name bash evaluates, is not worked out.
func (w *walker) transformed(name string) {
	name, _, _ = strings.Cut(name, "[")
	if !evaluatedName(name, true) {
		return
	}
	if w.names.changed == nil {
		w.names.changed = map[string]bool{}
	}
	w.names.changed[name] = true
}

// refFlag reports whether flag makes declare, typeset or local declare
// namerefs (export -n takes the export away instead).
func refFlag(variant, flag string) bool {
	return (variant == "declare" || variant == "typeset" || variant == "local") &&
		len(flag) > 1 && flag[0] == '-' && strings.IndexByte(flag, 'n') > 0
}

// declWord reads a word of declare and the like that is an assignment
// only once expanded: declare "$n=1", declare 'a=(…)'.
func (w *walker) declWord(variant string, v word, nref bool, c ctx) {
	if !v.dyn && strings.HasPrefix(v.text, "-") || !v.dyn && !strings.Contains(v.text, "=") && !nref {
		return // a flag, or a name declared without a value
	}
	if v.dyn {
		name, ok := namePart(v.node, c.src)
		switch {
		case ok && nref:
			w.nameref(name, word{text: v.text, dyn: true})
		case ok:
			w.write(word{text: name}, runTime, c, variant, true)
		case variant == "export" && loneSubstitution(v.node):
			// export $(grep -v '^#' .env | xargs) sets what a file holds,
			// which is out of reach as values read at run time are.
		default:
			w.unknown(variant + " of a variable named only at run time: " + v.text)
		}
		return
	}
	name, value, _ := strings.Cut(v.text, "=")
	name, appended := strings.CutSuffix(name, "+")
	base, _, _ := strings.Cut(name, "[")
	switch {
	case appended && appendHides(base):
		w.unknown(variant + " " + name + "+= sets it to what it held, which only run time knows, and more")
	case nref:
		if suspicious(value) {
			w.evaluated(value, c, variant)
		}
		w.nameref(name, word{text: value})
	case strings.HasPrefix(value, "("):
		// Bash reads a compound value in a quoted word again as shell
		// text: declare -a 'a=($(rm -rf /))'.
		w.script(name+"="+value, c.reached(variant), variant)
	default:
		w.write(word{text: name}, word{text: value}, c, variant, true)
	}
}

// namePart returns the name a word assigns when the text before its '='
// is literal: "PATH=$HOME/bin" assigns PATH, "$n=1" a name only run time
// knows.
func namePart(x *syntax.Word, src string) (string, bool) {
	if x == nil {
		return "", false
	}
	var b strings.Builder
	literalPrefix(&b, x.Parts)
	name, _, ok := strings.Cut(b.String(), "=")
	name = strings.TrimSuffix(name, "+")
	base, sub, hasSub := strings.Cut(name, "[")
	return name, ok && syntax.ValidName(base) && (!hasSub || strings.HasSuffix(sub, "]"))
}

// literalPrefix writes the text of parts up to their first expansion, and
// reports whether it met one.
func literalPrefix(b *strings.Builder, parts []syntax.WordPart) bool {
	for _, p := range parts {
		switch p := p.(type) {
		case *syntax.Lit:
			unescapeUnquoted(b, p.Value)
		case *syntax.SglQuoted:
			if p.Dollar {
				return true
			}
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			if literalPrefix(b, p.Parts) {
				return true
			}
		default:
			return true
		}
	}
	return false
}

// loneSubstitution reports whether x is one unquoted $( ) or ` `.
func loneSubstitution(x *syntax.Word) bool {
	if x == nil || len(x.Parts) != 1 {
		return false
	}
	_, ok := x.Parts[0].(*syntax.CmdSubst)
	return ok
}

// throughRef reads an assignment to a nameref, which writes the variable
// it names.
func (w *walker) throughRef(a *syntax.Assign, c ctx) {
	name := a.Name.Value
	t := word{text: name}
	if a.Index != nil {
		t.text += "[" + source(a.Index, c.src) + "]"
	}
	switch {
	case a.Value != nil && a.Append:
		real, ok := w.deref(name)
		base, _, _ := strings.Cut(real, "[")
		if !ok || evaluatedName(base, true) {
			w.unknown("the nameref " + name + " appended to, writing " + real)
		}
	case a.Value != nil:
		w.write(t, literal(a.Value, c.src), c, "nameref "+name, true)
	case a.Array != nil:
		real, ok := w.deref(name)
		base, _, _ := strings.Cut(real, "[")
		if !ok || evaluatedName(base, true) {
			w.unknown("an array written through the nameref " + name + " to " + real)
		}
	}
}

// commandArray reads an array of command lines: bash runs every element
// of PROMPT_COMMAND=(…) before each prompt.
func (w *walker) commandArray(name string, arr *syntax.ArrayExpr, c ctx) {
	for _, e := range arr.Elems {
		if e.Value == nil {
			continue
		}
		w.assignValue(name, e.Value, literal(e.Value, c.src), c)
	}
}

// arithmeticString reads an arithmetic expression written as a quoted
// word (let 'a[$(rm -rf /)]'), which bash evaluates, substitutions and
// all.
func (w *walker) arithmeticString(e syntax.Node, c ctx, label string) {
	if x, ok := e.(*syntax.Word); ok {
		if lw := literal(x, c.src); !lw.dyn {
			w.evaluated(lw.text, c, label)
			w.arithmText(lw.text, c, label)
		}
	}
}

// arithmText reads the variables an arithmetic expression written as a
// string assigns (let 'BASH_ALIASES[ls]=1').
func (w *walker) arithmText(text string, c ctx, label string) {
	if !strings.Contains(text, "=") && !strings.Contains(text, "++") && !strings.Contains(text, "--") {
		return
	}
	src := "((" + text + "\n))"
	if !w.admit(src, label) {
		return
	}
	f, err := parse(src)
	if err != nil {
		return // bash fails on it, and assigns nothing
	}
	c.src = src
	syntax.Walk(f, func(n syntax.Node) bool {
		if n != nil {
			w.written(n, c)
		}
		return true
	})
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
