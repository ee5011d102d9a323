//go:build unix

package settings

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/process"
)

// slowHook is a persistent hook that takes 1.5 s over each call, then
// denies it, naming its hook.
const slowHook = `#!/bin/sh
printf '{"protocol":"hookchain-persistent","version":1}\n'
while IFS= read -r req; do
	id=${req#'{"id":'}; id=${id%%,*}
	hook=${req#*'"hook":"'}; hook=${hook%%'"'*}
	sleep 1.5
	printf '{"id":%s,"verdict":"deny","reason":"%s"}\n' "$id" "$hook"
done
`

func TestEachPersistentHookIsBoundByItsOwnTimeoutWhenAnotherRunsTheSameCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("seconds of processes; run without -short, as .ci/run does")
	}
	for _, order := range []string{"before first", "after first"} {
		t.Run(order, func(t *testing.T) {
			project := t.TempDir()
			require.NoError(t, os.WriteFile(filepath.Join(project, "guard.sh"), []byte(slowHook), 0o755))
			pre := `"PreToolUse": [{"hooks":[{"type":"command","command":"\"$CLAUDE_PROJECT_DIR\"/guard.sh","persistent":true,"timeout":5}]}]`
			post := `"PostToolUse": [{"hooks":[{"type":"command","command":"\"$CLAUDE_PROJECT_DIR\"/guard.sh","persistent":true,"timeout":1}]}]`
			if order == "after first" {
				pre, post = post, pre
			}
			s, err := Parse("s.json", []byte(`{"hooks":{`+pre+`,`+post+`}}`))
			require.NoError(t, err)
			var pool process.Pool
			defer pool.Close(context.Background())
			links, err := s.Links(Options{ProjectDir: project, Pool: &pool})
			require.NoError(t, err)
			chain := hookchain.New(links...)

			// Given 5 s, the guard answers in 1.5: its denial decides, never
			// the other hook's 1 s running out, a failure fail-open forgives.
			out := chain.Run(context.Background(), hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", Input: json.RawMessage(`{"command":"ls"}`)})
			const name = "guard.sh@PreToolUse[0].hooks[0]"
			assert.Equal(t, hookchain.Outcome{Verdict: hookchain.Denied, Reason: "denied by " + name + ": before_tool", DecidedBy: name, Cause: hookchain.CauseLink,
				Trail: []hookchain.Step{{Name: name, Verdict: hookchain.Denied, Reason: "before_tool"}}}, out)
			assert.Len(t, pool.Hooks(), 2, "a process for each timeout")
		})
	}
}
