package shell

import "strings"

// maxNesting is the parse-depth cap: how deeply constructs may nest in one
// script before it is not parsed at all. The parser descends once per
// level of $( ), ( ), { }, if, while, case, quotes, arithmetic and each
// | && || of a chain, with kilobytes of stack a level, so a megabyte of
// "$($($(" would need gigabytes. Real commands nest a handful of levels;
// 256 leaves room for the scan's overcounting (below) and holds the stack
// of a hostile command to a few megabytes.
const maxNesting = 256

// Kinds of level in the nesting scan.
const (
	kTop       uint8 = iota
	kParen           // ( ) of a subshell or of f()
	kSubst           // $( ), <( ), >( ): part of a word
	kWordParen       // a=( ), @( ) and other parentheses inside a word
	kArith           // the inner ( of (( and $((, and parentheses inside arithmetic
	kIndex           // a subscript [ ] or $[ ]: arithmetic
	kParam           // ${ }
	kFunsub          // ${ cmd; }
	kGroup           // { } at the start of a command
	kIf              // if … fi
	kLoop            // for, while, until, select … done
	kCase            // case … esac
	kTest            // [[ ]]
	kBacktick        // ` `
	kDQ              // " "
	kHdoc            // the body of a here-document whose delimiter is unquoted
	kHdocQ           // the body of one whose delimiter is quoted
)

type hdocPending struct {
	delim  string
	quoted bool
	dash   bool // <<- strips leading tabs, from the delimiter line too
}

// nestFrame is one open level, with the state of the commands read in it.
type nestFrame struct {
	kind    uint8
	ops     int           // operators pending at this level: a|b|c nests as a|(b|c)
	pending []hdocPending // here-documents whose bodies start at this level's next newline
	delim   string        // kHdoc, kHdocQ
	dash    bool

	cmd    bool // at the start of a command, where a reserved word is one
	inWord bool
	word   int  // where the current word started
	redir  bool // the current or next word is a redirection's target
	saved  bool // cmd as it was before the redirection
	letArg bool // in the arguments of let, which are arithmetic
	decl   bool // in the arguments of declare and the like, which may be NAME[i]=v
	fnName bool // the next word names a function or coprocess; a body may follow it
	lineOp bool // the last token was an operator that carries on past a newline
	prev   byte // the last byte read that was not blank, for where comments start
}

// nestScan estimates how deeply src nests, as an upper bound of how deeply
// the parser will descend. It reads the script roughly as the parser does
// (quotes, comments, here-documents, reserved words at the start of a
// command), and where the two could read it differently it errs on the
// deep side: it opens a level for anything that might be one, and closes
// one only for a closer of the same kind where the parser would close it.
// It stops as soon as the limit is passed. Its cost is linear in src.
type nestScan struct {
	src   string
	i     int
	stack []nestFrame
	depth int // len(stack) + the ops of every frame
	most  int // the deepest depth reached
	limit int
	over  bool
}

// nestedTooDeeply reports whether src may nest more than limit levels.
func nestedTooDeeply(src string, limit int) bool {
	_, over := nesting(src, limit)
	return over
}

// nesting returns how deeply src may nest, up to just past limit.
func nesting(src string, limit int) (int, bool) {
	s := nestScan{src: src, limit: limit}
	s.push(kTop)
	for s.i < len(s.src) && !s.over {
		switch k := s.top().kind; k {
		case kHdocQ:
			s.quotedBody()
		case kHdoc:
			s.body()
		case kDQ:
			s.dq()
		case kArith, kIndex, kParam:
			s.arith()
		default:
			s.code()
		}
	}
	return s.most, s.over
}

func (s *nestScan) top() *nestFrame { return &s.stack[len(s.stack)-1] }

func (s *nestScan) push(kind uint8) {
	s.stack = append(s.stack, nestFrame{kind: kind, cmd: true, prev: '\n'})
	s.depth++
	s.most = max(s.most, s.depth)
	if s.depth > s.limit {
		s.over = true
	}
}

func (s *nestScan) op() {
	s.top().ops++
	s.depth++
	s.most = max(s.most, s.depth)
	if s.depth > s.limit {
		s.over = true
	}
}

// pop closes the top level. Here-documents opened inside it and not yet
// read are read at the next newline of the level around it, as the parser
// does with what it calls buried here-documents. The level around it
// learns what the closed one was part of.
func (s *nestScan) pop() {
	f := s.stack[len(s.stack)-1]
	s.stack = s.stack[:len(s.stack)-1]
	s.depth -= 1 + f.ops
	t := s.top()
	if len(f.pending) > 0 {
		t.pending = append(t.pending, f.pending...)
	}
	switch f.kind {
	case kSubst, kFunsub, kBacktick, kDQ, kParam, kIndex, kWordParen:
		// Part of a word, which goes on. (A word paren may also be f( ),
		// after which a body follows: let a keyword count.)
		t.prev = 'a'
		if f.kind == kWordParen {
			t.fnName = true
		}
	case kParen, kArith:
		t.cmd, t.inWord, t.prev = true, false, ')'
	default:
		t.cmd, t.inWord, t.prev = true, false, 'k'
	}
}

// endStatement forgets the operators of the statement that just ended.
func (s *nestScan) endStatement() {
	t := s.top()
	s.depth -= t.ops
	t.ops = 0
	t.cmd, t.letArg, t.decl, t.redir, t.fnName = true, false, false, false, false
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\r' }

// isMeta reports whether c ends an unquoted word.
func isMeta(c byte) bool {
	switch c {
	case ' ', '\t', '\r', '\n', ';', '&', '|', '(', ')', '<', '>':
		return true
	}
	return false
}

func isArithOp(c byte) bool { return strings.IndexByte("!~+-*/%<>=&|^,?:(", c) >= 0 }

func isNameByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// dollar handles a '$' at s.i and reports whether it opened a level or
// skipped a string. quoted says it is inside double quotes or a
// here-document, where $'…' and $"…" are text.
func (s *nestScan) dollar(quoted bool) bool {
	src, i := s.src, s.i
	if i+1 >= len(src) {
		return false
	}
	switch src[i+1] {
	case '(':
		if i+2 < len(src) && src[i+2] == '(' {
			s.i += 3
			s.push(kSubst)
			s.push(kArith)
			return true
		}
		s.i += 2
		s.push(kSubst)
		return true
	case '{':
		s.i += 2
		if s.i < len(src) && (isBlank(src[s.i]) || src[s.i] == '\n' || src[s.i] == '|') {
			s.push(kFunsub)
			return true
		}
		s.push(kParam)
		// ${name[ opens a subscript, which is arithmetic; elsewhere in
		// ${ } a bracket is text.
		j := s.i
		for j < len(src) && (src[j] == '!' || src[j] == '#') {
			j++
		}
		for j < len(src) && isNameByte(src[j]) {
			j++
		}
		if j < len(src) && src[j] == '[' {
			s.i = j + 1
			s.push(kIndex)
		}
		return true
	case '[':
		s.i += 2
		s.push(kIndex)
		return true
	case '\'':
		if quoted {
			return false
		}
		s.i = skipANSI(src, i+2)
		return true
	case '"':
		if quoted {
			return false
		}
		s.i += 2
		s.push(kDQ)
		return true
	}
	return false
}

// skipANSI returns the index after the $'…' string whose body starts at i.
func skipANSI(src string, i int) int {
	for i < len(src) {
		switch src[i] {
		case '\\':
			i += 2
			continue
		case '\'':
			return i + 1
		}
		i++
	}
	return len(src)
}

func skipSingle(src string, i int) int {
	if j := strings.IndexByte(src[i:], '\''); j >= 0 {
		return i + j + 1
	}
	return len(src)
}

// code reads one token of a level that holds commands.
func (s *nestScan) code() {
	src, i := s.src, s.i
	c := src[i]
	t := s.top()
	if t.inWord && isMeta(c) {
		s.endWord()
	}
	switch {
	case c == '\n':
		s.i++
		t.prev = '\n'
		if !t.lineOp {
			s.endStatement()
		}
		if len(t.pending) > 0 {
			s.startBodies()
		}
		return
	case isBlank(c):
		s.i++
		t.prev = ' '
		return
	case c == '#' && !t.inWord && commentMayStart(t.prev):
		j := i
		for j < len(src) && src[j] != '\n' && !(src[j] == '`' && t.kind == kBacktick) {
			j++
		}
		s.i = j
		return
	}
	t.lineOp = false
	switch c {
	case ';':
		s.i++
		for s.i < len(src) && (src[s.i] == ';' || src[s.i] == '&') {
			s.i++ // ;; ;& ;;&
		}
		t.prev = ';'
		s.endStatement()
	case '&':
		switch {
		case i+1 < len(src) && src[i+1] == '&':
			s.i += 2
			s.binary()
		case i+1 < len(src) && src[i+1] == '>':
			s.redirect(i)
		default:
			s.i++
			t.prev = '&'
			s.endStatement()
		}
	case '|':
		s.i++
		if s.i < len(src) && (src[s.i] == '|' || src[s.i] == '&') {
			s.i++
		}
		s.binary()
	case '<', '>':
		if t.kind == kTest {
			// Comparisons in [[ ]], not redirections.
			s.i++
			t.prev = '>'
			return
		}
		s.redirect(i)
	case '(':
		s.i++
		if t.inWord {
			s.push(kWordParen) // a=( ), @( ), f( )
			s.top().cmd = false
			return
		}
		kind := kParen
		if t.kind == kParen && t.prev == '\n' && i > 0 && src[i-1] == '(' {
			kind = kArith // ((
		}
		t.prev = '('
		s.push(kind)
	case ')':
		s.i++
		t.prev = ')'
		switch t.kind {
		case kParen, kSubst, kWordParen:
			s.pop()
		case kCase:
			t.cmd = true // a pattern ends; its commands start
		}
	case '`':
		s.i++
		if t.kind == kBacktick {
			s.pop()
			return
		}
		s.startWord(i)
		s.push(kBacktick)
	case '\\':
		s.i = min(i+2, len(src))
		if i+1 < len(src) && src[i+1] == '\n' {
			return // a line continuation is nothing
		}
		s.startWord(i)
	case '\'':
		s.startWord(i)
		s.i = skipSingle(src, i+1)
	case '"':
		s.startWord(i)
		s.i++
		s.push(kDQ)
	case '$':
		s.startWord(i)
		if !s.dollar(false) {
			s.i++
		}
	case '[':
		s.bracket(i)
	default:
		s.plain(i)
	}
}

// binary reads an operator that chains commands, | && || |&, which the
// parser nests to the right.
func (s *nestScan) binary() {
	t := s.top()
	t.prev = '|'
	s.op()
	t.cmd, t.lineOp, t.letArg, t.decl = true, true, false, false
}

func commentMayStart(prev byte) bool {
	switch prev {
	case ' ', '\t', '\r', '\n', ';', '&', '|', '(', ')', '<', '>', 'k':
		return true
	}
	return false
}

func (s *nestScan) startWord(i int) {
	t := s.top()
	if !t.inWord {
		t.inWord, t.word = true, i
	}
	t.prev = 'a'
}

// bracket reads a '[' in code: [[ at the start of a command opens a test,
// NAME[ in an assignment opens an arithmetic subscript, and any other is a
// glob character.
func (s *nestScan) bracket(i int) {
	src := s.src
	t := s.top()
	if !t.inWord && t.cmd && !t.redir && strings.HasPrefix(src[i:], "[[") &&
		(i+2 == len(src) || isMeta(src[i+2])) {
		s.i = i + 2
		t.prev = 'k'
		s.push(kTest)
		s.top().cmd = false
		return
	}
	if t.inWord && (t.cmd || t.decl || t.kind == kWordParen) && !t.redir {
		name := src[t.word:i]
		if name != "" && strings.IndexFunc(name, func(r rune) bool { return r > 127 || !isNameByte(byte(r)) }) < 0 {
			s.i = i + 1
			s.push(kIndex)
			return
		}
	}
	if !t.inWord && t.kind == kWordParen {
		s.startWord(i)
		s.i = i + 1
		s.push(kIndex) // [key]=value in an array
		return
	}
	s.startWord(i)
	s.i = i + 1
}

// plain reads a run of plain word bytes at i; a whole word at the start of
// a command may be a reserved word.
func (s *nestScan) plain(i int) {
	src := s.src
	t := s.top()
	j := i
	for j < len(src) && !isMeta(src[j]) && strings.IndexByte("\\'\"`$[", src[j]) < 0 {
		j++
	}
	run := src[i:j]
	whole := j == len(src) || isMeta(src[j])
	if !t.inWord && whole {
		if t.kind == kTest && run == "]]" {
			s.i = j
			s.pop()
			return
		}
		if t.cmd && !t.redir && s.keyword(run) {
			s.i = j
			return
		}
	}
	s.startWord(i)
	s.i = j
	if t.letArg {
		for k := 0; k < len(run); k++ {
			if isArithOp(run[k]) {
				s.op()
			}
		}
	}
}

// endWord updates the command's state when a word ends.
func (s *nestScan) endWord() {
	t := s.top()
	t.inWord = false
	w := s.src[t.word:s.i]
	switch {
	case t.redir:
		t.redir = false
		t.cmd = t.saved
	case t.cmd && isAssignWord(w):
		// NAME=value keeps the command's start ahead.
	case t.cmd && isFD(w) && s.i < len(s.src) && (s.src[s.i] == '<' || s.src[s.i] == '>'):
		// 2>x: the descriptor of a redirection.
	case t.fnName:
		t.fnName = false
	case t.cmd:
		t.cmd = false
		switch w {
		case "declare", "local", "export", "readonly", "typeset", "nameref":
			t.decl = true
		case "let":
			t.letArg = true
		}
	}
}

func isFD(w string) bool {
	if len(w) > 2 && w[0] == '{' && w[len(w)-1] == '}' {
		return true // {fd}>x
	}
	return w != "" && strings.Trim(w, "0123456789") == ""
}

func isAssignWord(w string) bool {
	name, _, ok := strings.Cut(w, "=")
	if i := strings.IndexByte(name, '['); i > 0 {
		name = name[:i]
	}
	name = strings.TrimSuffix(name, "+")
	return ok && name != "" && strings.IndexFunc(name, func(r rune) bool { return r > 127 || !isNameByte(byte(r)) }) < 0
}

// redirect reads a redirection operator at i. Its target is the next
// word, after which a reserved word may still start the command (the
// parser reads `>x if …` as an if).
func (s *nestScan) redirect(i int) {
	src := s.src
	t := s.top()
	if strings.HasPrefix(src[i:], "<<") && !strings.HasPrefix(src[i:], "<<<") {
		s.heredoc(i + 2)
		return
	}
	if (src[i] == '<' || src[i] == '>') && i+1 < len(src) && src[i+1] == '(' {
		// <( >( is a process substitution, a word of its own.
		s.startWord(i)
		s.i = i + 2
		s.push(kSubst)
		return
	}
	for i < len(src) && strings.IndexByte("<>&|", src[i]) >= 0 {
		if src[i] == '&' && i+1 < len(src) && src[i+1] == '&' {
			break
		}
		if src[i] == '|' && (i == 0 || src[i-1] != '>') {
			break
		}
		i++
	}
	if i < len(src) && src[i] == '-' {
		i++ // >&- closes
	}
	s.i = i
	t.prev = '>'
	if !t.redir {
		t.redir, t.saved = true, t.cmd
	}
}

// heredoc reads the delimiter after << at i and queues the body.
func (s *nestScan) heredoc(i int) {
	src := s.src
	h := hdocPending{}
	if i < len(src) && src[i] == '-' {
		h.dash = true
		i++
	}
	for i < len(src) && isBlank(src[i]) {
		i++
	}
	var b strings.Builder
	for i < len(src) && !isMeta(src[i]) {
		switch c := src[i]; c {
		case '\'':
			h.quoted = true
			j := skipSingle(src, i+1)
			b.WriteString(src[i+1 : max(i+1, j-1)])
			i = j
		case '"':
			h.quoted = true
			i++
			for i < len(src) && src[i] != '"' {
				if src[i] == '\\' && i+1 < len(src) && strings.IndexByte("$`\"\\", src[i+1]) >= 0 {
					i++
				}
				b.WriteByte(src[i])
				i++
			}
			i++
		case '\\':
			h.quoted = true
			if i+1 < len(src) {
				b.WriteByte(src[i+1])
			}
			i += 2
		default:
			b.WriteByte(c)
			i++
		}
	}
	h.delim = b.String()
	t := s.top()
	t.pending = append(t.pending, h)
	t.prev = 'a'
	s.i = min(i, len(src))
}

// startBodies begins, at the start of a line, the bodies of the
// here-documents queued at the top level, the first one first.
func (s *nestScan) startBodies() {
	t := s.top()
	hs := t.pending
	t.pending = nil
	for k := len(hs) - 1; k >= 0; k-- {
		kind := kHdoc
		if hs[k].quoted {
			kind = kHdocQ
		}
		s.push(kind)
		f := s.top()
		f.delim, f.dash = hs[k].delim, hs[k].dash
	}
}

// atDelimiter reports whether the line at s.i ends the top here-document,
// and if so moves past it.
func (s *nestScan) atDelimiter() bool {
	f := s.top()
	j := s.i
	if f.dash {
		for j < len(s.src) && s.src[j] == '\t' {
			j++
		}
	}
	line, _, found := strings.Cut(s.src[j:], "\n")
	if line != f.delim {
		return false
	}
	s.i = j + len(line)
	if found {
		s.i++
	}
	s.stack = s.stack[:len(s.stack)-1]
	s.depth--
	return true
}

func (s *nestScan) quotedBody() {
	if s.atDelimiter() {
		return
	}
	if end := strings.IndexByte(s.src[s.i:], '\n'); end >= 0 {
		s.i += end + 1
	} else {
		s.i = len(s.src)
	}
}

// body reads a line, or up to an expansion, of a here-document whose
// delimiter is unquoted: expansions open levels, quotes are text.
func (s *nestScan) body() {
	if (s.i == 0 || s.src[s.i-1] == '\n') && !s.continued() && s.atDelimiter() {
		return
	}
	for s.i < len(s.src) {
		switch s.src[s.i] {
		case '\\':
			s.i += 2
			continue
		case '$':
			if s.dollar(true) {
				return
			}
		case '`':
			s.i++
			s.push(kBacktick)
			return
		case '\n':
			s.i++
			return
		}
		s.i++
	}
}

// continued reports whether the line at s.i follows an escaped newline.
func (s *nestScan) continued() bool {
	n := 0
	for j := s.i - 2; j >= 0 && s.src[j] == '\\'; j-- {
		n++
	}
	return n%2 == 1
}

func (s *nestScan) dq() {
	src := s.src
	for s.i < len(src) {
		switch src[s.i] {
		case '\\':
			s.i += 2
			continue
		case '"':
			s.i++
			s.pop()
			return
		case '$':
			if s.dollar(true) {
				return
			}
		case '`':
			s.i++
			s.push(kBacktick)
			return
		}
		s.i++
	}
}

// arith reads one token inside ${ }, a subscript or (( )), where every
// operator may be a level of the expression's tree.
func (s *nestScan) arith() {
	src, i := s.src, s.i
	t := s.top()
	c := src[i]
	s.i++
	switch {
	case c == '\\':
		s.i++
	case c == '\'':
		s.i = skipSingle(src, i+1)
	case c == '"':
		s.push(kDQ)
	case c == '`':
		s.push(kBacktick)
	case c == '$':
		s.i = i
		if !s.dollar(false) {
			s.i = i + 1
		}
	case c == '(' && t.kind != kParam:
		s.push(kArith)
	case c == ')' && t.kind == kArith:
		s.pop()
	case c == '[' && t.kind != kParam:
		s.push(kIndex)
	case c == ']' && t.kind == kIndex:
		s.pop()
	case c == '}' && t.kind == kParam:
		s.pop()
	case isArithOp(c):
		s.op()
	}
}

// keyword opens or closes a level for a reserved word at the start of a
// command, and reports whether w was one.
func (s *nestScan) keyword(w string) bool {
	t := s.top()
	switch w {
	case "if":
		s.push(kIf)
	case "for", "while", "until", "select":
		s.push(kLoop)
	case "case":
		s.push(kCase)
		s.top().cmd = false
	case "{":
		s.push(kGroup)
	case "fi", "done", "esac", "}":
		want := map[string]uint8{"fi": kIf, "done": kLoop, "esac": kCase, "}": kGroup}[w]
		if t.kind == want || w == "}" && t.kind == kFunsub {
			s.pop()
		}
	case "!", "time", "coproc":
		s.op()
		t.fnName = w == "coproc"
	case "function":
		t.fnName = true
	case "then", "do", "else", "elif", "in":
	default:
		return false
	}
	t = s.top()
	t.prev = 'k'
	return true
}
