package settings_test

import (
	"context"
	"encoding/json"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
	"github.com/hookchain/hookchain/claudecode/settings"
)

// The Go block of docs/claude-code.md that shows an agent running a
// project's Claude Code hooks, kept compiling, line for line
// (TestEveryGoBlockOfTheDocsIsInAFileTheTestsCompile, at the repository's
// root). It has no output, so it is built and not run.
func Example_inAnAgent() {
	agent := func(ctx context.Context, projectDir, homeDir string, approver hookchain.Approver, model settings.Model,
		mcpClients settings.MCPCaller, background *settings.Background, runTool hookchain.Executor,
		conversationID, agentCwd, toolUseID string, input json.RawMessage) (hookchain.Result, error) {
		s, err := settings.LoadStandard(projectDir, homeDir) // managed settings, ~/.claude/settings.json, .claude/settings.json, .claude/settings.local.json
		if err != nil {
			return hookchain.Result{}, err // a broken file names itself and the line and column
		}
		chain, err := s.Chain(settings.Options{ProjectDir: projectDir, Approver: &approver, Model: model, MCP: mcpClients, Background: background})
		if err != nil {
			return hookchain.Result{}, err // every hook that cannot run as configured, by name
		}
		run := chain.Wrap(runTool) // PermissionRequest hooks answer a hook's "ask" first; approver answers the rest

		// One chain serves every conversation: each call tells the hooks about its own.
		ctx = claudecode.WithSessionInfo(ctx, claudecode.SessionInfo{ID: conversationID, Cwd: agentCwd})
		res, err := run(ctx, hookchain.Call{Tool: "Bash", ID: toolUseID, Input: input})
		return res, err
	}
	_ = agent
}
