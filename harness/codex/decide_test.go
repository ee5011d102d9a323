package codex_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/harness/codex"
	"github.com/hookchain/hookchain/process"
)

// Codex's reading of a hook's run, rule by rule: an error is a run Codex
// counts as failed.
func TestCodexReadsAHooksRunByItsRules(t *testing.T) {
	pre, post := shell("ls"), shellResult("ok")
	run := func(code int, stdout, stderr string) process.Result {
		return process.Result{ExitCode: code, Stdout: []byte(stdout), Stderr: []byte(stderr)}
	}
	deny := func(r string) hookchain.Outcome { return hookchain.Deny(r) }
	tests := []struct {
		name  string
		event hookchain.Event
		run   process.Result
		want  hookchain.Outcome
		err   string
	}{
		{"exit 0 with nothing is an allow", pre, run(0, " \n", ""), hookchain.Allow(), ""},
		{"plain text on stdout is ignored", pre, run(0, "checked 3 files\n", ""), hookchain.Allow(), ""},
		{"a JSON string on stdout is not an answer, and is ignored", pre, run(0, `"deny"`, ""), hookchain.Allow(), ""},
		{"stdout that looks like JSON but is not an object is a failure", pre, run(0, `[1]`, ""), hookchain.Outcome{}, "stdout looks like JSON but is not one JSON object"},
		{"broken JSON is a failure", pre, run(0, `{"decision":`, ""), hookchain.Outcome{}, "stdout looks like JSON but is not one JSON object"},
		{"an unknown top-level field is a failure", pre, run(0, `{"decision":"block","reason":"r","note":1}`, ""), hookchain.Outcome{}, `the answer is not in Codex's schema: unknown field "note"`},
		{"a field spelled in another case is unknown", pre, run(0, `{"Decision":"block","reason":"r"}`, ""), hookchain.Outcome{}, `the answer is not in Codex's schema: unknown field "Decision"`},
		{"a key given twice is denied rather than guessed", pre, run(0, `{"decision":"block","reason":"a","reason":"b"}`, ""), deny(`the hook's answer is ambiguous: an object in it has the key "reason" twice; denied rather than guessed`), ""},
		{"a key given twice deep in a rewrite is denied too", pre, run(0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"ls","command":"rm -rf /"}}}`, ""), deny(`the hook's answer is ambiguous: an object in it has the key "command" twice; denied rather than guessed`), ""},
		{"a known field of the wrong type is a failure", pre, run(0, `{"continue":"yes"}`, ""), hookchain.Outcome{}, "the answer is not in Codex's schema: continue is not a boolean"},
		{"hookSpecificOutput needs a hookEventName", pre, run(0, `{"hookSpecificOutput":{"additionalContext":"c"}}`, ""), hookchain.Outcome{}, "the answer is not in Codex's schema: hookSpecificOutput has no hookEventName"},
		{"hookEventName is one of Codex's events, not necessarily this one", pre, run(0, `{"hookSpecificOutput":{"hookEventName":"Stop","additionalContext":"c"}}`, ""), hookchain.Allow().WithNote("c"), ""},
		{"a decision outside Codex's values is a failure", pre, run(0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"defer"}}`, ""), hookchain.Outcome{}, `the answer is not in Codex's schema: permissionDecision "defer" is not one of allow, deny, ask`},
		{"a bare allow is a failure", pre, run(0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}`, ""), hookchain.Outcome{}, `permissionDecision "allow" without updatedInput is not supported`},
		{"updatedInput without allow is a failure", pre, run(0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"ls -a"}}}`, ""), hookchain.Outcome{}, `updatedInput comes without permissionDecision "allow"`},
		{"a deny without a reason is a failure", pre, run(0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"  "}}`, ""), hookchain.Outcome{}, `permissionDecision "deny" without a permissionDecisionReason`},
		{"a reason without a decision is a failure", pre, run(0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecisionReason":"r"}}`, ""), hookchain.Outcome{}, "permissionDecisionReason without permissionDecision"},
		{"the legacy block denies with its trimmed reason", pre, run(0, `{"decision":"block","reason":" no \n"}`, ""), deny("no"), ""},
		{"the legacy approve is a failure", pre, run(0, `{"decision":"approve"}`, ""), hookchain.Outcome{}, `decision "approve" is not supported`},
		{"the hookSpecificOutput decides over the legacy decision", pre, run(0, `{"decision":"block","reason":"r","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"ls -a"}}}`, ""),
			hookchain.Modify(json.RawMessage(`{"command":"ls -a"}`), ""), ""},
		{"a deny keeps its context", pre, run(0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"r","additionalContext":"c"}}`, ""), deny("r").WithNote("c"), ""},
		{"continue false is a failure before the call", pre, run(0, `{"continue":false}`, ""), hookchain.Outcome{}, `"continue": false is not supported at PreToolUse`},
		{"a systemMessage is for the user, and decides nothing", pre, run(0, `{"systemMessage":"checked"}`, ""), hookchain.Allow(), ""},
		{"an answer cut at the cap is denied rather than guessed", pre, process.Result{Stdout: []byte(`{"decision":"blo`), StdoutTruncated: true},
			deny("the hook's answer is longer than the 16 bytes kept, and cannot be read; denied rather than guessed"), ""},
		{"plain text cut at the cap is still ignored", pre, process.Result{Stdout: []byte("checked 3 files"), StdoutTruncated: true}, hookchain.Allow(), ""},
		{"a reason cut at the cap says so", pre, process.Result{ExitCode: 2, Stderr: []byte("lint: 600 errors"), StderrTruncated: true}, deny("lint: 600 errors [stderr was longer, and was cut]"), ""},
		{"exit 2 ignores stdout and denies with stderr", pre, run(2, `{"decision":"approve"}`, " rm is off limits\n"), deny("rm is off limits"), ""},
		{"exit 2 with nothing on stderr is a failure", pre, run(2, "", "\n"), hookchain.Outcome{}, "exited with status 2 but wrote no reason on stderr"},
		{"exit 1 is a failure, whatever stdout says", pre, run(1, `{"decision":"block","reason":"r"}`, ""), hookchain.Outcome{}, (&harness.StatusError{Code: 1}).Error()},
		{"after the call, a block withholds the output behind its reason", post, run(0, `{"decision":"block","reason":"secret"}`, ""), deny("secret"), ""},
		{"after the call, approve is not a decision", post, run(0, `{"decision":"approve","reason":"r"}`, ""), hookchain.Outcome{}, `the answer is not in Codex's schema: decision "approve" is not one of block`},
		{"after the call, a block without a reason is a failure", post, run(0, `{"decision":"block"}`, ""), hookchain.Outcome{}, `decision "block" without a reason`},
		{"after the call, a reason without a decision is a failure", post, run(0, `{"reason":"r"}`, ""), hookchain.Outcome{}, "reason without decision"},
		{"after the call, updatedMCPToolOutput is a failure", post, run(0, `{"hookSpecificOutput":{"hookEventName":"PostToolUse","updatedMCPToolOutput":{"ok":true}}}`, ""), hookchain.Outcome{}, "updatedMCPToolOutput is not supported"},
		{"after the call, PreToolUse's fields are unknown", post, run(0, `{"hookSpecificOutput":{"hookEventName":"PostToolUse","permissionDecision":"deny"}}`, ""), hookchain.Outcome{}, `the answer is not in Codex's schema: unknown field "permissionDecision" in hookSpecificOutput`},
		{"after the call, continue false stops with the reason over the stopReason", post, run(0, `{"continue":false,"stopReason":"halt","reason":"fix the tests"}`, ""), deny("stop requested: fix the tests"), ""},
		{"after the call, continue false without either says so", post, run(0, `{"continue":false}`, ""), deny("stop requested: PostToolUse hook stopped execution"), ""},
		{"after the call, suppressOutput is a failure", post, run(0, `{"suppressOutput":true}`, ""), hookchain.Outcome{}, "suppressOutput is not supported at PostToolUse"},
		{"after the call, exit 2 shows the model stderr in place of the output", post, run(2, "", "lint failed"), deny("lint failed"), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := codex.Decide(tt.event, tt.run)
			if tt.err != "" {
				assert.EqualError(t, err, tt.err)
				return
			}
			assert.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}
