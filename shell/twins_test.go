package shell

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// twin is a shell matcher constructor in both its forms, given one argument
// list.
type twin struct {
	name    string
	compile func() (*Matcher, error)
	build   func() *Matcher
}

func runs(path, program string, flags ...string) twin {
	return twin{
		name:    program,
		compile: func() (*Matcher, error) { return CompileRuns(path, program, flags...) },
		build:   func() *Matcher { return Runs(path, program, flags...) },
	}
}

func rule(path, pattern string) twin {
	return twin{
		name:    pattern,
		compile: func() (*Matcher, error) { return CompileRule(path, pattern) },
		build:   func() *Matcher { return Rule(path, pattern) },
	}
}

func TestAShellMatcherTwinReturnsTheErrorItsPanickingFormPanicsWith(t *testing.T) {
	tests := []struct {
		name string
		twin twin
		want string
	}{
		{"Runs on an empty path", runs("", "rm"), `shell.Runs("", "rm"): empty path`},
		{"Runs on a gjson literal", runs("!true", "rm"), `shell.Runs("!true", "rm"): a gjson literal, not a path into the input`},
		{"Runs of no program", runs("command", ""), `shell.Runs("command", ""): an empty program or one ending in /, or a flag that is empty, - or --`},
		{"Runs of a directory", runs("command", "/bin/"), `shell.Runs("command", "/bin/"): an empty program or one ending in /, or a flag that is empty, - or --`},
		{"Runs with an empty flag", runs("command", "rm", "-r", ""), `shell.Runs("command", "rm", "-r", ""): an empty program or one ending in /, or a flag that is empty, - or --`},
		{"Runs with a lone dash", runs("command", "rm", "-"), `shell.Runs("command", "rm", "-"): an empty program or one ending in /, or a flag that is empty, - or --`},
		{"Runs with the end of options", runs("command", "rm", "--"), `shell.Runs("command", "rm", "--"): an empty program or one ending in /, or a flag that is empty, - or --`},
		{"Rule on an empty path", rule("", "ls"), `shell: Rule("", "ls"): empty path`},
		{"Rule with more than one command", rule("command", "ls; rm x"), `shell: Rule("command", "ls; rm x"): a rule is matched against one simple command at a time; it cannot hold ;, &&, || or |`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := tt.twin.compile()
			assert.Nil(t, m)
			require.EqualError(t, err, tt.want)
			assert.PanicsWithValue(t, tt.want, func() { tt.twin.build() })
		})
	}
}

func TestAShellMatcherTwinMatchesAsItsPanickingFormDoes(t *testing.T) {
	commands := []string{"rm -rf /", "rm -r -f x", "rm x", "ls", "git push origin", "$X"}
	tests := []struct {
		twin twin
		want []bool // for each of commands
	}{
		{runs("command", "rm", "-r", "-f"), []bool{true, true, false, false, false, true}},
		{runs("command", "rm"), []bool{true, true, true, false, false, true}},
		{rule("command", "git push *"), []bool{false, false, false, false, true, true}},
	}
	for _, tt := range tests {
		t.Run(tt.twin.name, func(t *testing.T) {
			m, err := tt.twin.compile()
			require.NoError(t, err)
			built := tt.twin.build()
			assert.Equal(t, built.String(), m.String())
			for i, c := range commands {
				assert.Equal(t, tt.want[i], m.Match(bash(c)), "%s on %q", m, c)
				assert.Equal(t, tt.want[i], built.Match(bash(c)), "%s on %q", built, c)
				assert.Equal(t, built.IfUnknown(false).Match(bash(c)), m.IfUnknown(false).Match(bash(c)), "%s on %q, unknown not matching", m, c)
			}
		})
	}
}
