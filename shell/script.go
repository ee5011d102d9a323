package shell

import (
	"fmt"
	"path"
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// Command is one simple command as the shell would run it.
type Command struct {
	Name string   // the program's base name: "rm" for rm, /bin/rm, ./rm, \rm, "rm"; "" when the program is known only at run time
	Path string   // the program word after quote removal, as written ("/bin/rm"); its source text when known only at run time
	Args []string // its arguments after quote removal; a word that is not literal is kept as its source text and Dynamic is set
	Via  []string // how it was reached, outermost first, e.g. ["bash -c", "sudo", "$(…)"]; empty for a top-level command; shared by the commands reached the same way, so read-only
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

// maxCommandBytes is the input-size cap: a longer command line is not
// read at all, and is unknown. A shell is handed its command as one
// argument (sh -c '…'), and no system runs one this long: macOS refuses
// more than 1 MiB of arguments and environment together, Linux more than
// 128 KiB in one argument. Below the cap, reading costs time and memory
// linear in the command's length.
const maxCommandBytes = 1 << 20

// maxTreeDepth bounds how deeply the walk descends the syntax tree. The
// nesting scan keeps the parser within maxNesting levels, a handful of
// tree levels each; arithmetic chains such as 1+1+…+1, which the parser
// builds in a loop, are one tree level an operator and are held here.
const maxTreeDepth = 8*maxNesting + 16

// maxWrappers bounds how many wrappers one command may pass through
// (sudo nice nohup … rm), each of which is recorded with the words after
// it.
const maxWrappers = 32

// maxReasons bounds how many reasons Unknown keeps; the last says there
// were more.
const maxReasons = 32

// maxReasonBytes bounds the command text a reason quotes.
const maxReasonBytes = 160

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
	if len(src) > maxCommandBytes {
		s.Unknown = []string{fmt.Sprintf("too long to read: %d bytes, over the cap of %d", len(src), maxCommandBytes)}
		return s
	}
	// Scripts inside strings are mostly pieces of the command line; the
	// budget lets each of them be read about three times over (bash -c
	// inside sudo sh -c), and bounds what a string built to grow (eval of
	// brace expansions) may cost.
	w := walker{out: &s, budget: 3*len(src) + 64<<10}
	w.script(src, nil, "")
	return s
}

type walker struct {
	out    *Script
	depth  int
	budget int // bytes of script left to parse
}

func (w *walker) unknown(reason string) {
	switch n := len(w.out.Unknown); {
	case n < maxReasons:
		w.out.Unknown = append(w.out.Unknown, clip(reason))
	case n == maxReasons:
		w.out.Unknown = append(w.out.Unknown, "and more that cannot be known")
	}
}

// clip shortens a reason that quotes a long piece of the command.
func clip(reason string) string {
	if len(reason) <= maxReasonBytes {
		return reason
	}
	cut := maxReasonBytes
	for cut > 0 && !utf8.RuneStart(reason[cut]) {
		cut--
	}
	return reason[:cut] + "…"
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
	// Every level takes at least a byte, so a short script cannot nest
	// past the cap.
	if len(src) > maxNesting && nestedTooDeeply(src, maxNesting) {
		w.unknown(fmt.Sprintf("nested too deeply to read: more than %d levels%s", maxNesting, where(label)))
		return
	}
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

// where names where a reason applies: " in bash -c", or nothing at the top.
func where(label string) string {
	if label == "" {
		return ""
	}
	return " in " + label
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
	deep := false
	syntax.Walk(root, func(n syntax.Node) bool {
		if n == nil {
			if pushed[len(pushed)-1] {
				via = via[:len(via)-1]
			}
			stack, pushed = stack[:len(stack)-1], pushed[:len(pushed)-1]
			return true
		}
		if len(stack) == maxTreeDepth {
			if !deep {
				w.unknown(fmt.Sprintf("nested too deeply to read: more than %d levels of syntax", maxTreeDepth))
				deep = true
			}
			return false
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
			ws := words(x.Args, src)
			w.command(ws, texts(ws), via, in, 0)
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

// texts returns the text of each word. The commands a wrapper runs take
// their arguments from the wrapper's, so that a chain of wrappers shares
// one array rather than copying the words at every step.
func texts(ws []word) []string {
	out := make([]string, len(ws))
	for i, x := range ws {
		out[i] = x.text
	}
	return out
}

// command records the simple command ws, whose texts are ts, reached
// through via after hops wrappers, and then whatever it runs in turn.
func (w *walker) command(ws []word, ts []string, via []string, in input, hops int) {
	if len(ws) == 0 {
		return
	}
	if hops > maxWrappers {
		w.unknown(fmt.Sprintf("more than %d wrappers in a row: %s", maxWrappers, ws[0].text))
		return
	}
	prog := ws[0]
	if !prog.dyn && !prog.glob && prog.text == "" {
		return // `"" args` runs nothing: there is no program called ""
	}
	cmd := Command{Path: prog.text, Dynamic: prog.dyn}
	if len(ws) > 1 {
		cmd.Args = ts[1:len(ws):len(ws)]
		for _, a := range ws[1:] {
			cmd.Dynamic = cmd.Dynamic || a.dyn
		}
	}
	if len(via) > 0 {
		// Via arrays are never written once made (appendVia copies), so
		// commands reached the same way share one.
		cmd.Via = via
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
		w.unwrap(cmd, ws, ts, via, in, hops)
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
