package replay_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain/internal/testfiles"
	"github.com/hookchain/hookchain/replay"
)

// readAll reads every file Files finds under dir, keyed by the path below dir.
func readAll(t *testing.T, dir string) (map[string][]replay.Call, map[string]replay.Stats) {
	t.Helper()
	files, err := replay.Files(dir)
	require.NoError(t, err)
	calls, stats := map[string][]replay.Call{}, map[string]replay.Stats{}
	for _, f := range files {
		rel, err := filepath.Rel(dir, f.Path)
		require.NoError(t, err)
		var got []replay.Call
		st, err := replay.ReadFile(context.Background(), f.Path, f.Format, func(c replay.Call) error {
			got = append(got, c)
			return nil
		})
		require.NoError(t, err, rel)
		calls[rel], stats[rel] = got, st
	}
	return calls, stats
}

func TestEverySampleReadsToTheCallsItsSourceCounts(t *testing.T) {
	dir := testfiles.ReplaySamples(t)
	calls, stats := readAll(t, dir)
	const teammates = "claude-code/ccl-2.1.114-teammates/ef958aa1-0e93-49f0-bb71-150f63befcd1"
	tests := []struct {
		file                      string
		format                    replay.Format
		calls, withoutResult, bad int
		dangling                  int
		first, last               string
	}{
		{"claude-code/ccv-1.0.108-task-sidechain/5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl", replay.ClaudeCode, 21, 0, 0, 0, "toolu_01NG5xcSvVWynFdbWxaW2SPc", "toolu_01FWcqW51ygiCEmjsfndBEGN"},
		{"claude-code/hm-1.0.70-mcp-parallel-tasks/c7428042-d9a9-4e9e-a71c-4433a8d202c0.jsonl", replay.ClaudeCode, 35, 2, 0, 1, "toolu_016hreJnsEqKX6t67XzZeLXt", "toolu_01WdUqa4bbr6DuKjRfhTW7MM"},
		{"claude-code/ccl-2.0.5-submodule-push/9e953218-585f-4692-89df-9e0747a31c68.jsonl", replay.ClaudeCode, 42, 0, 0, 0, "toolu_01UKUYUoGo1FbntrdNdSMa8K", "toolu_01NKMzdUiBW1rh4HVH5kJG2n"},
		{"claude-code/ccl-2.0.37-rm-rf-rejected/cb2e607c-c758-415a-8b45-c49e4631906a.jsonl", replay.ClaudeCode, 18, 0, 0, 1, "toolu_01DZPVDJCFor3oKgGqijdk1n", "toolu_01A3omZXwXfS2JpvAMdRoQSq"},
		// 64 calls in three files: the session's own and two subagents'.
		{teammates + ".jsonl", replay.ClaudeCode, 40, 0, 0, 1, "toolu_014io8Xzj9KmduZGduKZGSDL", "toolu_01HssNwhubWrX7RYLZtpTfLh"},
		{teammates + "/subagents/agent-a36efb2a1231c41e2.jsonl", replay.ClaudeCode, 7, 0, 0, 0, "toolu_01RyU3Kr4SpdpfPwM6iFDS26", "toolu_01B3undFTX1By1Ne8HT3Xqyu"},
		{teammates + "/subagents/agent-ab1e6e141221a29ab.jsonl", replay.ClaudeCode, 17, 0, 0, 0, "toolu_01PYXANyg12EdEpfVpXCyZtp", "toolu_01T42QHSQ8uG6dwafzecgNKJ"},
		{"claude-code/synthetic-2.1.146-policy-edges/5e1f0c2a-9b7d-4c1e-8a3f-2d6b7c8e9f01.jsonl", replay.ClaudeCode, 14, 1, 0, 0, "toolu_01SYNTH00000000000000001", "toolu_01SYNTH00000000000000014"},
		{"codex/acidic-0.58.0-rollout/rollout-2025-11-17T15-30-28-019a93b9-f380-7600-98ff-940e6b99603c.jsonl", replay.Codex, 39, 0, 0, 0, "call_GfHib9GW3d5m9EB1wMTper0j", "call_WFt5cO7KuouOdcWkDjn5K63T"},
	}
	require.Len(t, calls, len(tests), "the files Files finds")
	total := 0
	for _, tt := range tests {
		t.Run(filepath.Base(filepath.Dir(tt.file)), func(t *testing.T) {
			got, st := calls[tt.file], stats[tt.file]
			require.Len(t, got, tt.calls)
			total += len(got)
			assert.Equal(t, tt.calls, st.Calls)
			assert.Equal(t, tt.withoutResult, st.WithoutResult)
			assert.Equal(t, tt.calls-tt.withoutResult, st.Results)
			assert.Equal(t, tt.dangling, st.Counts[replay.DanglingParent])
			assert.Equal(t, tt.dangling, len(st.Problems), "no problem but the dangling parents: %v", st.Problems)
			assert.Equal(t, tt.first, got[0].ID)
			assert.Equal(t, tt.last, got[len(got)-1].ID)
			for _, c := range got {
				assert.Equal(t, tt.format, c.Format)
				assert.Equal(t, filepath.Join(dir, tt.file), c.File)
			}
		})
	}
	assert.Equal(t, 21+35+42+18+64+14+39, total)
}

// find is the call of id in calls.
func find(t *testing.T, calls []replay.Call, id string) replay.Call {
	t.Helper()
	for _, c := range calls {
		if c.ID == id {
			return c
		}
	}
	require.Failf(t, "no such call", "%s", id)
	return replay.Call{}
}

func TestTheSamplesCallsAreReadAsTheSessionsRecordedThem(t *testing.T) {
	dir := testfiles.ReplaySamples(t)
	calls, _ := readAll(t, dir)
	const teammates = "claude-code/ccl-2.1.114-teammates/ef958aa1-0e93-49f0-bb71-150f63befcd1"

	t.Run("the rm -rf the user rejected in 2.0.37", func(t *testing.T) {
		c := find(t, calls["claude-code/ccl-2.0.37-rm-rf-rejected/cb2e607c-c758-415a-8b45-c49e4631906a.jsonl"], "toolu_0182PGVY3LpsbfVfKfBxDJeu")
		assert.Equal(t, "Bash", c.Tool)
		assert.Equal(t, 38, c.Line)
		assert.Equal(t, "2.0.37", c.Version)
		assert.Equal(t, "cb2e607c-c758-415a-8b45-c49e4631906a", c.Session)
		assert.Equal(t, "/Users/dain/workspace/coderabbit-review-helper", c.Cwd)
		assert.Equal(t, "2025-11-17T11:55:00.579Z", c.Time.Format("2006-01-02T15:04:05.000Z"))
		assert.JSONEq(t, `{"command":"find . -type d -name __pycache__ -exec rm -rf {} + 2>/dev/null; find . -name \"*.pyc\" -delete 2>/dev/null; uv tool uninstall coderabbit-review-extractor && uv tool install --reinstall .","description":"Remove Python cache and reinstall"}`, string(c.Input))
		require.NotNil(t, c.Result)
		assert.Equal(t, 39, c.Result.Line)
		assert.True(t, c.Result.IsError)
		assert.Equal(t, replay.Rejected, c.Original())
		assert.Equal(t, "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.", c.Result.Text())
		assert.JSONEq(t, `"Error: The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed."`, string(c.Result.Structured))
	})

	t.Run("2.1.114 teammates' calls carry their agent id and their own cwd", func(t *testing.T) {
		c := calls[teammates+"/subagents/agent-ab1e6e141221a29ab.jsonl"][0]
		assert.Equal(t, "toolu_01PYXANyg12EdEpfVpXCyZtp", c.ID)
		assert.Equal(t, "Bash", c.Tool)
		assert.Equal(t, 3, c.Line)
		assert.Equal(t, "ab1e6e141221a29ab", c.AgentID)
		assert.True(t, c.Sidechain)
		assert.Equal(t, "general-purpose", c.AgentType, "from the parent's Agent result")
		assert.Equal(t, "ef958aa1-0e93-49f0-bb71-150f63befcd1", c.Session)
		assert.Equal(t, "2.1.114", c.Version)
		assert.Equal(t, "-experiments/worktrees/.claude/worktrees/agent-ab1e6e14", c.Cwd)
		assert.Equal(t, `{"command":"pwd && git status && git branch --show-current","description":"Check current worktree state"}`, string(c.Input))
		assert.Equal(t, replay.Ran, c.Original())

		other := calls[teammates+"/subagents/agent-a36efb2a1231c41e2.jsonl"]
		for _, c := range other {
			assert.Equal(t, "a36efb2a1231c41e2", c.AgentID)
			assert.Equal(t, "general-purpose", c.AgentType)
		}
		parent := find(t, calls[teammates+".jsonl"], "toolu_01EaAN7bPNQrMTGoKhbEjVrx")
		assert.Equal(t, "Agent", parent.Tool)
		assert.Equal(t, "", parent.AgentID)
		assert.False(t, parent.Sidechain)
		require.NotNil(t, parent.Result)
		assert.Equal(t, 57, parent.Result.Line)
		assert.Equal(t, "ab1e6e141221a29ab", gjsonGet(parent.Result.Structured, "agentId"))
		assert.Equal(t, "general-purpose", gjsonGet(parent.Result.Structured, "agentType"))
	})

	t.Run("1.0.70's parallel Tasks: two without results, their sidechains' calls still read", func(t *testing.T) {
		got := calls["claude-code/hm-1.0.70-mcp-parallel-tasks/c7428042-d9a9-4e9e-a71c-4433a8d202c0.jsonl"]
		var without []string
		sidechain := 0
		for _, c := range got {
			if c.Result == nil {
				without = append(without, c.ID)
				assert.Equal(t, replay.NoResult, c.Original())
			}
			if c.Sidechain {
				sidechain++
				assert.Equal(t, "", c.AgentID)
			}
		}
		assert.Equal(t, []string{"toolu_01KCAmaR2a6YVqsn4zjPNRZ9", "toolu_01UdnLSB8JUYvAWTQd8HLfsE"}, without)
		assert.Equal(t, 31, sidechain)
		c := find(t, got, "toolu_017GpfvBQbK4HywaNqzqKTug")
		assert.Equal(t, 22, c.Line)
		assert.Equal(t, replay.Errored, c.Original())
	})

	t.Run("the synthetic file's interrupted call has no result; its parallel twin has one", func(t *testing.T) {
		got := calls["claude-code/synthetic-2.1.146-policy-edges/5e1f0c2a-9b7d-4c1e-8a3f-2d6b7c8e9f01.jsonl"]
		twin, cut := find(t, got, "toolu_01SYNTH00000000000000013"), find(t, got, "toolu_01SYNTH00000000000000014")
		assert.Equal(t, 26, twin.Line)
		assert.Equal(t, 27, cut.Line)
		require.NotNil(t, twin.Result)
		assert.Equal(t, 28, twin.Result.Line)
		assert.Nil(t, cut.Result)
		assert.Equal(t, replay.NoResult, cut.Original())
		assert.Equal(t, `{"command":"npm run lint","description":"Run lint"}`, string(cut.Input))
	})

	t.Run("Codex shell arguments decoded, errors from the exit code, cut outputs incomplete", func(t *testing.T) {
		got := calls["codex/acidic-0.58.0-rollout/rollout-2025-11-17T15-30-28-019a93b9-f380-7600-98ff-940e6b99603c.jsonl"]
		c := got[0]
		assert.Equal(t, "shell", c.Tool)
		assert.Equal(t, 11, c.Line)
		assert.Equal(t, `{"command":["bash","-lc","ls"],"workdir":"/home/user/projects/temp/chatbot-ui"}`, string(c.Input))
		assert.Equal(t, "019a93b9-f380-7600-98ff-940e6b99603c", c.Session)
		assert.Equal(t, "0.58.0", c.Version)
		assert.Equal(t, "/home/user/projects/temp/chatbot-ui", c.Cwd)
		require.NotNil(t, c.Result)
		assert.Equal(t, replay.Ran, c.Original())

		failed := find(t, got, "call_9CGn4znNonhAusi6lp7QTzGz")
		require.NotNil(t, failed.Result)
		assert.True(t, failed.Result.IsError)
		assert.Equal(t, replay.Errored, failed.Original())
		assert.JSONEq(t, `{"output":"ls: cannot access 'lib/ai': No such file or directory\n","metadata":{"exit_code":2,"duration_seconds":0.0}}`, string(failed.Result.Structured))

		cut := find(t, got, "call_RbM5QpDYZgs1XFseTeN5uCz5")
		require.NotNil(t, cut.Result)
		assert.True(t, cut.Result.Incomplete)
		assert.False(t, cut.Result.IsError)

		tools := map[string]int{}
		incomplete := 0
		for _, c := range got {
			tools[c.Tool]++
			if c.Result != nil && c.Result.Incomplete {
				incomplete++
			}
		}
		assert.Equal(t, map[string]int{"shell": 37, "update_plan": 2}, tools)
		assert.Equal(t, 3, incomplete)
	})
}
