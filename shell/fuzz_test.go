package shell

import (
	"encoding/json"
	"path"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
)

func seedCommands(f *testing.F) {
	for _, r := range bypasses {
		f.Add(r.command)
	}
	for _, r := range lookAlikes {
		f.Add(r.command)
	}
	f.Add(nestedBashC(maxDepth + 2))
	f.Add("{a,b}{c,d}{e,f}{g,h}{i,j}{k,l}{m,n}")
	f.Add("env -S 'sudo -u x bash -c \"eval rm -rf /\"'")
}

// FuzzParse checks that Parse always answers, without panicking (a panic
// would surface as an "internal error" in Unknown), the same way twice, and
// with commands that hold together; and that the predicates built on it
// never panic either.
func FuzzParse(f *testing.F) {
	seedCommands(f)
	rule := Rule("command", "rm -rf *")
	f.Fuzz(func(t *testing.T, src string) {
		s := Parse(src)
		for _, u := range s.Unknown {
			require.False(t, strings.HasPrefix(u, "internal error"), u)
		}
		require.Equal(t, s, Parse(src), "deterministic")
		for _, c := range s.Commands {
			if c.Name == "" {
				require.True(t, c.Dynamic, "a program known only at run time: %+v", c)
			} else {
				require.Equal(t, path.Base(c.Path), c.Name)
			}
			require.NotEqual(t, "", c.Path)
		}
		s.Runs("rm", "-r", "-f")
		s.MightRun("git", "push", "-f")
		rule.MatchScript(s)
		rule.Every().MatchScript(s)
	})
}

// FuzzRunsMatcher checks that a matcher answers any input and any request
// without panicking, and that what it knows does not depend on IfUnknown.
func FuzzRunsMatcher(f *testing.F) {
	for _, r := range bypasses[:20] {
		in, _ := json.Marshal(map[string]string{"command": r.command})
		f.Add(in, "rm", "-r")
	}
	f.Add([]byte(`{"command":1}`), "rm", "--force")
	f.Add([]byte(`{"command":null}`), "git", "push")
	f.Add([]byte(`not json`), "find", "-delete")
	f.Add([]byte(``), "x", "+")
	f.Fuzz(func(t *testing.T, input []byte, program, flag string) {
		if !validWant(program, []string{flag}) {
			assert.Panics(t, func() { Runs("command", program, flag) })
			return
		}
		m := Runs("command", program, flag)
		e := hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", Input: input}
		on, off := m.Match(e), m.IfUnknown(false).Match(e)
		require.True(t, on || !off, "what matches when unknown is off matches when it is on")
		m.Every().Match(e)
	})
}
