package shell

import (
	"strings"
)

// makeGrammar is GNU make 4.3's option grammar (make --help).
var makeGrammar = with(opts("b B C: d e E: f: h! i I: j:: k l:: L m n o: O:: p q r R s S t v! w W:",
	"always-make assume-new= assume-old= check-symlink-times debug=? directory= dry-run environment-overrides eval= "+
		"file= ignore-errors include-dir= jobs=? jobserver-auth= jobserver-fds= just-print keep-going load-average=? "+
		"makefile= max-load=? new-file= no-builtin-rules no-builtin-variables no-keep-going no-print-directory "+
		"no-silent old-file= output-sync=? print-data-base print-directory question quiet recon shuffle=? silent stop "+
		"touch trace warn-undefined-variables what-if= help! version!"), permute)

// make reads what make runs from its command line: a makefile on the
// input (-f -, /dev/stdin, /dev/fd/N, <(…)), the statements of -E and
// --eval, and variables defined as operands (make 'X!=cmd', make
// SHELL=…). make reads them in that order, operands first, as one
// makefile whose settings (.RECIPEPREFIX, SHELL) carry over.
func (w *walker) make(name string, args []word, c ctx) {
	type text struct{ src, label string }
	var evals, files []text
	values := map[int]bool{}
	_, runs := w.readOptions(&makeGrammar, name, texts(args), func(o option) {
		if o.val != "" {
			values[o.at] = true
		}
		switch o.name {
		case "-f", "--file", "--makefile":
			in := w.optionInput(args, o, c)
			if o.val == "-" {
				in = c.fds.get(0)
			}
			if t, ok := w.textOf(in, name+" -f "+o.val); ok {
				files = append(files, text{t, name + " -f " + o.val})
			}
		case "-E", "--eval":
			if args[o.at].dyn {
				w.unknown(name + " " + o.name + " of a non-literal: " + args[o.at].text)
				return
			}
			evals = append(evals, text{o.val, name + " " + o.name})
		}
	})
	if !runs {
		return
	}
	m := &makeReader{w: w, prefix: '\t'}
	for i, a := range args {
		if values[i] || strings.HasPrefix(a.text, "-") || !strings.Contains(a.text, "=") {
			continue
		}
		if a.dyn {
			// The value is the environment's, but what it sets must be
			// known: a shell assignment, or the program recipes run with.
			n, _, _ := strings.Cut(a.text, "=")
			if strings.ContainsAny(n, "$`") || strings.HasSuffix(n, "!") || makeShellVariables[strings.TrimRight(n, ":?+ ")] {
				w.unknown(name + " given a variable known only at run time: " + a.text)
			}
			continue
		}
		m.read(a.text, c.reached(name+" "+a.text), name)
	}
	for _, t := range append(evals, files...) {
		m.read(t.src, c.reached(t.label), t.label)
	}
}

// makeRuleVariables are the variables the recipes of make's built-in
// rules hand the shell (make -p -f /dev/null): given on make's command
// line, in its environment or in a makefile, their values run, the
// programs (CC) and the flags (CFLAGS='; rm -rf x') alike, as soon as
// make builds y from y.c without a rule of its own.
var makeRuleVariables = map[string]bool{}

func init() {
	for _, v := range strings.Fields("AR ARFLAGS AS ASFLAGS CC CFLAGS CO COFLAGS CPP CPPFLAGS CTANGLE CWEAVE CXX " +
		"CXXFLAGS DEFFLAGS FC FFLAGS GET GFLAGS LDFLAGS LDLIBS LEX LFLAGS LINT LINTFLAGS LOADLIBES M2C M2FLAGS " +
		"MAKEINFO MAKEINFO_FLAGS MODFLAGS OBJC OBJCFLAGS OUTPUT_OPTION PC PFLAGS RFLAGS RM SCCS_OUTPUT_OPTION " +
		"TANGLE TARGET_ARCH TARGET_MACH TEX TEXI2DVI TEXI2DVI_FLAGS WEAVE YACC YFLAGS") {
		makeRuleVariables[v] = true
	}
	for _, v := range strings.Fields("COMPILE LEX LINK LINT PREPROCESS YACC") {
		for _, ext := range strings.Fields("C F S c cc cpp def f l m mod o p r s y") {
			makeRuleVariables[v+"."+ext] = true
		}
	}
}

// makeShellVariables say how make runs its recipes.
var makeShellVariables = map[string]bool{"SHELL": true, ".SHELLFLAGS": true, ".RECIPEPREFIX": true}

// makeFlagsVariable reads MAKEFLAGS (and GNUMAKEFLAGS, MFLAGS), which make
// splits at blanks (a backslash escapes one) and reads as options, its
// first word as a bundle of letters even without '-'.
func (w *walker) makeFlagsVariable(name string, v word, c ctx) {
	if v.dyn {
		w.unknown(name + " set to make options known only at run time: " + v.text)
		return
	}
	var args []word
	var b strings.Builder
	for i := 0; i <= len(v.text); i++ {
		if i == len(v.text) || v.text[i] == ' ' || v.text[i] == '\t' {
			if b.Len() > 0 {
				args = append(args, word{text: b.String()})
				b.Reset()
			}
			continue
		}
		if v.text[i] == '\\' && i+1 < len(v.text) {
			i++
		}
		b.WriteByte(v.text[i])
	}
	if len(args) > 0 && !strings.HasPrefix(args[0].text, "-") && !strings.Contains(args[0].text, "=") {
		args[0].text = "-" + args[0].text
	}
	w.make(name, args, c.reached(name))
}

// maxMakeNesting bounds how deep make references are followed inside
// each other, so that reading one costs linear time.
const maxMakeNesting = 32

// A makeReader reads a makefile's text for what it runs: recipes (lines
// that begin with the recipe prefix, or follow ';' on a rule line),
// $(shell …) and != assignments, run when the makefile is read, and the
// variables that choose the shell. A reference to any other variable or
// function is unknown: its value is what make runs.
type makeReader struct {
	w       *walker
	c       ctx
	label   string
	prefix  byte
	recipes strings.Builder
	// includes are the makefiles that include names, read after the text
	// that names them, each once.
	includes []string
	included map[string]bool
}

// read reads the scripts of a makefile's text.
func (m *makeReader) read(text string, c ctx, label string) {
	m.c, m.label = c, label
	m.recipes.Reset()
	// A backslash at the end of a line joins it to the next.
	text = strings.ReplaceAll(text, "\\\n", " ")
	define := false
	for _, line := range strings.Split(text, "\n") {
		trimmed := strings.TrimLeft(line, " \t")
		switch {
		case define:
			if strings.HasPrefix(trimmed, "endef") {
				define = false
				continue
			}
			// A variable's lines, run if it is used in a recipe.
			m.recipe(line)
		case len(line) > 0 && line[0] == m.prefix:
			m.recipe(line[1:])
		case trimmed == "" || trimmed[0] == '#':
		case makeDirective(trimmed, "define"):
			define = true
			for _, f := range strings.Fields(trimmed) {
				if makeShellVariables[strings.TrimRight(f, ":?+!=")] {
					m.w.unknown(m.label + " defines how make runs its recipes: " + trimmed)
				}
			}
		case makeDirective(trimmed, "include") || makeDirective(trimmed, "-include") || makeDirective(trimmed, "sinclude"):
			names := strings.Fields(m.expand(stripMakeComment(trimmed), 0))
			m.includes = append(m.includes, names[1:]...)
		default:
			m.statement(stripMakeComment(trimmed))
		}
	}
	// make hands each recipe line to the shell.
	m.w.script(m.recipes.String(), c, label)
	for len(m.includes) > 0 {
		p := m.includes[0]
		m.includes = m.includes[1:]
		if m.included[p] {
			continue
		}
		if m.included == nil {
			m.included = map[string]bool{}
		}
		m.included[p] = true
		if t, ok := m.w.textOf(pathText(p, c.fds), label+" including "+p); ok {
			m.read(t, c.reached("include "+p), label+" include "+p)
		}
	}
}

// makeDirective reports whether line starts with the directive d,
// possibly after override, export or private.
func makeDirective(line, d string) bool {
	for _, p := range []string{"override ", "export ", "private "} {
		line = strings.TrimLeft(strings.TrimPrefix(line, p), " \t")
	}
	return line == d || strings.HasPrefix(line, d+" ") || strings.HasPrefix(line, d+"\t")
}

func stripMakeComment(line string) string {
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '\\':
			i++
		case '#':
			return line[:i]
		}
	}
	return line
}

// recipe adds a recipe line, without the prefixes @, - and + that make
// reads itself.
func (m *makeReader) recipe(line string) {
	line = strings.TrimLeft(line, "@-+ \t")
	m.recipes.WriteString(m.expand(line, 0))
	m.recipes.WriteByte('\n')
}

// statement reads a makefile line that is not a recipe: an assignment, a
// rule (with a recipe after ';' and target-specific assignments), or a
// directive, whose references make expands as it reads them.
func (m *makeReader) statement(line string) {
	eq := strings.IndexByte(line, '=')
	colon := strings.IndexByte(line, ':')
	if eq >= 0 && (colon < 0 || colon > eq || strings.Trim(line[colon:eq], ":") == "") {
		m.assignment(line, eq)
		return
	}
	if colon < 0 {
		m.expand(line, 0)
		return
	}
	head, recipe, hasRecipe := strings.Cut(line[colon+1:], ";")
	m.expand(line[:colon], 0)
	if eq := strings.IndexByte(head, '='); eq >= 0 {
		m.assignment(strings.TrimLeft(head, ": \t"), strings.IndexByte(strings.TrimLeft(head, ": \t"), '='))
	} else {
		m.expand(head, 0)
	}
	if hasRecipe {
		m.recipe(recipe)
	}
}

// assignment reads NAME op VALUE, with '=' at eq.
func (m *makeReader) assignment(line string, eq int) {
	name, value := line[:eq], strings.TrimLeft(line[eq+1:], " \t")
	op := ""
	if n := strings.TrimRight(name, ":?+!"); n != name {
		op, name = name[len(n):], n
	}
	for _, p := range []string{"override", "export", "private"} {
		name = strings.TrimLeft(strings.TrimPrefix(strings.TrimLeft(name, " \t"), p+" "), " \t")
	}
	name = strings.TrimSpace(name)
	if op == "!" {
		// The value runs in the shell as the makefile is read.
		m.w.script(m.expand(value, 0), m.c.reached(m.label+" !="), m.label+" !=")
		return
	}
	v := m.expand(value, 0)
	switch name {
	case ".RECIPEPREFIX":
		if v != value {
			m.w.unknown(m.label + " sets .RECIPEPREFIX from a reference: " + value)
		}
		m.prefix = '\t'
		if v != "" {
			m.prefix = v[0]
		}
	case "SHELL":
		if v != value || !isShell(v) {
			m.w.unknown(m.label + " runs its recipes with SHELL=" + value)
		}
	case ".SHELLFLAGS":
		if v != value || !plainShellFlags(v) {
			m.w.unknown(m.label + " runs its recipes with .SHELLFLAGS=" + value)
		}
	default:
		if makeRuleVariables[name] && v == value {
			label := m.label + " " + name
			m.w.script(v, m.c.reached(label), label)
		}
	}
}

// isShell reports whether a program path names a shell, which runs a
// recipe given with -c as a script.
func isShell(p string) bool {
	p = strings.TrimSpace(p)
	_, ok := shells[strings.ToLower(programName(p))]
	return ok && p != "" && !strings.ContainsAny(p, " \t$`")
}

// plainShellFlags reports whether .SHELLFLAGS are options that end with
// -c and give the shell no script of their own: -c, -ec, -eu -o pipefail
// -c and the like.
func plainShellFlags(s string) bool {
	f := strings.Fields(s)
	if len(f) == 0 || !strings.HasPrefix(f[len(f)-1], "-") || !strings.HasSuffix(f[len(f)-1], "c") {
		return false
	}
	for i := 0; i < len(f); i++ {
		switch {
		case f[i] == "-o" && i+1 < len(f) && contains([]string{"pipefail", "errexit", "nounset", "xtrace", "posix"}, f[i+1]):
			i++
		case len(f[i]) > 1 && f[i][0] == '-' && strings.Trim(f[i][1:], "ceuxv") == "":
		default:
			return false
		}
	}
	return true
}

// makeAutomatic are make's automatic variables, which hold the names of
// the rule's own files.
const makeAutomatic = "@<^+?*%|"

// expand returns the text make makes of s: $$ is $, a $(shell …) runs
// its command (and stands for its output, which only run time knows), an
// automatic variable stands for a file's name, and any other reference is
// unknown.
func (m *makeReader) expand(s string, depth int) string {
	if strings.IndexByte(s, '$') < 0 {
		return s
	}
	if depth == maxMakeNesting {
		m.w.unknown(m.label + ": make references nested too deeply")
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '$' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch ch := s[i]; {
		case ch == '$':
			b.WriteByte('$')
		case ch == '(' || ch == '{':
			end := i + 1 + closingBracket(s[i+1:], ch)
			inner := s[i+1 : min(end, len(s))]
			i = end
			b.WriteString(m.reference(inner, depth))
		case strings.IndexByte(makeAutomatic, ch) >= 0:
			b.WriteString("_")
		default:
			m.w.unknown(m.label + ": make expands the variable $" + string(ch))
			b.WriteString("$_make")
		}
	}
	return b.String()
}

// reference returns what make makes of $(inner).
func (m *makeReader) reference(inner string, depth int) string {
	if cmd, ok := strings.CutPrefix(inner, "shell"); ok && cmd != "" && (cmd[0] == ' ' || cmd[0] == '\t') {
		m.w.script(m.expand(cmd[1:], depth+1), m.c.reached(m.label+" $(shell)"), m.label+" $(shell)")
		return "$_make"
	}
	if len(inner) == 2 && strings.IndexByte(makeAutomatic, inner[0]) >= 0 && (inner[1] == 'D' || inner[1] == 'F') ||
		len(inner) == 1 && strings.IndexByte(makeAutomatic, inner[0]) >= 0 {
		return "_"
	}
	switch inner {
	case "MAKE":
		return "make"
	case "CURDIR":
		return "."
	}
	m.w.unknown(m.label + ": make expands a variable or function: $(" + clip(inner) + ")")
	return "$_make"
}

// closingBracket returns the index of the bracket that closes one opened
// by open just before s, or len(s).
func closingBracket(s string, open byte) int {
	close := byte(')')
	if open == '{' {
		close = '}'
	}
	depth := 1
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case open:
			depth++
		case close:
			if depth--; depth == 0 {
				return i
			}
		}
	}
	return len(s)
}
