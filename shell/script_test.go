package shell

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"mvdan.cc/sh/v3/syntax"
)

func cmd(name string, args ...string) Command {
	if len(args) == 0 {
		args = nil
	}
	return Command{Name: name, Path: name, Args: args}
}

func via(c Command, v ...string) Command {
	c.Via = v
	return c
}

func dyn(c Command) Command {
	c.Dynamic = true
	return c
}

func at(c Command, p string) Command {
	c.Path = p
	return c
}

func TestParseFindsEverySimpleCommandInSourceOrder(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want Script
	}{
		{"nothing", "", Script{}},
		{"a comment", "# rm -rf /", Script{}},
		{"one command", "ls -la", Script{Commands: []Command{cmd("ls", "-la")}}},
		{"a list", "echo ok; rm -rf /", Script{Commands: []Command{cmd("echo", "ok"), cmd("rm", "-rf", "/")}}},
		{"and, or, background", "true && rm -rf / || false &", Script{Commands: []Command{cmd("true"), cmd("rm", "-rf", "/"), cmd("false")}}},
		{"a pipeline", "cat x | grep y | wc -l", Script{Commands: []Command{cmd("cat", "x"), cmd("grep", "y"), cmd("wc", "-l")}}},
		{"lines", "cd /tmp\n\trm -rf x\n", Script{Commands: []Command{cmd("cd", "/tmp"), cmd("rm", "-rf", "x")}}},
		{"a line continuation", "rm \\\n  -rf /", Script{Commands: []Command{cmd("rm", "-rf", "/")}}},
		{"a subshell and a group", "(rm -rf /); { rm -rf /; }", Script{Commands: []Command{cmd("rm", "-rf", "/"), cmd("rm", "-rf", "/")}}},
		{"if, for, while, case", "if true; then rm a; fi; for f in a; do rm b; done; while false; do rm c; done; case x in *) rm d;; esac",
			Script{Commands: []Command{cmd("true"), cmd("rm", "a"), cmd("rm", "b"), cmd("false"), cmd("rm", "c"), cmd("rm", "d")}}},
		{"a function body, called or not", "f() { rm -rf /; }; f", Script{Commands: []Command{cmd("rm", "-rf", "/"), cmd("f")}}},
		{"an assignment alone runs nothing", "X=1", Script{}},
		{"an assignment before a command", "X=1 Y=2 rm x", Script{Commands: []Command{cmd("rm", "x")}}},
		{"command substitution", "echo $(rm -rf /)", Script{Commands: []Command{dyn(cmd("echo", "$(rm -rf /)")), via(cmd("rm", "-rf", "/"), "$(…)")}}},
		{"backticks", "echo `rm -rf /`", Script{Commands: []Command{dyn(cmd("echo", "`rm -rf /`")), via(cmd("rm", "-rf", "/"), "`…`")}}},
		{"process substitution", "diff <(ls a) >(tee b)", Script{Commands: []Command{dyn(cmd("diff", "<(ls a)", ">(tee b)")), via(cmd("ls", "a"), "<(…)"), via(cmd("tee", "b"), ">(…)")}}},
		{"substitution in an assignment", "x=$(rm -rf /)", Script{Commands: []Command{via(cmd("rm", "-rf", "/"), "$(…)")}}},
		{"substitution in double quotes", `echo "$(date)"`, Script{Commands: []Command{dyn(cmd("echo", `"$(date)"`)), via(cmd("date"), "$(…)")}}},
		{"nested substitution", "echo $(echo $(rm x))", Script{Commands: []Command{dyn(cmd("echo", "$(echo $(rm x))")), via(dyn(cmd("echo", "$(rm x)")), "$(…)"), via(cmd("rm", "x"), "$(…)", "$(…)")}}},
		{"the time keyword", "time rm x", Script{Commands: []Command{via(cmd("rm", "x"), "time")}}},
		{"quote removal in the program", `\rm a; "rm" b; 'rm' c; r""m d; $'\x72m' e`,
			Script{Commands: []Command{cmd("rm", "a"), cmd("rm", "b"), cmd("rm", "c"), cmd("rm", "d"), cmd("rm", "e")}}},
		{"a path", "/bin/rm -rf /; ./rm x", Script{Commands: []Command{at(cmd("rm", "-rf", "/"), "/bin/rm"), at(cmd("rm", "x"), "./rm")}}},
		{"quote removal in arguments", `echo 'a b' "c\"d" e\ f "\x"`, Script{Commands: []Command{cmd("echo", "a b", `c"d`, "e f", `\x`)}}},
		{"brace expansion", "{rm,-rf,/}; echo a{b,c}", Script{Commands: []Command{cmd("rm", "-rf", "/"), cmd("echo", "ab", "ac")}}},
		{"a glob is kept as written", "rm -f *.o", Script{Commands: []Command{cmd("rm", "-f", "*.o")}}},
		{"an expansion is kept as its source", `rm -rf "$dir"`, Script{Commands: []Command{dyn(cmd("rm", "-rf", `"$dir"`))}}},
		{"a substitution is the caller's, not the wrapper's", "sudo rm $(ls)", Script{Commands: []Command{
			dyn(cmd("sudo", "rm", "$(ls)")), via(dyn(cmd("rm", "$(ls)")), "sudo"), via(cmd("ls"), "$(…)")}}},
		{"an empty program runs nothing", `"" rm`, Script{}},
		{"the test command is not a glob", "[ -f x ] && rm x", Script{Commands: []Command{cmd("[", "-f", "x", "]"), cmd("rm", "x")}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, Parse(tt.src))
		})
	}
}

func TestParseUnwrapsCommandsThatRunOtherCommands(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want Script
	}{
		{"sudo with options", "sudo -u root -E rm -rf /", Script{Commands: []Command{
			cmd("sudo", "-u", "root", "-E", "rm", "-rf", "/"), via(cmd("rm", "-rf", "/"), "sudo")}}},
		{"sudo with an attached and an abbreviated option", "sudo -uroot --us root rm x", Script{Commands: []Command{
			cmd("sudo", "-uroot", "--us", "root", "rm", "x"), via(cmd("rm", "x"), "sudo")}}},
		{"sudo -l runs nothing", "sudo -l rm", Script{Commands: []Command{cmd("sudo", "-l", "rm")}}},
		{"env with assignments and options", "env -i -u HOME X=1 rm x", Script{Commands: []Command{
			cmd("env", "-i", "-u", "HOME", "X=1", "rm", "x"), via(cmd("rm", "x"), "env")}}},
		{"env -S", "env -S 'rm -rf' /", Script{Commands: []Command{
			cmd("env", "-S", "rm -rf", "/"), via(cmd("rm", "-rf", "/"), "env -S")}}},
		{"a chain of wrappers", "sudo env X=1 nice -n 5 nohup rm x", Script{Commands: []Command{
			cmd("sudo", "env", "X=1", "nice", "-n", "5", "nohup", "rm", "x"),
			via(cmd("env", "X=1", "nice", "-n", "5", "nohup", "rm", "x"), "sudo"),
			via(cmd("nice", "-n", "5", "nohup", "rm", "x"), "sudo", "env"),
			via(cmd("nohup", "rm", "x"), "sudo", "env", "nice"),
			via(cmd("rm", "x"), "sudo", "env", "nice", "nohup")}}},
		{"timeout with a signal and a duration", "timeout -s KILL -k 5 10 rm x", Script{Commands: []Command{
			cmd("timeout", "-s", "KILL", "-k", "5", "10", "rm", "x"), via(cmd("rm", "x"), "timeout")}}},
		{"the time program", "/usr/bin/time -p rm x", Script{Commands: []Command{
			at(cmd("time", "-p", "rm", "x"), "/usr/bin/time"), via(cmd("rm", "x"), "time")}}},
		{"command and exec", "command rm a; exec -a x rm b", Script{Commands: []Command{
			cmd("command", "rm", "a"), via(cmd("rm", "a"), "command"),
			cmd("exec", "-a", "x", "rm", "b"), via(cmd("rm", "b"), "exec")}}},
		{"command -v only looks up", "command -v rm", Script{Commands: []Command{cmd("command", "-v", "rm")}}},
		{"xargs with options", "xargs -0 -n 1 -I {} rm -rf {}", Script{Commands: []Command{
			cmd("xargs", "-0", "-n", "1", "-I", "{}", "rm", "-rf", "{}"), via(dyn(cmd("rm", "-rf", "{}")), "xargs")}}},
		{"find -exec and -delete", `find / -name x -exec rm -rf {} \; -delete -execdir ls {} +`, Script{Commands: []Command{
			cmd("find", "/", "-name", "x", "-exec", "rm", "-rf", "{}", ";", "-delete", "-execdir", "ls", "{}", "+"),
			via(dyn(cmd("rm", "-rf", "{}")), "find -exec"), via(dyn(cmd("ls", "{}")), "find -execdir")}}},
		{"watch runs its words with sh -c", "watch -n 5 'rm -rf /'", Script{Commands: []Command{
			cmd("watch", "-n", "5", "rm -rf /"), via(cmd("rm", "-rf", "/"), "watch")}}},
		{"doas", "doas -u root rm x", Script{Commands: []Command{cmd("doas", "-u", "root", "rm", "x"), via(cmd("rm", "x"), "doas")}}},
		{"busybox", "busybox rm x", Script{Commands: []Command{cmd("busybox", "rm", "x"), via(cmd("rm", "x"), "busybox")}}},
		{"ssh's remote command", "ssh -p 22 host rm -rf /", Script{Commands: []Command{
			cmd("ssh", "-p", "22", "host", "rm", "-rf", "/"), via(cmd("rm", "-rf", "/"), "ssh")}}},
		{"su -c", "su - root -c 'rm x'", Script{Commands: []Command{cmd("su", "-", "root", "-c", "rm x"), via(cmd("rm", "x"), "su -c")}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, Parse(tt.src))
		})
	}
}

func TestParseReadsTheScriptsThatShellsAreGiven(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want Script
	}{
		{"bash -c", "bash -c 'rm -rf /'", Script{Commands: []Command{cmd("bash", "-c", "rm -rf /"), via(cmd("rm", "-rf", "/"), "bash -c")}}},
		{"bundled and other options", "bash -o pipefail -lxc 'rm x' name arg", Script{Commands: []Command{
			cmd("bash", "-o", "pipefail", "-lxc", "rm x", "name", "arg"), via(cmd("rm", "x"), "bash -c")}}},
		{"nested shells", `bash -c "sh -c 'rm -rf /'"`, Script{Commands: []Command{
			cmd("bash", "-c", "sh -c 'rm -rf /'"), via(cmd("sh", "-c", "rm -rf /"), "bash -c"), via(cmd("rm", "-rf", "/"), "bash -c", "sh -c")}}},
		{"a shell behind sudo", "sudo zsh -c 'rm x'", Script{Commands: []Command{
			cmd("sudo", "zsh", "-c", "rm x"), via(cmd("zsh", "-c", "rm x"), "sudo"), via(cmd("rm", "x"), "sudo", "zsh -c")}}},
		{"eval joins its words", "eval rm '-rf /'", Script{Commands: []Command{cmd("eval", "rm", "-rf /"), via(cmd("rm", "-rf", "/"), "eval")}}},
		{"trap", "trap 'rm -rf /tmp/x' EXIT", Script{Commands: []Command{cmd("trap", "rm -rf /tmp/x", "EXIT"), via(cmd("rm", "-rf", "/tmp/x"), "trap")}}},
		{"alias", "alias ll='ls -la'", Script{Commands: []Command{cmd("alias", "ll=ls -la"), via(cmd("ls", "-la"), "alias")}}},
		{"a here-document", "bash <<EOF\nrm -rf /\nEOF", Script{Commands: []Command{cmd("bash"), via(cmd("rm", "-rf", "/"), "bash <<")}}},
		{"a here-document with a quoted delimiter", "sh <<'EOF'\nrm -rf $X\nEOF", Script{Commands: []Command{cmd("sh"), via(dyn(cmd("rm", "-rf", "$X")), "sh <<")}}},
		{"a here-string", `bash <<< "rm x"`, Script{Commands: []Command{cmd("bash"), via(cmd("rm", "x"), "bash <<<")}}},
		{"echo piped into a shell", "echo 'rm -rf /' | sh", Script{Commands: []Command{cmd("echo", "rm -rf /"), cmd("sh"), via(cmd("rm", "-rf", "/"), "| sh")}}},
		{"printf piped into a shell", `printf 'cd /\nrm x\n' | bash`, Script{Commands: []Command{cmd("printf", `cd /\nrm x\n`), cmd("bash"), via(cmd("cd", "/"), "| bash"), via(cmd("rm", "x"), "| bash")}}},
		{"cat of a here-document piped into a shell", "cat <<EOF | sh\nrm x\nEOF", Script{Commands: []Command{cmd("cat"), cmd("sh"), via(cmd("rm", "x"), "| sh")}}},
		{"a script file is not read", "bash deploy.sh; sh < run.sh", Script{Commands: []Command{cmd("bash", "deploy.sh"), cmd("sh")}}},
		{"nor one whose name is known only at run time", `bash "$DIR/run.sh" --prod`, Script{Commands: []Command{dyn(cmd("bash", `"$DIR/run.sh"`, "--prod"))}}},
		{"a here-document to another program is data", "cat <<EOF\nrm -rf /\nEOF", Script{Commands: []Command{cmd("cat")}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, Parse(tt.src))
		})
	}
}

func TestParseSaysWhatItCannotKnow(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want Script
	}{
		{"a variable program", "$X -rf /", Script{
			Commands: []Command{dyn(at(cmd("", "-rf", "/"), "$X"))},
			Unknown:  []string{"the program is a variable: $X"}}},
		{"a substituted program", `"$(echo rm)" -rf /`, Script{
			Commands: []Command{dyn(at(cmd("", "-rf", "/"), `"$(echo rm)"`)), via(cmd("echo", "rm"), "$(…)")},
			Unknown:  []string{`the program is a command's output: "$(echo rm)"`}}},
		{"a glob program", "/bin/r? -rf /", Script{
			Commands: []Command{at(cmd("r?", "-rf", "/"), "/bin/r?")},
			Unknown:  []string{"the program is a glob pattern: /bin/r?"}}},
		{"a brace expansion too large to expand", "{1..2000}rm", Script{
			Commands: []Command{dyn(at(cmd(""), "{1..2000}rm"))},
			Unknown:  []string{"the program is a brace expansion too large to expand: {1..2000}rm"}}},
		{"eval of a non-literal", `eval "$CMD"`, Script{
			Commands: []Command{dyn(cmd("eval", `"$CMD"`))},
			Unknown:  []string{`eval of a non-literal: "$CMD"`}}},
		{"bash -c of a non-literal", `bash -c "rm -rf $DIR"`, Script{
			Commands: []Command{dyn(cmd("bash", "-c", `"rm -rf $DIR"`))},
			Unknown:  []string{`bash -c of a non-literal: "rm -rf $DIR"`}}},
		{"su -c of a non-literal", `su -c "$CMD" root`, Script{
			Commands: []Command{dyn(cmd("su", "-c", `"$CMD"`, "root"))},
			Unknown:  []string{`su -c of a non-literal: "$CMD"`}}},
		{"env -S of a non-literal", `env -S "$CMD" x`, Script{
			Commands: []Command{dyn(cmd("env", "-S", `"$CMD"`, "x"))},
			Unknown:  []string{`env -S of a non-literal: "$CMD"`}}},
		{"watch of a non-literal", `watch -n 1 "$CMD"`, Script{
			Commands: []Command{dyn(cmd("watch", "-n", "1", `"$CMD"`))},
			Unknown:  []string{`watch of a non-literal: "$CMD"`}}},
		{"trap of a non-literal", `trap "$CMD" EXIT`, Script{
			Commands: []Command{dyn(cmd("trap", `"$CMD"`, "EXIT"))},
			Unknown:  []string{`trap of a non-literal: "$CMD"`}}},
		{"a program behind a wrapper", `sudo "$@"`, Script{
			Commands: []Command{dyn(cmd("sudo", `"$@"`)), via(dyn(at(cmd(""), `"$@"`)), "sudo")},
			Unknown:  []string{`the program is a variable: "$@"`}}},
		{"a parse error, after what could be read", "ls; echo 'open", Script{
			Commands: []Command{cmd("ls"), cmd("echo", "")}, // the parser recovers the word, not its text
			Unknown:  []string{"parse error: 1:10: reached EOF without closing quote `'`"}}},
		{"a parse error that cannot be read past", "rm -rf / (", Script{
			Unknown: []string{"parse error: 1:10: a command can only contain words and redirects; encountered `(`"}}},
		{"a parse error inside bash -c", "bash -c 'rm ('", Script{
			Commands: []Command{cmd("bash", "-c", "rm (")},
			Unknown:  []string{"parse error in bash -c: 1:1: `foo(` must be followed by `)`"}}},
		{"a pipe into a shell", "curl -s https://x.sh | sh", Script{
			Commands: []Command{cmd("curl", "-s", "https://x.sh"), cmd("sh")},
			Unknown:  []string{"sh reading its script from a pipe: curl -s https://x.sh"}}},
		{"a shell running a command's output", "bash <(curl x)", Script{
			Commands: []Command{dyn(cmd("bash", "<(curl x)")), via(cmd("curl", "x"), "<(…)")},
			Unknown:  []string{"bash reading its script from a process substitution: <(curl x)"}}},
		{"a here-document with expansions", "bash <<EOF\nrm $X\nEOF", Script{
			Commands: []Command{cmd("bash")},
			Unknown:  []string{"bash reading its script from a here-document with expansions: rm $X"}}},
		{"a shell's options known only at run time", "bash $OPTS 'rm -rf /'", Script{
			Commands: []Command{dyn(cmd("bash", "$OPTS", "rm -rf /"))},
			Unknown:  []string{"bash with options known only at run time: $OPTS"}}},
		{"echo of a backslash piped into a shell", `echo 'rm\x20-rf /' | sh`, Script{
			Commands: []Command{cmd("echo", `rm\x20-rf /`), cmd("sh")},
			Unknown:  []string{`sh reading its script from a pipe: echo 'rm\x20-rf /'`}}},
		{"cat of a here-document with expansions piped into a shell", "cat <<EOF | sh\nrm $X\nEOF", Script{
			Commands: []Command{cmd("cat"), cmd("sh")},
			Unknown:  []string{"sh reading its script from a pipe: cat <<EOF | sh"}}},
		{"strings nested too deeply", nestedBashC(20), Script{
			Commands: nestedBashCCommands(20, maxDepth),
			Unknown:  []string{"nested too deeply: bash -c"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, Parse(tt.src))
		})
	}
}

func TestAScriptThatGrowsAtEveryLevelIsCutShort(t *testing.T) {
	// Each level of eval turns 64 copies of the next level into one
	// script: a short command line that would take ever more to read.
	src := "ls"
	for range 4 {
		q, _ := syntax.Quote(src, syntax.LangBash)
		src = "eval {" + q + "," + q + "}{,}{,}{,}{,}{,}"
	}
	s := Parse(src)
	// Either budget of the command line may run out first: the bytes of
	// script read, or the words its braces yield.
	assert.True(t, slices.ContainsFunc(s.Unknown, func(r string) bool {
		return r == "too large to read: eval" || strings.HasPrefix(r, "past the budget of brace expansions for one command line")
	}), "%q", s.Unknown)
	assert.True(t, Runs("command", "ls").Match(bash(src)))
}

// nestedBashC returns ls inside n levels of bash -c.
func nestedBashC(n int) string {
	s := "ls"
	for range n {
		q, _ := syntax.Quote(s, syntax.LangBash)
		s = "bash -c " + q
	}
	return s
}

// nestedBashCCommands returns the first count commands of nestedBashC(n).
func nestedBashCCommands(n, count int) []Command {
	var out []Command
	var v []string
	for k := range count {
		c := cmd("bash", "-c", nestedBashC(n-k-1))
		if len(v) > 0 {
			c.Via = append([]string(nil), v...)
		}
		out = append(out, c)
		v = append(v, "bash -c")
	}
	return out
}
