package settings

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
)

// scanServer is a real MCP server, in Python, on the stdio transport
// (newline-delimited JSON-RPC): its security_scan tool reads the file it is
// given and answers as a Claude Code hook does.
const scanServer = `import json, os, sys
for line in sys.stdin:
    msg = json.loads(line)
    if "id" not in msg:
        continue
    method, params = msg["method"], msg.get("params", {})
    if method == "initialize":
        result = {"protocolVersion": params["protocolVersion"], "capabilities": {"tools": {}},
                  "serverInfo": {"name": "scanner", "version": "1.0.0"}}
    elif method == "tools/call":
        path = params["arguments"]["file_path"]
        try:
            data = open(path).read()
        except OSError as e:
            result = {"isError": True, "content": [{"type": "text", "text": str(e)}]}
        else:
            if "AKIA" in data:
                text = json.dumps({"decision": "block", "reason": os.path.basename(path) + " holds an AWS access key"})
            else:
                text = "scanned " + path + ": clean"
            result = {"content": [{"type": "text", "text": text}, {"type": "image", "data": "", "mimeType": "image/png"}]}
    else:
        print(json.dumps({"jsonrpc": "2.0", "id": msg["id"], "error": {"code": -32601, "message": method}}), flush=True)
        continue
    print(json.dumps({"jsonrpc": "2.0", "id": msg["id"], "result": result}), flush=True)
`

// stdioMCP is a minimal MCP client over stdio, standing in for a Go
// agent's own: one connected server, by the name its hooks use.
type stdioMCP struct {
	name string
	mu   sync.Mutex
	in   io.Writer
	out  *bufio.Scanner
	id   int
}

func startScanner(t *testing.T) *stdioMCP {
	t.Helper()
	script := filepath.Join(t.TempDir(), "scanner.py")
	require.NoError(t, os.WriteFile(script, []byte(scanServer), 0o644))
	cmd := exec.Command("python3", script)
	in, err := cmd.StdinPipe()
	require.NoError(t, err)
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { in.Close(); _ = cmd.Wait() })
	c := &stdioMCP{name: "my_server", in: in, out: bufio.NewScanner(out)}
	_, err = c.request("initialize", map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{},
		"clientInfo": map[string]string{"name": "agent", "version": "1.0.0"}})
	require.NoError(t, err)
	_, err = fmt.Fprintln(in, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	require.NoError(t, err)
	return c
}

func (c *stdioMCP) request(method string, params any) (json.RawMessage, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.id++
	req, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": c.id, "method": method, "params": params})
	if _, err := c.in.Write(append(req, '\n')); err != nil {
		return nil, err
	}
	if !c.out.Scan() {
		return nil, fmt.Errorf("the server closed its stdout: %v", c.out.Err())
	}
	var resp struct {
		Result json.RawMessage
		Error  *struct{ Message string }
	}
	if err := json.Unmarshal(c.out.Bytes(), &resp); err != nil {
		return nil, err
	}
	if resp.Error != nil {
		return nil, fmt.Errorf("%s: %s", method, resp.Error.Message)
	}
	return resp.Result, nil
}

func (c *stdioMCP) CallTool(ctx context.Context, server, tool string, args json.RawMessage) (MCPResult, error) {
	if server != c.name {
		return MCPResult{}, fmt.Errorf("MCP server %q is not connected", server)
	}
	raw, err := c.request("tools/call", map[string]any{"name": tool, "arguments": args})
	if err != nil {
		return MCPResult{}, err
	}
	var res struct {
		Content []struct{ Type, Text string }
		IsError bool
	}
	if err := json.Unmarshal(raw, &res); err != nil {
		return MCPResult{}, err
	}
	var text []string
	for _, c := range res.Content {
		if c.Type == "text" {
			text = append(text, c.Text)
		}
	}
	return MCPResult{Text: strings.Join(text, "\n"), IsError: res.IsError}, nil
}

func TestAnMCPToolHookCallsARealMCPServerAndItsAnswerDecides(t *testing.T) {
	dir := t.TempDir()
	secret, clean, gone := filepath.Join(dir, "creds.env"), filepath.Join(dir, "notes.md"), filepath.Join(dir, "gone")
	require.NoError(t, os.WriteFile(secret, []byte("AWS_KEY=AKIAIOSFODNN7EXAMPLE\n"), 0o600))
	require.NoError(t, os.WriteFile(clean, []byte("# notes\n"), 0o600))
	scanner := startScanner(t)
	tests := []struct {
		name, server, path string
		verdict            hookchain.Verdict
		trail              []string
		notes              []hookchain.Note
	}{
		{"a clean file goes on", "my_server", clean, hookchain.Allowed, nil, nil},
		// After the call a block keeps the output and tells the model why,
		// as Claude Code shows the reason beside the output.
		{"a secret is blocked", "my_server", secret, hookchain.Allowed, nil,
			[]hookchain.Note{{Link: "mcp_tool: my_server/security_scan", Text: "blocked after the call: creds.env holds an AWS access key"}}},
		{"the tool's error is the hook's failure", "my_server", gone, hookchain.Allowed,
			[]string{`mcp_tool: my_server/security_scan | Allowed |  | mcp_tool hook my_server/security_scan: the tool returned an error (isError): "[Errno 2] No such file or directory: '` + gone + `'"`}, nil},
		{"a server that is not connected is the hook's failure", "other", secret, hookchain.Allowed,
			[]string{`mcp_tool: other/security_scan | Allowed |  | mcp_tool hook other/security_scan: MCP server "other" is not connected`}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			chain := runtimeLinks(t, `{"hooks": {"PostToolUse": [{"matcher": "Write|Edit", "hooks": [
			  {"type": "mcp_tool", "server": "`+tt.server+`", "tool": "security_scan", "input": {"file_path": "${tool_input.file_path}"}}
			]}]}}`, Options{MCP: scanner})
			input, _ := json.Marshal(map[string]string{"file_path": tt.path, "content": "…"})

			out := chain.Run(context.Background(), hookchain.Event{Hook: hookchain.AfterTool, Tool: "Write",
				Input: input, Output: json.RawMessage(`{"success": true}`)})

			assert.Equal(t, tt.verdict, out.Verdict)
			assert.Equal(t, tt.trail, steps(out))
			assert.Equal(t, tt.notes, out.Notes)
		})
	}
}
