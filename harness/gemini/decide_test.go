package gemini_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/harness/gemini"
	"github.com/hookchain/hookchain/process"
)

// The corners of Gemini's reading that no hook program above reaches:
// what JavaScript makes of each answer.
func TestDecideReadsTheCornersOfAnAnswerAsGeminiDoes(t *testing.T) {
	failed := func(code int) error { return &harness.StatusError{Code: code} }
	tests := []struct {
		name    string
		event   hookchain.Event
		r       process.Result
		want    hookchain.Outcome
		wantErr error
	}{
		{"a doubly encoded answer is read", shell("ls"), process.Result{Stdout: []byte(`"{\"decision\":\"deny\",\"reason\":\"no\"}"`)}, hookchain.Deny("no"), nil},
		{"a string that holds no JSON is plain text, which denies at exit 2", shell("ls"), process.Result{ExitCode: 2, Stdout: []byte(`"nope"`)}, hookchain.Deny(`"nope"`), nil},
		{"an array is an answer with nothing in it", shell("ls"), process.Result{ExitCode: 2, Stdout: []byte(`[1]`)}, hookchain.Allow(), nil},
		{"null at exit 0 is no answer", shell("ls"), process.Result{Stdout: []byte(`null`)}, hookchain.Allow(), nil},
		{"null at another status is a failure", shell("ls"), process.Result{ExitCode: 3, Stdout: []byte(`null`)}, hookchain.Outcome{}, failed(3)},
		{"stdout is read before stderr, at exit 2 too", shell("ls"), process.Result{ExitCode: 2, Stdout: []byte("from stdout\n"), Stderr: []byte("from stderr")}, hookchain.Deny("from stdout"), nil},
		{"stderr's JSON decides when stdout is blank", shell("ls"), process.Result{ExitCode: 2, Stderr: []byte(`{"decision":"allow"}`)}, hookchain.Allow(), nil},
		{"block is deny", shell("ls"), process.Result{Stdout: []byte(`{"decision":"block","reason":"r"}`)}, hookchain.Deny("r"), nil},
		{"the stopReason is the reason before the reason", shell("ls"), process.Result{Stdout: []byte(`{"decision":"deny","reason":"r","stopReason":"s"}`)}, hookchain.Deny("s"), nil},
		{"a denial without a reason says so, as Gemini tells the model", shell("ls"), process.Result{Stdout: []byte(`{"decision":"deny"}`)}, hookchain.Deny("No reason provided"), nil},
		{"continue false stops before the call", shell("ls"), process.Result{Stdout: []byte(`{"continue":false,"reason":"r"}`)}, hookchain.Deny("stop requested: r"), nil},
		{"continue must be false itself, not falsy", shell("ls"), process.Result{Stdout: []byte(`{"continue":0}`)}, hookchain.Allow(), nil},
		{"an ask with tool_input asks about the rewritten call", shell("git push"),
			process.Result{Stdout: []byte(`{"decision":"ask","reason":"sure?","hookSpecificOutput":{"tool_input":{"command":"git push -n"}}}`)},
			hookchain.AskAbout(json.RawMessage(`{"command":"git push -n","description":"run it"}`), "sure?"), nil},
		{"a tool_input that is not an object is ignored", shell("ls"), process.Result{Stdout: []byte(`{"hookSpecificOutput":{"tool_input":["rm"]}}`)}, hookchain.Allow(), nil},
		{"a tool_input keeps the text it gives", shell("ls"), process.Result{Stdout: []byte(`{"hookSpecificOutput":{"tool_input":{"command":"a<b&c"}}}`)},
			hookchain.Modify(json.RawMessage(`{"command":"a<b&c","description":"run it"}`), ""), nil},
		{"an ask after the call has no effect", shellResult("x"), process.Result{Stdout: []byte(`{"decision":"ask"}`)}, hookchain.Allow(), nil},
		{"an answer that gives a key twice is denied rather than guessed", shell("ls"), process.Result{Stdout: []byte(`{"decision":"deny","decision":"allow"}`)},
			hookchain.Deny(`the hook's answer is ambiguous: an object in it has the key "decision" twice; denied rather than guessed`), nil},
		{"a doubly encoded answer that gives a key twice is denied too", shell("ls"), process.Result{Stdout: []byte(`"{\"decision\":\"allow\",\"decision\":\"deny\"}"`)},
			hookchain.Deny(`the hook's answer is ambiguous: an object in it has the key "decision" twice; denied rather than guessed`), nil},
		{"a key given twice deep in the answer is denied", shell("ls"), process.Result{Stdout: []byte(`{"hookSpecificOutput":{"tool_input":{"command":"ls","command":"rm -rf /"}}}`)},
			hookchain.Deny(`the hook's answer is ambiguous: an object in it has the key "command" twice; denied rather than guessed`), nil},
		{"a byte order mark is trimmed, as JavaScript trims it", shell("ls"), process.Result{Stdout: []byte("\uFEFF{\"decision\":\"deny\",\"reason\":\"bom\"}")}, hookchain.Deny("bom"), nil},
		{"U+0085 is not trimmed, as JavaScript does not: the answer is text", shell("ls"), process.Result{ExitCode: 2, Stdout: []byte("\u0085{}")}, hookchain.Deny("\u0085{}"), nil},
		{"an answer cut at the cap is denied rather than guessed", shell("ls"), process.Result{Stdout: []byte(`{"decision":"allow","reason":"lo`), StdoutTruncated: true},
			hookchain.Deny("the hook's answer is longer than the 32 bytes kept, and cannot be read; denied rather than guessed"), nil},
		{"text cut at the cap still denies at exit 2, saying so", shell("ls"), process.Result{ExitCode: 2, Stderr: []byte("no"), StderrTruncated: true},
			hookchain.Deny("no [the output was longer, and was cut]"), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := gemini.Decide(tt.event, tt.r)
			assert.Equal(t, tt.wantErr, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestGeminisToolNamesMapToClaudeCodesBothWays(t *testing.T) {
	tools := gemini.Profile().Tools
	for own, claude := range map[string]string{"run_shell_command": "Bash", "read_file": "Read", "write_file": "Write", "replace": "Edit", "grep_search": "Grep", "mcp__gh__issue": "mcp__gh__issue"} {
		assert.Contains(t, tools.Claude(own), claude, own)
		got, ok := tools.Own(claude)
		assert.True(t, ok, claude)
		assert.Equal(t, own, got, claude)
	}
	assert.Nil(t, tools.Claude("save_memory"))
	_, ok := tools.Own("NotebookEdit")
	assert.False(t, ok)
}
