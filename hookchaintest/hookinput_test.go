package hookchaintest_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
	"github.com/hookchain/hookchain/hookchaintest"
)

// A hook author copies an input from Claude Code's debug log into a case:
// it must mean the event it describes, and the hooks must be told every
// field of it.
const hookInputCase = `{
  "name": "a force-push is refused",
  "event": {"session_id": "s-1", "cwd": "/work/app", "permission_mode": "plan",
            "hook_event_name": "PreToolUse", "tool_name": "Bash",
            "tool_input": {"command": "git push --force"}, "tool_use_id": "toolu_9", "agent_id": "a-2"},
  "want": {"verdict": "deny", "reason": "denied by guard: no force-push", "decided_by": "guard", "cause": "link", "trail": ["guard"]}
}`

func TestACaseMayGiveItsEventAsAClaudeCodeHookInput(t *testing.T) {
	f, err := hookchaintest.DecodeFile("force.json", []byte(hookInputCase))
	require.NoError(t, err)
	require.Len(t, f.Cases, 1)
	tc := f.Cases[0]
	assert.Equal(t, hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", CallID: "toolu_9",
		Input: json.RawMessage(`{"command":"git push --force"}`)}, tc.Event)
	assert.Equal(t, &claudecode.SessionInfo{ID: "s-1", Cwd: "/work/app", PermissionMode: "plan",
		Extra: map[string]json.RawMessage{"agent_id": json.RawMessage(`"a-2"`)}}, tc.SessionInfo)

	// The chain is run with the case's session.
	var seen claudecode.SessionInfo
	chain := hookchain.New(hookchain.Before("guard", hookchain.Tool("Bash"), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		seen, _ = claudecode.SessionInfoFrom(ctx)
		return hookchain.Deny("no force-push"), nil
	}))
	_, ms := hookchaintest.Check(context.Background(), chain, tc)
	assert.Empty(t, ms)
	assert.Equal(t, tc.SessionInfo, &seen)
}

func TestAHookInputEventIsErrorCheckedAsClaudeCodeWouldSendIt(t *testing.T) {
	_, err := hookchaintest.DecodeFile("stop.json", []byte(`{"event": {"hook_event_name": "Stop"}, "want": {"verdict": "allow"}}`))
	require.EqualError(t, err, `stop.json:1:1: event: hook_event_name "Stop" is not a tool-call event (want PreToolUse, PostToolUse or PostToolUseFailure)`)
}

func TestUpdateWritesAHookInputEventBackAsItWas(t *testing.T) {
	path := filepath.Join(t.TempDir(), "force.json")
	require.NoError(t, os.WriteFile(path, []byte(hookInputCase), 0o644))
	chain := hookchain.New(hookchain.Before("guard", hookchain.Tool("Bash"), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Deny("never force-push"), nil
	}))

	changes, err := hookchaintest.UpdateFiles(context.Background(), chain, path)
	require.NoError(t, err)
	require.Len(t, changes, 1)
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	var file struct {
		Event json.RawMessage
		Want  struct{ Reason string }
	}
	require.NoError(t, json.Unmarshal(got, &file))
	assert.JSONEq(t, `{"session_id": "s-1", "cwd": "/work/app", "permission_mode": "plan",
	  "hook_event_name": "PreToolUse", "tool_name": "Bash",
	  "tool_input": {"command": "git push --force"}, "tool_use_id": "toolu_9", "agent_id": "a-2"}`, string(file.Event))
	assert.Equal(t, "denied by guard: never force-push", file.Want.Reason)
}
