package shell

import (
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// A value is what the command line sets a variable to, as far as the
// reader can work it out. Bash reads some values again where they are
// used — as arithmetic ($((x)), let, [[ x -eq 1 ]], ${a[x]}), as a name
// (${!x}) or as a prompt (${x@P}) — and a substitution in them runs then:
// x='a[$'; x+='(rm -rf /)]'; echo $((x)). A value whose text is worked
// out is searched where it is set; one built in a way that is not
// (${y/…/…} of a value the line set, printf -v with a format of its own,
// a loop over words only run time knows) is opaque, and a use that reads
// it again is unknown.
type value struct {
	text   string
	opaque bool
	// array says the text joins several values (an array's elements, a
	// loop's words), any of which the variable may hold.
	array bool
}

// values are the variables the command line sets, and whether the
// positional parameters ($1, "$@") may hold an opaque value.
type values struct {
	vars       map[string]value
	positional bool
	// setsPositional says the line gives $1… values, with set or by
	// calling a function it defines; a function's body is read before
	// its calls, so a use that joins $1 to other text is unknown.
	setsPositional bool
	funcs          map[string]bool // the functions the line defines, whose calls set $1…
	// rereads and joins name a positional parameter read again, alone
	// or joined to other text, before the line gave $1… values: at the
	// end of the line they are unknown if it did.
	rereads, joins string
}

// finishValues reads what is known only once the whole line is: the
// values calls give the positional parameters a function's body read
// again.
func (w *walker) finishValues() {
	switch {
	case w.vals.joins != "" && w.vals.setsPositional:
		w.unknown("a positional parameter joined to other text is read again as arithmetic: $" + w.vals.joins)
	case w.vals.rereads != "" && w.vals.positional:
		w.unknown("a value the line builds is read again " + w.vals.rereads)
	}
}

func (w *walker) setValue(name string, v value) {
	if w.vals.vars == nil {
		w.vals.vars = map[string]value{}
	}
	w.vals.vars[name] = v
}

// assigned records name=x (or name+=x), and searches the value it
// works out. A literal value was searched already.
func (w *walker) assigned(name string, x *syntax.Word, appends bool, c ctx) {
	v := w.valueOf(x, c)
	if appends {
		prev := w.vals.vars[name]
		v = value{text: prev.text + v.text, opaque: prev.opaque || v.opaque}
	}
	w.setValue(name, v)
	if !v.opaque && (appends || mayExpand(x)) {
		// A literal value is searched where it is assigned already.
		w.evaluated(v.text, c, name+"=")
	}
}

// valueOf works out the text of x as bash would assign it. What run time
// alone knows and the line cannot build (the environment, the output of a
// program, a number) stands for nothing: it is out of reach, or cannot
// hold a substitution.
func (w *walker) valueOf(x *syntax.Word, c ctx) value {
	return w.wordValue(x, c, false)
}

// wordValue is valueOf; strict makes a positional parameter or an array
// element opaque, for a use that joins it to other text: each is one of
// several values, and which ones meet is not worked out.
func (w *walker) wordValue(x *syntax.Word, c ctx, strict bool) value {
	var v value
	var b strings.Builder
	for _, p := range x.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			unescapeUnquoted(&b, p.Value)
		case *syntax.SglQuoted:
			if !p.Dollar {
				b.WriteString(p.Value)
				continue
			}
			s, _ := expand.Literal(nil, &syntax.Word{Parts: []syntax.WordPart{p}})
			b.WriteString(s)
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				if l, ok := q.(*syntax.Lit); ok {
					unescapeDouble(&b, l.Value)
				} else {
					w.partValue(q, &b, &v, c, strict)
				}
			}
		default:
			w.partValue(p, &b, &v, c, strict)
		}
	}
	v.text = b.String()
	return v
}

func (w *walker) partValue(p syntax.WordPart, b *strings.Builder, v *value, c ctx, strict bool) {
	switch p := p.(type) {
	case *syntax.ParamExp:
		pv := w.paramValue(p, c, strict)
		b.WriteString(pv.text)
		v.opaque = v.opaque || pv.opaque
	case *syntax.ArithmExp:
		b.WriteByte('0') // a number
	case *syntax.CmdSubst:
		if len(p.Stmts) == 1 {
			if text, _, ok := w.produced(p.Stmts[0], c.src); ok {
				b.WriteString(strings.TrimRight(text, "\n"))
			}
		}
		// Any other program's output is read at run time, out of reach.
	case *syntax.ExtGlob:
		b.WriteString(source(p, c.src))
	}
}

// paramValue is the value of a parameter expansion in an assignment.
func (w *walker) paramValue(p *syntax.ParamExp, c ctx, strict bool) value {
	if p.Param == nil || p.Length || p.Names != 0 {
		return value{} // a count, or names: no substitution
	}
	name := p.Param.Value
	var v value
	switch {
	case name == "@" || name == "*" || name[0] >= '0' && name[0] <= '9':
		v.opaque = w.vals.positional || strict && w.vals.setsPositional
		if strict && !v.opaque && w.vals.joins == "" {
			w.vals.joins = name // a function's body, read before its calls
		}
	case strings.ContainsAny(name, "?#$!-"):
		return value{} // a number or shell flags
	default:
		var set bool
		v, set = w.vals.vars[name]
		if set && (strict && v.array || p.Excl || p.Index != nil || p.Slice != nil || p.Repl != nil || p.Exp != nil && !isDefault(p.Exp.Op)) {
			// A value the line set, cut, rewritten or taken from an
			// array: what it becomes is not worked out.
			return value{opaque: true}
		}
	}
	if p.Exp != nil && isDefault(p.Exp.Op) && p.Exp.Word != nil {
		// ${x:-word}: either value; both are searched together.
		d := w.valueOf(p.Exp.Word, c)
		v = value{text: v.text + d.text, opaque: v.opaque || d.opaque}
	}
	return v
}

func isDefault(op syntax.ParExpOperator) bool {
	switch op {
	case syntax.DefaultUnset, syntax.DefaultUnsetOrNull, syntax.AlternateUnset, syntax.AlternateUnsetOrNull,
		syntax.AssignUnset, syntax.AssignUnsetOrNull, syntax.ErrorUnset, syntax.ErrorUnsetOrNull:
		return true
	}
	return false
}

// loopValues records the values a for or select loop gives its variable.
func (w *walker) loopValues(loop syntax.Loop, c ctx) {
	it, ok := loop.(*syntax.WordIter)
	if !ok || it.Name == nil {
		return
	}
	if !it.InPos.IsValid() {
		// for x; do: the positional parameters.
		w.setValue(it.Name.Value, value{opaque: w.vals.positional})
		return
	}
	all := value{array: true}
	var b strings.Builder
	for _, x := range it.Items {
		v := w.valueOf(x, c)
		if !v.opaque {
			w.evaluated(v.text, c, it.Name.Value+"=")
		}
		b.WriteString(v.text)
		all.opaque = all.opaque || v.opaque || w.splitsLineValue(x)
	}
	all.text = b.String()
	w.setValue(it.Name.Value, all)
}

// splitsLineValue reports whether x holds an unquoted expansion of a
// value the line set, which run time splits into pieces that may be
// joined again in another order.
func (w *walker) splitsLineValue(x *syntax.Word) bool {
	for _, p := range x.Parts {
		if pe, ok := p.(*syntax.ParamExp); ok && pe.Param != nil {
			if _, set := w.vals.vars[pe.Param.Value]; set {
				return true
			}
		}
	}
	return false
}

// positional records what set and a call of a function the line defines
// give $1…: each argument is a value, searched as one.
func (w *walker) positional(cmd Command, ws []word, c ctx) {
	args := ws[1:]
	switch {
	case cmd.Name == "set" && cmd.Path == "set":
		for len(args) > 0 && strings.HasPrefix(args[0].text, "-") && !args[0].dyn {
			dashes := args[0].text == "--" || args[0].text == "-"
			args = args[1:]
			if dashes {
				break
			}
		}
		if len(args) == 0 {
			return
		}
	case w.vals.funcs[cmd.Name] && cmd.Path == cmd.Name:
	default:
		return
	}
	w.vals.setsPositional = true
	for _, a := range args {
		if a.node == nil {
			continue
		}
		v := w.valueOf(a.node, c)
		if v.opaque || w.splitsLineValue(a.node) {
			w.vals.positional = true
			continue
		}
		w.evaluated(v.text, c, cmd.Name)
	}
}

// reread reports a use that reads again a value the line built in a way
// not worked out: a name in arithmetic, ${!x}, ${x@P}.
func (w *walker) reread(name string, how string) {
	if real, ok := w.deref(name); ok {
		name, _, _ = strings.Cut(real, "[")
	}
	opaque := false
	if name == "@" || name == "*" || name != "" && name[0] >= '0' && name[0] <= '9' {
		opaque = w.vals.positional
		if !opaque && w.vals.rereads == "" {
			w.vals.rereads = how + ": $" + name
		}
	} else {
		opaque = w.vals.vars[name].opaque
	}
	if opaque {
		w.unknown("a value the line builds is read again " + how + ": " + name)
	}
}

// rereadParam reads the parts of a parameter expansion that read a value
// again.
func (w *walker) rereadParam(p *syntax.ParamExp, c ctx) {
	if p.Param == nil {
		return
	}
	if p.Exp != nil && p.Exp.Word != nil && (p.Exp.Op == syntax.AssignUnset || p.Exp.Op == syntax.AssignUnsetOrNull) {
		// ${x:=word} assigns word to x.
		w.assigned(p.Param.Value, p.Exp.Word, false, c)
	}
	if p.Excl && p.Names == 0 && p.Index == nil {
		w.reread(p.Param.Value, "as a name")
	}
	if p.Exp != nil && p.Exp.Op == syntax.OtherParamOps && p.Exp.Word != nil && p.Exp.Word.Lit() == "P" {
		w.reread(p.Param.Value, "as a prompt")
	}
	if p.Index != nil {
		w.rereadArithm(p.Index, c)
	}
	if p.Slice != nil {
		w.rereadArithm(p.Slice.Offset, c)
		w.rereadArithm(p.Slice.Length, c)
	}
}

// rereadArithm reads the names and parameters of an arithmetic
// expression, whose values bash evaluates as arithmetic in turn. A word
// that joins a parameter to other text ($y$z, "$1$2") is worked out as
// a whole, since the joint may be a substitution no part holds.
func (w *walker) rereadArithm(e syntax.Node, c ctx) {
	if isNil(e) {
		return
	}
	depth := 0 // the walk stops where the walker's own would
	syntax.Walk(e, func(n syntax.Node) bool {
		if n == nil {
			depth--
			return true
		}
		if depth >= maxTreeDepth {
			return false
		}
		depth++
		switch n := n.(type) {
		case *syntax.Word:
			if lit := n.Lit(); lit != "" {
				if name, _, _ := strings.Cut(lit, "["); name != "" && !(name[0] >= '0' && name[0] <= '9') {
					w.reread(name, "as arithmetic") // a number is not a name
				}
				return true
			}
			if len(n.Parts) == 1 {
				if pe, ok := n.Parts[0].(*syntax.ParamExp); ok {
					if pe.Param != nil {
						w.reread(pe.Param.Value, "as arithmetic")
					}
					return true
				}
			}
			v := w.wordValue(n, c, true)
			if v.opaque {
				w.unknown("a value the line builds is read again as arithmetic: " + source(n, c.src))
				return true
			}
			w.evaluated(v.text, c, "$((…))")
		case *syntax.CmdSubst, *syntax.ProcSubst:
			depth--
			return false
		}
		return true
	})
}
