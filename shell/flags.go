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
	"git":   {{"-f", "--force", "--force-with-lease", "--mirror", "+"}},
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
	sub  string // for git, the subcommand: the first word asked for that is not a flag
	reqs []req
	// operand says the program does nothing without an operand (rm -r
	// alone deletes nothing), so a flag is feared only where another word
	// could be the file it acts on.
	operand bool
}

// needOperand are the programs of the equivalents table that act only on
// the files their operands name.
var needOperand = map[string]bool{"rm": true, "cp": true, "mv": true, "chmod": true, "chown": true, "chgrp": true}

func newWant(program string, flags []string) *want {
	name := path.Base(program)
	groups := equivalents[strings.ToLower(name)]
	w := &want{name: name, operand: needOperand[strings.ToLower(name)]}
	if strings.EqualFold(name, "git") {
		for i, f := range flags {
			if !strings.HasPrefix(f, "-") && !strings.HasPrefix(f, "+") {
				w.sub = f
				flags = append(flags[:i:i], flags[i+1:]...)
				break
			}
		}
	}
	w.reqs = make([]req, len(flags))
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
	args, ok := w.argsOf(c)
	if !ok {
		return false
	}
	for _, r := range w.reqs {
		if !r.present(args) {
			return false
		}
	}
	return true
}

// argsOf returns the arguments of c in which w looks for its flags, and
// false when c is not the program w asks for. For git, the first word
// asked for that is not a flag is git's subcommand (git -C dir push),
// found after git's own options; the others are looked for in the
// subcommand's arguments. A program named git-push is git push.
func (w *want) argsOf(c Command) ([]string, bool) {
	if c.Name == "" {
		return nil, false
	}
	isGit := strings.EqualFold(w.name, "git")
	if !strings.EqualFold(c.Name, w.name) && !(isGit && isGitProgram(c.Name)) {
		return nil, false
	}
	if !isGit {
		return ownArgs(c), true
	}
	g := readGit(c.Name, c.Args)
	if w.sub == "" {
		return g.args, true
	}
	sub := strings.ToLower(g.sub)
	if same, ok := gitSame[sub]; ok {
		sub = same
	}
	return g.args, g.ok && sub == strings.ToLower(w.sub)
}

// mightRun reports whether c is the program and run time could supply the
// flags that runs did not find: each flag that is missing could be in an
// argument that begins with an expansion ($FLAGS, "$f", $(…)) or with a
// dash followed by one, or in one that run time splits into several
// words (x$Y). An argument that is an option's value (git commit -m
// "$msg") is not a flag; a quoted one with a literal '/' or '.' (rm
// "$HOME/.cache/x") is not one either, since a bundle of one-letter
// options, or a long option without a value, has neither. Words that are
// not flags (git's "push") must be present as written.
func (w *want) mightRun(c Command) bool {
	if !c.Dynamic {
		return false
	}
	args, ok := w.argsOf(c)
	if !ok {
		return w.subcommandMightBe(c)
	}
	values := w.valueOptions(c)
	missing := false
	for _, r := range w.reqs {
		if r.present(args) {
			continue
		}
		if !r.flag || !w.couldSupply(r, args, values) {
			return false
		}
		missing = true
	}
	return missing
}

// subcommandMightBe reports whether a git command that is not the one
// asked for might become it at run time: a word that run time splits, at
// or before where the subcommand stands, may yield the subcommand and
// any flags after it (git "$@" with push -f, git $X).
func (w *want) subcommandMightBe(c Command) bool {
	if w.sub == "" || !strings.EqualFold(w.name, "git") || !strings.EqualFold(c.Name, "git") && !strings.EqualFold(c.Name, "hub") {
		return false
	}
	g := readGit(c.Name, c.Args)
	upTo := len(c.Args)
	if g.ok {
		upTo = len(c.Args) - len(g.args)
	}
	for _, a := range c.Args[:upTo] {
		if splits(shape(a)) {
			return true
		}
	}
	return false
}

// valueOptions returns the grammar of the options of c that take a value
// as the next word, where this package knows it.
func (w *want) valueOptions(c Command) *grammar {
	if !strings.EqualFold(w.name, "git") {
		return nil
	}
	sub := strings.ToLower(readGit(c.Name, c.Args).sub)
	if g, ok := gitValueOptions[sub]; ok {
		return &g
	}
	return nil
}

// couldSupply reports whether some argument known only at run time
// could be one of r's spellings. For a program that needs an operand, a
// quoted word that would be the flag must leave another word to be the
// file: in rm -f "$tmp", $tmp may be -r, but then rm has nothing to
// delete.
func (w *want) couldSupply(r req, args []string, values *grammar) bool {
	var skip map[int]bool
	if values != nil {
		// The word an option takes its value from is not a flag: the next
		// one (-m "$msg"), or its own rest (-m"$msg").
		g := *values
		g.permute = true
		skip = map[int]bool{}
		g.scan(args, func(o option) {
			if o.val != "" {
				skip[o.at] = true
			}
		})
	}
	for _, a := range r.alts {
		for i, x := range args {
			if x == "--" && a.kind != plus {
				break
			}
			sh := shape(x)
			if skip[i] && !splits(sh) {
				// An option takes one word as its value; a word run
				// time splits gives it the first and the rest are
				// options again (git push -o $X, X='x --force').
				continue
			}
			if a.couldBe(sh) && (!w.operand || splits(sh) || otherOperand(args, i)) {
				return true
			}
		}
	}
	return false
}

func splits(s []seg) bool {
	for _, x := range s {
		if x.hole && x.split {
			return true
		}
	}
	return false
}

// otherOperand reports whether a word of args other than the i-th could
// be an operand: one after "--", one that is not a literal option.
func otherOperand(args []string, i int) bool {
	operands := false
	for j, x := range args {
		if x == "--" && !operands {
			operands = true
			continue
		}
		if j == i {
			continue
		}
		if operands || !strings.HasPrefix(x, "-") || x == "-" || len(shape(x)) > 1 || shape(x)[0].hole {
			return true
		}
	}
	return false
}

// couldBe reports whether an argument of the shape s could turn out to
// be a.
func (a alt) couldBe(s []seg) bool {
	for len(s) > 1 && !s[0].hole && s[0].text == "" {
		s = s[1:] // ''$X begins with the expansion
	}
	for _, x := range s {
		if x.hole && x.split {
			return true // run time may split it into words of any kind
		}
	}
	if len(s) == 1 && !s[0].hole {
		return false // literal, and runs looked at it
	}
	prefix, rest := "", s
	if !s[0].hole {
		prefix, rest = s[0].text, s[1:]
	}
	if prefix == "" && rest[0].branch {
		return false // a branch's name: git refuses one that begins with '-'
	}
	// A '/' or '.' after the expansion cannot be in a bundle of one-letter
	// options or in a long option without a value: rm -f "$HOME/.x" is a
	// path, whatever $HOME holds.
	pathLike := false
	for _, x := range rest[1:] {
		if !x.hole && strings.ContainsAny(x.text, "/.") {
			pathLike = true
		}
	}
	switch a.kind {
	case short:
		return !pathLike && (prefix == "" || strings.HasPrefix(prefix, "-") && !strings.HasPrefix(prefix, "--"))
	case long:
		return (!pathLike || takesValue(a.s)) && strings.HasPrefix("--"+a.s, prefix)
	case plus:
		return prefix == "" || strings.HasPrefix(prefix, "+")
	case exact:
		return (!pathLike || strings.ContainsAny(a.s, "/.")) && strings.HasPrefix(a.s, prefix)
	}
	return false
}

// takesValue reports whether the long option may carry a value, which can
// hold any character: --force-with-lease=origin/main.
func takesValue(name string) bool { return name == "force-with-lease" }

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
