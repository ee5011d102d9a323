package shell

import "strings"

// History: fc and zsh's r run commands from the shell's history, which
// the line may have filled (history -s, print -s, history -r FILE, the
// lines before), and an interactive shell, or one after set -H, expands
// !! and the like into earlier lines before it parses. Neither is
// worked out: both are unknown.

// fc reads fc: unless it lists (-l) or, in zsh, moves history between
// files and stacks (-R, -W, -A, -p, -P), it runs commands from history.
func (w *walker) fc(args []word) {
	for _, a := range args {
		if a.dyn {
			break
		}
		if len(a.text) < 2 || a.text[0] != '-' || a.text == "--" || isNumber(a.text[1:]) {
			break
		}
		if strings.ContainsAny(a.text[1:], "lRWApP") {
			return
		}
	}
	w.unknown("fc runs commands from the history: " + strings.Join(texts(args), " "))
}

func isNumber(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// historyOptions reads set, whose -H (-o histexpand) turns history
// expansion on for the lines after it.
func (w *walker) historyOptions(args []word, c ctx) {
	for i, a := range args {
		on := a.dyn && strings.HasPrefix(a.text, "-") ||
			!a.dyn && len(a.text) > 1 && a.text[0] == '-' && a.text[1] != '-' && strings.ContainsRune(a.text, 'H') ||
			a.text == "-o" && i+1 < len(args) && (args[i+1].dyn || args[i+1].text == "histexpand")
		if on && !w.names.history {
			w.names.history = true
			w.historyExpansion(c.src, "set -H")
		}
	}
}

// interactive marks the scripts a shell reads as expanded for history
// when its options turn expansion on (-i, -H, -o histexpand), until the
// returned function is called.
func (w *walker) interactive(args []word) func() {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.dyn || len(a.text) < 2 || a.text[0] != '-' && a.text[0] != '+' || a.text == "--" {
			break
		}
		if a.text[1] == '-' {
			if a.text == "--rcfile" || a.text == "--init-file" {
				i++
			}
			continue
		}
		on := a.text[0] == '-' && strings.ContainsAny(a.text[1:], "iH")
		// -o and -O take the next words in turn.
		for n := strings.Count(a.text, "o") + strings.Count(a.text, "O"); n > 0 && i+1 < len(args); n-- {
			i++
			on = on || a.text[0] == '-' && args[i].text == "histexpand"
		}
		if on && !w.names.history {
			w.names.history = true
			return func() { w.names.history = false }
		}
	}
	return func() {}
}

// historyExpansion reads src, a script that history expansion may have
// changed before it was parsed: an event (!!, !-1, !rm, !?x) outside single
// quotes, or a line beginning with ^, is an earlier line only run time
// knows.
func (w *walker) historyExpansion(src, label string) {
	if !w.names.history {
		return
	}
	quote := byte(0)
	lineStart := true
	for i := 0; i < len(src); i++ {
		ch := src[i]
		switch {
		case quote == '\'':
			if ch == '\'' {
				quote = 0
			}
		case ch == '\\':
			i++
		case ch == '\'' && quote == 0:
			quote = '\''
		case ch == '"':
			quote ^= '"'
		case ch == '^' && lineStart:
			w.unknown("a history substitution" + where(label) + ": " + line(src, i))
			return
		case ch == '!' && i+1 < len(src) && (i == 0 || src[i-1] != '$') && !strings.ContainsRune(" \t\r\n=(\"", rune(src[i+1])):
			w.unknown("a history expansion" + where(label) + ": " + line(src, i))
			return
		}
		lineStart = ch == '\n' || lineStart && (ch == ' ' || ch == '\t')
	}
}

// line returns the line of src that holds byte i.
func line(src string, i int) string {
	start := strings.LastIndexByte(src[:i], '\n') + 1
	end := strings.IndexByte(src[i:], '\n')
	if end < 0 {
		return src[start:]
	}
	return src[start : i+end]
}
