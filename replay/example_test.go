package replay_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/hookchain/hookchain/replay"
)

func Example() {
	transcript := `{"type":"assistant","uuid":"a1","parentUuid":null,"sessionId":"s1","cwd":"/p","message":{"id":"m1","content":[{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"rm -rf build"}}]}}
{"type":"user","uuid":"u1","parentUuid":"a1","sessionId":"s1","cwd":"/p","message":{"content":[{"type":"tool_result","tool_use_id":"toolu_1","is_error":true,"content":"The user doesn't want to proceed with this tool use."}]}}
{"type":"assistant","uuid":"a2","parentUuid":"u1","sessionId":"s1","cwd":"/p","message":{"id":"m2","content":[{"type":"tool_use","id":"toolu_2","name":"Read","input":{"file_path":"/p/go.mod"}}]}}
{"type":"user","uuid":"u2","parentUuid":"a2","sess`
	stats, err := replay.Read(context.Background(), strings.NewReader(transcript), "session.jsonl", "", func(c replay.Call) error {
		fmt.Printf("%s:%d %s %s %s -> %s\n", c.File, c.Line, c.ID, c.Tool, c.Input, c.Original())
		return nil
	})
	fmt.Println(stats.Calls, "calls,", stats.WithoutResult, "without result,", stats.Counts, err)
	// Output:
	// session.jsonl:1 toolu_1 Bash {"command":"rm -rf build"} -> rejected
	// session.jsonl:3 toolu_2 Read {"file_path":"/p/go.mod"} -> no result
	// 2 calls, 1 without result, map[bad line:1] <nil>
}

// A Claude Code project folder: a session, and its subagent's file in
// <session>/subagents/ (2.1.x). Files finds both; ReadFile gives each call
// its session, subagent and type.
func ExampleFiles() {
	dir, _ := os.MkdirTemp("", "replay")
	defer os.RemoveAll(dir)
	session := `{"type":"assistant","uuid":"a1","parentUuid":null,"sessionId":"s1","cwd":"/w","message":{"content":[{"type":"tool_use","id":"toolu_1","name":"Agent","input":{"subagent_type":"reviewer","prompt":"review"}}]}}
{"type":"user","uuid":"u1","parentUuid":"a1","sessionId":"s1","cwd":"/w","message":{"content":[{"type":"tool_result","tool_use_id":"toolu_1","content":"done"}]},"toolUseResult":{"agentId":"ab12","agentType":"reviewer"}}
`
	subagent := `{"type":"assistant","uuid":"b1","parentUuid":null,"isSidechain":true,"agentId":"ab12","sessionId":"s1","cwd":"/w/worktree","message":{"content":[{"type":"tool_use","id":"toolu_2","name":"Bash","input":{"command":"git diff"}}]}}
`
	_ = os.MkdirAll(filepath.Join(dir, "s1", "subagents"), 0o755)
	_ = os.WriteFile(filepath.Join(dir, "s1.jsonl"), []byte(session), 0o644)
	_ = os.WriteFile(filepath.Join(dir, "s1", "subagents", "agent-ab12.jsonl"), []byte(subagent), 0o644)

	files, err := replay.Files(dir)
	if err != nil {
		fmt.Println(err)
		return
	}
	var total replay.Stats
	for _, f := range files {
		stats, err := replay.ReadFile(context.Background(), f.Path, f.Format, func(c replay.Call) error {
			fmt.Printf("%s %s agent=%q type=%q cwd=%s: %s\n", c.ID, c.Tool, c.AgentID, c.AgentType, c.Cwd, c.Original())
			return nil
		})
		if err != nil {
			fmt.Println(err)
			return
		}
		total.Add(stats)
	}
	fmt.Println(len(files), "files,", total.Calls, "calls,", total.WithoutResult, "without result")
	// Output:
	// toolu_1 Agent agent="" type="" cwd=/w: ran
	// toolu_2 Bash agent="ab12" type="reviewer" cwd=/w/worktree: no result
	// 2 files, 2 calls, 1 without result
}

// The roots the CLIs of a home keep their histories in, and which exist:
// Files of their Dirs reads them all.
func ExampleHistoryRoots() {
	home, err := os.MkdirTemp("", "home")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(home)
	if err := os.MkdirAll(filepath.Join(home, ".codex", "sessions"), 0o755); err != nil {
		panic(err)
	}
	noVariables := func(string) string { return "" }
	for _, h := range replay.HistoryRoots(home, noVariables) {
		root, _ := filepath.Rel(home, h.Root)
		fmt.Printf("%s %s: %d folders, error %v\n", h.Format, root, len(h.Dirs), h.Err)
	}
	// Output:
	// claude-code .claude/projects: 0 folders, error <nil>
	// codex .codex/sessions: 1 folders, error <nil>
	// gemini .gemini/tmp/*/chats: 0 folders, error <nil>
}
