package hookchain_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hc "github.com/hookchain/hookchain"
)

// twin is a matcher constructor in both its forms, given one argument list.
type twin struct {
	name    string
	compile func() (hc.Matcher, error)
	build   func() hc.Matcher
}

func TestAMatcherTwinReturnsTheErrorItsPanickingFormPanicsWith(t *testing.T) {
	tests := []struct {
		twin
		want string
	}{
		{twin{"Tool with no names", func() (hc.Matcher, error) { return hc.CompileTool() }, func() hc.Matcher { return hc.Tool() }},
			"hookchain: Tool(): no tool names"},
		{twin{"Tool with an empty name", func() (hc.Matcher, error) { return hc.CompileTool("Bash", "") }, func() hc.Matcher { return hc.Tool("Bash", "") }},
			"hookchain: Tool(): empty tool name"},
		{twin{"InputExists with an empty path", func() (hc.Matcher, error) { return hc.CompileInputExists("") }, func() hc.Matcher { return hc.InputExists("") }},
			`hookchain: InputExists(""): empty path`},
		{twin{"InputExists with a gjson literal", func() (hc.Matcher, error) { return hc.CompileInputExists("!true") }, func() hc.Matcher { return hc.InputExists("!true") }},
			`hookchain: InputExists("!true"): a gjson literal, not a path into the input`},
		{twin{"And with no members", func() (hc.Matcher, error) { return hc.CompileAnd() }, func() hc.Matcher { return hc.And() }},
			"hookchain: And(): no matchers"},
		{twin{"And with a nil member", func() (hc.Matcher, error) { return hc.CompileAnd(hc.Any(), nil) }, func() hc.Matcher { return hc.And(hc.Any(), nil) }},
			"hookchain: And(): matcher 1 is nil"},
		{twin{"Or with no members", func() (hc.Matcher, error) { return hc.CompileOr() }, func() hc.Matcher { return hc.Or() }},
			"hookchain: Or(): no matchers"},
		{twin{"Or with a nil member", func() (hc.Matcher, error) { return hc.CompileOr(nil, hc.Any()) }, func() hc.Matcher { return hc.Or(nil, hc.Any()) }},
			"hookchain: Or(): matcher 0 is nil"},
		{twin{"Not of nil", func() (hc.Matcher, error) { return hc.CompileNot(nil) }, func() hc.Matcher { return hc.Not(nil) }},
			"hookchain: Not(): nil matcher"},
		{twin{"ToolGlob with an empty alternative", func() (hc.Matcher, error) { return hc.CompileToolGlob("a||b") }, func() hc.Matcher { return hc.ToolGlob("a||b") }},
			`hookchain: ToolGlob("a||b"): empty alternative`},
		{twin{"InputEquals with a value it cannot compare", func() (hc.Matcher, error) { return hc.CompileInputEquals("p", struct{}{}) }, func() hc.Matcher { return hc.InputEquals("p", struct{}{}) }},
			`hookchain: InputEquals("p", struct {}{}): cannot compare with a struct {} (want a string, bool, nil, number or json.Number)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := tt.compile()
			assert.Nil(t, m)
			require.EqualError(t, err, tt.want)
			assert.PanicsWithValue(t, tt.want, func() { tt.build() })
		})
	}
}

func TestAMatcherTwinMatchesAsItsPanickingFormDoes(t *testing.T) {
	events := []hc.Event{
		call("Bash", `{"command":"ls","timeout":null}`),
		call("Bash", `{"command":"rm -rf /"}`),
		call("Write", `{"file_path":"a.go"}`),
		call("Read", ""),
	}
	tests := []struct {
		twin
		want []bool // for each of events
	}{
		{twin{"Tool", func() (hc.Matcher, error) { return hc.CompileTool("Bash", "Write", "Bash") }, func() hc.Matcher { return hc.Tool("Bash", "Write", "Bash") }},
			[]bool{true, true, true, false}},
		{twin{"InputExists, null included", func() (hc.Matcher, error) { return hc.CompileInputExists("timeout") }, func() hc.Matcher { return hc.InputExists("timeout") }},
			[]bool{true, false, false, false}},
		{twin{"And", func() (hc.Matcher, error) { return hc.CompileAnd(hc.Tool("Bash"), hc.InputMatches("command", `^rm `)) },
			func() hc.Matcher { return hc.And(hc.Tool("Bash"), hc.InputMatches("command", `^rm `)) }},
			[]bool{false, true, false, false}},
		{twin{"Or", func() (hc.Matcher, error) { return hc.CompileOr(hc.Tool("Read"), hc.InputExists("file_path")) },
			func() hc.Matcher { return hc.Or(hc.Tool("Read"), hc.InputExists("file_path")) }},
			[]bool{false, false, true, true}},
		{twin{"Not", func() (hc.Matcher, error) { return hc.CompileNot(hc.Tool("Bash")) }, func() hc.Matcher { return hc.Not(hc.Tool("Bash")) }},
			[]bool{false, false, true, true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := tt.compile()
			require.NoError(t, err)
			built := tt.build()
			for i, e := range events {
				assert.Equal(t, tt.want[i], m.Match(e), "%s on %s %s", m, e.Tool, e.Input)
				assert.Equal(t, tt.want[i], built.Match(e), "%s on %s %s", built, e.Tool, e.Input)
			}
			assert.Equal(t, fmt.Sprint(built), fmt.Sprint(m))
			assert.Equal(t, toolNames(built), toolNames(m))
		})
	}
}

// toolNames is what m says of its tools, nil when it says nothing.
func toolNames(m hc.Matcher) []string {
	if n, ok := m.(hc.ToolNamer); ok {
		return n.ToolNames()
	}
	return nil
}
