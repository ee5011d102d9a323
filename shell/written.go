package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Names bash (or zsh, which may run the same text) evaluates: a value
// written to one of them is run, expanded or bound to a program later.
// Every way of writing a variable is read the same way, by write: an
// assignment is followed, and so are read, printf -v, mapfile, getopts,
// wait -p, arithmetic, ${X:=v}, for and a nameref, whose value is
// followed when the line gives it and is otherwise unknown.

// zshNames are zsh's special tables, ordinary names in bash.
var zshNames = map[string]bool{
	"commands": true, "aliases": true, "galiases": true, "saliases": true, "functions": true,
}

// evaluatedName reports whether bash, or zsh when zsh is set, runs or
// expands the value of the variable name later, or binds a name by it.
func evaluatedName(name string, zsh bool) bool {
	return programVariable(name) || zsh && zshNames[name]
}

// maxRefHops bounds a chain of namerefs, as bash does.
const maxRefHops = 8

// deref returns the variable a write to name writes, through the namerefs
// the line declares (it may hold a subscript: declare -n r='a[k]'), and
// false when only run time knows it.
func (w *walker) deref(name string) (string, bool) {
	target := name
	for range maxRefHops {
		t, ok := w.names.refs[name]
		if !ok {
			return target, true
		}
		if t.dyn {
			return t.text, false
		}
		target = t.text
		name, _, _ = strings.Cut(t.text, "[")
	}
	return target, false
}

// nameref records declare -n NAME=TARGET: writes to NAME write TARGET. A
// nameref without a target takes it from its first assignment, at run
// time.
func (w *walker) nameref(name string, target word) {
	if w.names.refs == nil {
		w.names.refs = map[string]word{}
	}
	w.names.refs[name] = target
}

// write reads a write by label of value to target, a variable as bash
// names it (NAME, NAME[SUBSCRIPT]); value.dyn says only run time knows
// the value. zsh says zsh may run the text too (it has no mapfile).
func (w *walker) write(target, value word, c ctx, label string, zsh bool) {
	if target.dyn {
		w.unknown(label + " writes a variable named only at run time: " + target.text)
		return
	}
	name, sub, hasSub := strings.Cut(target.text, "[")
	if hasSub && suspicious(sub) {
		w.evaluated(target.text, c, label) // the subscript is expanded
	}
	real, ok := w.deref(name)
	if r, rsub, cut := strings.Cut(real, "["); cut && ok {
		real = r
		if !hasSub {
			sub, hasSub = rsub, true
		}
	}
	switch {
	case !ok:
		w.unknown(label + " writes through a nameref to what only run time knows: " + name)
	case strings.HasPrefix(real, "BASH_FUNC_") && strings.HasSuffix(real, "%%") && len(real) > 12:
		// The environment's form of a function, which a bash it starts
		// defines: BASH_FUNC_ls%%='() { …; }'.
		fn := real[len("BASH_FUNC_") : len(real)-2]
		if value.dyn {
			w.unknown(label + " exports the function " + fn + " with a body only run time knows")
			return
		}
		w.script(fn+" "+value.text, c.reached(label), label)
	case !evaluatedName(real, zsh):
		if !value.dyn {
			w.evaluated(value.text, c, label)
		}
	case value.dyn:
		w.unknown(label + " sets " + real + ", which is evaluated, to what only run time knows")
	default:
		// Read as the assignment it is.
		text := real
		if hasSub {
			text += "[" + sub
		}
		q, err := syntax.Quote(value.text, syntax.LangBash)
		if err != nil {
			w.unknown(label + " sets " + real + " to what cannot be written")
			return
		}
		w.script(text+"="+q, c.reached(label), label)
	}
}

// bindsNames reports whether name is a table of names (BASH_CMDS,
// BASH_ALIASES, zsh's), which a loop assigning it as a scalar fills in
// ways not followed.
func bindsNames(name string) bool {
	return name == "BASH_CMDS" || name == "BASH_ALIASES" || zshNames[name]
}

// runTime is a value only run time knows.
var runTime = word{text: "a value read at run time", dyn: true}

// written reads a node of the syntax tree that writes a variable (an
// arithmetic assignment, ${X:=v} and ${X=v}, a for or select loop) or
// that zsh reads as code (a glob qualifier).
func (w *walker) written(n syntax.Node, c ctx) {
	switch x := n.(type) {
	case *syntax.BinaryArithm:
		switch x.Op {
		case syntax.Assgn, syntax.AddAssgn, syntax.SubAssgn, syntax.MulAssgn, syntax.QuoAssgn,
			syntax.RemAssgn, syntax.AndAssgn, syntax.OrAssgn, syntax.XorAssgn, syntax.ShlAssgn,
			syntax.ShrAssgn, syntax.AndBoolAssgn, syntax.OrBoolAssgn, syntax.XorBoolAssgn, syntax.PowAssgn:
			w.arithmWrite(x.X, c)
		}
	case *syntax.UnaryArithm:
		if x.Op == syntax.Inc || x.Op == syntax.Dec {
			w.arithmWrite(x.X, c)
		}
	case *syntax.ParamExp:
		if x.Exp != nil && (x.Exp.Op == syntax.AssignUnset || x.Exp.Op == syntax.AssignUnsetOrNull) && x.Param != nil {
			value := runTime
			if x.Exp.Word != nil {
				value = literal(x.Exp.Word, c.src)
				// Its backslashes and quotes are read as the quotes around
				// the expansion say, which the word alone does not tell.
				value.dyn = value.dyn || strings.ContainsAny(source(x.Exp.Word, c.src), `\'"`)
			}
			w.write(paramTarget(x, c.src), value, c, "${"+x.Param.Value+"=…}", true)
		}
	case *syntax.WordIter:
		if x.Name == nil {
			break
		}
		name, label := word{text: x.Name.Value}, "for "+x.Name.Value
		if !x.InPos.IsValid() || bindsNames(x.Name.Value) {
			w.write(name, runTime, c, label, true) // for NAME; do: the positional parameters
			break
		}
		// Each word of the list is a value the loop gives NAME, unless run
		// time makes it other words (a glob, braces, an expansion).
		for _, it := range x.Items {
			v := literal(it, c.src)
			if v.dyn || v.glob || strings.ContainsAny(v.text, "{}") {
				v = runTime
			}
			w.write(name, v, c, label, true)
		}
	case *syntax.ExtGlob:
		w.globQualifier(x, c)
	}
}

// arithmWrite reads the variable an arithmetic assignment writes; its
// value is a number only run time works out.
func (w *walker) arithmWrite(x syntax.ArithmExpr, c ctx) {
	wd, ok := x.(*syntax.Word)
	if !ok || len(wd.Parts) != 1 {
		return
	}
	switch p := wd.Parts[0].(type) {
	case *syntax.ParamExp:
		t := paramTarget(p, c.src)
		if p.Dollar.IsValid() {
			t = word{text: source(p, c.src), dyn: true} // (( $x = 1 )) writes the variable $x names
		}
		w.write(t, runTime, c, "arithmetic", true)
	case *syntax.Lit:
		w.write(word{text: p.Value}, runTime, c, "arithmetic", true)
	}
}

// paramTarget returns the variable ${X[K]…} names, as bash writes it.
func paramTarget(p *syntax.ParamExp, src string) word {
	if p.Param == nil {
		return word{text: source(p, src), dyn: true}
	}
	t := word{text: p.Param.Value}
	if p.Index != nil {
		k := source(p.Index, src)
		t.text += "[" + k + "]"
	}
	return t
}

// builtinTargets reads the variables that read, mapfile, readarray,
// getopts and wait -p write, whose values are read at run time.
func (w *walker) builtinTargets(name string, args []word, c ctx) {
	ts := texts(args)
	var g grammar
	switch name {
	case "read":
		g = opts("a: d: e i: n: N: p: r s t: u:", "")
	case "mapfile", "readarray":
		g = opts("C: c: d: n: O: s: t u:", "")
	case "getopts":
		if len(args) > 1 {
			w.write(args[1], runTime, c, name, true)
		}
		return
	case "wait":
		g = opts("f n p:", "")
	}
	var targets []word
	i, _ := g.scan(ts, func(o option) {
		if (name == "read" && o.name == "-a" || name == "wait" && o.name == "-p") && o.at < len(args) {
			t := args[o.at]
			t.text = o.val
			targets = append(targets, t)
		}
	})
	switch name {
	case "read":
		targets = append(targets, args[min(i, len(args)):]...)
	case "mapfile", "readarray":
		if i < len(args) {
			targets = append(targets, args[i])
		}
	}
	for _, t := range targets {
		w.write(t, runTime, c, name, name == "read") // zsh has no mapfile, and no wait -p
	}
}
