package qwen_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/harness/qwen"
	"github.com/hookchain/hookchain/process"
)

// The corners of Qwen's reading that no hook program above reaches: what
// JavaScript makes of each answer.
func TestDecideReadsTheCornersOfAnAnswerAsQwenDoes(t *testing.T) {
	failed := func(code int) error { return &harness.StatusError{Code: code} }
	out := func(s string) process.Result { return process.Result{Stdout: []byte(s)} }
	tests := []struct {
		name    string
		event   hookchain.Event
		r       process.Result
		want    hookchain.Outcome
		wantErr error
	}{
		{"a doubly encoded answer is read", shell("ls"), out(`"{\"decision\":\"deny\",\"reason\":\"no\"}"`), hookchain.Deny("no"), nil},
		{"a string that holds no JSON is plain text, allowed at exit 0", shell("ls"), out(`"nope"`), hookchain.Allow(), nil},
		{"an array is an answer with nothing in it", shell("ls"), process.Result{ExitCode: 1, Stdout: []byte(`[1]`)}, hookchain.Allow(), nil},
		{"null at exit 0 is no answer", shell("ls"), out(`null`), hookchain.Allow(), nil},
		{"null at another status is a failure", shell("ls"), process.Result{ExitCode: 3, Stdout: []byte(`null`)}, hookchain.Outcome{}, failed(3)},
		{"stderr's JSON decides when stdout is blank", shell("ls"), process.Result{ExitCode: 1, Stderr: []byte(`{"decision":"deny","reason":"e"}`)}, hookchain.Deny("e"), nil},
		{"at exit 2 stdout is not read", shell("ls"), process.Result{ExitCode: 2, Stdout: []byte(`{"decision":"allow"}`), Stderr: []byte("from stderr")}, hookchain.Deny("from stderr"), nil},
		{"at exit 2 stderr's allow still blocks, with its reason", shell("ls"), process.Result{ExitCode: 2, Stderr: []byte(`{"decision":"allow","reason":"fine"}`)}, hookchain.Deny("fine"), nil},
		{"at exit 2 stderr's ask blocks", shell("ls"), process.Result{ExitCode: 2, Stderr: []byte(`{"hookSpecificOutput":{"permissionDecision":"ask"}}`)}, hookchain.Deny("Hook exited with a blocking error"), nil},
		{"at exit 2 stderr's stop stays a stop", shell("ls"), process.Result{ExitCode: 2, Stderr: []byte(`{"continue":false,"stopReason":"halt"}`)}, hookchain.Deny("stop requested: halt"), nil},
		{"at exit 2 JSON that is not an object blocks", shell("ls"), process.Result{ExitCode: 2, Stderr: []byte(`42`)}, hookchain.Deny("Hook exited with a blocking error"), nil},
		{"permissionDecision is read before decision", shell("ls"), out(`{"decision":"deny","hookSpecificOutput":{"permissionDecision":"allow"}}`), hookchain.Allow(), nil},
		{"block and approve are decisions", shell("ls"), out(`{"decision":"block","reason":"r"}`), hookchain.Deny("r"), nil},
		{"approve allows", shell("ls"), out(`{"decision":"approve"}`), hookchain.Allow(), nil},
		{"permissionDecisionReason is the reason before reason", shell("ls"),
			out(`{"reason":"r","hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"pdr"}}`), hookchain.Deny("pdr"), nil},
		{"an empty permissionDecisionReason gives way to stopReason", shell("ls"),
			out(`{"reason":"r","stopReason":"s","hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":""}}`), hookchain.Deny("s"), nil},
		{"a denial without a reason says so, as Qwen tells the model", shell("ls"), out(`{"hookSpecificOutput":{"permissionDecision":"deny"}}`), hookchain.Deny("No reason provided"), nil},
		{"an ask without a reason asks for confirmation", shell("ls"), out(`{"decision":"ask"}`), hookchain.Ask("User confirmation required"), nil},
		{"a denial wins over a stop", shell("ls"), out(`{"continue":false,"decision":"deny","reason":"r"}`), hookchain.Deny("r"), nil},
		{"an ask wins over a stop", shell("ls"), out(`{"continue":false,"decision":"ask","reason":"r"}`), hookchain.Ask("r"), nil},
		{"continue must be false itself, not falsy", shell("ls"), out(`{"continue":0}`), hookchain.Allow(), nil},
		{"a permissionDecision Qwen does not know is denied", shell("ls"), out(`{"hookSpecificOutput":{"permissionDecision":"Deny"}}`),
			hookchain.Deny(`the hook's answer has permissionDecision "Deny", which Qwen does not know; denied rather than guessed`), nil},
		{"even beside an allow", shell("ls"), out(`{"decision":"allow","hookSpecificOutput":{"permissionDecision":true}}`),
			hookchain.Deny(`the hook's answer has permissionDecision true, which Qwen does not know; denied rather than guessed`), nil},
		{"a decision Qwen does not know is denied", shell("ls"), out(`{"decision":"reject"}`),
			hookchain.Deny(`the hook's answer has decision "reject", which Qwen does not know; denied rather than guessed`), nil},
		{"a context that is not a string is no note", shell("ls"), out(`{"hookSpecificOutput":{"additionalContext":7}}`), hookchain.Allow(), nil},
		{"after the call a denial has no effect", shellResult("x"), out(`{"decision":"deny","hookSpecificOutput":{"permissionDecision":"deny"}}`), hookchain.Allow(), nil},
		{"after the call continue false withholds, with Qwen's reason", shellResult("x"), out(`{"continue":false}`), hookchain.Deny("No reason provided"), nil},
		{"after the call exit 2 reads stderr's JSON", shellResult("x"), process.Result{ExitCode: 2, Stderr: []byte(`{"continue":false,"reason":"r"}`)}, hookchain.Deny("r"), nil},
		{"after the call exit 2 with text is a failure", shellResult("x"), process.Result{ExitCode: 2, Stderr: []byte("no")}, hookchain.Outcome{}, failed(2)},
		{"an answer that gives a key twice is denied rather than guessed", shell("ls"), out(`{"decision":"deny","decision":"allow"}`),
			hookchain.Deny(`the hook's answer is ambiguous: an object in it has the key "decision" twice; denied rather than guessed`), nil},
		{"a key given twice after the call is denied too", shellResult("x"), out(`{"hookSpecificOutput":{"additionalContext":"a","additionalContext":"b"}}`),
			hookchain.Deny(`the hook's answer is ambiguous: an object in it has the key "additionalContext" twice; denied rather than guessed`), nil},
		{"a byte order mark is trimmed, as JavaScript trims it", shell("ls"), out("\uFEFF{\"decision\":\"deny\",\"reason\":\"bom\"}"), hookchain.Deny("bom"), nil},
		{"an answer cut at the cap is denied rather than guessed", shell("ls"), process.Result{Stdout: []byte(`{"decision":"allow","reason":"lo`), StdoutTruncated: true},
			hookchain.Deny("the hook's answer is longer than the 32 bytes kept, and cannot be read; denied rather than guessed"), nil},
		{"text cut at the cap still denies at exit 2, saying so", shell("ls"), process.Result{ExitCode: 2, Stderr: []byte("no"), StderrTruncated: true},
			hookchain.Deny("no [the output was longer, and was cut]"), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := qwen.Decide(tt.event, tt.r)
			assert.Equal(t, tt.wantErr, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestQwensToolNamesMapToClaudeCodesBothWays(t *testing.T) {
	tools := qwen.Profile().Tools
	for own, claude := range map[string]string{"run_shell_command": "Bash", "read_file": "Read", "write_file": "Write", "edit": "Edit",
		"grep_search": "Grep", "agent": "Task", "web_search": "WebSearch", "mcp__gh__issue": "mcp__gh__issue"} {
		assert.Equal(t, []string{claude}, tools.Claude(own), own)
		got, ok := tools.Own(claude)
		assert.True(t, ok, claude)
		assert.Equal(t, own, got, claude)
	}
	assert.Nil(t, tools.Claude("save_memory"))
	_, ok := tools.Own("NotebookEdit")
	assert.False(t, ok)
}
