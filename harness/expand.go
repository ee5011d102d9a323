package harness

import (
	"os"
	"strings"
)

// ExpandHeaders interpolates $NAME and ${NAME} in header values (Expand),
// as Claude Code, Copilot and Qwen do: a variable listed in allowed is
// replaced by its value (empty when unset), and any other reference by
// nothing, so that a configuration file can never read a secret it did
// not declare. lookup nil is os.LookupEnv.
func ExpandHeaders(headers map[string]string, allowed []string, lookup func(string) (string, bool)) map[string]string {
	if headers == nil {
		return nil
	}
	value := Allowed(allowed, lookup)
	out := make(map[string]string, len(headers))
	for k, v := range headers {
		out[k] = Expand(v, value)
	}
	return out
}

// Allowed is the value of a variable as Expand is to give it: lookup's,
// for a name in allowed, and "" for every other; lookup nil is
// os.LookupEnv.
func Allowed(allowed []string, lookup func(string) (string, bool)) func(string) string {
	if lookup == nil {
		lookup = os.LookupEnv
	}
	ok := map[string]bool{}
	for _, a := range allowed {
		ok[a] = true
	}
	return func(name string) string {
		if !ok[name] {
			return ""
		}
		val, _ := lookup(name)
		return val
	}
}

// Expand replaces $NAME and ${NAME}, where NAME is a letter or '_'
// followed by letters, digits and '_'. A '$' that starts no such reference
// is kept as written.
func Expand(s string, value func(string) string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '$' {
			b.WriteByte(s[i])
			continue
		}
		rest := s[i+1:]
		braced := strings.HasPrefix(rest, "{")
		if braced {
			rest = rest[1:]
		}
		n := nameLen(rest)
		if n == 0 || braced && (n == len(rest) || rest[n] != '}') {
			b.WriteByte('$')
			continue
		}
		b.WriteString(value(rest[:n]))
		i += n
		if braced {
			i += 2
		}
	}
	return b.String()
}

func nameLen(s string) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '_', 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		case '0' <= c && c <= '9' && i > 0:
		default:
			return i
		}
	}
	return len(s)
}
