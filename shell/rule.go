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
		text := commandText(prog, c.Args)
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
	for _, prog := range programSpellings(c) {
		subj := make([]int16, 0, len(prog)+16*len(c.Args))
		for i := 0; i < len(prog); i++ {
			subj = append(subj, int16(prog[i]))
		}
		for _, a := range c.Args {
			sh := shape(a)
			if !sh[0].hole {
				// An argument that begins with an expansion may vanish
				// altogether ($EMPTY), space and all; the hole covers
				// the space.
				subj = append(subj, ' ')
			}
			for _, s := range sh {
				if s.hole {
					subj = append(subj, holeTok)
					continue
				}
				for i := 0; i < len(s.text); i++ {
					subj = append(subj, int16(s.text[i]))
				}
			}
		}
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

func commandText(prog string, args []string) string {
	n := len(prog)
	for _, a := range args {
		n += 1 + len(a)
	}
	var b strings.Builder
	b.Grow(n)
	b.WriteString(prog)
	for _, a := range args {
		b.WriteByte(' ')
		b.WriteString(a)
	}
	return b.String()
}

// globMatch reports whether s matches the tokens p, where starTok matches
// any run of bytes. It backtracks only to the latest star, which suffices
// for this grammar.
func globMatch(p []int16, s string) bool {
	pi, si := 0, 0
	star, mark := -1, 0
	for si < len(s) {
		switch {
		case pi < len(p) && p[pi] == starTok:
			star, mark = pi, si
			pi++
		case pi < len(p) && p[pi] == int16(s[si]):
			pi++
			si++
		case star >= 0:
			mark++
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

// overlap reports whether some text both matches the pattern p (whose
// stars match anything) and is a way to fill the holes of subj (which
// match anything too). It aligns the two, letting a star or a hole absorb
// any run of the other side, in O(len(p)·len(subj)).
func overlap(p, subj []int16) bool {
	w := len(subj) + 1
	reach := make([]bool, (len(p)+1)*w)
	reach[0] = true
	for i := 0; i <= len(p); i++ {
		for j := 0; j <= len(subj); j++ {
			if !reach[i*w+j] {
				continue
			}
			if i == len(p) && j == len(subj) {
				return true
			}
			pStar := i < len(p) && p[i] == starTok
			sHole := j < len(subj) && subj[j] == holeTok
			if pStar {
				reach[(i+1)*w+j] = true // the star matches nothing more
				if j < len(subj) {
					reach[i*w+j+1] = true // the star takes subj[j]
				}
			}
			if sHole {
				reach[i*w+j+1] = true // the hole holds nothing more
				if i < len(p) {
					reach[(i+1)*w+j] = true // the hole holds p[i]
				}
			}
			if i < len(p) && j < len(subj) && !pStar && !sHole && p[i] == subj[j] {
				reach[(i+1)*w+j+1] = true
			}
		}
	}
	return false
}

func ruleError(path, rule string, err error) error {
	return fmt.Errorf("shell: Rule(%q, %q): %w", path, rule, err)
}
