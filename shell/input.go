package shell

import (
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// What a file descriptor holds, for a program that reads a script from it.
type srcKind uint8

const (
	srcNothing srcKind = iota // nothing to read: the agent's own input, /dev/null, a closed or write-only descriptor
	srcText                   // text written in the command line: a here-document, a here-string, echo piped in
	srcFile                   // a named file, as opaque as a script file
	srcUnknown                // what only run time knows: a pipe from curl, a command's output, a network connection
	srcUnset                  // a descriptor the command line never opened
	srcCaller                 // a function's standard input, which each caller chooses
	srcPipe                   // a pipe from the statement from, whose script's text is text; see resolve
	srcEither                 // any of alts: which one depends on the way the script took to get here
)

// textOf returns the text a program reads from in, as a makefile or a
// configuration. The kinds of input are a closed list: nothing, and a
// named file (out of reach, like a script in a file), are no text, and
// every other kind that is not text is unknown, what, naming the reader.
func (w *walker) textOf(in input, what string) (string, bool) {
	switch in = w.resolve(in); in.kind {
	case srcText:
		return in.text, true
	case srcNothing, srcFile:
	case srcUnset:
		w.unknown(what + " reading a descriptor the command line does not open")
	case srcUnknown:
		w.unknown(what + " reading " + in.text)
	default:
		w.unknown(what + " reading an input only run time knows")
	}
	return "", false
}

// maxAlts bounds how many inputs one descriptor may be said to hold; past
// it, the descriptor is unknown.
const maxAlts = 8

// maxFds bounds how many descriptors the reader follows for the shell
// itself (set by exec), so that the work of each statement after them is
// bounded.
const maxFds = 24

type input struct {
	kind srcKind
	from *syntax.Stmt // srcPipe
	// text is the text for srcText, what it is for srcUnknown ("a pipe
	// from curl -s x"), and the function's name for srcCaller.
	text string
	how  string  // srcText: how it arrives, for Via: "<<", "<<<", "| echo"
	alts []input // srcEither
}

func (x input) equal(y input) bool {
	if x.kind != y.kind || x.from != y.from || x.text != y.text || x.how != y.how || len(x.alts) != len(y.alts) {
		return false
	}
	for i := range x.alts {
		if !x.alts[i].equal(y.alts[i]) {
			return false
		}
	}
	return true
}

// sameInputs reports whether every descriptor holds the same in a and b.
func sameInputs(a, b fds) bool {
	if len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0]) {
		return true // the same table, which is how most statements leave it
	}
	for _, t := range [2]fds{a, b} {
		for _, e := range t {
			if !a.get(e.fd).equal(b.get(e.fd)) {
				return false
			}
		}
	}
	return true
}

// either returns the descriptors after one of several ways the script
// may take: a descriptor the ways leave differently holds any of what
// they leave in it.
func either(ways ...fds) fds {
	differ := false
	for _, t := range ways[1:] {
		if !sameInputs(ways[0], t) {
			differ = true
			break
		}
	}
	if !differ {
		return ways[0]
	}
	var out fds
	for _, t := range ways {
		for _, e := range t {
			if slicesContainsFd(out, e.fd) {
				continue
			}
			var alts []input
			for _, u := range ways {
				alts = appendAlt(alts, u.get(e.fd))
			}
			in := alts[0]
			switch {
			case len(alts) > maxAlts:
				in = unknownInput("one of more inputs than can be followed, which exec set on some of the ways here")
			case len(alts) > 1:
				in = input{kind: srcEither, alts: alts}
			}
			out = append(out, fdEntry{e.fd, in})
		}
	}
	return out
}

func slicesContainsFd(t fds, fd int) bool {
	for _, e := range t {
		if e.fd == fd {
			return true
		}
	}
	return false
}

// appendAlt adds in, or each of its alternatives, to alts once.
func appendAlt(alts []input, in input) []input {
	if in.kind == srcEither {
		for _, a := range in.alts {
			alts = appendAlt(alts, a)
		}
		return alts
	}
	for _, a := range alts {
		if a.equal(in) {
			return alts
		}
	}
	return append(alts, in)
}

// restored returns the descriptors after a command whose redirections rs
// are undone when it ends: those it redirected go back to what they were
// before it (outer), and the rest keep what exec inside it left (after;
// inner is what it started with).
func restored(after, inner, outer fds, rs []*syntax.Redirect) fds {
	if sameInputs(after, inner) {
		return outer
	}
	for _, r := range rs {
		switch r.Op {
		case syntax.RdrAll, syntax.AppAll:
			after = after.with(1, outer.get(1)).with(2, outer.get(2))
			continue
		}
		fd := 0
		switch r.Op {
		case syntax.RdrOut, syntax.AppOut, syntax.RdrClob, syntax.DplOut:
			fd = 1
		}
		if r.N != nil {
			n, ok := fdNumber(r.N.Value)
			if !ok {
				continue // {var}<…: bash leaves it open
			}
			fd = n
		}
		after = after.with(fd, outer.get(fd))
	}
	return after
}

// defineExec records what the body of the function name changes in the
// shell's descriptors: after, where its body started with base. A call
// of it changes them for what follows the call.
func (w *walker) defineExec(name string, base, after fds) {
	if name == "" || sameInputs(base, after) {
		return
	}
	var delta fds
	for _, t := range [2]fds{base, after} {
		for _, e := range t {
			if in := after.get(e.fd); !in.equal(base.get(e.fd)) && !slicesContainsFd(delta, e.fd) {
				delta = append(delta, fdEntry{e.fd, in})
			}
		}
	}
	if w.names.used[name] {
		w.unknown("a function that changes the shell's descriptors with exec, defined after its name is used: " + name)
	}
	if w.execs == nil {
		w.execs = map[string]fds{}
	}
	w.execs[name] = delta
}

// calledExec returns the descriptors after a command run by the word
// prog, with caller its descriptors and after what it leaves them as: a
// function that changes them with exec changes them for its caller, and
// what it gives its own input is the caller's.
func (w *walker) calledExec(prog word, caller, after fds) fds {
	delta, ok := w.execs[prog.text]
	if !ok || prog.dyn {
		return after
	}
	for _, e := range delta {
		in := e.src
		if in.kind == srcCaller {
			in = caller.get(0)
		}
		after = after.with(e.fd, in)
	}
	return after
}

func unknownInput(what string) input { return input{kind: srcUnknown, text: what} }

// fds is what a command's descriptors hold, as far as the command line
// sets them; an array shared by commands reached the same way, and copied
// before a change.
type fds []fdEntry

type fdEntry struct {
	fd  int
	src input
}

// get returns what fd holds. A descriptor the command line did not set is
// the agent's own for 0, 1 and 2, and unset above.
func (t fds) get(fd int) input {
	for i := len(t) - 1; i >= 0; i-- {
		if t[i].fd == fd {
			return t[i].src
		}
	}
	if fd <= 2 {
		return input{kind: srcNothing}
	}
	return input{kind: srcUnset}
}

func (t fds) with(fd int, s input) fds {
	out := make(fds, 0, len(t)+1)
	for _, e := range t {
		if e.fd != fd {
			out = append(out, e)
		}
	}
	return append(out, fdEntry{fd, s})
}

// redirect applies rs, in order, to the descriptors of c: the last
// redirection of a descriptor is the one that holds.
func (w *walker) redirect(rs []*syntax.Redirect, c ctx, s *syntax.Stmt) fds {
	t := c.fds
	for _, r := range rs {
		fd, ok := 0, true
		output := false
		switch r.Op {
		case syntax.RdrOut, syntax.AppOut, syntax.RdrClob, syntax.DplOut:
			fd, output = 1, true
		case syntax.RdrAll, syntax.AppAll:
			t = t.with(1, input{}).with(2, input{})
			continue
		}
		if r.N != nil {
			fd, ok = fdNumber(r.N.Value)
			if !ok {
				// {var}<… opens a descriptor whose number only run time
				// knows; it is read through its variable, which is a
				// dynamic path.
				continue
			}
		}
		switch r.Op {
		case syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
			text, how, why := redirText(r, c.src)
			if why != "" {
				t = t.with(fd, unknownInput(why))
			} else {
				t = t.with(fd, input{kind: srcText, text: text, how: how})
			}
		case syntax.RdrIn, syntax.RdrInOut:
			t = t.with(fd, w.pathInput(r.Word, c, s, t))
		case syntax.DplIn, syntax.DplOut:
			lw := literal(r.Word, c.src)
			switch {
			case lw.dyn:
				t = t.with(fd, unknownInput("a descriptor known only at run time: "+lw.text))
			case lw.text == "-":
				t = t.with(fd, input{})
			default:
				n, ok := fdNumber(strings.TrimSuffix(lw.text, "-"))
				if !ok {
					t = t.with(fd, input{}) // >&file: an output file
					continue
				}
				t = t.with(fd, t.get(n))
			}
		default:
			if output {
				t = t.with(fd, input{}) // opened for writing: nothing to read
			}
		}
	}
	return t
}

func fdNumber(s string) (int, bool) {
	n, err := strconv.Atoi(s)
	return n, err == nil && n >= 0
}

// pathInput returns what reading the file named by x gives, with the
// descriptors t: /dev/stdin and /dev/fd/N are descriptors, a process
// substitution is a command's output, /dev/tcp is the network, and any
// other name a file.
func (w *walker) pathInput(x *syntax.Word, c ctx, s *syntax.Stmt, t fds) input {
	if x == nil {
		return input{}
	}
	if len(x.Parts) == 1 {
		if ps, ok := x.Parts[0].(*syntax.ProcSubst); ok && ps.Op == syntax.CmdIn {
			return w.outputOfStmts(ps.Stmts, c.src, "a process substitution: "+source(ps, c.src))
		}
	}
	lw := literal(x, c.src)
	if lw.dyn {
		return dynamicPath(lw.text)
	}
	return w.filePath(lw.text, t)
}

// outputOfStmts returns what the statements write, when that is literal
// text (a lone echo, printf or cat of a here-document) and otherwise what
// says it is unknown.
func (w *walker) outputOfStmts(ss []*syntax.Stmt, src, what string) input {
	if len(ss) == 1 {
		if text, _, ok := w.produced(ss[0], src); ok {
			return input{kind: srcText, text: text, how: "<(…)"}
		}
	}
	return unknownInput(what)
}

// resolve returns what a pipe carries: the literal text that a lone echo,
// printf or cat of a here-document writes, or what says it is unknown.
// Any other input is returned as it is.
func (w *walker) resolve(in input) input {
	if in.kind != srcPipe {
		return in
	}
	if text, _, ok := w.produced(in.from, in.text); ok {
		return input{kind: srcText, text: text, how: "|"}
	}
	// The producer's text runs on into its here-documents; its first line
	// is enough to say which it is.
	what, _, _ := strings.Cut(strings.TrimSpace(source(in.from, in.text)), "\n")
	return unknownInput("a pipe: " + what)
}

// lastOfPipe returns the statement whose output a pipe carries: the last of
// a pipeline `a | b`.
func lastOfPipe(s *syntax.Stmt) *syntax.Stmt {
	for {
		b, ok := s.Cmd.(*syntax.BinaryCmd)
		if !ok || b.Op != syntax.Pipe && b.Op != syntax.PipeAll || b.Y == nil {
			return s
		}
		s = b.Y
	}
}

// redirText returns the text a redirection feeds a descriptor. how is
// "<<" or "<<<" for text on the command line, "<" for a file, or "" when
// r is not an input redirection; why says what the text is when it is not
// literal.
func redirText(r *syntax.Redirect, src string) (text, how, why string) {
	switch r.Op {
	case syntax.Hdoc, syntax.DashHdoc:
		how = "<<"
		if r.Hdoc == nil {
			return "", how, ""
		}
		if quotedDelimiter(r.Word) {
			// With a quoted delimiter the body is taken as it is.
			var b strings.Builder
			for _, p := range r.Hdoc.Parts {
				if l, ok := p.(*syntax.Lit); ok {
					b.WriteString(l.Value)
				}
			}
			return b.String(), how, ""
		}
		var b strings.Builder
		expands := false
		for _, p := range r.Hdoc.Parts {
			if l, ok := p.(*syntax.Lit); ok {
				b.WriteString(l.Value)
			} else {
				b.WriteString(source(p, src))
				expands = true
			}
		}
		if expands {
			return "", how, "a here-document with expansions: " + strings.TrimSpace(b.String())
		}
		return unescapeHeredoc(b.String()), how, ""
	case syntax.WordHdoc:
		lw := literal(r.Word, src)
		if lw.dyn {
			return "", "<<<", "a here-string that is not literal: " + lw.text
		}
		return lw.text + "\n", "<<<", ""
	case syntax.RdrIn:
		return "", "<", ""
	}
	return "", "", ""
}

func quotedDelimiter(x *syntax.Word) bool {
	if x == nil {
		return false
	}
	for _, p := range x.Parts {
		l, ok := p.(*syntax.Lit)
		if !ok || strings.IndexByte(l.Value, '\\') >= 0 {
			return true
		}
	}
	return false
}

// producers are what the command line did that may make echo, printf
// and cat, whose output is worked out as text, run something else.
type producers struct {
	used      map[string]bool   // the names whose output was worked out
	redefined map[string]string // name → what redefined it
}

// redefine records that name may no longer run the program it names.
func (w *walker) redefine(name, how string) {
	if name != "echo" && name != "printf" && name != "cat" {
		return
	}
	if w.produce.redefined == nil {
		w.produce.redefined = map[string]string{}
	}
	w.produce.redefined[name] = how
}

// checkProducers makes unknown the text of a producer the command line
// redefines anywhere: a function defined after the pipe it feeds may
// still run first, in a loop or from a function called later.
func (w *walker) checkProducers() {
	for _, name := range []string{"echo", "printf", "cat"} {
		if !w.produce.used[name] {
			continue
		}
		how, ok := w.produce.redefined[name]
		switch {
		case ok:
		case w.names.aliases[name] != (aliasValue{}):
			how = "an alias"
		case w.names.bound[name] != (boundName{}):
			how = "a binding (hash -p, BASH_CMDS, BASH_ALIASES or a zsh table)"
		default:
			continue
		}
		w.unknown(name + ", whose output is read as a script, is redefined on the command line by " + how)
	}
}

// produced returns the literal text that s writes, when s is a plain echo,
// a printf whose output can be worked out, or cat of a here-document or
// here-string, and how, for Via. What it works out holds only if the
// command line leaves the program alone (see checkProducers).
func (w *walker) produced(s *syntax.Stmt, src string) (string, string, bool) {
	text, how, ok := w.producedText(s, src)
	if ok {
		if w.produce.used == nil {
			w.produce.used = map[string]bool{}
		}
		w.produce.used[strings.Fields(how)[0]] = true
	}
	return text, how, ok
}

func (w *walker) producedText(s *syntax.Stmt, src string) (string, string, bool) {
	call, ok := s.Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) == 0 {
		return "", "", false
	}
	ws := w.words(call.Args, src)
	for _, x := range ws {
		if x.dyn {
			return "", "", false
		}
	}
	name := programName(ws[0].text)
	switch name {
	case "echo":
		args := ws[1:]
		for len(args) > 0 && len(args[0].text) > 1 && args[0].text[0] == '-' &&
			strings.Trim(args[0].text[1:], "neE") == "" {
			args = args[1:]
		}
		text, _ := scriptOf(args)
		// Whether echo decodes backslashes depends on the shell and its
		// options (dash's always does); text with one is not known.
		return text + "\n", name, strings.IndexByte(text, '\\') < 0
	case "printf":
		args := ws[1:]
		if len(args) > 0 && args[0].text == "--" {
			args = args[1:]
		}
		if len(args) == 0 {
			return "", "", false
		}
		text, ok := printfOutput(args[0].text, texts(args[1:]))
		return text, name, ok
	case "cat":
		if len(ws) > 1 && !(len(ws) == 2 && ws[1].text == "-") {
			return "", "", false
		}
		t := w.redirect(s.Redirs, ctx{src: src}, s)
		if in := w.resolve(t.get(0)); in.kind == srcText {
			return in.text, name + " " + in.how, true
		}
	}
	return "", "", false
}

// printfOutput returns what printf FORMAT ARGS… writes, for the
// conversions %s, %b, %c, %d, %i and %%, and the common escapes; anything
// else is not worked out.
func printfOutput(format string, args []string) (string, bool) {
	var b strings.Builder
	for first := true; first || len(args) > 0; first = false {
		used := false
		for i := 0; i < len(format); i++ {
			c := format[i]
			switch {
			case c == '\\':
				n, ok := printfEscape(&b, format[i:])
				if !ok {
					return "", false
				}
				i += n - 1
			case c == '%' && i+1 < len(format):
				i++
				var arg string
				if format[i] != '%' {
					if len(args) > 0 {
						arg, args = args[0], args[1:]
					}
					used = true
				}
				switch format[i] {
				case '%':
					b.WriteByte('%')
				case 's', 'd', 'i':
					b.WriteString(arg)
				case 'c':
					if arg != "" {
						b.WriteByte(arg[0])
					}
				case 'b':
					for j := 0; j < len(arg); j++ {
						if arg[j] != '\\' {
							b.WriteByte(arg[j])
							continue
						}
						n, ok := printfEscape(&b, arg[j:])
						if !ok {
							return "", false
						}
						j += n - 1
					}
				default:
					return "", false // widths, precisions and the rest could spell anything
				}
			default:
				b.WriteByte(c)
			}
		}
		if !used {
			break
		}
	}
	return b.String(), true
}

// printfEscape writes the escape at the start of s and returns its length,
// knowing only the common ones: octal and hexadecimal could spell anything
// and are not worked out.
func printfEscape(b *strings.Builder, s string) (int, bool) {
	if len(s) < 2 {
		return 0, false
	}
	switch s[1] {
	case 'n':
		b.WriteByte('\n')
	case 't':
		b.WriteByte('\t')
	case '\\':
		b.WriteByte('\\')
	case '"', '\'':
		b.WriteByte(s[1])
	default:
		return 0, false
	}
	return 2, true
}
