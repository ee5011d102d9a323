package shell

import (
	"path"
	"strings"
)

// equivalents are the flags that mean the same thing for the programs
// guards care about most, applied when a matcher names that program: a
// guard written as Runs("rm", "-r", "-f") also stops rm -Rf and rm
// --recursive --force. Keys are lower-case base names. "+" stands for an
// operand with a leading '+', git's force-push refspec (git push origin
// +main).
var equivalents = map[string][][]string{
	"rm":    {{"-r", "-R", "--recursive"}, {"-f", "--force"}},
	"git":   {{"-f", "--force", "--force-with-lease", "+"}},
	"chmod": {{"-R", "--recursive"}},
	"chown": {{"-R", "--recursive"}},
	"chgrp": {{"-R", "--recursive"}},
	"cp":    {{"-r", "-R", "--recursive"}, {"-f", "--force"}},
	"mv":    {{"-f", "--force"}},
}

type altKind uint8

const (
	short altKind = iota // -r: a letter in a single-dash bundle
	long                 // --force: by name, with or without =value, or a prefix of the name
	exact                // -delete, push: that very word
	plus                 // +main: any operand with a leading '+'
)

type alt struct {
	kind altKind
	s    string // the letter, the long name without dashes, or the word
}

// A req is one flag a matcher asks for, as the set of spellings that
// satisfy it.
type req struct {
	alts []alt
	flag bool // it is an option, which a word known only at run time could supply
}

// want is what Runs looks for: a program and the flags it must be given.
type want struct {
	name string
	reqs []req
}

func newWant(program string, flags []string) *want {
	name := path.Base(program)
	groups := equivalents[strings.ToLower(name)]
	w := &want{name: name, reqs: make([]req, len(flags))}
	for i, f := range flags {
		r := req{flag: strings.HasPrefix(f, "-") || strings.HasPrefix(f, "+")}
		spellings := []string{f}
		for _, g := range groups {
			for _, s := range g {
				if s == f {
					spellings = g
				}
			}
		}
		for _, s := range spellings {
			r.alts = append(r.alts, classify(s))
		}
		w.reqs[i] = r
	}
	return w
}

func classify(f string) alt {
	switch {
	case f == "+":
		return alt{kind: plus}
	case len(f) == 2 && f[0] == '-' && f[1] != '-':
		return alt{kind: short, s: f[1:]}
	case len(f) > 2 && strings.HasPrefix(f, "--") && !strings.Contains(f, "="):
		return alt{kind: long, s: f[2:]}
	}
	return alt{kind: exact, s: f}
}

// runs reports whether c is the program with every flag present.
func (w *want) runs(c Command) bool {
	if c.Name == "" || !strings.EqualFold(c.Name, w.name) {
		return false
	}
	args := ownArgs(c)
	for _, r := range w.reqs {
		if !r.present(args) {
			return false
		}
	}
	return true
}

// mightRun reports whether c is the program and run time could supply the
// flags that runs did not find: every flag that is missing could be in an
// argument that begins with an expansion ($FLAGS, "$f", $(…)) or with a
// dash followed by one. Words that are not flags (git's "push") must be
// present as written.
func (w *want) mightRun(c Command) bool {
	if !c.Dynamic || c.Name == "" || !strings.EqualFold(c.Name, w.name) {
		return false
	}
	args := ownArgs(c)
	missing := false
	for _, r := range w.reqs {
		if r.present(args) {
			continue
		}
		if !r.flag {
			return false
		}
		missing = true
	}
	return missing && mayHoldFlags(args)
}

// mayHoldFlags reports whether some argument before "--" begins with an
// expansion, or with a dash and then one, and so could be any flag.
func mayHoldFlags(args []string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		s := shape(a)
		for len(s) > 1 && !s[0].hole && s[0].text == "" {
			s = s[1:] // ''$X begins with the expansion
		}
		if s[0].hole || len(s) > 1 && strings.HasPrefix(s[0].text, "-") {
			return true
		}
	}
	return false
}

// present reports whether any spelling of r is among args. Options are
// looked for up to "--", after which every word is an operand (rm -- -rf
// removes a file named -rf); a force refspec is an operand and can be
// anywhere.
func (r req) present(args []string) bool {
	for _, a := range r.alts {
		if a.present(args) {
			return true
		}
	}
	return false
}

func (a alt) present(args []string) bool {
	for _, x := range args {
		if x == "--" && a.kind != plus {
			return false
		}
		switch a.kind {
		case short:
			if len(x) > 1 && x[0] == '-' && x[1] != '-' && strings.Contains(x[1:], a.s) {
				return true
			}
		case long:
			if !strings.HasPrefix(x, "--") {
				continue
			}
			// getopt_long takes any unambiguous prefix (rm --rec --for), and
			// an ambiguous one is an error, so every prefix counts.
			if name, _, _ := strings.Cut(x[2:], "="); name != "" && strings.HasPrefix(a.s, name) {
				return true
			}
		case exact:
			if x == a.s {
				return true
			}
		case plus:
			if len(x) > 1 && x[0] == '+' {
				return true
			}
		}
	}
	return false
}

// Runs reports whether some command of s runs program with every one of
// flags; see the package documentation for how programs and flags are
// matched. It looks only at what is known: a Matcher built with Runs also
// matches when s has Unknown parts, or when MightRun.
func (s Script) Runs(program string, flags ...string) bool {
	if !validWant(program, flags) {
		return false
	}
	w := newWant(program, flags)
	for _, c := range s.Commands {
		if w.runs(c) {
			return true
		}
	}
	return false
}

// MightRun reports whether Runs does, or some command of s runs program
// with arguments known only at run time that could hold the flags Runs did
// not find: rm $FLAGS / might be rm -rf /.
func (s Script) MightRun(program string, flags ...string) bool {
	if !validWant(program, flags) {
		return false
	}
	w := newWant(program, flags)
	for _, c := range s.Commands {
		if w.runs(c) || w.mightRun(c) {
			return true
		}
	}
	return false
}

// validWant reports whether program and flags can be asked for at all. An
// empty flag, or "-" or "--" alone, names no option.
func validWant(program string, flags []string) bool {
	if program == "" || strings.HasSuffix(program, "/") {
		return false
	}
	for _, f := range flags {
		if f == "" || f == "-" || f == "--" {
			return false
		}
	}
	return true
}
