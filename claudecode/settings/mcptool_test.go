package settings

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
)

// fakeMCP is a runtime's MCP client: it records each call, with the time
// left before the hook's deadline, and answers with answer.
type fakeMCP struct {
	answer func(ctx context.Context, server, tool string, args json.RawMessage) (MCPResult, error)

	mu    sync.Mutex
	calls []string // "server tool args"
	left  []time.Duration
}

func (c *fakeMCP) CallTool(ctx context.Context, server, tool string, args json.RawMessage) (MCPResult, error) {
	c.mu.Lock()
	c.calls = append(c.calls, server+" "+tool+" "+string(args))
	d, _ := ctx.Deadline()
	c.left = append(c.left, time.Until(d))
	c.mu.Unlock()
	return c.answer(ctx, server, tool, args)
}

func answeringTool(r MCPResult) *fakeMCP {
	return &fakeMCP{answer: func(context.Context, string, string, json.RawMessage) (MCPResult, error) { return r, nil }}
}

const scanAfterWrite = `{"hooks": {"PreToolUse": [{"matcher": "Write|Edit|Bash", "hooks": [
  {"type": "mcp_tool", "server": "my_server", "tool": "security_scan", "input": %s%s}
]}]}}`

func writeCall(path, content string) hookchain.Event {
	input, _ := json.Marshal(map[string]string{"file_path": path, "content": content})
	return hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Write", CallID: "toolu_9", Input: input}
}

func TestAnMCPToolHookIsCalledWithItsInputFilledFromTheHookInput(t *testing.T) {
	tests := []struct {
		name, input string
		args        string
		timeout     time.Duration
	}{
		{"the reference's example", `{"file_path": "${tool_input.file_path}"}`, `{"file_path":"/repo/.env"}`, 600 * time.Second},
		{"nested values, several placeholders, and values that are not strings", `{"scan": {"paths": ["${tool_input.file_path}", "${cwd}/x"], "who": "${session_id}@${tool_name}", "depth": 3, "strict": true}}`,
			`{"scan":{"paths":["/repo/.env","/repo/sub/x"],"who":"conv-1@Write","depth":3,"strict":true}}`, 600 * time.Second},
		{"an object's JSON text", `{"call": "${tool_input}"}`, `{"call":"{\"content\":\"A=1\",\"file_path\":\"/repo/.env\"}"}`, 600 * time.Second},
		{"a brace never closed is text", `{"note": "costs ${5"}`, `{"note":"costs ${5"}`, 600 * time.Second},
		{"no input is an empty object, and a timeout of its own", `{}, "timeout": 7`, `{}`, 7 * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := answeringTool(MCPResult{Text: "clean"})
			chain := runtimeLinks(t, fmt.Sprintf(scanAfterWrite, tt.input, ""), Options{MCP: c})
			ctx := claudecode.WithSessionInfo(context.Background(), claudecode.SessionInfo{ID: "conv-1", Cwd: "/repo/sub"})

			out := chain.Run(ctx, writeCall("/repo/.env", "A=1"))

			assert.Equal(t, hookchain.Allowed, out.Verdict, steps(out))
			assert.Equal(t, []string{"my_server security_scan " + tt.args}, c.calls)
			assert.InDelta(t, tt.timeout.Seconds(), c.left[0].Seconds(), 1)
		})
	}
}

func TestAPlaceholderTheHookInputLacksFailsTheHookWithoutCallingTheTool(t *testing.T) {
	c := answeringTool(MCPResult{Text: `{"decision": "block", "reason": "secret"}`})
	chain := runtimeLinks(t, fmt.Sprintf(scanAfterWrite, `{"file_path": "${tool_input.file_path}"}`, ""), Options{MCP: c})

	out := chain.Run(context.Background(), bash("cat .env"))

	assert.Equal(t, hookchain.Allowed, out.Verdict)
	assert.Equal(t, []string{"mcp_tool: my_server/security_scan | Allowed |  | mcp_tool hook my_server/security_scan: " +
		"input.file_path: ${tool_input.file_path}: the hook input has no tool_input.file_path, so the tool cannot be asked about this call"}, steps(out))
	assert.Empty(t, c.calls)
}

func TestAnMCPToolsTextIsReadAsACommandHooksStdout(t *testing.T) {
	const name = "mcp_tool: my_server/security_scan"
	tests := []struct {
		name    string
		result  MCPResult
		err     error
		verdict hookchain.Verdict
		trail   []string
	}{
		{name: "no text is no decision", verdict: hookchain.Allowed},
		{name: "plain text is no decision", result: MCPResult{Text: "scanned 1 file, nothing found"}, verdict: hookchain.Allowed},
		{name: "a deny decides", result: MCPResult{Text: `{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "an AWS key in .env"}}`},
			verdict: hookchain.Denied, trail: []string{name + " | Denied | an AWS key in .env | "}},
		{name: "a legacy block decides", result: MCPResult{Text: `{"decision": "block", "reason": "secret"}`},
			verdict: hookchain.Denied, trail: []string{name + " | Denied | secret | "}},
		{name: "a rewrite rewrites", result: MCPResult{Text: `{"hookSpecificOutput": {"hookEventName": "PreToolUse", "updatedInput": {"file_path": "/repo/.env", "content": "A=***"}}}`},
			verdict: hookchain.Modified, trail: []string{name + " | Modified | updatedInput | "}},
		{name: "a key twice is denied", result: MCPResult{Text: `{"decision": "block", "decision": "approve"}`},
			verdict: hookchain.Denied, trail: []string{name + ` | Denied | the hook's answer (the tool's text) is ambiguous: an object in it has the key "decision" twice: its decision cannot be known; denied rather than guessed | `}},
		{name: "an answer too long to read is denied", result: MCPResult{Text: `{"reason": "` + strings.Repeat("x", claudecode.MaxOutputText) + `"}`},
			verdict: hookchain.Denied, trail: []string{name + " | Denied | the hook's answer (the tool's text) is longer than the 1048576 bytes hookchain reads, so its decision cannot be known; denied rather than guessed | "}},
		{name: "broken JSON is a failure", result: MCPResult{Text: `{"decision": `},
			verdict: hookchain.Allowed, trail: []string{name + " | Allowed |  | mcp_tool hook my_server/security_scan: the tool's text starts with '{' but is not valid JSON: unexpected end of JSON input"}},
		{name: "isError is a failure, whatever the text", result: MCPResult{Text: `{"decision": "approve"}`, IsError: true},
			verdict: hookchain.Allowed, trail: []string{name + ` | Allowed |  | mcp_tool hook my_server/security_scan: the tool returned an error (isError): "{\"decision\": \"approve\"}"`}},
		{name: "a server that is not connected is a failure", err: errors.New(`MCP server "my_server" is not connected`),
			verdict: hookchain.Allowed, trail: []string{name + ` | Allowed |  | mcp_tool hook my_server/security_scan: MCP server "my_server" is not connected`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &fakeMCP{answer: func(context.Context, string, string, json.RawMessage) (MCPResult, error) { return tt.result, tt.err }}
			chain := runtimeLinks(t, fmt.Sprintf(scanAfterWrite, `{"file_path": "${tool_input.file_path}"}`, ""), Options{MCP: c})

			out := chain.Run(context.Background(), writeCall("/repo/.env", "A=1"))

			assert.Equal(t, tt.verdict, out.Verdict)
			assert.Equal(t, tt.trail, steps(out))
		})
	}
}

func TestAnMCPToolThatDoesNotAnswerInTimeFailsTheHook(t *testing.T) {
	c := &fakeMCP{answer: func(ctx context.Context, _, _ string, _ json.RawMessage) (MCPResult, error) {
		<-ctx.Done()
		return MCPResult{}, ctx.Err()
	}}
	chain := runtimeLinks(t, fmt.Sprintf(scanAfterWrite, `{}`, `, "timeout": 0.05, "onFailure": "block"`), Options{MCP: c})

	out := chain.Run(context.Background(), writeCall("/repo/a", ""))

	assert.Equal(t, hookchain.Denied, out.Verdict)
	assert.Equal(t, []string{"mcp_tool: my_server/security_scan | Denied |  | mcp_tool hook my_server/security_scan: no answer within 50ms"}, steps(out))
}

func TestAPluginsRuntimeHooksRunAsItsOwnWithTheServerNamedAsWritten(t *testing.T) {
	root := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(root, "hooks"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(root, "hooks", "hooks.json"), []byte(`{"description": "guards", "hooks": {"PreToolUse": [{"matcher": "Write", "hooks": [
	  {"type": "mcp_tool", "server": "plugin:my-plugin:db", "tool": "check", "input": {"path": "${tool_input.file_path}"}},
	  {"type": "prompt", "prompt": "Is ${CLAUDE_PLUGIN_ROOT} mentioned? $ARGUMENTS"}
	]}]}}`), 0o644))
	plugin, err := LoadPlugin(Plugin{Root: root, Data: filepath.Join(root, "data")})
	require.NoError(t, err)
	project, err := Parse("s.json", []byte(`{"hooks": {"PreToolUse": [{"matcher": "Write", "hooks": [
	  {"type": "mcp_tool", "server": "plugin:my-plugin:db", "tool": "check", "input": {"path": "${tool_input.file_path}"}}
	]}]}}`))
	require.NoError(t, err)
	c := answeringTool(MCPResult{Text: "ok"})
	m := modelAnswering(`{"ok": true}`)
	s := Merge(project, plugin)
	links, err := s.Links(Options{MCP: c, Model: m})
	require.NoError(t, err)

	out := hookchain.New(links...).Run(context.Background(), writeCall("/repo/a.go", ""))

	require.Equal(t, hookchain.Allowed, out.Verdict, steps(out))
	assert.Equal(t, []string{`plugin:my-plugin:db check {"path":"/repo/a.go"}`, `plugin:my-plugin:db check {"path":"/repo/a.go"}`}, c.calls,
		"a plugin's copy of a settings file's hook runs as a hook of its own")
	require.Len(t, m.asked, 1)
	assert.True(t, strings.HasPrefix(m.asked[0].Prompt, "Is ${CLAUDE_PLUGIN_ROOT} mentioned? {"), "path placeholders are a command's, not a prompt's: %s", m.asked[0].Prompt)
	var names []string
	for _, h := range s.Hooks(Options{MCP: c, Model: m}) {
		names = append(names, h.Name+" from "+filepath.Base(h.File)+" "+string(h.Status))
	}
	assert.Equal(t, []string{"mcp_tool: plugin:my-plugin:db/check@s.json:PreToolUse[0].hooks[0] from s.json linked",
		"mcp_tool: plugin:my-plugin:db/check@" + filepath.Join(root, "hooks", "hooks.json") + ":PreToolUse[0].hooks[0] from hooks.json linked",
		"prompt: Is ${CLAUDE_PLUGIN_ROOT} mentioned? $AR… from hooks.json linked"}, names)
}
