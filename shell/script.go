package shell

import (
	"fmt"
	"path"
	"reflect"
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// Command is one simple command as the shell would run it.
type Command struct {
	Name string   // the program's base name: "rm" for rm, /bin/rm, ./rm, \rm, "rm", =rm, rm.exe, "$HOME/bin/rm"; "" when the program is known only at run time
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
// run, in input order, and what could not be known.
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

// maxAliasReads bounds how many alias expansions one command line is
// read through: alias b='a;a;a;a' c='b;b;b;b' … grows fourfold a name.
const maxAliasReads = 256

// maxLineBraceWords bounds, with a word for every 64 bytes of the
// command line, how many words the brace expansions of one command line
// may yield: each word is capped at maxBraceWords, and a line of
// thousands of {1..1024} must not yield millions.
const maxLineBraceWords = 8 * maxBraceWords

// maxReasons bounds how many reasons Unknown keeps; the last says there
// were more.
const maxReasons = 32

// maxReasonBytes bounds the command text a reason quotes.
const maxReasonBytes = 160

// Parse reads src as Bash and returns every simple command it could run.
// It never panics and always answers: what it cannot read is in Unknown.
func Parse(src string) Script {
	s, _ := read(src)
	return s
}

// work is what reading one command line spent of its budgets.
type work struct {
	scriptBytes, braceWords, aliasReads int
}

// read is Parse, and reports the work it spent.
func read(src string) (s Script, spent work) {
	defer func() {
		// The parser is not this package's code; if it ever panics on some
		// input, that input is unknown rather than a crash in the chain.
		if r := recover(); r != nil {
			s.Unknown = append(s.Unknown, fmt.Sprint("internal error: ", r))
		}
	}()
	if len(src) > maxCommandBytes {
		s.Unknown = []string{fmt.Sprintf("too long to read: %d bytes, over the cap of %d", len(src), maxCommandBytes)}
		return s, spent
	}
	// Scripts inside strings are mostly pieces of the command line; the
	// budget lets each of them be read about three times over (bash -c
	// inside sudo sh -c), and bounds what a string built to grow (eval of
	// brace expansions) may cost.
	w := walker{out: &s, budget: 3*len(src) + 64<<10, aliasReads: maxAliasReads}
	w.braceWords = maxLineBraceWords + len(src)/64
	w.braceTotal = w.braceWords
	start := w
	w.script(src, ctx{}, "")
	w.finish()
	w.checkProducers()
	spent = work{
		scriptBytes: start.budget - w.budget,
		braceWords:  start.braceWords - w.braceWords,
		aliasReads:  start.aliasReads - w.aliasReads,
	}
	return s, spent
}

type walker struct {
	out    *Script
	depth  int  // strings in strings
	budget int  // bytes of script left to parse
	level  int  // how deeply the walk has descended the syntax tree
	deep   bool // the walk went past maxTreeDepth, which is reported once
	names  bindings
	vals   values
	// aliasReads and braceWords are what is left of the budget of one
	// command line for alias expansions and for the words brace
	// expansions yield: an alias re-reads its value at every use
	// without the line growing, and braces multiply words.
	aliasReads int
	braceWords int
	braceTotal int // what braceWords started at, for the reason given past it
	// gitLine is what git config and the environment configure for the
	// git commands after them; gitPairs pairs GIT_CONFIG_KEY_n and _VALUE_n.
	gitLine  gitState
	gitPairs map[string]*[2]string
	produce  producers
	env      environ
	// sameShell is what a script run in the shell that called it (eval,
	// source) left its descriptors as; execs holds, for each function
	// whose body changes them with exec, what it changes.
	sameShell *fds
	execs     map[string]fds
	// cwd is where the script has changed directory to: "" where it
	// started, a path relative to that or absolute, or cwdUnknown;
	// cdpath says it set CDPATH.
	cwd    string
	cdpath bool
	// lastpipe says shopt -s lastpipe may be set, which runs the last
	// command of a pipe in the shell itself.
	lastpipe bool
}

// ctx is where a command runs: how it was reached, what its descriptors
// hold, and the text of the script it is part of.
type ctx struct {
	via []string
	fds fds
	src string
	// more names what gives the command more arguments than its words,
	// which only run time knows: "xargs' input".
	more string
	// env is the assignments a wrapper puts in the environment of the
	// command it runs (env NAME=VALUE, sudo NAME=VALUE).
	env []word
}

func (c ctx) reached(label string) ctx {
	c.via = appendVia(c.via, label)
	return c
}

func (w *walker) unknown(reason string) {
	reason = clip(reason)
	for _, r := range w.out.Unknown {
		if r == reason {
			return // a wrapper and the command it runs may share a word
		}
	}
	switch n := len(w.out.Unknown); {
	case n < maxReasons:
		w.out.Unknown = append(w.out.Unknown, reason)
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

// enter counts one more level of the syntax tree, and reports false past
// the cap.
func (w *walker) enter() bool {
	if w.level >= maxTreeDepth {
		if !w.deep {
			w.unknown(fmt.Sprintf("nested too deeply to read: more than %d levels of syntax", maxTreeDepth))
			w.deep = true
		}
		return false
	}
	w.level++
	return true
}

func (w *walker) leave() { w.level-- }

// admit reports whether src may be read as a script in a string label,
// charging it to the budget; what it may not is unknown.
func (w *walker) admit(src, label string) bool {
	if w.depth == maxDepth {
		w.unknown("nested too deeply: " + label)
		return false
	}
	if len(src) > w.budget {
		// Strings that are scripts can be built to grow at every level
		// (eval of a brace expansion of quoted braces); the work spent on
		// one command line is bounded.
		w.unknown("too large to read: " + label)
		return false
	}
	w.budget -= len(src)
	// Every level takes at least a byte, so a short script cannot nest
	// past the cap.
	if len(src) > maxNesting && nestedTooDeeply(src, maxNesting) {
		w.unknown(fmt.Sprintf("nested too deeply to read: more than %d levels%s", maxNesting, where(label)))
		return false
	}
	return true
}

// script parses src, a whole script run in c (whose via already names how
// it was reached), and records its commands. label names what handed it
// the script ("bash -c"), for the reasons given when it cannot be read.
// It returns the descriptors the script leaves its shell with, which
// matter when that shell is the caller's (eval, source).
func (w *walker) script(src string, c ctx, label string) fds {
	if !w.admit(src, label) {
		return c.fds
	}
	w.depth++
	defer func() { w.depth-- }()
	w.historyExpansion(src, label)
	f, err := parse(src)
	if err != nil {
		if fixed, ok := closeHeredocs(src, err); ok {
			// Bash runs a here-document that reaches the end of the script
			// without its delimiter, taking the rest as its body.
			src, f, err = fixed, nil, nil
			if f, err = parse(src); err != nil {
				f = nil
			}
		}
	}
	if err != nil {
		w.unknown("parse error" + where(label) + ": " + err.Error())
		// A script that ends early (an open quote, a dangling &&) can
		// still be read up to that point; its commands are what the shell
		// would have run before it failed.
		p := syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.RecoverErrors(8))
		if f, err = p.Parse(strings.NewReader(src), ""); err != nil || f == nil {
			return c.fds
		}
	}
	c.src, c.more = src, ""
	return w.stmts(f.Stmts, c)
}

// closeHeredocs returns src with the delimiters of here-documents that run
// to its end added, when err says that is what went wrong.
func closeHeredocs(src string, err error) (string, bool) {
	for range 8 {
		msg := err.Error()
		i := strings.Index(msg, "unclosed here-document `")
		if i < 0 {
			return src, false
		}
		delim := strings.TrimSuffix(msg[i+len("unclosed here-document `"):], "`")
		if !strings.HasSuffix(src, "\n") {
			src += "\n"
		}
		src += delim + "\n"
		if _, err = parse(src); err == nil {
			return src, true
		}
	}
	return src, false
}

// where names where a reason applies: " in bash -c", or nothing at the top.
func where(label string) string {
	if label == "" {
		return ""
	}
	return " in " + label
}

// stmts records what list runs in c, and returns the descriptors of the
// shell after it: exec with only redirections changes them for every
// command after it, whatever group, list or function it is written in.
func (w *walker) stmts(list []*syntax.Stmt, c ctx) fds {
	for _, s := range list {
		c.fds = w.stmt(s, c)
	}
	return c.fds
}

// isExecRedirect reports whether s is exec (or command exec) with only
// redirections, which it applies to the shell itself.
func isExecRedirect(s *syntax.Stmt) bool {
	call, ok := s.Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) == 0 || len(call.Args) > 2 || len(s.Redirs) == 0 {
		return false
	}
	for i, a := range call.Args {
		lw := literal(a, "")
		if lw.dyn || i == len(call.Args)-1 && lw.text != "exec" || i < len(call.Args)-1 && lw.text != "command" {
			return false
		}
	}
	return true
}

// stmt records what s runs, and returns the descriptors of the shell
// after it. Its redirections set the descriptors of its command, in
// order, and are undone after it, unless it is exec; the words of a
// simple command are expanded before they apply, so substitutions in
// them read the descriptors of c. A job in the background is a process
// of its own, and changes nothing here.
func (w *walker) stmt(s *syntax.Stmt, c ctx) fds {
	after := w.stmtFds(s, c)
	if len(after) > maxFds && len(after) > len(c.fds) {
		// Each descriptor the shell keeps costs work at every statement
		// after it; past the cap the script is unknown, and the reader
		// stops following what it opens.
		w.unknown(fmt.Sprintf("more than %d descriptors kept open with exec", maxFds))
		return c.fds
	}
	return after
}

func (w *walker) stmtFds(s *syntax.Stmt, c ctx) fds {
	if s == nil || !w.enter() {
		return c.fds
	}
	defer w.leave()
	inner := c
	if len(s.Redirs) > 0 {
		inner.fds = w.redirect(s.Redirs, c, s)
	}
	after := w.cmd(s, inner, c)
	for _, r := range s.Redirs {
		w.expansions(r.Word, c, s)
		w.expansions(r.Hdoc, c, s)
	}
	switch {
	case s.Background || s.Coprocess:
		return c.fds
	case isExecRedirect(s):
		return inner.fds
	case len(s.Redirs) > 0:
		return restored(after, inner.fds, c.fds, s.Redirs)
	}
	return after
}

// outputOf returns what a >( ) in s reads: what s writes.
func (w *walker) outputOf(s *syntax.Stmt, c ctx) input {
	if text, how, ok := w.produced(s, c.src); ok {
		return input{kind: srcText, text: text, how: how}
	}
	what, _, _ := strings.Cut(strings.TrimSpace(source(s, c.src)), "\n")
	return unknownInput("the output of " + what)
}

// cmd records what the command of s runs in c, and returns the
// descriptors of the shell after it. What runs in a process of its own (a
// subshell, each side of a pipe, a coprocess) changes nothing here; where
// one of several ways is taken (&&, ||, if, case, a loop), a descriptor
// that the ways leave differently holds any of their inputs.
func (w *walker) cmd(s *syntax.Stmt, c, outer ctx) fds {
	switch x := s.Cmd.(type) {
	case *syntax.CallExpr:
		return w.call(x, s, c, outer)
	case *syntax.BinaryCmd:
		if x.Op == syntax.Pipe || x.Op == syntax.PipeAll {
			w.stmt(x.X, c)
			y := c
			if x.X != nil {
				// What the pipe carries is worked out only if something
				// reads it as a script.
				y.fds = c.fds.with(0, input{kind: srcPipe, from: lastOfPipe(x.X), text: c.src})
			}
			last := w.stmt(x.Y, y)
			if !w.lastpipe || sameInputs(last, y.fds) {
				return c.fds
			}
			// Under shopt -s lastpipe the last command of a pipe runs in
			// this shell, which gets its own input back after it.
			return either(c.fds, last.with(0, c.fds.get(0)))
		}
		left := w.stmt(x.X, c)
		y := c
		y.fds = left
		return either(left, w.stmt(x.Y, y))
	case *syntax.Subshell:
		w.stmts(x.Stmts, c)
		return c.fds
	case *syntax.Block:
		return w.stmts(x.Stmts, c)
	case *syntax.IfClause:
		var ways []fds
		cur := c
		for cl := x; cl != nil; cl = cl.Else {
			if len(cl.Cond) == 0 && cl != x {
				ways = append(ways, w.stmts(cl.Then, cur))
				return either(ways...)
			}
			cur.fds = w.stmts(cl.Cond, cur)
			ways = append(ways, w.stmts(cl.Then, cur))
		}
		return either(append(ways, cur.fds)...)
	case *syntax.WhileClause:
		env := w.env
		cond := w.stmts(x.Cond, c)
		body := c
		body.fds = cond
		return w.loop(s, c, env, either(cond, w.stmts(x.Do, body)))
	case *syntax.ForClause:
		env := w.env
		if it, ok := x.Loop.(*syntax.WordIter); ok && it.Name != nil && startupVars[it.Name.Value] {
			w.unfollow(it.Name.Value)
		}
		w.expansions(x.Loop, c, nil)
		w.loopValues(x.Loop, c)
		return w.loop(s, c, env, w.stmts(x.Do, c))
	case *syntax.CaseClause:
		w.expansions(x.Word, c, nil)
		ways := []fds{c.fds}
		prev := c.fds
		for _, it := range x.Items {
			for _, p := range it.Patterns {
				w.expansions(p, c, nil)
			}
			item := c
			item.fds = prev
			after := w.stmts(it.Stmts, item)
			ways = append(ways, after)
			prev = c.fds
			if it.Op != syntax.Break {
				// ;& and ;;& go on to the next item from here.
				prev = either(c.fds, after)
			}
		}
		return either(ways...)
	case *syntax.FuncDecl:
		// A function's input is its caller's: what a call pipes into it
		// is read where the call is.
		name := ""
		if x.Name != nil {
			name = x.Name.Value
		}
		w.redefine(name, "a function")
		if w.vals.funcs == nil {
			w.vals.funcs = map[string]bool{}
		}
		w.vals.funcs[name] = true
		body := c
		body.fds = c.fds.with(0, input{kind: srcCaller, text: name})
		shells := w.env.shells
		w.defineExec(name, body.fds, w.stmt(x.Body, body))
		if w.env.shells > shells {
			w.defineShells(name)
		}
		return c.fds
	case *syntax.TimeClause:
		return w.stmt(x.Stmt, c.reached("time"))
	case *syntax.CoprocClause:
		// A coprocess reads what the script writes to ${COPROC[1]}.
		co := c
		co.fds = c.fds.with(0, unknownInput("what the script writes to a coprocess"))
		w.stmt(x.Stmt, co)
		return c.fds
	case *syntax.DeclClause:
		for _, a := range x.Args {
			if a.Name != nil && a.Name.Value == "PATH" || a.Naked && a.Value != nil && strings.HasPrefix(source(a.Value, c.src), "PATH=") {
				w.redefine("cat", "a PATH assignment")
			}
		}
		w.declExports(x, c.src)
		w.decl(x, s, c)
	case *syntax.LetClause:
		for _, e := range x.Exprs {
			w.expansions(e, c, nil)
			w.arithmeticString(e, c, "let")
			w.rereadArithm(e, c)
		}
	case *syntax.TestClause:
		w.expansions(x.X, c, nil)
		w.testClause(x.X, c)
	case nil:
	default:
		w.expansions(s.Cmd, c, nil)
	}
	return c.fds
}

// loop returns the descriptors after a loop that started in c, with env
// the environment then, and whose round ends with after. What a round
// changes is what the next round starts with, which the one reading of
// the body does not see: a descriptor it changes, or a startup variable
// when the loop starts a shell, makes the loop unknown.
func (w *walker) loop(s *syntax.Stmt, c ctx, env environ, after fds) fds {
	before := c.fds
	what, _, _ := strings.Cut(strings.TrimSpace(source(s, c.src)), "\n")
	if !sameInputs(before, after) {
		w.unknown("a loop whose rounds change the shell's descriptors with exec: " + what)
	}
	if w.env.version != env.version && w.env.shells != env.shells {
		w.unknown("a loop whose rounds start a shell and change what it is given in its environment: " + what)
	}
	return either(before, after)
}

// call records a simple command and what it runs, then the substitutions
// in its assignments and words.
func (w *walker) call(x *syntax.CallExpr, s *syntax.Stmt, c, outer ctx) fds {
	// Assignments apply before the command runs (GIT_CONFIG_* configure
	// the git they prefix).
	for _, a := range x.Assigns {
		if a.Name != nil && a.Name.Value == "PATH" {
			w.redefine("cat", "a PATH assignment")
		}
		if a.Name != nil && a.Name.Value == "CDPATH" {
			w.cdpath = true
		}
		switch {
		case a.Name == nil || len(x.Args) > 0:
		case a.Append || a.Index != nil:
			if startupVars[a.Name.Value] {
				w.unfollow(a.Name.Value)
			}
		case a.Value != nil:
			w.setVar(a.Name.Value, literal(a.Value, c.src), false)
		}
		w.assign(a, c, len(x.Args) > 0)
	}
	after := c.fds
	if len(x.Args) > 0 {
		ws := w.words(x.Args, c.src)
		w.sameShell = nil
		w.shellState(ws, x.Assigns)
		w.command(ws, texts(ws), c, 0)
		if w.sameShell != nil {
			// eval and source ran a script in this shell.
			after, w.sameShell = *w.sameShell, nil
		}
		after = w.calledExec(ws[0], c.fds, after)
	}
	for _, a := range x.Assigns {
		if a.Value != nil {
			w.expansions(a.Value, outer, s)
		}
		if a.Array != nil {
			w.expansions(a.Array, outer, s)
		}
		if a.Index != nil {
			w.expansions(a.Index, outer, s)
		}
	}
	for _, a := range x.Args {
		w.expansions(a, outer, s)
	}
	return after
}

// expansions reads the substitutions inside n: the commands of each $( ),
// ` `, <( ) and >( ) run with the descriptors of c, and a >( ) reads
// what s, the statement it is part of, writes.
func (w *walker) expansions(n syntax.Node, c ctx, s *syntax.Stmt) {
	if isNil(n) || !mayExpand(n) {
		return
	}
	entered := 0
	syntax.Walk(n, func(x syntax.Node) bool {
		if x == nil {
			entered--
			w.leave()
			return true
		}
		switch x := x.(type) {
		case *syntax.CmdSubst:
			label := "$(…)"
			if x.Backquotes {
				label = "`…`"
			}
			w.stmts(x.Stmts, c.reached(label))
			return false
		case *syntax.ProcSubst:
			sub := c.reached("<(…)")
			if x.Op == syntax.CmdOut {
				sub = c.reached(">(…)")
				in := unknownInput("the output of a command")
				if s != nil {
					in = w.outputOf(s, c)
				}
				sub.fds = c.fds.with(0, in)
			}
			w.stmts(x.Stmts, sub)
			return false
		case *syntax.ParamExp:
			w.rereadParam(x, c)
		case *syntax.ArithmExp:
			w.rereadArithm(x.X, c)
		case *syntax.ArithmCmd:
			w.rereadArithm(x.X, c)
		}
		w.written(x, c)
		if !w.enter() {
			return false
		}
		entered++
		return true
	})
	for ; entered > 0; entered-- {
		w.leave()
	}
}

// mayExpand reports whether n may hold a substitution: a word of literal
// text and quotes does not, and most words are such.
func mayExpand(n syntax.Node) bool {
	x, ok := n.(*syntax.Word)
	if !ok {
		return true
	}
	for _, p := range x.Parts {
		switch p := p.(type) {
		case *syntax.Lit, *syntax.SglQuoted:
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				if _, ok := q.(*syntax.Lit); !ok {
					return true
				}
			}
		default:
			return true
		}
	}
	return false
}

// isNil reports whether n is nil or a typed nil, which syntax.Walk does
// not accept and a tree recovered from a parse error may hold.
func isNil(n syntax.Node) bool {
	if n == nil {
		return true
	}
	v := reflect.ValueOf(n)
	return v.Kind() == reflect.Pointer && v.IsNil()
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

// command records the simple command ws, whose texts are ts, run in c
// after hops wrappers, and then whatever it runs in turn.
func (w *walker) command(ws []word, ts []string, c ctx, hops int) {
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
			if a.braces {
				w.unknown("a brace expansion too large to expand: " + a.text)
			}
		}
	}
	if len(c.via) > 0 {
		// Via arrays are never written once made (appendVia copies), so
		// commands reached the same way share one.
		cmd.Via = c.via
	}
	switch {
	case prog.braces:
		w.unknown("the program is a brace expansion too large to expand: " + prog.text)
	case prog.dyn:
		if name := quotedBase(prog.node); name != "" {
			cmd.Name = name
		} else {
			w.unknown(programReason(prog))
		}
	case prog.glob:
		w.unknown("the program is a glob pattern: " + prog.text)
		cmd.Name = programName(prog.text)
	default:
		cmd.Name = programName(prog.text)
	}
	if cmd.Name != "" {
		w.noteCall(cmd, c)
		w.alsoBound(cmd, ws, c, hops)
		w.positional(cmd, ws, c)
		if w.rebound(cmd, ws, c, hops) {
			return
		}
	}
	w.out.Commands = append(w.out.Commands, cmd)
	if cmd.Name != "" && !prog.glob {
		w.unwrap(cmd, ws, ts, c, hops)
	}
}

// programName is the name a program is known by: the base name of the
// word, without zsh's leading = (=rm is the rm on the PATH) or the .exe
// of Git Bash on Windows.
func programName(p string) string {
	name := path.Base(p)
	if strings.HasPrefix(p, "=") && !strings.Contains(p, "/") && len(p) > 1 {
		name = p[1:]
	}
	if len(name) > 4 && strings.EqualFold(name[len(name)-4:], ".exe") {
		name = name[:len(name)-4]
	}
	return name
}

// quotedBase returns the base name of a program word whose expansions are
// all inside double quotes and whose last component is literal:
// "$HOME/.local/bin/uv" runs a program named uv whatever $HOME holds. A
// word that run time may split or glob has no name.
func quotedBase(x *syntax.Word) string {
	if x == nil {
		return ""
	}
	// tail is the literal text since the last expansion, which must hold
	// the last '/'.
	var tail strings.Builder
	for _, p := range x.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			if hasGlob(p.Value) || strings.IndexByte(p.Value, '\\') >= 0 {
				return ""
			}
			tail.WriteString(p.Value)
		case *syntax.SglQuoted:
			if p.Dollar {
				return ""
			}
			tail.WriteString(p.Value)
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				switch q := q.(type) {
				case *syntax.Lit:
					unescapeDouble(&tail, q.Value)
				case *syntax.ParamExp:
					if q.Param != nil && (q.Param.Value == "@" || q.Param.Value == "*") || q.Index != nil {
						return "" // "$@" and "${a[@]}" may be several words
					}
					tail.Reset()
				default:
					tail.Reset()
				}
			}
		default:
			return ""
		}
	}
	t := tail.String()
	i := strings.LastIndexByte(t, '/')
	if i < 0 {
		return ""
	}
	return programName(t[i+1:])
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

// runScript parses the text of ws as a script run in c, reached through
// label, and returns the descriptors it leaves its shell with.
func (w *walker) runScript(ws []word, c ctx, label string) fds {
	if len(ws) == 0 {
		return c.fds
	}
	text, bad := scriptOf(ws)
	if bad != nil {
		w.unknown(label + " of a non-literal: " + bad.text)
		return c.fds
	}
	return w.script(text, c.reached(label), label)
}

func appendVia(via []string, label string) []string {
	return append(via[:len(via):len(via)], label)
}
