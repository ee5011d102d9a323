package cli

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestEvalWithSkipUnsupportedRunsWithoutTheHooksThatNeedAModelOrAnMCPClient(t *testing.T) {
	code, stdout, stderr := hookchainCmd(t, `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"cwd":"/tmp"}`,
		append([]string{"eval", "--skip-unsupported"}, settingsFlags("runtime.json")...)...)
	assert.Equal(t, 0, code)
	assert.Empty(t, stderr)
	assert.Equal(t, `{"verdict":"allow"}`+"\n", stdout)

	code, stdout, stderr = hookchainCmd(t, "", append([]string{"check", "--skip-unsupported"}, settingsFlags("runtime.json")...)...)
	assert.Equal(t, 0, code)
	assert.Empty(t, stderr)
	assert.Contains(t, stdout, "agent     -               60s      -           skipped  -     an agent hook runs a subagent on a model, and none is given (settings.Options.Model; the hookchain CLI has none)\n")
	assert.Contains(t, stdout, "mcp_tool  -               600s     -           skipped  -     an mcp_tool hook calls a tool of an MCP server, and no MCP client is given (settings.Options.MCP; the hookchain CLI has none)\n")
}
