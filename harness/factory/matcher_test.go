package factory_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness/factory"
)

func call(tool, input string) hookchain.Event {
	return hookchain.Event{Hook: hookchain.BeforeTool, Tool: tool, Input: json.RawMessage(input)}
}

func TestADroidMatcherSelectsToolsAsDroidDoes(t *testing.T) {
	tests := []struct {
		pattern, regex string
		event          hookchain.Event
		want           bool
	}{
		{"", "", call("Execute", `{}`), true},
		{"*", "", call("mcp__gh__issue", `{}`), true},
		{"Execute", "", call("Execute", `{}`), true},
		{"Edit", "", call("MultiEdit", `{}`), false},
		{"Create|Edit|ApplyPatch", "", call("ApplyPatch", `{}`), true},
		{"execute", "", call("Execute", `{}`), false},
		{"Bash", "", call("Execute", `{}`), false},
		{"mcp__.*", "", call("mcp__gh__issue", `{}`), true},
		{"mcp__.*", "", call("Execute", `{}`), false},
		{"Execute", "^git ", call("Execute", `{"command":"git push"}`), true},
		{"Execute", "^git ", call("Execute", `{"command":"ls"}`), false},
		{"*", "^git ", call("Read", `{"file_path":"a"}`), true},
		{"Execute", "^git ", call("Execute", `{"Command":"ls"}`), true},
	}
	for _, tt := range tests {
		m, err := factory.GroupMatcher(tt.pattern, tt.regex)
		require.NoError(t, err)
		assert.Equal(t, tt.want, m.Match(tt.event), "%q %q %s %s", tt.pattern, tt.regex, tt.event.Tool, tt.event.Input)
	}
}

func TestADroidMatcherGoCannotCompileIsAnError(t *testing.T) {
	_, err := factory.CompileMatcher("(?<=x)Edit")
	assert.ErrorContains(t, err, `factory: matcher "(?<=x)Edit"`)
	_, err = factory.GroupMatcher("Execute", "(")
	assert.ErrorContains(t, err, `factory: commandRegex "("`)
	assert.Panics(t, func() { factory.Matcher("(") })
	assert.Equal(t, `factory.GroupMatcher("Execute", "^git ")`, func() string {
		m, _ := factory.GroupMatcher("Execute", "^git ")
		return m.(interface{ String() string }).String()
	}())
}

func TestDroidsToolNamesMapToClaudeCodesBothWays(t *testing.T) {
	tools := factory.Tools()
	for own, claude := range map[string]string{"Execute": "Bash", "Create": "Write", "Edit": "Edit", "Read": "Read", "FetchUrl": "WebFetch", "Task": "Task"} {
		assert.Contains(t, tools.Claude(own), claude, own)
	}
	assert.Equal(t, []string{"Edit"}, tools.Claude("ApplyPatch"))
	own, ok := tools.Own("Bash")
	assert.True(t, ok)
	assert.Equal(t, "Execute", own)
	own, _ = tools.Own("Write")
	assert.Equal(t, "Create", own)
	own, _ = tools.Own("Edit")
	assert.Equal(t, "Edit", own, "Claude Code's Edit is Droid's Edit, whose hooks a matcher of ApplyPatch alone would skip")
	assert.Equal(t, []string{"mcp__gh__issue"}, tools.Claude("mcp__gh__issue"))
	assert.Nil(t, tools.Claude("Bash"), "Bash is Claude Code's name, not Droid's")
}
