package shell

import (
	"fmt"
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Command is one simple command as the shell would run it.
type Command struct {
	Name string   // the program's base name: "rm" for rm, /bin/rm, ./rm, \rm, "rm"; "" when the program is known only at run time
	Path string   // the program word after quote removal, as written ("/bin/rm"); its source text when known only at run time
	Args []string // its arguments after quote removal; a word that is not literal is kept as its source text and Dynamic is set
	Via  []string // how it was reached, outermost first, e.g. ["bash -c", "sudo", "$(…)"]; empty for a top-level command
	// Dynamic is set when a word of the command holds a parameter,
	// command or arithmetic substitution, whose value only run time
	// knows. Globs (*.go), tildes and brace lists do not set it: a glob
	// is kept as written and brace lists are expanded.
	Dynamic bool
}

// Script is a parsed command line: every simple command the shell could
// run, in source order, and what could not be known.
type Script struct {
	Commands []Command
	// Unknown says why the script could not be fully known: "the program
	// is a variable: $X", "eval of a non-literal: eval $CMD", "parse
	// error: …", "bash -c of a non-literal: \"$CMD\"". A matcher that
	// finds anything here matches, unless built with IfUnknown(false).
	Unknown []string
}

// maxDepth bounds how deep commands may nest inside each other's strings
// (bash -c "eval 'sh -c …'"), so that a hostile command costs a bounded
// amount of work.
const maxDepth = 16

// Parse reads src as Bash and returns every simple command it could run.
// It never panics and always answers: what it cannot read is in Unknown.
func Parse(src string) (s Script) {
	defer func() {
		// The parser is not this package's code; if it ever panics on some
		// input, that input is unknown rather than a crash in the chain.
		if r := recover(); r != nil {
			s.Unknown = append(s.Unknown, fmt.Sprint("internal error: ", r))
		}
	}()
	w := walker{out: &s, budget: 8*len(src) + 16<<10}
	w.script(src, nil, "")
	return s
}

type walker struct {
	out    *Script
	depth  int
	budget int // bytes of script left to parse
}

func (w *walker) unknown(reason string) {
	w.out.Unknown = append(w.out.Unknown, reason)
}

// script parses src, a whole script reached through via, and records its
// commands. label names what handed it the script ("bash -c"), for the
// reasons given when it cannot be read.
func (w *walker) script(src string, via []string, label string) {
	if w.depth == maxDepth {
		w.unknown("nested too deeply: " + label)
		return
	}
	if len(src) > w.budget {
		// Strings that are scripts can be built to grow at every level
		// (eval of a brace expansion of quoted braces); the work spent on
		// one command line is bounded.
		w.unknown("too large to read: " + label)
		return
	}
	w.budget -= len(src)
	w.depth++
	defer func() { w.depth-- }()
	f, err := parse(src)
	if err != nil {
		if label == "" {
			w.unknown("parse error: " + err.Error())
		} else {
			w.unknown("parse error in " + label + ": " + err.Error())
		}
		// A script that ends early (an open quote, a dangling &&) can
		// still be read up to that point; its commands are what the shell
		// would have run before it failed.
		p := syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.RecoverErrors(8))
		if f, err = p.Parse(strings.NewReader(src), ""); err != nil || f == nil {
			return
		}
	}
	w.walk(f, src, via)
}

// input is where a command reads its standard input from, for a shell
// that reads its script there.
type input struct {
	stmt     *syntax.Stmt // the statement, with its redirections
	producer *syntax.Stmt // the command piping into it, if any
	src      string
}

func (w *walker) walk(root syntax.Node, src string, via []string) {
	var stack []syntax.Node
	var pushed []bool // per stack entry: whether it added to via
	syntax.Walk(root, func(n syntax.Node) bool {
		if n == nil {
			if pushed[len(pushed)-1] {
				via = via[:len(via)-1]
			}
			stack, pushed = stack[:len(stack)-1], pushed[:len(pushed)-1]
			return true
		}
		label := ""
		switch x := n.(type) {
		case *syntax.CmdSubst:
			label = "$(…)"
			if x.Backquotes {
				label = "`…`"
			}
		case *syntax.ProcSubst:
			label = "<(…)"
			if x.Op == syntax.CmdOut {
				label = ">(…)"
			}
		case *syntax.TimeClause:
			label = "time"
		case *syntax.CallExpr:
			in := input{src: src}
			if len(stack) > 0 {
				in.stmt, _ = stack[len(stack)-1].(*syntax.Stmt)
				if len(stack) > 1 {
					if b, ok := stack[len(stack)-2].(*syntax.BinaryCmd); ok && b.Y == in.stmt &&
						(b.Op == syntax.Pipe || b.Op == syntax.PipeAll) {
						in.producer = lastOfPipe(b.X)
					}
				}
			}
			w.command(words(x.Args, src), via, in)
		}
		if label != "" {
			// A fresh array per push: commands already recorded keep
			// their own copies, and popping must not disturb them.
			via = append(via[:len(via):len(via)], label)
		}
		stack, pushed = append(stack, n), append(pushed, label != "")
		return true
	})
}

// lastOfPipe returns the statement whose output a pipe carries: the last of
// a pipeline `a | b`.
func lastOfPipe(s *syntax.Stmt) *syntax.Stmt {
	for {
		b, ok := s.Cmd.(*syntax.BinaryCmd)
		if !ok || b.Op != syntax.Pipe && b.Op != syntax.PipeAll {
			return s
		}
		s = b.Y
	}
}

// command records the simple command ws, reached through via, and then
// whatever it runs in turn.
func (w *walker) command(ws []word, via []string, in input) {
	if len(ws) == 0 {
		return
	}
	prog := ws[0]
	if !prog.dyn && !prog.glob && prog.text == "" {
		return // `"" args` runs nothing: there is no program called ""
	}
	cmd := Command{Path: prog.text, Dynamic: prog.dyn}
	if len(ws) > 1 {
		cmd.Args = make([]string, len(ws)-1)
		for i, a := range ws[1:] {
			cmd.Args[i] = a.text
			cmd.Dynamic = cmd.Dynamic || a.dyn
		}
	}
	if len(via) > 0 {
		cmd.Via = append([]string(nil), via...)
	}
	switch {
	case prog.dyn:
		w.unknown(programReason(prog))
	case prog.glob:
		w.unknown("the program is a glob pattern: " + prog.text)
		cmd.Name = path.Base(prog.text)
	default:
		cmd.Name = path.Base(prog.text)
	}
	w.out.Commands = append(w.out.Commands, cmd)
	if cmd.Name != "" && !prog.glob {
		w.unwrap(cmd, ws, via, in)
	}
}

func programReason(prog word) string {
	what := "known only at run time"
	if prog.node != nil && len(prog.node.Parts) > 0 {
		p := prog.node.Parts[0]
		if q, ok := p.(*syntax.DblQuoted); ok && len(q.Parts) > 0 {
			p = q.Parts[0]
		}
		switch p.(type) {
		case *syntax.ParamExp:
			what = "a variable"
		case *syntax.CmdSubst:
			what = "a command's output"
		default:
			if !literal(prog.node, "").dyn {
				what = "a brace expansion too large to expand"
			}
		}
	}
	return "the program is " + what + ": " + prog.text
}

// scriptOf joins ws into the text a command hands a shell (eval and watch
// join their arguments with spaces), or reports the first word that is not
// literal.
func scriptOf(ws []word) (string, *word) {
	for i := range ws {
		if ws[i].dyn {
			return "", &ws[i]
		}
	}
	if len(ws) == 1 {
		return ws[0].text, nil
	}
	parts := make([]string, len(ws))
	for i, x := range ws {
		parts[i] = x.text
	}
	return strings.Join(parts, " "), nil
}

// runScript parses the text of ws as a script reached through via+label.
func (w *walker) runScript(ws []word, via []string, label string) {
	if len(ws) == 0 {
		return
	}
	text, bad := scriptOf(ws)
	if bad != nil {
		w.unknown(label + " of a non-literal: " + bad.text)
		return
	}
	w.script(text, appendVia(via, label), label)
}

func appendVia(via []string, label string) []string {
	return append(via[:len(via):len(via)], label)
}
