package claudecode

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/process"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hookProgram writes a hook program and returns how to run it with
// interpreter.
func hookProgram(t *testing.T, interpreter, name, text string) process.Spec {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(path, []byte(text), 0o755))
	return process.Spec{Args: []string{interpreter, path}, Timeout: 10 * time.Second}
}

// stepsSeen is a chain's observer and what it was told of each step.
func stepsSeen() (hookchain.Observer, func() []hookchain.StepReport) {
	var mu sync.Mutex
	var steps []hookchain.StepReport
	return hookchain.Observer{Step: func(_ context.Context, r hookchain.StepReport) {
			mu.Lock()
			defer mu.Unlock()
			steps = append(steps, r)
		}}, func() []hookchain.StepReport {
			mu.Lock()
			defer mu.Unlock()
			return steps
		}
}

func edited(path string) hookchain.Event {
	return hookchain.Event{Hook: hookchain.AfterTool, Tool: "Edit", CallID: "toolu_5",
		Input:  json.RawMessage(`{"file_path":"` + path + `","old_string":"a","new_string":"b"}`),
		Output: json.RawMessage(`{"filePath":"` + path + `","oldString":"a","newString":"b","structuredPatch":[],"userModified":false,"replaceAll":false}`)}
}

func TestAValidatorThatExitsTwoAfterEveryEditKeepsTheEditAndTheObserverSeesTheBlock(t *testing.T) {
	validate := hookProgram(t, "bash", "validate.sh", `#!/bin/bash
jq -e '.tool_name == "Edit" and .hook_event_name == "PostToolUse"' >/dev/null || { echo "wrong input" >&2; exit 1; }
echo "Validations pass" >&2
exit 2
`)
	observer, steps := stepsSeen()
	chain := hookchain.New(hookchain.After("validate.sh", hookchain.Any(), Command(validate, project(t)))).WithObserver(observer)

	got := chain.Run(context.Background(), edited("/w/a.go"))

	assert.Equal(t, blockedAfterIn("validate.sh", "Validations pass"), got, "an allow: the edit's output is kept")
	require.Len(t, steps(), 1)
	assert.Equal(t, hookchain.Allowed, steps()[0].Verdict)
	assert.Equal(t, "blocked after the call: Validations pass", steps()[0].Reason, "an audit tells the block from plain context")
	assert.Empty(t, steps()[0].Fault)
}

func TestAGoLinksDenyAfterTheCallStillReplacesTheOutputWithTheReason(t *testing.T) {
	// The core's rule for Go links is unchanged; only a Claude Code hook's
	// block is a note.
	chain := hookchain.New(hookchain.After("no-secrets", hookchain.Any(), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Deny("the output holds a key"), nil
	}))
	got := chain.Run(context.Background(), edited("/w/a.go"))
	assert.Equal(t, hookchain.Denied, got.Verdict)
	assert.Equal(t, "denied by no-secrets: the output holds a key", got.Reason)
}

func TestARedactionHookWhoseReplacementLacksBashsShapeIsIgnoredAndTheStepSaysTheOutputReachesTheModel(t *testing.T) {
	redact := hookProgram(t, "python3", "redact.py", `import json, sys
event = json.load(sys.stdin)
if "sk-" in event["tool_response"]["stdout"]:
    print(json.dumps({"hookSpecificOutput": {"hookEventName": "PostToolUse", "updatedToolOutput": "[redacted]",
        "additionalContext": "a key was printed"}}))
`)
	observer, steps := stepsSeen()
	chain := hookchain.New(hookchain.After("redact.py", hookchain.Any(), Command(redact, project(t)))).WithObserver(observer)

	got := chain.Run(context.Background(), bashResult("KEY=sk-live-1"))

	assert.Equal(t, hookchain.Outcome{Notes: []hookchain.Note{{Link: "redact.py", Text: "a key was printed"}}}, got,
		"the output is not replaced, and the context is kept, as in Claude Code")
	require.Len(t, steps(), 1)
	assert.Equal(t, `updatedToolOutput ignored: Bash's output is an object with "stdout" (a string), "stderr" (a string) and "interrupted" (a boolean), `+
		`and the replacement is a string; Claude Code ignores a replacement that does not have the tool's output shape, so the tool's own output reaches the model unchanged`,
		steps()[0].Reason)
}

func TestUpdatedToolOutputIsHeldToTheToolsOutputShape(t *testing.T) {
	read := hookchain.Event{Hook: hookchain.AfterTool, Tool: "Read",
		Output: json.RawMessage(`{"type":"text","file":{"filePath":"/a","content":"x","numLines":1,"startLine":1,"totalLines":1}}`)}
	tests := []struct {
		name        string
		event       hookchain.Event
		replacement string
		want        string // "" when it fits
	}{
		{"Bash's documented shape", after, `{"stdout":"x","stderr":"","interrupted":false}`, ""},
		{"Bash's shape with more fields", after, `{"stdout":"x","stderr":"","interrupted":false,"isImage":false}`, ""},
		{"Bash without interrupted", after, `{"stdout":"x","stderr":""}`, `Bash's output has "interrupted", which the replacement lacks`},
		{"Bash with a number for stdout", after, `{"stdout":1,"stderr":"","interrupted":false}`, `Bash's output has "stdout" as a string, and the replacement's is a number`},
		{"Bash as an array", after, `[]`, `Bash's output is an object with "stdout" (a string), "stderr" (a string) and "interrupted" (a boolean), and the replacement is an array`},
		{"a failed Bash call: text for text", failed, `"failed"`, ""},
		{"a failed Bash call: an object for text", failed, `{"stdout":"x","stderr":"","interrupted":false}`, `Bash's output is a string, and the replacement is an object`},
		{"a runtime's own Bash that answers text", hookchain.Event{Hook: hookchain.AfterTool, Tool: "Bash", Output: hookchain.Text("ok")}, `"[redacted]"`, ""},
		{"Read with its fields", read, `{"type":"text","file":{"content":"[redacted]"}}`, ""},
		{"Read without file", read, `{"type":"text"}`, `Read's output has "file", which the replacement lacks`},
		{"Read as text", read, `"[redacted]"`, `Read's output is an object, and the replacement is a string`},
		{"an MCP tool: as given", mcpAfter, `"[redacted]"`, ""},
		{"a tool Claude Code does not have: as given", hookchain.Event{Hook: hookchain.AfterTool, Tool: "Deploy", Output: json.RawMessage(`{"id":1}`)}, `"x"`, ""},
		{"a built-in tool with no output to compare", hookchain.Event{Hook: hookchain.AfterTool, Tool: "Glob"}, `"x"`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, shapeFault(tt.event, json.RawMessage(tt.replacement)))
		})
	}
}

func TestAfterTheCallAHookThatAnswersTwiceIsAFailureUnlessItExitedTwo(t *testing.T) {
	twice := []byte(`{"decision":"block","reason":"a"}` + "\n" + `{"decision":"block","reason":"b"}`)

	_, err := Decide(after, process.Result{Stdout: twice})
	require.ErrorContains(t, err, "stdout starts with '{' but is not valid JSON")

	got, err := Decide(after, process.Result{ExitCode: 2, Stdout: twice, Stderr: []byte("from stderr")})
	require.NoError(t, err)
	assert.Equal(t, blockedNote("from stderr"), got, "exit 2 blocks whatever was printed; the reason is stderr's")
}

func TestAfterTheCallAStopStillDenies(t *testing.T) {
	// continue: false is not a block: Claude Code stops, and a chain, which
	// cannot stop the agent, refuses the result.
	for _, r := range []process.Result{
		{Stdout: []byte(`{"continue":false,"stopReason":"red","decision":"block","reason":"x"}`)},
		{ExitCode: 2, Stdout: []byte(`{"continue":false,"stopReason":"red"}`), Stderr: []byte("x")},
	} {
		got, err := Decide(after, r)
		require.NoError(t, err)
		assert.Equal(t, hookchain.Deny("stop requested: red"), got)
	}
}
