package replay_test

import (
	"context"
	"fmt"
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
