package shell

import (
	"slices"
	"strings"
)

// unwrap records what cmd runs in turn: the command after a wrapper's
// options, the script of a shell, eval or trap, find's -exec commands,
// and the strings bash evaluates.
func (w *walker) unwrap(cmd Command, ws []word, ts []string, c ctx, hops int) {
	name := strings.ToLower(cmd.Name)
	args, argTexts := ws[1:], ts[1:]
	if family, ok := shells[name]; ok {
		defer w.interactive(args)()
		w.shell(family, cmd.Name, args, c)
		return
	}
	switch name {
	case "eval":
		if len(args) > 0 && args[0].text == "--" && !args[0].dyn {
			args = args[1:]
		}
		if c.more != "" {
			w.unknown("eval of " + c.more)
			return
		}
		// eval runs in the caller's shell: an exec in it holds after it.
		after := w.runScript(args, c, "eval")
		w.sameShell = &after
		return
	case "trap":
		w.trap(args, c)
		return
	case "alias":
		w.alias(args, c)
		return
	case "hash":
		w.hash(args)
		return
	case "find", "gfind":
		w.find(args, argTexts, c, hops)
		return
	case "xargs", "gxargs":
		w.xargs(args, argTexts, c, hops)
		return
	case "fd", "fdfind":
		w.fd(args, argTexts, c, hops)
		return
	case "parallel":
		w.parallel(args, c)
		return
	case "source", ".":
		w.source(cmd.Name, args, c)
		return
	case "git", "hub":
		w.git(cmd, args, c)
		return
	case "ssh", "scp", "sftp":
		w.sshOptions(name, args, c)
		if name != "ssh" {
			return
		}
	case "rsync":
		w.rsync(args, c)
		return
	case "tar", "gtar", "bsdtar", "sort", "split", "man":
		w.commandOption(strings.TrimPrefix(strings.TrimPrefix(name, "g"), "bsd"), args, c)
		return
	case "tmux":
		w.tmux(args, c)
		return
	case "screen":
		w.screen(args, argTexts, c, hops)
		return
	case "at", "batch":
		w.at(cmd.Name, args, c)
		return
	case "crontab":
		w.crontab(args, c)
		return
	case "compgen":
		g := opts("A: C: F: G: o: P: S: W: X: a b c d e f g j k s u v V:", "")
		g.scan(texts(args), func(o option) {
			switch {
			case o.at >= len(args):
			case o.name == "-C":
				w.runScript([]word{{text: o.val, dyn: args[o.at].dyn}}, c, "compgen -C")
			case o.name == "-W" && args[o.at].dyn:
				w.unknown("compgen -W, whose words bash expands, of a non-literal: " + args[o.at].text)
			case o.name == "-W":
				// bash expands each word of the list again, substitutions and all.
				w.evaluated(o.val, c, "compgen -W")
			}
		})
		return
	case "make", "gmake", "bmake":
		w.make(cmd.Name, args, c)
		return
	case "nix-shell":
		w.optionScript(args, c, "nix-shell --run", "--run", "--command")
		return
	case "nix":
		w.nix(args, argTexts, c, hops)
		return
	case "cd", "pushd":
		w.chdir(args)
		return
	case "popd":
		w.cwd = cwdUnknown
		return
	case "direnv":
		if len(args) > 2 && args[0].text == "exec" {
			w.command(args[2:], argTexts[2:], c.reached("direnv exec"), hops+1)
		}
		return
	case "mapfile", "readarray":
		w.mapfile(args, c)
		return
	case "read":
		w.builtinTargets(name, args, c)
		w.readInput(c, name)
		w.readTargets(args, c)
		return
	case "declare", "typeset", "local", "export", "readonly", "nameref":
		nref, transform := name == "nameref", false
		for _, a := range args {
			nref = nref || !a.dyn && refFlag(name, a.text)
			transform = transform || !a.dyn && transformFlag(name, a.text)
		}
		for _, a := range args {
			if n, _, _ := strings.Cut(a.text, "="); transform && !a.dyn && !strings.HasPrefix(n, "-") {
				w.transformed(strings.TrimSuffix(n, "+"))
			}
		}
		for _, a := range args {
			w.declWord(name, a, nref, c)
		}
		return
	case "test", "[":
		w.testArgs(args, c)
		return
	case "printf":
		w.printfV(args, c)
		return
	case "let", "unset":
		for _, a := range args {
			if !a.dyn {
				w.evaluated(a.text, c, name)
				if name == "let" {
					w.arithmText(a.text, c, name)
				}
			}
		}
		return
	case "enable":
		disable := false
		for _, a := range args {
			if strings.HasPrefix(a.text, "-") && strings.Contains(a.text, "f") {
				w.unknown("enable -f loads a builtin from a shared object: " + strings.Join(cmd.Args, " "))
				return
			}
			if strings.HasPrefix(a.text, "-") {
				disable = disable || strings.Contains(a.text, "n")
			} else if disable || a.dyn {
				// enable -n echo runs the echo on the PATH instead.
				w.redefine(a.text, "enable -n")
			}
		}
		return
	case "wait", "getopts":
		w.builtinTargets(name, args, c)
		return
	case "fc":
		w.fc(args)
		return
	case "r":
		if cmd.Path == "r" { // zsh's fc -e -
			w.fc(nil)
		}
		return
	case "set":
		w.historyOptions(args, c)
		return
	case "sched":
		w.sched(args, c)
		return
	}
	if subs, ok := subcommandRunners[name]; ok {
		w.runner(cmd.Name, subs, args, argTexts, c, hops)
		return
	}
	if name == "npx" || name == "bunx" || name == "uvx" || name == "pnpx" {
		entry := map[string]string{"pnpx": "npx"}[name]
		if entry == "" {
			entry = name
		}
		w.wrapped(wrappers[entry], cmd.Name, args, argTexts, c, hops)
		return
	}
	if wr, ok := wrappers[name]; ok {
		w.wrapped(wr, cmd.Name, args, argTexts, c, hops)
	}
}

// wrapped reads a wrapper from the table: its options, then what it runs.
func (w *walker) wrapped(wr *wrapper, name string, args []word, ts []string, c ctx, hops int) {
	lname := strings.ToLower(name)
	var script, split *option // the option whose value is a script; env -S
	shell, exec, user, hidden := false, false, false, ""
	var seen []option // for wrapperAssigns: the options of a wrapper that sets the environment
	i, runs := w.readOptions(&wr.grammar, name, ts, func(o option) {
		if wr.assigns || wr.anyAssign || wrapperEnvOptions[lname] != nil {
			seen = append(seen, o)
		}
		switch {
		case contains(wr.optionsFrom, o.name):
			hidden = o.name
		case wr.isScript(o.name):
			script = &o
		case wr.isShell(o.name):
			shell = true
		case (lname == "env" || lname == "genv") && (o.name == "-S" || o.name == "--split-string"):
			split = &o
		case lname == "watch" && (o.name == "-x" || o.name == "--exec"):
			exec = true
		case lname == "runuser" && (o.name == "-u" || o.name == "--user"):
			user = true
		case (lname == "env" || lname == "genv") && (o.name == "-C" || o.name == "--chdir"):
			// env -C DIR runs its command there; the reader keeps one
			// directory for the script, which is then known only at run time.
			w.cwd = cwdUnknown
		}
	})
	if hidden != "" {
		w.unknown(name + " " + hidden + " reads options only run time knows")
		return
	}
	if !runs {
		return
	}
	w.wrapperAssigns(lname, wr, args[:min(i, len(args))], seen, c)
	rest := min(i+wr.operands, len(args))
	if wr.operands > 0 && rest < len(ts) && ts[rest] == "--" && (i == 0 || ts[i-1] != "--") {
		// getopt moves options past operands, so a "--" may follow them:
		// taskset -c 1 -- cmd.
		rest++
	}
	if lname == "ssh" && rest < len(ts) {
		// ssh reads options after its destination too: ssh host -p 22 cmd.
		j, ok := w.readOptions(&wr.grammar, name, ts[rest:], nil)
		if !ok {
			return
		}
		rest += j
	}
	if lname == "script" {
		w.bsdScript(name, args, ts, c, hops)
	}
	if script != nil {
		label := name + " " + script.name
		if args[script.at].dyn {
			w.unknown(label + " of a non-literal: " + args[script.at].text)
			return
		}
		w.script(script.val, c.reached(label), label)
		return
	}
	inner, innerTexts := args[rest:], ts[rest:]
	c = w.withEnv(c, args[:rest])
	switch {
	case split != nil:
		w.envSplit(args[split.at], split.val, inner, c, hops)
	case lname == "flock" && len(inner) > 1 && (inner[0].text == "-c" || inner[0].text == "--command"):
		// flock FILE -c COMMAND: the option follows the file.
		w.runScript(inner[1:2], c, name+" -c")
	case wr.mode == runsOption:
		switch {
		case lname == "runuser" && user && len(inner) > 0:
			// runuser -u USER runs its operands as a command, without a
			// shell.
			direct := wr.grammar
			direct.permute = false
			k, _ := direct.scan(ts, nil)
			w.command(args[k:], ts[k:], c.reached(name), hops+1)
		case lname == "sg" && len(inner) > 1:
			// sg GROUP [-c] COMMAND runs the command with sh -c.
			cmdWords := inner[1:]
			if cmdWords[0].text == "-c" {
				cmdWords = cmdWords[1:]
			}
			w.runScript(cmdWords, c, name)
		case wr.bareShell:
			w.readScript(name, c.fds.get(0), c)
		}
	case wr.mode == runsJoined && !exec:
		w.runScript(inner, c, name)
	case len(inner) == 0:
		if shell || wr.bareShell {
			w.readScript(name, c.fds.get(0), c)
		}
	case shell:
		// sudo -s CMD, pnpm exec -c CMD: the shell runs the command line.
		w.runScript(inner, c, name)
	case lname == "dotenv" && inner[0].text == "run" && !inner[0].dyn:
		// python-dotenv's dotenv run CMD; npm's dotenv-cli would run a
		// program named run, which is read too.
		w.command(inner, innerTexts, c.reached(name), hops+1)
		g := opts("", "override no-override help!")
		k, runs := w.readOptions(&g, name+" run", innerTexts[1:], nil)
		if runs {
			w.command(inner[1+k:], innerTexts[1+k:], c.reached(name+" run"), hops+1)
		}
	case lname == "watch":
		// watch -x runs the command with its own input, not the caller's.
		c.fds = c.fds.with(0, input{})
		w.command(inner, innerTexts, c.reached(name), hops+1)
	default:
		w.command(inner, innerTexts, c.reached(name), hops+1)
	}
}

// bsdScript reads BSD's script [-q] FILE COMMAND…, as macOS runs it
// (script -q /dev/null CMD gives CMD a terminal); util-linux's script
// takes its command from -c only, and is read by wrapped.
func (w *walker) bsdScript(name string, args []word, ts []string, c ctx, hops int) {
	g := opts("a d e F k p q r t: T:", "")
	i, runs, bad := g.read(ts, nil)
	if !runs || bad != "" || i+1 >= len(ts) {
		return
	}
	w.command(args[i+1:], ts[i+1:], c.reached(name), hops+1)
}

// trap reads trap ACTION SIGNAL…, whose action is a script run later.
func (w *walker) trap(args []word, c ctx) {
	for i, a := range args {
		if a.text == "--" {
			continue
		}
		if strings.HasPrefix(a.text, "-") && !a.dyn || i == len(args)-1 {
			return // trap -l, trap -p, trap - INT, or a lone signal
		}
		// The action runs later in this shell (before every command, for
		// DEBUG): what it leaves may hold from here on, or not yet.
		after := either(c.fds, w.runScript(args[i:i+1], c, "trap"))
		w.sameShell = &after
		return
	}
}

// alias reads alias NAME=VALUE…: each value is a script, searched whether
// or not the alias is used, and the name runs it from then on.
func (w *walker) alias(args []word, c ctx) {
	for _, a := range args {
		n, val, ok := strings.Cut(a.text, "=")
		if !ok || strings.HasPrefix(a.text, "-") {
			continue
		}
		if a.dyn {
			w.unknown("alias of a non-literal: " + a.text)
			if !strings.ContainsAny(n, "$`\"'") {
				w.bindAlias(n, aliasValue{text: a.text, dyn: true})
			}
			continue
		}
		w.bindAlias(n, aliasValue{text: val})
		w.aliasDefinition(n, val, c)
	}
}

// hash reads hash -p PATH NAME…, which makes NAME run PATH, and zsh's
// hash NAME=PATH (hash -d binds directories, not programs).
func (w *walker) hash(args []word) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a.text, "-") || a.dyn {
			if n, p, ok := strings.Cut(a.text, "="); ok {
				if a.dyn {
					w.unknown("hash with what only run time knows: " + a.text)
					continue
				}
				w.bindAlso(n, boundName{program: p})
			}
			continue
		}
		if strings.Contains(a.text, "d") {
			return
		}
		if !strings.Contains(a.text, "p") {
			continue
		}
		if i+2 >= len(args) {
			return
		}
		p, names := args[i+1], args[i+2:]
		for _, n := range names {
			if p.dyn || n.dyn {
				w.unknown("hash -p with what only run time knows: " + p.text + " " + n.text)
				continue
			}
			w.bindAlso(n.text, boundName{program: p.text})
		}
		return
	}
}

// placeholderWords marks as known only at run time the words into which a
// program puts what it finds or reads: find's and fd's {}, xargs -I's
// replacement.
func placeholderWords(ws []word, holds func(string) bool) []word {
	out := ws
	copied := false
	for i, x := range ws {
		if x.dyn || !holds(x.text) {
			continue
		}
		if !copied {
			out = append([]word(nil), ws...)
			copied = true
		}
		out[i] = word{text: x.text, dyn: true, node: x.node}
	}
	return out
}

// find runs the commands of its -exec, -execdir, -ok and -okdir actions.
// Each ends at ";", or, for -exec and -execdir, at a "+" right after a
// word "{}" (GNU and BSD find read any other "+" as an argument). In
// them, {} is a file it found. An action without its end makes find
// refuse the whole expression and run nothing.
func (w *walker) find(args []word, ts []string, c ctx, hops int) {
	type action struct{ i, j int }
	var actions []action
	for i := 0; i < len(args); i++ {
		switch args[i].text {
		case "-exec", "-execdir", "-ok", "-okdir":
		default:
			continue
		}
		plus := args[i].text == "-exec" || args[i].text == "-execdir"
		j := i + 1
		for ; j < len(args); j++ {
			if args[j].text == ";" ||
				plus && args[j].text == "+" && j > i+1 && args[j-1].text == "{}" && !args[j-1].dyn {
				break
			}
		}
		if j == len(args) {
			return
		}
		actions = append(actions, action{i, j})
		i = j
	}
	for _, a := range actions {
		label := "find " + args[a.i].text
		inner := placeholderWords(args[a.i+1:a.j], func(s string) bool { return strings.Contains(s, "{}") })
		sub := c.reached(label)
		sub.fds = c.fds.with(0, input{})
		w.command(inner, ts[a.i+1:a.j], sub, hops+1)
	}
}

// xargs runs a command with words read from its input, appended or put
// in place of -I's replacement (-J's, on BSD).
func (w *walker) xargs(args []word, ts []string, c ctx, hops int) {
	wr := wrappers["xargs"]
	replace := ""
	fromFile := false
	split := ""  // an option that splits the input otherwise than blanks and quotes do
	chunks := "" // an option that splits the words among several commands
	i, runs := w.readOptions(&wr.grammar, "xargs", ts, func(o option) {
		switch o.name {
		case "-a", "--arg-file":
			fromFile = true
		case "-0", "--null", "-d", "--delimiter", "-E", "-e", "--eof":
			split = o.name
		case "-L", "-l", "--max-lines", "-n", "--max-args", "-s", "--max-chars", "-x", "--exit":
			chunks = o.name
		case "-I", "-J", "--replace":
			replace = o.val
			if replace == "" {
				replace = "{}"
			}
		case "-i":
			replace = o.val
			if replace == "" {
				replace = "{}"
			}
		}
	})
	if !runs {
		return
	}
	inner := args[i:]
	if len(inner) == 0 {
		return // xargs alone runs echo
	}
	sub := c.reached("xargs")
	// The command's input is /dev/null: xargs reads its own, and puts what
	// it reads in place of the replacement or after the words.
	sub.fds = c.fds.with(0, input{})
	if replace != "" {
		inner = placeholderWords(inner, func(s string) bool { return strings.Contains(s, replace) })
	} else if in := w.resolve(c.fds.get(0)); !fromFile && in.kind == srcText {
		w.xargsText(inner, in.text, split, chunks, sub, hops)
		return
	} else if !fromFile && in.kind == srcCaller && split+chunks == "" && w.names.callers[in.text] == "" {
		// The words are what the function's callers write to it.
		label := "xargs in " + in.text
		if w.names.callers == nil {
			w.names.callers = map[string]string{}
		}
		if w.names.xargs == nil {
			w.names.xargs = map[string]xargsRun{}
		}
		w.names.callers[in.text] = label
		w.names.xargs[label] = xargsRun{inner: inner, c: sub}
		sub.more = "xargs' input"
	} else {
		sub.more = "xargs' input"
	}
	w.command(inner, texts(inner), sub, hops+1)
}

type xargsRun struct {
	inner []word
	c     ctx
}

// xargsText reads the command xargs runs with the words of text, which
// the line writes to it; split names an option xargs was given that
// splits text otherwise than by blanks and quotes (-0, -d), and chunks
// one that shares its words out among several commands (-n, -L).
func (w *walker) xargsText(inner []word, text, split, chunks string, c ctx, hops int) {
	ws, ok := splitWords(text)
	switch {
	case split != "":
		w.unknown("xargs " + split + " splitting what the line writes to it")
		return
	case ok && chunks != "" && slices.Contains(ws, "--"):
		// Every command has some of the words, and all of them read at
		// once are the options of each, but for what "--" ends in one
		// command and not in the next.
		w.unknown("xargs " + chunks + " sharing out words among which is --")
		return
	case ok:
		inner = append(inner[:len(inner):len(inner)], make([]word, len(ws))...)
		for k, s := range ws {
			inner[len(inner)-len(ws)+k] = word{text: s}
		}
	default:
		c.more = "xargs' input" // an unclosed quote: xargs stops there
	}
	w.command(inner, texts(inner), c, hops+1)
}

// fd runs the command after -x / --exec (one per result) or -X /
// --exec-batch, up to a ";" or the end. Its options come anywhere among
// its patterns and paths, and each is read, so that a value is not taken
// for an -x.
func (w *walker) fd(args []word, ts []string, c ctx, hops int) {
	for pos := 0; pos < len(ts); {
		j, runs, bad := fdGrammar.read(ts[pos:], nil)
		k := pos + j
		switch {
		case bad != "":
			w.unknown("fd with an option it does not know: " + bad)
			return
		case runs && k > pos && ts[k-1] == "--":
			return // patterns and paths follow
		case runs:
			pos = k + 1 // a pattern or a path
			continue
		}
		opt, first, ok := fdExec(ts[k])
		if !ok {
			return // -h, -V
		}
		end := k + 1
		for end < len(ts) && ts[end] != ";" {
			end++
		}
		inner := args[k+1 : end]
		if first != "" {
			// -xrm, --exec=rm: the program is attached.
			inner = append([]word{{text: first, dyn: args[k].dyn, node: args[k].node}}, inner...)
		}
		inner = placeholderWords(inner, func(s string) bool { return strings.Contains(s, "{") && strings.Contains(s, "}") })
		sub := c.reached("fd " + opt)
		sub.fds = c.fds.with(0, input{})
		w.command(inner, texts(inner), sub, hops+1)
		pos = end + 1
	}
}

// fdExec reads the word of fd's that begins a command, -x, -Hx, -xrm or
// --exec=rm, and returns its option and what is attached to it.
func fdExec(a string) (string, string, bool) {
	if strings.HasPrefix(a, "--") {
		name, v, _ := strings.Cut(a, "=")
		return name, v, name == "--exec" || name == "--exec-batch"
	}
	i := strings.IndexAny(a, "xX")
	if i < 1 {
		return "", "", false
	}
	return "-" + a[i:i+1], a[i+1:], true
}

// parallel runs its command (the words before :::, run by a shell) once
// per argument, put in place of {} or after the words; without a command,
// each argument is a command line. Arguments after ::: are literal; those
// read from the input or from files (::::, -a) are not.
func (w *walker) parallel(args []word, c ctx) {
	g := parallelGrammar
	fromFile := false
	// --arg-sep and --arg-file-sep rename ::: and ::::.
	sep, fileSep := ":::", "::::"
	i, runs := w.readOptions(&g, "parallel", texts(args), func(o option) {
		switch o.name {
		case "-a", "--arg-file":
			fromFile = true
		case "--arg-sep":
			sep = o.val
		case "--arg-file-sep":
			fileSep = o.val
		}
	})
	if !runs {
		return
	}
	isSep := func(s string) bool { return s == sep || s == sep+"+" || s == fileSep || s == fileSep+"+" }
	j := i
	for j < len(args) && !isSep(args[j].text) {
		j++
	}
	command := args[i:j]
	var inputs []word
	for k := j; k < len(args); k++ {
		switch t := args[k].text; {
		case t == fileSep || t == fileSep+"+":
			fromFile = true
			k++
		case t == sep || t == sep+"+":
		default:
			inputs = append(inputs, args[k])
		}
	}
	if j == len(args) && !fromFile {
		if len(command) == 0 {
			w.readScript("parallel", c.fds.get(0), c)
			return
		}
		fromFile = true // the arguments are read from the input
	}
	if fromFile {
		// One argument only run time knows.
		inputs = append(inputs, word{text: `"$PARALLEL_ARG"`, dyn: true})
	}
	size := 0
	for _, x := range command {
		size += 1 + len(x.text)
	}
	for _, in := range inputs {
		if size+len(in.text) > w.budget {
			w.unknown("too large to read: parallel")
			return
		}
		if len(command) == 0 {
			w.runScript([]word{in}, c, "parallel")
			continue
		}
		line := make([]word, 0, len(command)+1)
		placed := false
		for _, x := range command {
			if !x.dyn && strings.Contains(x.text, "{") && strings.Contains(x.text, "}") {
				x = word{text: placeholder(x.text, quoteWord(in)), dyn: true}
				placed = true
			}
			line = append(line, x)
		}
		if !placed {
			line = append(line, word{text: quoteWord(in), dyn: true})
		}
		var b strings.Builder
		for k, x := range line {
			if k > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(x.text)
		}
		w.script(b.String(), c.reached("parallel"), "parallel")
	}
}

// placeholder puts arg, as shell text, in place of parallel's {}, {.},
// {/} and the like in s.
func placeholder(s, arg string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '{')
		j := strings.IndexByte(s[max(i, 0):], '}')
		if i < 0 || j < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		b.WriteString(arg)
		s = s[i+j+1:]
	}
}

// envSplit reads env -S STRING: STRING is split into words the way env
// does (not a shell), and they stand in env's arguments in its place,
// options and assignments included.
func (w *walker) envSplit(opt word, text string, inner []word, c ctx, hops int) {
	if opt.dyn {
		w.unknown("env -S of a non-literal: " + opt.text)
		return
	}
	split, ok := splitEnvS(text)
	if !ok {
		w.unknown("env -S of a string env cannot split: " + text)
		return
	}
	ws := append(split, inner...)
	ts := texts(ws)
	sub := c.reached("env -S")
	wr := wrappers["env"]
	i, runs := w.readOptions(&wr.grammar, "env -S", ts, nil)
	if !runs || i >= len(ws) {
		return
	}
	w.wrapperAssigns("env", wr, ws[:i], nil, c)
	w.command(ws[i:], ts[i:], w.withEnv(sub, ws[:i]), hops+1)
}

// splitEnvS splits an env -S string as GNU env does: blanks separate
// words, quotes group them, \_ is a blank that separates outside double
// quotes and a space inside them, ${NAME} is the environment's, and # at
// the start of a word begins a comment.
func splitEnvS(s string) ([]word, bool) {
	var out []word
	var b strings.Builder
	inWord, dyn := false, false
	end := func() {
		if inWord {
			out = append(out, word{text: b.String(), dyn: dyn})
		}
		b.Reset()
		inWord, dyn = false, false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r':
			end()
		case c == '#' && !inWord:
			i = len(s)
		case c == '\'':
			inWord = true
			for i++; i < len(s) && s[i] != '\''; i++ {
				if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '\\' || s[i+1] == '\'') {
					i++
				}
				b.WriteByte(s[i])
			}
			if i >= len(s) {
				return nil, false
			}
		case c == '"':
			inWord = true
			for i++; i < len(s) && s[i] != '"'; i++ {
				switch {
				case s[i] == '\\' && i+1 < len(s):
					i++
					r, stop, ok := envEscape(s[i], true)
					if !ok {
						return nil, false
					}
					if stop {
						end()
						return out, true
					}
					b.WriteString(r)
				case s[i] == '$':
					n, ok := envVar(s[i:])
					if !ok {
						return nil, false
					}
					dyn = true
					b.WriteString(s[i : i+n])
					i += n - 1
				default:
					b.WriteByte(s[i])
				}
			}
			if i >= len(s) {
				return nil, false
			}
		case c == '\\' && i+1 < len(s):
			i++
			if s[i] == '_' {
				end()
				continue
			}
			r, stop, ok := envEscape(s[i], false)
			if !ok {
				return nil, false
			}
			if stop {
				end()
				return out, true
			}
			inWord = true
			b.WriteString(r)
		case c == '$':
			n, ok := envVar(s[i:])
			if !ok {
				return nil, false
			}
			inWord, dyn = true, true
			b.WriteString(s[i : i+n])
			i += n - 1
		default:
			inWord = true
			b.WriteByte(c)
		}
	}
	end()
	return out, true
}

// envEscape decodes the escape \c of env -S, and reports \c, which ends
// the string.
func envEscape(c byte, quoted bool) (string, bool, bool) {
	switch c {
	case 'c':
		return "", true, true
	case 'f':
		return "\f", false, true
	case 'n':
		return "\n", false, true
	case 'r':
		return "\r", false, true
	case 't':
		return "\t", false, true
	case 'v':
		return "\v", false, true
	case '_':
		return " ", false, quoted
	case '#', '$', '"', '\'', '\\':
		return string(c), false, true
	}
	return "", false, false
}

// envVar returns the length of ${NAME} at the start of s; env -S takes no
// other form.
func envVar(s string) (int, bool) {
	if !strings.HasPrefix(s, "${") {
		return 0, false
	}
	end := strings.IndexByte(s, '}')
	return end + 1, end > 2
}

// optionScript runs the value of the first of names found in args as a
// script.
func (w *walker) optionScript(args []word, c ctx, label string, names ...string) {
	for i, a := range args {
		for _, n := range names {
			switch {
			case a.text == n && i+1 < len(args):
				w.runScript(args[i+1:i+2], c, label)
				return
			case strings.HasPrefix(a.text, n+"="):
				v := a
				v.text = a.text[len(n)+1:]
				w.runScript([]word{v}, c, label)
				return
			}
		}
	}
	// nix-shell without --run reads no script from its arguments, and
	// starts an interactive shell on its input.
	w.readScript(label, c.fds.get(0), c)
}

// nix reads nix develop -c CMD, nix shell … -c CMD and nix run … -- ARGS.
func (w *walker) nix(args []word, ts []string, c ctx, hops int) {
	if len(args) == 0 {
		return
	}
	sub := args[0].text
	if sub != "develop" && sub != "shell" {
		return
	}
	for i := 1; i < len(args); i++ {
		switch args[i].text {
		case "-c", "--command":
			w.command(args[i+1:], ts[i+1:], c.reached("nix "+sub), hops+1)
			return
		}
	}
}

// runner reads the package and environment runners: uv run, npm exec,
// poetry run. Their own options come first, read with their grammar; the
// subcommand names the grammar of what follows.
func (w *walker) runner(name string, subs map[string]string, args []word, ts []string, c ctx, hops int) {
	lname := strings.ToLower(name)
	if lname == "npm" {
		w.npm(name, args, ts, c, hops)
		return
	}
	own := runnerOptions[lname]
	i, runs := w.readOptions(&own, name, ts, nil)
	if !runs || i >= len(args) {
		return
	}
	sub := args[i].text
	if lname == "mise" && (sub == "exec" || sub == "x") {
		w.miseExec(name+" "+sub, args[i+1:], ts[i+1:], c, hops)
		return
	}
	entry, ok := subs[sub]
	if !ok && i+1 < len(args) && lname == "uv" {
		sub += " " + args[i+1].text
		if entry, ok = subs[sub]; ok {
			i++
		}
	}
	if !ok {
		return
	}
	w.wrapped(runnerGrammars[entry], name+" "+sub, args[i+1:], ts[i+1:], c, hops)
}

// miseExec reads mise exec [TOOL@VERSION…] -- COMMAND and mise exec -c
// SCRIPT; without either it starts a shell.
func (w *walker) miseExec(label string, args []word, ts []string, c ctx, hops int) {
	g := with(opts("c: h! j:", "command= jobs= no-prepare raw help!"), permute)
	var script *option
	i, runs := w.readOptions(&g, label, ts, func(o option) {
		if o.name == "-c" || o.name == "--command" {
			script = &o
		}
	})
	switch {
	case !runs:
	case script != nil && args[script.at].dyn:
		w.unknown(label + " -c of a non-literal: " + args[script.at].text)
	case script != nil:
		w.script(script.val, c.reached(label), label)
	case i > 0 && i <= len(ts) && ts[i-1] == "--":
		w.command(args[i:], ts[i:], c.reached(label), hops+1)
	default:
		w.readScript(label, c.fds.get(0), c)
	}
}

// mapfile reads mapfile -C CALLBACK, which runs CALLBACK as a command, and
// its input, which it assigns.
func (w *walker) mapfile(args []word, c ctx) {
	g := opts("C: c: d: n: O: s: t u:", "")
	g.scan(texts(args), func(o option) {
		if o.name == "-C" && o.at < len(args) {
			if args[o.at].dyn {
				w.unknown("mapfile -C of a non-literal: " + args[o.at].text)
				return
			}
			w.script(o.val, c.reached("mapfile -C"), "mapfile -C")
		}
	})
	w.builtinTargets("mapfile", args, c)
	w.readInput(c, "mapfile")
	w.readTargets(args, c)
}

// readTargets records the variables read sets from a literal input as
// opaque: it splits the text into pieces, which the line may join again
// in another order. (What a file holds is out of reach.)
func (w *walker) readTargets(args []word, c ctx) {
	if in := w.resolve(c.fds.get(0)); in.kind != srcText {
		return
	}
	for _, a := range args {
		if !a.dyn && !strings.HasPrefix(a.text, "-") {
			w.setValue(a.text, value{opaque: true})
		}
	}
}

// readInput reads the literal input of read or mapfile, which becomes a
// variable's value and may be evaluated later.
func (w *walker) readInput(c ctx, label string) {
	if in := w.resolve(c.fds.get(0)); in.kind == srcText {
		w.evaluated(in.text, c, label)
	}
}

// testArgs reads test and [, whose -v evaluates the subscript of the
// name it is given. (Their -eq and the like take only integers, unlike
// [[ ]]'s.)
func (w *walker) testArgs(args []word, c ctx) {
	for i, a := range args {
		if a.text == "-v" && i+1 < len(args) && !args[i+1].dyn {
			w.evaluated(args[i+1].text, c, "test -v")
		}
	}
}

// printfV reads printf -v NAME (or -vNAME), which writes what printf
// would print to NAME.
func (w *walker) printfV(args []word, c ctx) {
	if len(args) == 0 || !strings.HasPrefix(args[0].text, "-v") {
		return
	}
	target, rest := args[0], args[1:]
	if target.text == "-v" {
		if len(rest) == 0 {
			return
		}
		target, rest = rest[0], rest[1:]
	} else {
		target.text = target.text[2:]
	}
	if len(rest) > 0 && rest[0].text == "--" && !rest[0].dyn {
		rest = rest[1:]
	}
	// The value is the format filled in with the arguments, which may
	// build a substitution no argument holds (printf -v x 'a[$%s' '(…)]').
	val := runTime
	if len(rest) > 0 {
		if _, bad := scriptOf(rest); bad == nil {
			if out, ok := printfOutput(rest[0].text, texts(rest[1:])); ok {
				val = word{text: out}
			}
		}
	}
	w.write(target, val, c, "printf -v", true)
	if val.dyn {
		// What printf makes of its arguments is not worked out; a
		// literal one may still be what is evaluated later.
		for _, a := range rest {
			if !a.dyn {
				w.evaluated(a.text, c, "printf -v")
			}
		}
	} else {
		w.evaluated(val.text, c, "printf -v")
	}
	if !target.dyn && !strings.Contains(target.text, "[") {
		w.setValue(target.text, value{text: val.text, opaque: val.dyn})
	}
}

// at reads at and batch, which run the script on their input later, or
// in the file -f names.
func (w *walker) at(name string, args []word, c ctx) {
	g := opts("b c! d! f: K l! L: M m q: r! t: u v V", "")
	in := c.fds.get(0)
	_, runs := g.scan(texts(args), func(o option) {
		if o.name == "-f" {
			in = w.optionInput(args, o, c)
		}
	})
	if !runs {
		return
	}
	w.readScript(name, in, c)
}

// optionInput returns what reading the file an option names gives: its
// value is a word of its own (-f <(…), -f /dev/stdin) or attached
// (-f/dev/stdin).
func (w *walker) optionInput(args []word, o option, c ctx) input {
	if o.at < len(args) && args[o.at].text == o.val {
		return w.operandInput(args[o.at], c)
	}
	if args[o.at].dyn {
		return input{kind: srcFile}
	}
	return pathText(o.val, c.fds)
}

// crontab reads crontab - and crontab FILE of a descriptor: each line's
// command, after its schedule, runs later.
func (w *walker) crontab(args []word, c ctx) {
	g := opts("c: e! i! l! n: r! s T u:", "")
	i, runs := g.scan(texts(args), nil)
	if !runs {
		return
	}
	in := c.fds.get(0)
	if i < len(args) && args[i].text != "-" {
		in = w.operandInput(args[i], c)
	}
	switch in = w.resolve(in); in.kind {
	case srcText:
		w.script(cronCommands(in.text), c.reached("crontab"), "crontab")
	default:
		w.readScript("crontab", in, c)
	}
}

// cronCommands returns the commands of a crontab's lines, without their
// schedules and variable settings.
func cronCommands(text string) string {
	var b strings.Builder
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Fields(line)
		n := 5
		if strings.HasPrefix(f[0], "@") {
			n = 1
		} else if isAssignment(f[0]) && len(f) == 1 {
			continue
		}
		rest := line
		for k := 0; k < n && rest != ""; k++ {
			rest = strings.TrimLeft(rest, " \t")
			if j := strings.IndexAny(rest, " \t"); j >= 0 {
				rest = rest[j:]
			} else {
				rest = ""
			}
		}
		// An unescaped % ends the command; what follows is its input.
		for k := 0; k < len(rest); k++ {
			if rest[k] == '\\' && k+1 < len(rest) {
				k++
			} else if rest[k] == '%' {
				rest = rest[:k]
				break
			}
		}
		b.WriteString(rest)
		b.WriteByte('\n')
	}
	return b.String()
}
