package shell

import (
	"fmt"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// word is one shell word as a command will receive it.
type word struct {
	text string // after quote removal; the source text when dyn
	dyn  bool   // some part of it is known only at run time
	glob bool   // it has an unquoted glob character, so the shell may replace it with file names
	// braces says it is a brace expansion too large to expand: any word
	// at all may stand in its place.
	braces bool
	node   *syntax.Word // where it came from, for the substitutions inside it
}

// maxBraceWords bounds brace expansion: `{a,b}{c,d}…` grows exponentially
// and `{1..100000000}` linearly, and a matcher must not allocate without
// bound for a hostile command. A word that would expand further is treated
// as known only at run time.
const maxBraceWords = 1024

// maxBraceGroups and maxBraceBytes bound the work of expanding one word:
// the expansion descends once per brace group, and copies the word for
// every result.
const (
	maxBraceGroups = 32
	maxBraceBytes  = 64 << 10
)

var parsers = sync.Pool{New: func() any { return syntax.NewParser(syntax.Variant(syntax.LangBash)) }}

// parse parses src as Bash. Every dialect the package reads (sh, dash, ksh,
// zsh in their common forms) is parsed as Bash, which is close to a
// superset of them for the commands guards care about.
func parse(src string) (*syntax.File, error) {
	p := parsers.Get().(*syntax.Parser)
	defer parsers.Put(p)
	return p.Parse(strings.NewReader(src), "")
}

// words turns a command's argument nodes into the words it will run with:
// quotes removed and braces expanded, as Bash does before it runs anything.
// Its brace expansions are charged to w's budget for the command line.
func (w *walker) words(ws []*syntax.Word, src string) []word {
	out, spent := wordsWithin(ws, src, &w.braceWords)
	if spent {
		w.unknown(fmt.Sprintf("past the budget of brace expansions for one command line: more than %d words", w.braceTotal))
	}
	return out
}

// words is the walker's words for text outside a walk, with a budget of
// its own.
func words(ws []*syntax.Word, src string) []word {
	left := maxLineBraceWords
	out, _ := wordsWithin(ws, src, &left)
	return out
}

// wordsWithin expands the braces of ws to at most *left words in all,
// counting them off, and reports whether a word was left unexpanded for
// want of them.
func wordsWithin(ws []*syntax.Word, src string, left *int) ([]word, bool) {
	out := make([]word, 0, len(ws))
	spent := false
	for _, x := range ws {
		w := literal(x, src)
		if !w.dyn && braceCandidate(x) {
			ex, made, ok := expandBraces(x, src, *left)
			// A word that yields too many is charged what it yielded
			// before it was given up, or each such word would cost a
			// full expansion for nothing.
			*left -= made
			if ok {
				out = append(out, ex...)
				continue
			}
			spent = spent || *left < maxBraceWords
			// Too many words to expand: the command cannot be known from
			// its text, even though every part of it is literal.
			w = word{text: source(x, src), dyn: true, braces: true, node: x}
		}
		out = append(out, w)
	}
	return out, spent
}

func braceCandidate(x *syntax.Word) bool {
	for _, p := range x.Parts {
		if l, ok := p.(*syntax.Lit); ok && strings.IndexByte(l.Value, '{') >= 0 {
			return true
		}
	}
	return false
}

// expandBraces expands the braces of x to at most maxBraceWords words
// and a cost of budget, and returns what it made, in words weighed by the
// groups of x.
func expandBraces(x *syntax.Word, src string, budget int) ([]word, int, bool) {
	groups := 0
	for _, p := range x.Parts {
		if l, ok := p.(*syntax.Lit); ok {
			groups += strings.Count(l.Value, "{")
		}
	}
	if groups > maxBraceGroups || budget <= 0 {
		return nil, 0, false
	}
	// SplitBraces rewrites the word it is given, and syntax.Walk, still
	// walking the tree, does not accept the brace nodes it would leave.
	cp := *x
	if !syntax.SplitBraces(&cp) {
		return []word{literal(x, src)}, 1, true
	}
	// A word of many groups costs as many parts a result: it is charged
	// for them.
	weight := 1 + groups/2
	var out []word
	size := 0
	for w, err := range expand.BracesSeq(nil, &cp) {
		if err != nil || len(out) == maxBraceWords || (len(out)+1)*weight > budget {
			return nil, len(out) * weight, false
		}
		lw := literal(w, src)
		lw.node = x
		if size += len(lw.text); size > maxBraceBytes {
			return nil, len(out) * weight, false
		}
		out = append(out, lw)
	}
	return out, len(out) * weight, true
}

// literal removes quotes from x the way the shell does. A word with any
// part that only run time can tell (a parameter, a command or arithmetic
// substitution) keeps its source text and is marked dyn.
func literal(x *syntax.Word, src string) word {
	w := word{node: x}
	if len(x.Parts) == 1 {
		// The common case, a plain unquoted word, needs no builder.
		if l, ok := x.Parts[0].(*syntax.Lit); ok && strings.IndexByte(l.Value, '\\') < 0 {
			w.text, w.glob = l.Value, hasGlob(l.Value)
			return w
		}
	}
	var b strings.Builder
	for i, p := range x.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			if unescapeUnquoted(&b, p.Value) {
				w.glob = true
			}
			if p.Value == "$" && zshFlag(x.Parts[i+1:]) {
				w.dyn = true // zsh's $=c splits c into words, $~c globs it
			}
		case *syntax.SglQuoted:
			if !p.Dollar {
				b.WriteString(p.Value)
				continue
			}
			// $'…' has C escapes ($'\x72m' is rm); the expand package
			// decodes them, and nothing in such a part reads the
			// environment.
			s, err := expand.Literal(nil, &syntax.Word{Parts: []syntax.WordPart{p}})
			if err != nil {
				w.dyn = true
			}
			b.WriteString(s)
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				if l, ok := q.(*syntax.Lit); ok {
					unescapeDouble(&b, l.Value)
				} else {
					w.dyn = true
				}
			}
		case *syntax.ExtGlob:
			w.glob = true
			b.WriteString(source(p, src))
		default:
			w.dyn = true
		}
	}
	if w.dyn {
		w.text = source(x, src)
	} else {
		w.text = b.String()
	}
	return w
}

// unescapeUnquoted writes an unquoted literal with its backslashes removed
// (`\rm` is rm) and reports whether it has a glob character that no
// backslash protects.
func unescapeUnquoted(b *strings.Builder, s string) (glob bool) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s):
			i++
			if s[i] != '\n' {
				b.WriteByte(s[i])
			}
			continue
		case c == '*' || c == '?':
			glob = true
		case c == '[' && strings.IndexByte(s[i+1:], ']') >= 0:
			glob = true
		}
		b.WriteByte(c)
	}
	return glob
}

// unescapeDouble writes a literal from inside double quotes, where a
// backslash only escapes $, `, ", \ and a newline.
func unescapeDouble(b *strings.Builder, s string) { unescape(b, s, "$`\"\\") }

// unescapeHeredoc returns the body of a here-document whose delimiter is
// unquoted, where a backslash escapes only $, `, \ and a newline.
func unescapeHeredoc(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var b strings.Builder
	unescape(&b, s, "$`\\")
	return b.String()
}

// unescape writes s with the shell's backslash rule for text that is not in
// single quotes: a backslash before one of escapable, or before a newline
// (a line continuation, which disappears), is removed; any other backslash
// stands for itself.
func unescape(b *strings.Builder, s, escapable string) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\\' && i+1 < len(s) {
			switch next := s[i+1]; {
			case next == '\n':
				i++
				continue
			case strings.IndexByte(escapable, next) >= 0:
				b.WriteByte(next)
				i++
				continue
			}
		}
		b.WriteByte(c)
	}
}

// hasGlob reports whether an unquoted literal without backslashes is a glob
// pattern. A '[' alone is not one: `[` is the test command.
func hasGlob(s string) bool {
	if strings.ContainsAny(s, "*?") {
		return true
	}
	i := strings.IndexByte(s, '[')
	return i >= 0 && strings.IndexByte(s[i+1:], ']') >= 0
}

// source returns the text of n as written in src. A node the parser made
// up to recover from an error may have no place in the text; it is printed
// instead.
func source(n syntax.Node, src string) string {
	start, end := int(n.Pos().Offset()), int(n.End().Offset())
	if start >= 0 && start < end && end <= len(src) {
		return src[start:end]
	}
	var b strings.Builder
	if err := syntax.NewPrinter(syntax.SingleLine(true)).Print(&b, n); err != nil {
		return ""
	}
	return b.String()
}

// A seg is part of an argument as a matcher sees it: literal text, or a
// hole that run time fills with any text at all.
type seg struct {
	text string
	hole bool
	// split says the hole is unquoted, so run time may split what fills
	// it into several words (and glob them): x$Y may be "x", "-rf".
	split bool
	// branch says the hole is the name of git's current branch, in
	// quotes: "$(git branch --show-current)". git refuses a branch name
	// that begins with '-', so it is never an option.
	branch bool
}

// shape splits an argument of a Dynamic command into literal text and
// holes. Command.Args holds a dynamic word as its source text, and this
// reads that text again the way the shell would (quotes, backslashes,
// $NAME, ${…}, $(…), `…`). A literal argument that merely looks like an
// expansion ('$HOME' in single quotes) is read as a hole too, which can
// only make a guard more careful. Its cost is linear in the argument.
func shape(arg string) []seg {
	if !strings.ContainsAny(arg, "$`<>") {
		return []seg{{text: arg}}
	}
	var out []seg
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			out = appendSeg(out, seg{text: b.String()})
			b.Reset()
		}
	}
	hole := func(split bool) {
		flush()
		out = appendSeg(out, seg{hole: true, split: split})
	}
	for i := 0; i < len(arg); {
		c := arg[i]
		switch {
		case c == '\\':
			if i+1 < len(arg) && arg[i+1] != '\n' {
				b.WriteByte(arg[i+1])
			}
			i += 2
		case c == '\'':
			j := strings.IndexByte(arg[i+1:], '\'')
			if j < 0 {
				b.WriteString(arg[i+1:])
				i = len(arg)
				break
			}
			b.WriteString(arg[i+1 : i+1+j])
			i += j + 2
		case c == '"':
			i++
			for i < len(arg) && arg[i] != '"' {
				switch arg[i] {
				case '\\':
					if i+1 < len(arg) && strings.IndexByte("$`\"\\\n", arg[i+1]) >= 0 {
						if arg[i+1] != '\n' {
							b.WriteByte(arg[i+1])
						}
						i += 2
						continue
					}
					b.WriteByte('\\')
					i++
				case '$', '`':
					if j, ok := expansionEnd(arg, i); ok {
						flush()
						out = appendSeg(out, seg{hole: true, split: manyWords(arg[i:j]), branch: isBranchName(arg[i:j])})
						i = j
						continue
					}
					b.WriteByte(arg[i])
					i++
				default:
					b.WriteByte(arg[i])
					i++
				}
			}
			i++
		case c == '$' && i+1 < len(arg) && arg[i+1] == '\'':
			// $'…' decodes escapes; what it spells is not worked out here.
			hole(false)
			i = skipANSI(arg, i+2)
		case c == '$' || c == '`':
			if j, ok := expansionEnd(arg, i); ok {
				hole(true)
				i = j
				continue
			}
			b.WriteByte(c)
			i++
		case (c == '<' || c == '>') && i+1 < len(arg) && arg[i+1] == '(':
			// A process substitution is the name of a pipe, /dev/fd/N.
			j, ok := closeBracket(arg, i+2, '(', ')')
			if !ok {
				hole(true)
				i = len(arg)
				continue
			}
			b.WriteString("/dev/fd/")
			hole(false)
			i = j
		default:
			b.WriteByte(c)
			i++
		}
	}
	flush()
	if len(out) == 0 {
		return []seg{{}}
	}
	return out
}

func appendSeg(out []seg, s seg) []seg {
	if n := len(out); n > 0 && out[n-1].hole == s.hole {
		out[n-1].text += s.text
		out[n-1].split = out[n-1].split || s.split
		out[n-1].branch = out[n-1].branch && s.branch
		return out
	}
	return append(out, s)
}

// manyWords reports whether an expansion in double quotes may still
// yield several words: "$@", "${@:2}", "${a[@]}", "${a[@]%.c}", "${!a[@]}",
// "${!prefix@}", "${!ref}", and a default or replacement holding one of
// them. Each
// word may be anything, an option included, wherever the expansion
// stands: "/tmp/${a[@]}.lock" yields -rf when a middle element is -rf.
// A count ("${#a[@]}") is one word.
func manyWords(exp string) bool {
	if exp == "$@" {
		return true
	}
	inner, ok := strings.CutPrefix(exp, "${")
	if !ok {
		return false
	}
	inner = strings.TrimSuffix(inner, "}")
	if n, ok := strings.CutPrefix(inner, "#"); ok && isCount(n) {
		return false
	}
	name := strings.TrimPrefix(inner, "!")
	if strings.HasPrefix(name, "@") || strings.Contains(inner, "[@]") ||
		strings.Contains(inner, "$@") || strings.Contains(inner, "${@") {
		return true
	}
	if name != inner {
		// ${!prefix*} and ${!a[*]} join names or keys into one word;
		// any other ${!x} is the value of the variable x names, which
		// may be @ or a[@] (ref='a[@]'; rm "${!ref}").
		j := 0
		for j < len(name) && isNameByte(name[j]) {
			j++
		}
		return !strings.HasPrefix(name[j:], "*") && !strings.HasPrefix(name[j:], "[*]")
	}
	return false
}

// isCount reports whether the text after ${# is a name, a subscripted
// name, @ or *, which ${#…} turns into the count of its characters or
// elements.
func isCount(s string) bool {
	if s == "@" || s == "*" {
		return true
	}
	j := 0
	for j < len(s) && isNameByte(s[j]) {
		j++
	}
	if j == 0 {
		return false
	}
	rest := s[j:]
	return rest == "" || strings.HasPrefix(rest, "[") && strings.HasSuffix(rest, "]") && strings.Count(rest, "]") == 1
}

// branchCommands print the name of the current branch.
var branchCommands = []string{
	"git branch --show-current",
	"git rev-parse --abbrev-ref HEAD",
	"git symbolic-ref --short HEAD",
	"git symbolic-ref -q --short HEAD",
	"git symbolic-ref --short -q HEAD",
}

// isBranchName reports whether an expansion's text is the output of a
// command that prints the current branch's name.
func isBranchName(exp string) bool {
	inner, ok := strings.CutPrefix(exp, "$(")
	if !ok {
		return false
	}
	inner = strings.Join(strings.Fields(strings.TrimSuffix(inner, ")")), " ")
	for _, c := range branchCommands {
		if inner == c {
			return true
		}
	}
	return false
}

// expansionEnd returns the index after the expansion that starts at i
// ($NAME, $1, $@, ${…}, $(…), $((…)), `…`), and false when there is none
// ($ before a blank is a dollar sign).
func expansionEnd(s string, i int) (int, bool) {
	if s[i] == '`' {
		for j := i + 1; j < len(s); j++ {
			switch s[j] {
			case '\\':
				j++
			case '`':
				return j + 1, true
			}
		}
		return len(s), true
	}
	if i+1 >= len(s) {
		return 0, false
	}
	switch c := s[i+1]; {
	case c == '(':
		return closeBracket(s, i+2, '(', ')')
	case c == '{':
		return closeBracket(s, i+2, '{', '}')
	case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		j := i + 2
		for j < len(s) && isNameByte(s[j]) {
			j++
		}
		return j, true
	case c >= '0' && c <= '9' || strings.IndexByte("@*#?-$!", c) >= 0:
		return i + 2, true
	case strings.IndexByte("=~^", c) >= 0 && i+2 < len(s) && (s[i+2] == '_' || s[i+2] >= 'a' && s[i+2] <= 'z' || s[i+2] >= 'A' && s[i+2] <= 'Z'):
		// zsh's $=NAME, $~NAME and $^NAME, NAME split, globbed or
		// distributed, which bash reads as text.
		j, ok := expansionEnd(s[:i+1]+s[i+2:], i)
		return j + 1, ok
	}
	return 0, false
}

// closeBracket returns the index after the close that ends a bracket
// opened before i, skipping escapes and single quotes; an unclosed one runs
// to the end.
func closeBracket(s string, i int, opener, closer byte) (int, bool) {
	depth := 1
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '\'':
			if k := strings.IndexByte(s[j+1:], '\''); k >= 0 {
				j += k + 1
			}
		case opener:
			depth++
		case closer:
			if depth--; depth == 0 {
				return j + 1, true
			}
		}
	}
	return len(s), true
}
