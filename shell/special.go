package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// sshGrammars read the options of ssh, scp and sftp.
var sshGrammars = map[string]grammar{
	"ssh":  wrappers["ssh"].grammar,
	"scp":  opts("3 4 6 A B C c: D: F: i: J: l: O o: P: p q R r S: T v X:", ""),
	"sftp": opts("4 6 A a B: b: C c: D: F: f i: J: l: N o: P: p q R: r S: s: v X:", ""),
}

// sshCommandOptions are the ssh options whose value runs as a command:
// on this machine (ProxyCommand, LocalCommand, KnownHostsCommand) or on
// the other (RemoteCommand).
var sshCommandOptions = map[string]bool{"proxycommand": true, "localcommand": true, "knownhostscommand": true, "remotecommand": true}

// sshOptions reads the -o options of ssh, scp and sftp that run
// commands, the program scp and sftp run instead of ssh (-S), and the
// script ssh without a remote command runs from its input.
func (w *walker) sshOptions(name string, args []word, c ctx) {
	if name == "ssh" {
		w.sshStdin(args, c)
	}
	g := sshGrammars[name]
	g.permute = true
	g.scan(texts(args), func(o option) {
		switch o.name {
		case "-o":
			key, val := sshOption(o.val)
			if !sshCommandOptions[strings.ToLower(key)] || strings.EqualFold(val, "none") {
				return
			}
			label := name + " -o " + key
			if args[o.at].dyn {
				w.unknown(label + " of a non-literal: " + args[o.at].text)
				return
			}
			w.script(val, c.reached(label), label)
		case "-S":
			if name != "ssh" {
				prog := word{text: o.val, dyn: args[o.at].dyn, node: args[o.at].node}
				w.command([]word{prog}, []string{prog.text}, c.reached(name+" -S"), 1)
			}
		}
	})
}

// sshStdin reads what ssh runs when it is given no remote command: the
// remote user's shell runs ssh's input as its script, unless -N, -W, -O
// or -n leave it none.
func (w *walker) sshStdin(args []word, c ctx) {
	g := sshGrammars["ssh"]
	ts := texts(args)
	quiet := false
	seen := func(o option) {
		switch o.name {
		case "-N", "-W", "-O", "-n", "-s":
			quiet = true
		}
	}
	i, runs := g.scan(ts, seen)
	if !runs || i >= len(ts) {
		return // no destination: ssh prints its usage
	}
	i++
	// ssh reads options after its destination too: ssh host -p 22.
	j, runs := g.scan(ts[i:], seen)
	if !runs || quiet || i+j < len(ts) {
		return // a remote command is read as ssh's script elsewhere
	}
	w.readScript("ssh", c.fds.get(0), c)
}

// sshOption splits an ssh -o value, written "Key=Value" or "Key Value".
func sshOption(s string) (string, string) {
	s = strings.TrimSpace(s)
	i := strings.IndexAny(s, "= \t")
	if i < 0 {
		return s, ""
	}
	return s[:i], strings.TrimLeft(s[i:], "= \t")
}

// tmuxCommands are the tmux commands that run something, with their
// option grammar and what their operands are: a shell command, keys
// typed into a pane, or tmux commands.
var tmuxCommands = map[string]struct {
	g    grammar
	args string // "shell", "keys", "tmux"
}{
	"new-session":    {opts("A c: D d E e: F: f: n: P s: t: X x: y:", ""), "shell"},
	"new-window":     {opts("a b c: d e: F: k n: P S t:", ""), "shell"},
	"split-window":   {opts("b c: d e: F: f h I l: P p: t: v Z", ""), "shell"},
	"respawn-pane":   {opts("c: e: k t:", ""), "shell"},
	"respawn-window": {opts("c: e: k t:", ""), "shell"},
	"run-shell":      {opts("b c: C d: E t:", ""), "shell"},
	"if-shell":       {opts("b F t:", ""), "shell"},
	"pipe-pane":      {opts("I O o t:", ""), "shell"},
	"display-popup":  {opts("B b: C c: d: E e: h: k N s: S: t: T: w: x: y:", ""), "shell"},
	"send-keys":      {opts("c: F H K l M N: R t: X", ""), "keys"},
	"confirm-before": {opts("b c: p: t: y", ""), "tmux"},
}

var tmuxAliases = map[string]string{
	"new": "new-session", "neww": "new-window", "splitw": "split-window", "respawnp": "respawn-pane",
	"respawnw": "respawn-window", "run": "run-shell", "if": "if-shell", "pipep": "pipe-pane",
	"popup": "display-popup", "send": "send-keys", "confirm": "confirm-before",
}

// tmux reads what tmux runs: the shell commands of new-session,
// new-window, split-window, run-shell and the like, the keys send-keys
// types into a shell, and tmux -c.
func (w *walker) tmux(args []word, c ctx) {
	g := opts("2 C c: D f: L: l N S: T: u v V!", "")
	i, runs := g.scan(texts(args), func(o option) {
		if o.name == "-c" {
			w.runScript([]word{{text: o.val, dyn: args[o.at].dyn}}, c, "tmux -c")
		}
	})
	if !runs {
		return
	}
	w.tmuxCommands(args[i:], c)
}

// tmuxCommands reads a sequence of tmux commands separated by ";".
func (w *walker) tmuxCommands(args []word, c ctx) {
	for len(args) > 0 {
		end := 0
		for end < len(args) && args[end].text != ";" {
			end++
		}
		w.tmuxCommand(args[:end], c)
		if end == len(args) {
			return
		}
		args = args[end+1:]
	}
}

func (w *walker) tmuxCommand(args []word, c ctx) {
	if len(args) == 0 {
		return
	}
	name := args[0].text
	if full, ok := tmuxAliases[name]; ok {
		name = full
	}
	spec, ok := tmuxCommands[name]
	if !ok {
		return
	}
	literalKeys, format := false, false
	i, _ := spec.g.scan(texts(args[1:]), func(o option) {
		switch o.name {
		case "-l":
			literalKeys = true
		case "-F", "-C":
			format = true
		}
	})
	rest := args[1+i:]
	label := "tmux " + name
	switch spec.args {
	case "shell":
		if len(rest) == 0 {
			return
		}
		if name == "if-shell" {
			if !format {
				w.runScript(rest[:1], c, label)
			}
			for _, r := range rest[1:] {
				w.tmuxString(r, c)
			}
			return
		}
		if name == "run-shell" && format {
			w.tmuxString(rest[0], c)
			return
		}
		w.runScript(rest, c, label)
	case "keys":
		w.sendKeys(rest, literalKeys, c, label)
	case "tmux":
		for _, r := range rest {
			w.tmuxString(r, c)
		}
	}
}

// tmuxString reads a string that tmux parses as tmux commands.
func (w *walker) tmuxString(x word, c ctx) {
	if x.dyn {
		w.unknown("tmux commands known only at run time: " + x.text)
		return
	}
	f, err := parse(x.text)
	if err != nil || len(f.Stmts) == 0 {
		return
	}
	for _, s := range f.Stmts {
		if call, ok := s.Cmd.(*syntax.CallExpr); ok {
			w.tmuxCommand(w.words(call.Args, x.text), c)
		}
	}
}

// tmuxKeys are the key names send-keys turns into characters.
var tmuxKeys = map[string]string{"Enter": "\n", "C-m": "\n", "KPEnter": "\n", "C-j": "\n", "Space": " ", "Tab": "\t", "C-i": "\t"}

// sendKeys reads send-keys: the keys it types, joined, are what the shell
// in the pane runs.
func (w *walker) sendKeys(keys []word, literal bool, c ctx, label string) {
	var b strings.Builder
	for _, k := range keys {
		if k.dyn {
			w.unknown(label + " of keys known only at run time: " + k.text)
			return
		}
		if ch, ok := tmuxKeys[k.text]; ok && !literal {
			b.WriteString(ch)
			continue
		}
		if !literal && (strings.HasPrefix(k.text, "C-") || strings.HasPrefix(k.text, "M-")) && len(k.text) > 2 {
			b.WriteByte('\n') // a control key ends what was typed
			continue
		}
		b.WriteString(k.text)
	}
	w.script(b.String(), c.reached(label), label)
}

// screen reads what GNU screen runs: the command after its options, and
// with -X, the text stuff types and the commands exec and screen start.
func (w *walker) screen(args []word, ts []string, c ctx, hops int) {
	g := opts("4 6 a A c: d D e: f F h: i l L m O p: q r R s: S: t: T: U v! V! w x X", "")
	x := false
	i, runs := g.scan(ts, func(o option) {
		if o.name == "-X" {
			x = true
		}
	})
	if !runs || i >= len(args) {
		return
	}
	rest, restTexts := args[i:], ts[i:]
	if !x {
		w.command(rest, restTexts, c.reached("screen"), hops+1)
		return
	}
	switch rest[0].text {
	case "stuff":
		w.sendKeys(rest[1:], true, c, "screen -X stuff")
	case "exec", "screen":
		// exec's own options, then fd patterns such as .!. or !:
		j := 1
		for j < len(rest) && (strings.HasPrefix(rest[j].text, "-") || strings.Trim(rest[j].text, ".!:|") == "") {
			j++
		}
		w.command(rest[j:], restTexts[j:], c.reached("screen -X "+rest[0].text), hops+1)
	}
}

// commandOptions are programs with options whose value runs as a shell
// command: sort --compress-program, split --filter, man -P (tar has its
// own reader). Each comes with the program's option grammar, so that the value
// is found however it is written.
var commandOptions = map[string]struct {
	g    grammar
	opts []string
}{
	"sort":  {with(opts("k: o: S: t: T:", "batch-size= buffer-size= compress-program= field-separator= files0-from= key= output= parallel= random-source= sort= temporary-directory= help! version!"), permute), []string{"--compress-program"}},
	"split": {with(opts("a: b: C: l: n: t:", "additional-suffix= bytes= filter= line-bytes= lines= number= separator= suffix-length= help! version!"), permute), []string{"--filter"}},
	"man":   {with(opts("C: E: e: H:: L: m: M: p: P: r: R: S: s: T::", "config-file= encoding= extension= html=? locale= manpath= pager= preprocessor= prompt= recode= sections= systems= troff-device=? help! version!"), permute), []string{"-P", "--pager", "-H", "--html"}},
}

// commandOption reads the options of a program in commandOptions.
func (w *walker) commandOption(name string, args []word, c ctx) {
	if name == "tar" {
		w.tar(args, c)
		return
	}
	spec := commandOptions[name]
	spec.g.scan(texts(args), func(o option) {
		if !contains(spec.opts, o.name) || o.val == "" {
			return
		}
		v := o.val
		if o.name == "--checkpoint-action" {
			var ok bool
			if v, ok = strings.CutPrefix(v, "exec="); !ok {
				return
			}
		}
		label := name + " " + o.name
		if args[o.at].dyn {
			w.unknown(label + " of a non-literal: " + args[o.at].text)
			return
		}
		w.script(v, c.reached(label), label)
	})
}
