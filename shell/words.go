package shell

import (
	"strings"
	"sync"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// word is one shell word as a command will receive it.
type word struct {
	text string       // after quote removal; the source text when dyn
	dyn  bool         // some part of it is known only at run time
	glob bool         // it has an unquoted glob character, so the shell may replace it with file names
	node *syntax.Word // where it came from, for the substitutions inside it
}

// maxBraceWords bounds brace expansion: `{a,b}{c,d}…` grows exponentially
// and `{1..100000000}` linearly, and a matcher must not allocate without
// bound for a hostile command. A word that would expand further is treated
// as known only at run time.
const maxBraceWords = 64

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
func words(ws []*syntax.Word, src string) []word {
	out := make([]word, 0, len(ws))
	for _, x := range ws {
		w := literal(x, src)
		if !w.dyn && braceCandidate(x) {
			if ex, ok := expandBraces(x, src); ok {
				out = append(out, ex...)
				continue
			}
			// Too many words to expand: the command cannot be known from
			// its text, even though every part of it is literal.
			w = word{text: source(x, src), dyn: true, node: x}
		}
		out = append(out, w)
	}
	return out
}

func braceCandidate(x *syntax.Word) bool {
	for _, p := range x.Parts {
		if l, ok := p.(*syntax.Lit); ok && strings.IndexByte(l.Value, '{') >= 0 {
			return true
		}
	}
	return false
}

func expandBraces(x *syntax.Word, src string) ([]word, bool) {
	// SplitBraces rewrites the word it is given, and syntax.Walk, still
	// walking the tree, does not accept the brace nodes it would leave.
	cp := *x
	if !syntax.SplitBraces(&cp) {
		return []word{literal(x, src)}, true
	}
	var out []word
	for w, err := range expand.BracesSeq(nil, &cp) {
		if err != nil || len(out) == maxBraceWords {
			return nil, false
		}
		lw := literal(w, src)
		lw.node = x
		out = append(out, lw)
	}
	return out, true
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
	for _, p := range x.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			if unescapeUnquoted(&b, p.Value) {
				w.glob = true
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
}

// shape splits an argument of a Dynamic command into literal text and
// holes. Command.Args holds a dynamic word as its source text, so parsing
// that text again recovers which parts are expansions. A literal argument
// that merely looks like one ('$HOME' in single quotes) is read as a hole
// too, which can only make a guard more careful.
func shape(arg string) []seg {
	if !strings.ContainsAny(arg, "$`<>") {
		return []seg{{text: arg}}
	}
	// A leading word keeps the argument out of the program position,
	// where X=$Y would be an assignment rather than a word.
	f, err := parse("x " + arg)
	if err != nil || len(f.Stmts) != 1 {
		return []seg{{text: arg}}
	}
	call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) != 2 || len(call.Assigns) != 0 {
		return []seg{{text: arg}}
	}
	var out []seg
	add := func(s seg) {
		if n := len(out); n > 0 && (out[n-1].hole && s.hole || !out[n-1].hole && !s.hole) {
			out[n-1].text += s.text
			return
		}
		out = append(out, s)
	}
	for _, p := range call.Args[1].Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			var b strings.Builder
			unescapeUnquoted(&b, p.Value)
			add(seg{text: b.String()})
		case *syntax.SglQuoted:
			if p.Dollar {
				add(seg{hole: true})
			} else {
				add(seg{text: p.Value})
			}
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				if l, ok := q.(*syntax.Lit); ok {
					var b strings.Builder
					unescapeDouble(&b, l.Value)
					add(seg{text: b.String()})
				} else {
					add(seg{hole: true})
				}
			}
		default:
			add(seg{hole: true})
		}
	}
	return out
}
