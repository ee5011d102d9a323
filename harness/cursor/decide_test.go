package cursor_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness/cursor"
	"github.com/hookchain/hookchain/process"
)

// The corners of Cursor's reading of a hook's run.
func TestDecideReadsEveryCornerOfARunAsCursorDoes(t *testing.T) {
	type want struct {
		o   hookchain.Outcome
		err string
	}
	allow := want{o: hookchain.Allow()}
	tests := []struct {
		name   string
		event  string
		call   hookchain.Event
		result process.Result
		want   want
	}{
		{"nothing at exit 0 allows", cursor.PreToolUse, shell("ls"), process.Result{}, allow},
		{"white space at exit 0 allows", cursor.PreToolUse, shell("ls"), process.Result{Stdout: []byte(" \n")}, allow},
		{"an empty object allows", cursor.BeforeShellExecution, shell("ls"), process.Result{Stdout: []byte(`{}`)}, allow},
		{"JSON that is not an object is a failure", cursor.PreToolUse, shell("ls"), process.Result{Stdout: []byte(`["deny"]`)}, want{err: "the hook's answer is not a JSON object"}},
		{"text is a failure", cursor.PreToolUse, shell("ls"), process.Result{Stdout: []byte(`deny`)}, want{err: "the hook's answer is not valid JSON"}},
		{"exit 1 is a failure", cursor.PreToolUse, shell("ls"), process.Result{ExitCode: 1, Stdout: []byte(`{"permission":"deny"}`)}, want{err: "exited with a status the harness counts as a failure"}},
		{"exit 2 denies whatever stdout says", cursor.PreToolUse, shell("ls"), process.Result{ExitCode: 2, Stdout: []byte(`{"permission":"allow"}`), Stderr: []byte("no\n")}, want{o: hookchain.Deny("no")}},
		{"exit 2 takes the answer's message first", cursor.PreToolUse, shell("ls"), process.Result{ExitCode: 2, Stdout: []byte(`{"agent_message":"use the wrapper"}`), Stderr: []byte("no")}, want{o: hookchain.Deny("use the wrapper")}},
		{"exit 2 with nothing said denies all the same", cursor.BeforeReadFile, read("a"), process.Result{ExitCode: 2}, want{o: hookchain.Deny("blocked by a Cursor hook")}},
		{"a denial without messages has Cursor's default", cursor.PreToolUse, shell("ls"), process.Result{Stdout: []byte(`{"permission":"deny"}`)}, want{o: hookchain.Deny("blocked by a Cursor hook")}},
		{"the user's message when the agent has none", cursor.PreToolUse, shell("ls"), process.Result{Stdout: []byte(`{"permission":"deny","user_message":"not now"}`)}, want{o: hookchain.Deny("not now")}},
		{"a permission word the gate does not read denies", cursor.BeforeReadFile, read("a"), process.Result{Stdout: []byte(`{"permission":"ask"}`)},
			want{o: hookchain.Deny(`the hook's permission "ask" is not one Cursor's beforeReadFile reads; denied rather than guessed`)}},
		{"an unknown permission word denies", cursor.PreToolUse, shell("ls"), process.Result{Stdout: []byte(`{"permission":"Allow"}`)},
			want{o: hookchain.Deny(`the hook's permission "Allow" is not one Cursor's preToolUse reads; denied rather than guessed`)}},
		{"a permission that is not a string denies", cursor.PreToolUse, shell("ls"), process.Result{Stdout: []byte(`{"permission":true}`)},
			want{o: hookchain.Deny("the hook's permission is not a string: true; denied rather than guessed")}},
		{"a message that is not a string denies", cursor.PreToolUse, shell("ls"), process.Result{Stdout: []byte(`{"permission":"allow","agent_message":1}`)},
			want{o: hookchain.Deny("the hook's agent_message is not a string; denied rather than guessed")}},
		{"an updated_input that is not an object denies", cursor.PreToolUse, shell("ls"), process.Result{Stdout: []byte(`{"updated_input":"rm"}`)},
			want{o: hookchain.Deny(`the hook's updated_input is not an object: "rm"; denied rather than guessed`)}},
		{"a denial with an updated_input denies", cursor.PreToolUse, shell("ls"), process.Result{Stdout: []byte(`{"permission":"deny","updated_input":{"command":"ls"}}`)}, want{o: hookchain.Deny("blocked by a Cursor hook")}},
		{"updated_input is read at preToolUse only", cursor.BeforeShellExecution, shell("ls"), process.Result{Stdout: []byte(`{"updated_input":{"command":"rm -rf /"}}`)}, allow},
		{"an answer cut at the cap denies", cursor.PreToolUse, shell("ls"), process.Result{Stdout: []byte(`{"permission":"al`), StdoutTruncated: true},
			want{o: hookchain.Deny("the hook's answer is longer than the 17 bytes kept, and cannot be read; denied rather than guessed")}},
		{"a key given twice denies", cursor.BeforeMCPExecution, mcp("MCP:q"), process.Result{Stdout: []byte(`{"permission":"deny","permission":"allow"}`)},
			want{o: hookchain.Deny(`the hook's answer is ambiguous: an object in it has the key "permission" twice; denied rather than guessed`)}},
		{"after the call, a blank additional_context is no note", cursor.PostToolUse, result("Shell", "x"), process.Result{Stdout: []byte(`{"additional_context":" "}`)}, allow},
		{"after the call, a permission means nothing", cursor.PostToolUse, result("Shell", "x"), process.Result{Stdout: []byte(`{"permission":"deny"}`)}, allow},
		{"an observing event reads nothing", cursor.AfterMCPExecution, result("MCP:q", "x"), process.Result{Stdout: []byte(`{"updated_mcp_tool_output":"x"}`)}, allow},
		{"but its failure is still one", cursor.AfterFileEdit, result("Write", "x"), process.Result{ExitCode: 3}, want{err: "exited with a status the harness counts as a failure"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := cursor.Decide(tt.event, tt.call, tt.result)
			if tt.want.err != "" {
				assert.EqualError(t, err, tt.want.err)
				return
			}
			assert.NoError(t, err)
			assert.Equal(t, tt.want.o, got)
		})
	}
}
