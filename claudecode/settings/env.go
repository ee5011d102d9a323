package settings

import (
	"os"
	"strings"

	"github.com/tidwall/gjson"
)

// envVar is one entry of a settings file's env.
type envVar struct {
	key, val string
}

// readEnv reads a settings file's "env": an object of variable names and
// their values, which Claude Code applies to every session, its hooks
// included. A number or true and false are taken as written, as the text a
// shell would read; a name that cannot be a variable, an object, an array
// or null is an error of the file at its place.
func (p *parser) readEnv(v gjson.Result) ([]envVar, error) {
	if !v.IsObject() {
		return nil, p.at(v, "env", "want an object of variable names and string values, got %s", show(v))
	}
	members, err := p.members(v, "env")
	if err != nil {
		return nil, err
	}
	out := make([]envVar, 0, len(members))
	for _, m := range members {
		where := "env." + m.key
		if m.key == "" || strings.ContainsAny(m.key, "=\x00") {
			return nil, p.at(v, where, "%q is not a variable name", m.key)
		}
		var val string
		switch m.val.Type {
		case gjson.String:
			val = m.val.Str
		case gjson.Number, gjson.True, gjson.False:
			val = m.val.Raw
		default:
			return nil, p.at(m.val, where, "want a string, got %s", show(m.val))
		}
		if strings.IndexByte(val, 0) >= 0 {
			return nil, p.at(m.val, where, "the value holds a NUL byte, which no environment can carry")
		}
		out = append(out, envVar{key: m.key, val: val})
	}
	return out, nil
}

// Env returns the variables the settings files' env sets, as KEY=VALUE
// entries in the order the files set them: merged as Claude Code merges
// settings, a later file's value for a name replacing an earlier one's in
// place. Command hooks get them over the environment they inherit, and
// Options.Env over them (see Options.Env).
func (s *Settings) Env() []string {
	at := map[string]int{}
	var out []string
	for _, v := range s.env {
		if i, ok := at[v.key]; ok {
			out[i] = v.key + "=" + v.val
			continue
		}
		at[v.key] = len(out)
		out = append(out, v.key+"="+v.val)
	}
	return out
}

// lookupEnv is how an http hook's headers read a variable: from the
// settings' env first, as Claude Code has applied it to its own
// environment, then from lookup (os.LookupEnv when nil).
func (s *Settings) lookupEnv(lookup func(string) (string, bool)) func(string) (string, bool) {
	if lookup == nil {
		lookup = os.LookupEnv
	}
	if len(s.env) == 0 {
		return lookup
	}
	set := map[string]string{}
	for _, v := range s.env {
		set[v.key] = v.val
	}
	return func(name string) (string, bool) {
		if v, ok := set[name]; ok {
			return v, true
		}
		return lookup(name)
	}
}
