package settings

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/hookchain/hookchain/claudecode"
	"mvdan.cc/sh/v3/syntax"
)

// interpreters run the script named by their first argument that is not a
// flag: "python3 .claude/hooks/guard.py", "node ${CLAUDE_PLUGIN_ROOT}/x.js".
var interpreters = map[string]bool{
	"sh": true, "bash": true, "zsh": true, "dash": true, "python": true, "python3": true, "node": true,
	"deno": true, "bun": true, "ruby": true, "perl": true, "php": true, "tsx": true, "ts-node": true,
	"uv": true, "pwsh": true, "osascript": true,
}

// subcommands are words an interpreter takes before the script:
// "uv run x.py", "deno run x.ts", "bun run x.ts".
var subcommands = map[string]bool{"run": true}

// builtins are shell builtins and keywords that are not programs to look
// for in PATH.
var builtins = map[string]bool{
	"cd": true, "exit": true, "export": true, "read": true, "set": true, "unset": true, "eval": true,
	"exec": true, "source": true, ".": true, ":": true, "true": true, "false": true, "test": true, "[": true,
	"printf": true, "echo": true, "local": true, "return": true, "trap": true, "shift": true, "wait": true,
	"command": true, "type": true, "alias": true, "umask": true, "ulimit": true,
}

// lookup remembers which programs are in PATH, for the hooks of one file
// that run the same ones.
type lookup struct{ found map[string]bool }

func (l *lookup) inPath(prog string) bool {
	found, ok := l.found[prog]
	if !ok {
		_, err := exec.LookPath(prog)
		found = err == nil
		l.found[prog] = found
	}
	return found
}

// failsEveryCall is what a hook whose program cannot run does.
const failsEveryCall = "the hook fails on every call it runs for, and the call goes on unchecked unless the hook blocks on failure"

// program is what a hook's command runs, as far as it can be read before
// it runs.
type program struct {
	words  []string // the first simple command's words, with the path placeholders left in
	script string   // the script file it runs, with the placeholders left in; "" when none
	direct bool     // script is run as the program itself, so it must be executable
}

// readProgram reads what command runs: the first simple command, in the
// exec form (args set) or as the shell would read the command line, and
// the first script that any simple command of the line runs
// ("cd \"$GITHUB_WORKSPACE\" && ./check.sh" runs check.sh).
func readProgram(command string, args []string, noShell bool) program {
	var calls [][]string
	if noShell {
		calls = [][]string{append([]string{command}, args...)}
	} else {
		calls = simpleCommands(command)
	}
	if len(calls) == 0 {
		return program{}
	}
	p := program{words: calls[0]}
	for _, words := range calls {
		if script, direct := scriptOf(words); script != "" {
			p.script, p.direct = script, direct
			break
		}
	}
	return p
}

// scriptOf returns the script a simple command runs, and whether it runs
// it as the program itself; "" when it runs none.
func scriptOf(words []string) (string, bool) {
	if len(words) == 0 {
		return "", false
	}
	prog := words[0]
	if strings.Contains(prog, "/") {
		return prog, true
	}
	if !interpreters[filepath.Base(prog)] {
		return "", false
	}
	for i, w := range words[1:] {
		switch {
		case w == "-c" || w == "-e" || w == "--eval" || w == "-m":
			return "", false // inline code, or a module: no script file
		case strings.HasPrefix(w, "-"):
		case i == 0 && subcommands[w]:
		default:
			if strings.Contains(w, "/") || filepath.Ext(w) != "" {
				return w, false
			}
			return "", false
		}
	}
	return "", false
}

// simpleCommands returns the words of the simple commands of a shell
// command line, in order, each word as the shell would pass it except that
// $NAME and ${NAME} are kept as written. A command is cut at the first word
// that cannot be read so, and left out when that is its first; nil when
// the line does not parse.
func simpleCommands(line string) [][]string {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(line), "")
	if err != nil {
		return nil
	}
	var calls [][]string
	syntax.Walk(f, func(n syntax.Node) bool {
		call, ok := n.(*syntax.CallExpr)
		if !ok {
			return true
		}
		var words []string
		for _, w := range call.Args {
			s, ok := literal(w.Parts)
			if !ok {
				break
			}
			words = append(words, s)
		}
		if len(words) > 0 {
			calls = append(calls, words)
		}
		return true
	})
	return calls
}

// literal is the text of word parts that hold only literals, quotes and
// plain $NAME or ${NAME} references, which are kept as "${NAME}".
func literal(parts []syntax.WordPart) (string, bool) {
	var b strings.Builder
	for _, part := range parts {
		switch x := part.(type) {
		case *syntax.Lit:
			b.WriteString(x.Value)
		case *syntax.SglQuoted:
			if x.Dollar {
				return "", false
			}
			b.WriteString(x.Value)
		case *syntax.DblQuoted:
			s, ok := literal(x.Parts)
			if !ok {
				return "", false
			}
			b.WriteString(s)
		case *syntax.ParamExp:
			if x.Param == nil || x.Exp != nil || x.Index != nil || x.Slice != nil || x.Repl != nil || x.Excl || x.Length {
				return "", false
			}
			b.WriteString("${" + x.Param.Value + "}")
		default:
			return "", false
		}
	}
	return b.String(), true
}

// linkName is the name a hook's link goes by, before names are made
// unique: the base name of the script it runs; else its command when that
// is one short line; else the command's first words, cut.
func linkName(h Hook, p program, noShell bool) string {
	if h.Type == "http" {
		return h.URL
	}
	if name := runtimeName(h); name != "" {
		return name
	}
	if p.script != "" {
		if base := filepath.Base(filepath.FromSlash(p.script)); base != "." && base != "/" && !strings.HasPrefix(base, "${") {
			return base
		}
	}
	text := h.Command
	if noShell && len(h.Args) > 0 {
		text = strings.Join(append([]string{h.Command}, h.Args...), " ")
	}
	return shortForm(text)
}

// shortFormLen is the most characters of a command a link name keeps.
const shortFormLen = 40

// shortForm is text on one line, its runs of white space made one space,
// cut at shortFormLen characters with "…".
func shortForm(text string) string {
	one := strings.Join(strings.Fields(text), " ")
	if utf8.RuneCountInString(one) <= shortFormLen {
		return one
	}
	runes := []rune(one)
	return strings.TrimRight(string(runes[:shortFormLen-1]), " ") + "…"
}

// expandPlaceholders replaces ${NAME} and $NAME for the variables in
// values, and a leading "~/" with home.
func expandPlaceholders(s string, values map[string]string, home string) string {
	for k, v := range values {
		s = strings.ReplaceAll(s, "${"+k+"}", v)
	}
	if rest, ok := strings.CutPrefix(s, "~/"); ok && home != "" {
		s = filepath.Join(home, rest)
	}
	return s
}

// scriptWarning says what is wrong with the script or program a hook runs,
// as far as it can be told before the hook runs: it does not exist, it is
// not executable, it is not in PATH. dir is where the hook runs.
func (l *lookup) scriptWarning(p program, values map[string]string, home, dir string) string {
	if len(p.words) == 0 {
		return ""
	}
	if p.script == "" {
		prog := p.words[0]
		// A variable's value cannot be looked up here, and a name with
		// blanks has a warning of its own.
		if builtins[prog] || strings.ContainsAny(prog, "$= \t") {
			return ""
		}
		if !l.inPath(prog) {
			return fmt.Sprintf("%q is not in PATH, so "+failsEveryCall+": install it, or give its full path", prog)
		}
		return ""
	}
	for _, v := range []string{claudecode.PluginRootEnv, claudecode.PluginDataEnv} {
		if values[v] == "" && strings.Contains(p.script, "${"+v+"}") {
			return fmt.Sprintf("the script %s is under ${%s}, which only a plugin's hooks are given, so here "+failsEveryCall+": "+
				"load the file as a plugin's hooks (--plugin-root DIR, settings.LoadPlugin)", p.script, v)
		}
	}
	path := expandPlaceholders(p.script, values, home)
	if strings.Contains(path, "$") {
		return "" // a variable of the host's: it cannot be told here
	}
	if !filepath.IsAbs(path) {
		if dir == "" {
			return ""
		}
		path = filepath.Join(dir, path)
	}
	fi, err := os.Stat(path)
	switch {
	case err != nil:
		fix := "fix the path"
		if !filepath.IsAbs(p.script) && !strings.HasPrefix(p.script, "${") && !strings.HasPrefix(p.script, "~/") {
			fix = `start it with "$CLAUDE_PROJECT_DIR"/ (or ${CLAUDE_PROJECT_DIR}/ with args), since hooks run in the directory the agent is working in`
		}
		return fmt.Sprintf("the script %s does not exist (%s), so "+failsEveryCall+": %s", p.script, path, fix)
	case fi.IsDir():
		return fmt.Sprintf("the script %s is a directory (%s)", p.script, path)
	case p.direct && fi.Mode()&0o111 == 0:
		return fmt.Sprintf("the script %s is not executable (%s), so "+failsEveryCall+": chmod +x it, or run it with its interpreter", p.script, path)
	}
	return ""
}
