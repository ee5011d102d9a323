package cline_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness/cline"
)

// Cline has no matchers: a hook runs for every tool of its event.
func TestClinesMatcherSelectsEveryTool(t *testing.T) {
	m := cline.Matcher()
	for _, tool := range []string{"execute_command", "write_to_file", "use_mcp_tool", "Bash", ""} {
		assert.True(t, m.Match(hookchain.Event{Tool: tool}), tool)
	}
	assert.Equal(t, "cline.Matcher()", fmt.Sprint(m))
}

// Cline's tool names, both ways.
func TestClinesToolNamesAreMappedToClaudeCodesBothWays(t *testing.T) {
	tools := cline.Profile().Tools
	assert.Equal(t, []string{"Bash"}, tools.Claude("execute_command"))
	assert.Equal(t, []string{"Edit"}, tools.Claude("replace_in_file"))
	assert.Equal(t, []string{"Edit", "Write"}, tools.Claude("apply_patch"))
	assert.Nil(t, tools.Claude("use_mcp_tool"), "an MCP call names no tool of its own")
	assert.Nil(t, tools.Claude("browser_action"))
	for claude, own := range map[string]string{"Bash": "execute_command", "Read": "read_file", "Grep": "search_files", "LS": "list_files",
		"WebFetch": "web_fetch", "Write": "apply_patch", "Edit": "apply_patch"} {
		got, ok := tools.Own(claude)
		assert.True(t, ok, claude)
		assert.Equal(t, own, got, claude)
	}
	_, ok := tools.Own("NotebookEdit")
	assert.False(t, ok)
}
