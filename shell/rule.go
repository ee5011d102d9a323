package shell

import (
	"errors"
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// Tokens of a pattern or of a command's text: a byte (0-255), a wildcard
// from the pattern, or a hole that run time fills in the command.
const (
	starTok int16 = -1
	holeTok int16 = -2
)

// pattern is a compiled Claude Code Bash rule.
type pattern struct {
	src  string
	full []int16 // the pattern, words joined by single spaces; starTok for each '*'
	bare []int16 // the pattern without a trailing " *" that may be absent, or nil
}

// compilePattern reads a Claude Code permission rule for Bash: "ls",
// "git push *", "npm run test:*", optionally written as "Bash(git push *)".
//
// The pattern is read as shell words, like the command it is matched
// against: quotes are removed and runs of blanks become one space, so the
// rule `git commit -m "a b"` and the command git commit -m 'a b' agree. An
// unquoted '*' is a wildcard for any text, spaces included; a quoted or
// escaped one is a literal star.
func compilePattern(rule string) (*pattern, error) {
	text := strings.TrimSpace(rule)
	if strings.HasPrefix(text, "Bash(") && strings.HasSuffix(text, ")") {
		text = strings.TrimSpace(text[len("Bash(") : len(text)-1])
	}
	if text == "" {
		return nil, errors.New("empty pattern")
	}
	f, err := parse(text)
	if err != nil {
		return nil, err
	}
	if len(f.Stmts) != 1 {
		return nil, errors.New("a rule is matched against one simple command at a time; it cannot hold ;, &&, || or |")
	}
	st := f.Stmts[0]
	call, ok := st.Cmd.(*syntax.CallExpr)
	switch {
	case !ok:
		return nil, errors.New("a rule is matched against one simple command at a time; it cannot hold ;, &&, || or |")
	case st.Negated || st.Background || st.Coprocess || st.Disown:
		return nil, errors.New("a rule cannot hold !, & or |&")
	case len(st.Redirs) > 0:
		return nil, errors.New("a rule cannot hold redirections: a command is matched without them")
	case len(call.Assigns) > 0 || len(call.Args) == 0:
		return nil, errors.New("a rule cannot hold assignments: a command is matched without them")
	}
	p := &pattern{src: rule}
	for i, w := range call.Args {
		if i > 0 {
			p.full = append(p.full, ' ')
		}
		p.full = appendPatternWord(p.full, w, text)
	}
	n := len(p.full)
	stars := 0
	for _, t := range p.full {
		if t == starTok {
			stars++
		}
	}
	switch {
	case n >= 2 && p.full[n-2] == ':' && p.full[n-1] == starTok:
		// The legacy form prefix:* is the prefix alone or followed by a
		// space and anything.
		p.full[n-2] = ' '
		p.bare = p.full[:n-2]
	case n >= 2 && p.full[n-2] == ' ' && p.full[n-1] == starTok && stars == 1:
		// "git push *" also matches git push alone.
		p.bare = p.full[:n-2]
	}
	return p, nil
}

func appendPatternWord(toks []int16, w *syntax.Word, src string) []int16 {
	lit := func(s string) {
		for i := 0; i < len(s); i++ {
			toks = append(toks, int16(s[i]))
		}
	}
	for _, part := range w.Parts {
		switch part := part.(type) {
		case *syntax.Lit:
			v := part.Value
			for i := 0; i < len(v); i++ {
				switch {
				case v[i] == '\\' && i+1 < len(v):
					i++
					toks = append(toks, int16(v[i]))
				case v[i] == '*':
					toks = append(toks, starTok)
				default:
					toks = append(toks, int16(v[i]))
				}
			}
		case *syntax.SglQuoted:
			if part.Dollar {
				s, _ := expand.Literal(nil, &syntax.Word{Parts: []syntax.WordPart{part}})
				lit(s)
			} else {
				lit(part.Value)
			}
		case *syntax.DblQuoted:
			for _, q := range part.Parts {
				if l, ok := q.(*syntax.Lit); ok {
					var b strings.Builder
					unescapeDouble(&b, l.Value)
					lit(b.String())
				} else {
					lit(source(q, src))
				}
			}
		default:
			// $HOME in a rule stands for itself, as it does in the
			// command's text.
			lit(source(part, src))
		}
	}
	return toks
}

func (p *pattern) String() string { return p.src }

// matches reports whether some spelling of c's text matches: the program
// by its base name (so /usr/bin/git push matches "git push *"), as written
// (so "./deploy.sh *" matches ./deploy.sh prod), or, for a name in capitals,
// in lower case.
func (p *pattern) matches(c Command) bool {
	if c.Name == "" {
		return false
	}
	for _, prog := range programSpellings(c) {
		text := joined{prog: prog, args: c.Args}
		if globMatch(p.full, text) || p.bare != nil && globMatch(p.bare, text) {
			return true
		}
	}
	return false
}

// mightMatch reports whether run time could fill c's expansions so that
// the pattern matches: rm $FLAGS / might be "rm -rf /".
func (p *pattern) mightMatch(c Command) bool {
	if !c.Dynamic || c.Name == "" {
		return false
	}
	// The arguments' tokens are the same whatever the program's spelling.
	args := make([]int16, 0, 16*len(c.Args))
	for _, a := range c.Args {
		sh := shape(a)
		if !sh[0].hole {
			// An argument that begins with an expansion may vanish
			// altogether ($EMPTY), space and all; the hole covers the
			// space.
			args = append(args, ' ')
		}
		for _, s := range sh {
			if s.hole {
				args = append(args, holeTok)
				continue
			}
			for i := 0; i < len(s.text); i++ {
				args = append(args, int16(s.text[i]))
			}
		}
	}
	for _, prog := range programSpellings(c) {
		subj := subject{prog: prog, args: args}
		if overlap(p.full, subj) || p.bare != nil && overlap(p.bare, subj) {
			return true
		}
	}
	return false
}

func programSpellings(c Command) []string {
	out := []string{c.Name}
	if c.Path != c.Name {
		out = append(out, c.Path)
	}
	if lower := strings.ToLower(c.Name); lower != c.Name {
		out = append(out, lower)
	}
	return out
}

// joined is a command's text, the program and its arguments joined by
// single spaces, read in place rather than built: a command is matched
// against a rule in as many spellings as its program has, and its
// arguments may be long.
type joined struct {
	prog string
	args []string
}

// A place in a joined text: o indexes part k (the program, then each
// argument), and o == len(part k) is the space after it, or the end.
type place struct{ k, o int }

func (t joined) part(k int) string {
	if k == 0 {
		return t.prog
	}
	return t.args[k-1]
}

// at returns the byte at q, and false at the end of the text.
func (t joined) at(q place) (byte, bool) {
	if part := t.part(q.k); q.o < len(part) {
		return part[q.o], true
	}
	return ' ', q.k < len(t.args)
}

func (t joined) next(q place) place {
	if q.o < len(t.part(q.k)) {
		return place{q.k, q.o + 1}
	}
	return place{q.k + 1, 0}
}

// globMatch reports whether s matches the tokens p, where starTok matches
// any run of bytes. It backtracks only to the latest star, which suffices
// for this grammar, and allocates nothing.
func globMatch(p []int16, s joined) bool {
	pi, si := 0, place{}
	star, mark := -1, place{}
	for {
		c, ok := s.at(si)
		if !ok {
			break
		}
		switch {
		case pi < len(p) && p[pi] == starTok:
			star, mark = pi, si
			pi++
		case pi < len(p) && p[pi] == int16(c):
			pi++
			si = s.next(si)
		case star >= 0:
			mark = s.next(mark)
			pi, si = star+1, mark
		default:
			return false
		}
	}
	for pi < len(p) && p[pi] == starTok {
		pi++
	}
	return pi == len(p)
}

// subject is the tokens of a command that may match: the program's bytes,
// then the arguments' tokens, read in place.
type subject struct {
	prog string
	args []int16
}

func (s subject) len() int { return len(s.prog) + len(s.args) }

func (s subject) at(j int) int16 {
	if j < len(s.prog) {
		return int16(s.prog[j])
	}
	return s.args[j-len(s.prog)]
}

// overlap reports whether some text both matches the pattern p (whose
// stars match anything) and is a way to fill the holes of subj (which
// match anything too). It aligns the two, letting a star or a hole absorb
// any run of the other side. It keeps one column of the alignment at a
// time, so its memory is the pattern's length and its time the product
// of the two lengths: linear in the command, for a given rule.
func overlap(p []int16, subj subject) bool {
	n := subj.len()
	cur := make([]bool, len(p)+1)
	nxt := make([]bool, len(p)+1)
	cur[0] = true
	for j := 0; ; j++ {
		last := j == n
		var t int16
		if !last {
			t = subj.at(j)
		}
		sHole := !last && t == holeTok
		// Moves within the column, down the pattern: a star that matches
		// nothing more, or a hole that holds the pattern's next token.
		alive := false
		for i := 0; i <= len(p); i++ {
			if !cur[i] {
				continue
			}
			alive = true
			if i < len(p) && (p[i] == starTok || sHole) {
				cur[i+1] = true
			}
		}
		if last {
			return cur[len(p)]
		}
		if !alive {
			return false
		}
		// Moves to the next column.
		clear(nxt)
		for i := 0; i <= len(p); i++ {
			if !cur[i] {
				continue
			}
			pStar := i < len(p) && p[i] == starTok
			if pStar || sHole {
				nxt[i] = true // the star takes t, or the hole holds nothing more
			}
			if i < len(p) && !pStar && !sHole && p[i] == t {
				nxt[i+1] = true
			}
		}
		cur, nxt = nxt, cur
	}
}

func ruleError(path, rule string, err error) error {
	return fmt.Errorf("shell: Rule(%q, %q): %w", path, rule, err)
}
