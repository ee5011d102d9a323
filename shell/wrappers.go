package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// options describes how a program that runs another reads its own options,
// so that the command it runs can be found after them. Each stops at its
// first operand, as getopt with a leading '+' does.
type options struct {
	shortArg    string   // letters taking an argument, attached (-uroot) or as the next word (-u root)
	shortOptArg string   // letters whose argument, if any, is attached (xargs -i{})
	stop        string   // letters that make it run nothing (command -v only looks the name up)
	longArg     []string // long options taking the next word as argument when written without '='
	longStop    []string // long options that make it run nothing
	assigns     bool     // NAME=VALUE words may come before the command (env)
	operands    int      // words between the options and the command (timeout's duration)
	permute     bool     // options may follow operands (su root -c …), so the scan reads every word
	dash        bool     // a lone "-" is an option (env - is env -i)
}

// How a wrapper runs what follows its options.
type mode uint8

const (
	runsArgs   mode = iota // the next word is a program, the rest its arguments (sudo rm -rf /)
	runsJoined             // the words are joined with spaces and run by a shell (watch 'rm -rf /', ssh host rm -rf /)
	runsDashC              // the argument of its -c option is a script (su -c 'rm -rf /')
)

type wrapper struct {
	options
	mode mode
}

// wrappers are the programs that run a command given in their arguments.
// Keys are lower-case base names.
var wrappers = map[string]*wrapper{
	"sudo": {options: options{
		shortArg: "aCcDgpRrTtUu", shortOptArg: "h", stop: "eKlVv",
		longArg:  []string{"auth-type", "chdir", "chroot", "close-from", "command-timeout", "group", "login-class", "other-user", "prompt", "role", "type", "user"},
		longStop: []string{"edit", "help", "list", "remove-timestamp", "validate", "version"},
	}},
	"doas":    {options: options{shortArg: "u", stop: "CL"}},
	"env":     {options: options{shortArg: "aCPSu", assigns: true, dash: true, longArg: []string{"argv0", "chdir", "split-string", "unset"}, longStop: []string{"help", "version"}}},
	"nohup":   {options: options{longStop: []string{"help", "version"}}},
	"nice":    {options: options{shortArg: "n", longArg: []string{"adjustment"}, longStop: []string{"help", "version"}}},
	"time":    {options: options{shortArg: "fo", longArg: []string{"format", "output"}, stop: "V", longStop: []string{"help", "version"}}},
	"timeout": {options: options{shortArg: "ks", longArg: []string{"kill-after", "signal"}, longStop: []string{"help", "version"}, operands: 1}},
	"command": {options: options{stop: "vV"}},
	"exec":    {options: options{shortArg: "a"}},
	"builtin": {},
	"xargs": {options: options{
		shortArg: "adEILnPs", shortOptArg: "eil",
		longArg:  []string{"arg-file", "delimiter", "max-args", "max-chars", "max-procs", "process-slot-var"},
		longStop: []string{"help", "version"},
	}},
	"watch":      {options: options{shortArg: "nqs", shortOptArg: "d", longArg: []string{"equexit", "interval", "shotsdir"}, longStop: []string{"help", "version"}}, mode: runsJoined},
	"setsid":     {options: options{longStop: []string{"help", "version"}}},
	"stdbuf":     {options: options{shortArg: "eio", longArg: []string{"error", "input", "output"}, longStop: []string{"help", "version"}}},
	"ionice":     {options: options{shortArg: "cn", stop: "pPu", longArg: []string{"class", "classdata"}, longStop: []string{"help", "pgid", "pid", "uid", "version"}}},
	"chroot":     {options: options{longArg: []string{"groups", "userspec"}, longStop: []string{"help", "version"}, operands: 1}},
	"busybox":    {},
	"toybox":     {},
	"caffeinate": {options: options{shortArg: "tw"}},
	"unbuffer":   {},
	"ssh": {options: options{
		shortArg: "BbcDEeFIiJLlmOoPpQRSWw", stop: "GNV", operands: 1,
	}, mode: runsJoined},
	"su":      {options: options{shortArg: "cgGsw", longArg: []string{"command", "group", "shell", "supp-group", "whitelist-environment", "session-command"}, permute: true}, mode: runsDashC},
	"runuser": {options: options{shortArg: "cgGsuw", longArg: []string{"command", "group", "shell", "supp-group", "user", "whitelist-environment", "session-command"}, permute: true}, mode: runsDashC},
	"script":  {options: options{shortArg: "cEIOBTmo", shortOptArg: "t", longArg: []string{"command", "echo", "log-in", "log-out", "log-io", "log-timing", "logging-format", "output-limit"}, permute: true}, mode: runsDashC},
}

// shells run the string after -c as a script, or read one from a file or
// their standard input.
var shells = map[string]bool{
	"sh": true, "bash": true, "dash": true, "zsh": true, "ksh": true, "mksh": true,
	"ash": true, "yash": true, "posh": true, "fish": true,
}

// scan reads the options at the front of args and returns the index of the
// first word after them, and whether the wrapper runs a command at all.
// seen, when not nil, is told each option, its argument, and the index of
// the word the argument was read from.
func (o *options) scan(args []string, seen func(opt, val string, at int)) (int, bool) {
	i := 0
options:
	for i < len(args) {
		a := args[i]
		switch {
		case a == "--":
			i++
			break options
		case o.assigns && isAssignment(a):
		case o.dash && a == "-":
		case len(a) < 2 || a[0] != '-':
			if !o.permute {
				break options
			}
		case a[1] == '-':
			name, val, hasVal := strings.Cut(a[2:], "=")
			if matchLong(o.longStop, name) {
				return i, false
			}
			if !hasVal && matchLong(o.longArg, name) && i+1 < len(args) {
				i++
				val = args[i]
			}
			if seen != nil {
				seen("--"+name, val, i)
			}
		default:
			for j := 1; j < len(a); j++ {
				c := a[j]
				if strings.IndexByte(o.stop, c) >= 0 {
					return i, false
				}
				if strings.IndexByte(o.shortArg, c) >= 0 {
					val := a[j+1:]
					if val == "" && i+1 < len(args) {
						i++
						val = args[i]
					}
					if seen != nil {
						seen(a[j:j+1], val, i)
					}
					break
				}
				if strings.IndexByte(o.shortOptArg, c) >= 0 {
					if seen != nil {
						seen(a[j:j+1], a[j+1:], i)
					}
					break
				}
				if seen != nil {
					seen(a[j:j+1], "", i)
				}
			}
		}
		i++
	}
	return i, true
}

// start returns the index in args of the command the wrapper runs, past
// its options and operands, and whether it runs one at all.
func (o *options) start(args []string, seen func(opt, val string, at int)) (int, bool) {
	i, ok := o.scan(args, seen)
	return min(i+o.operands, len(args)), ok
}

// matchLong reports whether name, as written on a command line, is one of
// names or an abbreviation of one: getopt_long accepts any unambiguous
// prefix, so `sudo --us root` is `sudo --user root`.
func matchLong(names []string, name string) bool {
	if name == "" {
		return false
	}
	for _, n := range names {
		if strings.HasPrefix(n, name) {
			return true
		}
	}
	return false
}

func isAssignment(a string) bool {
	name, _, ok := strings.Cut(a, "=")
	return ok && syntax.ValidName(name)
}

// ownArgs returns the arguments that belong to c itself rather than to a
// command it runs: sudo's options, not rm's, in `sudo -u root rm -rf /`.
func ownArgs(c Command) []string {
	if wr, ok := wrappers[strings.ToLower(c.Name)]; ok && wr.mode == runsArgs {
		i, _ := wr.start(c.Args, nil)
		return c.Args[:i]
	}
	return c.Args
}

// unwrap records what cmd runs in turn: the command after a wrapper's
// options, the script of a shell, eval or trap, find's -exec commands.
func (w *walker) unwrap(cmd Command, ws []word, ts []string, via []string, in input, hops int) {
	name := strings.ToLower(cmd.Name)
	args, argTexts := ws[1:], ts[1:]
	if shells[name] {
		w.shell(cmd.Name, args, via, in)
		return
	}
	switch name {
	case "eval":
		w.runScript(args, via, "eval")
		return
	case "trap":
		// trap ACTION SIGNAL…: the action is a script run later.
		for i, a := range args {
			if a.text == "--" {
				continue
			}
			if strings.HasPrefix(a.text, "-") && !a.dyn || i == len(args)-1 {
				return // trap -l, trap -p, trap - INT, or a lone signal
			}
			w.runScript(args[i:i+1], via, "trap")
			return
		}
		return
	case "alias":
		for _, a := range args {
			if _, val, ok := strings.Cut(a.text, "="); ok {
				if a.dyn {
					w.unknown("alias of a non-literal: " + a.text)
					continue
				}
				w.script(val, appendVia(via, "alias"), "alias")
			}
		}
		return
	case "find":
		w.find(args, argTexts, via, hops)
		return
	case "source", ".":
		if len(args) > 0 && hasProcSubst(args[0]) {
			w.unknown(cmd.Name + " running the output of a command: " + args[0].text)
		}
		return
	}
	wr, ok := wrappers[name]
	if !ok {
		return
	}
	texts := cmd.Args
	switch wr.mode {
	case runsDashC:
		script, at, user := "", -1, false
		wr.scan(texts, func(opt, val string, i int) {
			switch opt {
			case "c", "--command", "--session-command":
				script, at = val, i
			case "u", "--user":
				user = name == "runuser"
			}
		})
		if at < 0 && user {
			// runuser -u USER runs its operands as a command, without a
			// shell.
			direct := wr.options
			direct.permute = false
			i, _ := direct.scan(texts, nil)
			w.command(args[i:], argTexts[i:], appendVia(via, cmd.Name), in, hops+1)
			return
		}
		if at < 0 {
			return
		}
		label := cmd.Name + " -c"
		if args[at].dyn {
			w.unknown(label + " of a non-literal: " + args[at].text)
			return
		}
		w.script(script, appendVia(via, label), label)
		return
	}
	split, splitAt := "", -1
	exec := false
	i, runs := wr.start(texts, func(opt, val string, at int) {
		switch {
		case name == "env" && (opt == "S" || opt == "--split-string"):
			split, splitAt = val, at
		case name == "watch" && (opt == "x" || opt == "--exec"):
			exec = true
		}
	})
	if !runs {
		return
	}
	if name == "ssh" {
		// ssh reads options after the destination too.
		j, ok := wr.scan(texts[i:], nil)
		if !ok {
			return
		}
		i += j
	}
	inner := args[i:]
	switch {
	case splitAt >= 0:
		// env -S 'rm -rf' / runs the split string followed by the rest.
		if args[splitAt].dyn {
			w.unknown("env -S of a non-literal: " + args[splitAt].text)
			return
		}
		w.envSplit(split, inner, via)
	case wr.mode == runsJoined && !exec:
		w.runScript(inner, via, cmd.Name)
	case name == "xargs" || name == "watch":
		// xargs and watch -x run the command with their own input, not the
		// caller's standard input.
		w.command(inner, argTexts[i:], appendVia(via, cmd.Name), input{}, hops+1)
	default:
		w.command(inner, argTexts[i:], appendVia(via, cmd.Name), in, hops+1)
	}
}

func (w *walker) envSplit(split string, inner []word, via []string) {
	var b strings.Builder
	b.WriteString(split)
	for _, a := range inner {
		b.WriteByte(' ')
		if a.dyn {
			b.WriteString(a.text) // its source text, which parses back into the same word
			continue
		}
		q, err := syntax.Quote(a.text, syntax.LangBash)
		if err != nil {
			w.unknown("env -S of a word that cannot be quoted: " + a.text)
			return
		}
		b.WriteString(q)
	}
	w.script(b.String(), appendVia(via, "env -S"), "env -S")
}

// find runs the commands of its -exec, -execdir, -ok and -okdir actions,
// each ending at ";" or "+".
func (w *walker) find(args []word, ts []string, via []string, hops int) {
	for i := 0; i < len(args); i++ {
		switch args[i].text {
		case "-exec", "-execdir", "-ok", "-okdir":
		default:
			continue
		}
		label := "find " + args[i].text
		j := i + 1
		for j < len(args) && args[j].text != ";" && args[j].text != "+" {
			j++
		}
		w.command(args[i+1:j], ts[i+1:j], appendVia(via, label), input{}, hops+1)
		i = j
	}
}

// shell handles sh, bash and the like: the script after -c, a script on
// standard input, or a script file (which cannot be read from here and is
// not a reason for doubt: any program is a file this package cannot read).
func (w *walker) shell(name string, args []word, via []string, in input) {
	dashC, stdin := false, false
	var command *word // fish --command=…
	i := 0
options:
	for ; i < len(args); i++ {
		a := args[i].text
		switch {
		case args[i].dyn:
			if i+1 < len(args) && mayBeOptions(a) {
				// bash $OPTS 'rm -rf /' may be bash -c 'rm -rf /'.
				w.unknown(name + " with options known only at run time: " + a)
			}
			break options
		case a == "--" || a == "-":
			i++
			break options
		case strings.HasPrefix(a, "--"):
			opt, val, hasVal := strings.Cut(a[2:], "=")
			switch {
			case opt == "command" && hasVal:
				command = &word{text: val}
			case opt == "command" && i+1 < len(args):
				i++
				command = &args[i]
			case (opt == "rcfile" || opt == "init-file") && !hasVal:
				i++
			}
		case len(a) >= 2 && (a[0] == '-' || a[0] == '+'):
			for j := 1; j < len(a); j++ {
				switch a[j] {
				case 'c':
					dashC = true
				case 's':
					stdin = true
				case 'o', 'O':
					if j == len(a)-1 {
						i++ // set -o NAME: the name is the next word
					}
					j = len(a)
				}
			}
		default:
			break options
		}
	}
	operands := args[min(i, len(args)):]
	label := name + " -c"
	switch {
	case command != nil:
		w.runScript([]word{*command}, via, label)
	case dashC:
		if len(operands) > 0 {
			w.runScript(operands[:1], via, label)
		}
	case len(operands) > 0 && !stdin:
		if hasProcSubst(operands[0]) {
			w.unknown(name + " running the output of a command: " + operands[0].text)
		}
	default:
		w.stdinScript(name, via, in)
	}
}

// mayBeOptions reports whether a word known only at run time could be a
// bundle of options: an expansion and nothing else ($OPTS, "$X"), or a dash
// followed by one. "$DIR/run.sh" could not.
func mayBeOptions(arg string) bool {
	s := shape(arg)
	return len(s) == 1 && s[0].hole || len(s) > 1 && strings.HasPrefix(s[0].text, "-")
}

func hasProcSubst(a word) bool {
	if a.node == nil {
		return false
	}
	for _, p := range a.node.Parts {
		if _, ok := p.(*syntax.ProcSubst); ok {
			return true
		}
	}
	return false
}

// stdinScript reads the script a shell gets on its standard input: a
// here-document, a here-string, or what a pipe brings from echo, printf or
// cat of a here-document. Anything else piped into a shell (curl … | sh) is
// unknown. A shell with nothing on its input runs nothing.
func (w *walker) stdinScript(name string, via []string, in input) {
	if in.stmt != nil {
		for _, r := range in.stmt.Redirs {
			text, how, why := redirText(r, in.src)
			switch {
			case how == "<":
				return // a file: as opaque as a script file
			case why != "":
				w.unknown(name + " reading " + why)
				return
			case how != "":
				w.script(text, appendVia(via, name+" "+how), name+" "+how)
				return
			}
		}
	}
	if in.producer == nil {
		return
	}
	label := "| " + name
	if text, ok := piped(in.producer, in.src); ok {
		w.script(text, appendVia(via, label), label)
		return
	}
	// The producer's text runs on into its here-documents; its first line
	// is enough to say which it is.
	what, _, _ := strings.Cut(strings.TrimSpace(source(in.producer, in.src)), "\n")
	w.unknown(name + " reading its script from a pipe: " + what)
}

// redirText returns the text a redirection feeds a command's standard
// input. how is "<<" or "<<<" for text on the command line, "<" for a file,
// or "" when r is not an input redirection; why says what the text is when
// it is not literal.
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
		return lw.text, "<<<", ""
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

// piped returns the literal text that s writes to a pipe, when s is a
// plain echo, a printf without conversions, or cat of a here-document or
// here-string.
func piped(s *syntax.Stmt, src string) (string, bool) {
	call, ok := s.Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) == 0 {
		return "", false
	}
	ws := words(call.Args, src)
	for _, x := range ws {
		if x.dyn {
			return "", false
		}
	}
	switch strings.ToLower(ws[0].text) {
	case "echo":
		args := ws[1:]
		for len(args) > 0 && len(args[0].text) > 1 && args[0].text[0] == '-' &&
			strings.Trim(args[0].text[1:], "neE") == "" {
			args = args[1:]
		}
		text, _ := scriptOf(args)
		// Whether echo decodes backslashes depends on the shell and its
		// options (dash's always does); text with one is not known.
		return text, strings.IndexByte(text, '\\') < 0
	case "printf":
		if len(ws) < 2 || strings.IndexByte(ws[1].text, '%') >= 0 {
			return "", false
		}
		return printfEscapes(ws[1].text)
	case "cat":
		if len(ws) > 1 {
			return "", false
		}
		for _, r := range s.Redirs {
			if text, how, why := redirText(r, src); how == "<<" || how == "<<<" {
				return text, why == ""
			}
		}
	}
	return "", false
}

// printfEscapes decodes the escapes of a printf format without
// conversions, knowing only the common ones.
func printfEscapes(s string) (string, bool) {
	if strings.IndexByte(s, '\\') < 0 {
		return s, true
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			b.WriteByte(s[i])
			continue
		}
		if i+1 == len(s) {
			return "", false
		}
		i++
		switch s[i] {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case '\\':
			b.WriteByte('\\')
		default:
			return "", false // octal, hex and the rest could spell anything
		}
	}
	return b.String(), true
}
