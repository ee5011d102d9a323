package claudecode

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/process"
)

// Events the tests ask about: one of each Claude Code event, and an MCP call.
var (
	before = hookchain.Event{
		Hook: hookchain.BeforeTool, Tool: "Bash", CallID: "toolu_01",
		Input: json.RawMessage(`{"command":"ls"}`),
	}
	after = hookchain.Event{
		Hook: hookchain.AfterTool, Tool: "Bash", CallID: "toolu_01",
		Input: json.RawMessage(`{"command":"ls"}`), Output: json.RawMessage(`{"stdout":"notes.txt","stderr":"","interrupted":false,"isImage":false}`),
	}
	failed = hookchain.Event{
		Hook: hookchain.AfterTool, Tool: "Bash", CallID: "toolu_01",
		Input: json.RawMessage(`{"command":"ls /nope"}`), Output: json.RawMessage(`"ls: /nope: No such file or directory"`),
		IsError: true,
	}
	mcpAfter = hookchain.Event{
		Hook: hookchain.AfterTool, Tool: "mcp__github__get_issue", CallID: "toolu_02",
		Input: json.RawMessage(`{"number":7}`), Output: json.RawMessage(`{"content":[{"type":"text","text":"token ghp_x"}]}`),
	}
)

// pre is a PreToolUse answer with the given hookSpecificOutput fields.
func pre(fields string) string {
	return `{"hookSpecificOutput":{"hookEventName":"PreToolUse"` + fields + `}}`
}

// blockedNote is the outcome of a Claude Code hook's block after the call:
// the output kept, the reason a note.
func blockedNote(reason string) hookchain.Outcome {
	text := BlockedAfterPrefix + reason
	return hookchain.Outcome{Reason: text}.WithNote(text)
}

// exited is a hook run that exited 0 with stdout.
func exited(stdout string) process.Result { return process.Result{Stdout: []byte(stdout)} }

func TestExitTwoBlocksWithStderrAsTheReason(t *testing.T) {
	tests := []struct {
		name   string
		event  hookchain.Event
		result process.Result
		want   hookchain.Outcome
	}{
		{"before the call, stderr trimmed", before,
			process.Result{ExitCode: 2, Stderr: []byte("  rm -rf is not allowed here\n")},
			hookchain.Deny("rm -rf is not allowed here")},
		{"after the call, a note for the model", after,
			process.Result{ExitCode: 2, Stderr: []byte("the output holds a credential\n")},
			blockedNote("the output holds a credential")},
		{"after a failed call", failed,
			process.Result{ExitCode: 2, Stderr: []byte("do not retry this")},
			blockedNote("do not retry this")},
		{"with nothing on stderr a default reason", before,
			process.Result{ExitCode: 2, Stderr: []byte(" \n")},
			hookchain.Deny("blocked with exit status 2 and nothing on stderr")},
		// "even a JSON permissionDecision of "allow" can't override it"
		{"a JSON allow does not lift the block", before,
			process.Result{ExitCode: 2, Stdout: []byte(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}`), Stderr: []byte("no")},
			hookchain.Deny("no")},
		// "The blocking message is the reason from your JSON's blocking
		// decision when it makes one, and your stderr text otherwise."
		{"a JSON denial gives the reason", before,
			process.Result{ExitCode: 2, Stdout: []byte(pre(`,"permissionDecision":"deny","permissionDecisionReason":"from the JSON"`)), Stderr: []byte("from stderr")},
			hookchain.Deny("from the JSON")},
		{"a JSON block gives the reason after the call", after,
			process.Result{ExitCode: 2, Stdout: []byte(`{"decision":"block","reason":"from the JSON"}`), Stderr: []byte("from stderr")},
			blockedNote("from the JSON")},
		{"the JSON's additionalContext is kept", before,
			process.Result{ExitCode: 2, Stdout: []byte(pre(`,"additionalContext":"run the linter first"`)), Stderr: []byte("lint errors")},
			hookchain.Deny("lint errors").WithNote("run the linter first")},
		// "A hook that exits 2 while printing JSON that fails JSON output
		// schema validation still blocks: Claude Code uses stderr"
		{"JSON that is not a valid answer still blocks, with stderr", before,
			process.Result{ExitCode: 2, Stdout: []byte(`{"decision":"maybe"}`), Stderr: []byte("no")},
			hookchain.Deny("no")},
		{"garbage on stdout still blocks, with stderr", after,
			process.Result{ExitCode: 2, Stdout: []byte(`{garbage`), Stderr: []byte("no")},
			blockedNote("no")},
		{"a stderr cut at its cap still blocks, and the reason says it was cut", before,
			process.Result{ExitCode: 2, Stderr: []byte("src/a.ts:1:1 error\nsrc/a.ts:2:1 err"), StderrTruncated: true},
			hookchain.Deny("src/a.ts:1:1 error\nsrc/a.ts:2:1 err\n… (stderr cut: only its first 35 bytes are kept)")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Decide(tt.event, tt.result)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestOtherExitStatusesAreFailuresNamingTheStatusAndStderr(t *testing.T) {
	tests := []struct {
		result process.Result
		want   string
	}{
		{process.Result{ExitCode: 1, Stderr: []byte("jq: command not found\n")}, `exited with status 1; stderr: "jq: command not found"`},
		{process.Result{ExitCode: 3}, "exited with status 3"},
		{process.Result{ExitCode: 127, Stderr: []byte("sh: hook.sh: not found")}, `exited with status 127; stderr: "sh: hook.sh: not found"`},
		{process.Result{ExitCode: 1, Stdout: []byte(`{"decision":"maybe","reason":"x"}`)}, "exited with status 1"},
		{process.Result{ExitCode: 1, Stdout: []byte(`Traceback (most recent call last)`)}, "exited with status 1"},
		{process.Result{ExitCode: -1, Stderr: []byte("?")}, `exited with status -1; stderr: "?"`},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			for _, e := range []hookchain.Event{before, after} {
				got, err := Decide(e, tt.result)
				require.EqualError(t, err, tt.want)
				assert.Equal(t, hookchain.Outcome{}, got)
			}
		})
	}
}

func TestAtAnyOtherExitStatusAValidJSONAnswerDecides(t *testing.T) {
	// "With a parsed object that passes schema validation ... Claude Code
	// ignores the exit code and the JSON alone decides the outcome."
	tests := []struct {
		name   string
		event  hookchain.Event
		result process.Result
		want   hookchain.Outcome
	}{
		{"a denial printed before exit 1", before,
			process.Result{ExitCode: 1, Stdout: []byte(pre(`,"permissionDecision":"deny","permissionDecisionReason":"secrets in the command"`))},
			hookchain.Deny("secrets in the command")},
		{"a legacy block printed before exit 3", before,
			process.Result{ExitCode: 3, Stdout: []byte(`{"decision":"block","reason":"x"}`)},
			hookchain.Deny("x")},
		{"a block after the call", after,
			process.Result{ExitCode: 1, Stdout: []byte(`{"decision":"block","reason":"x"}`)},
			blockedNote("x")},
		{"context alone", before,
			process.Result{ExitCode: 127, Stdout: []byte(pre(`,"additionalContext":"note"`))},
			hookchain.Allow().WithNote("note")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Decide(tt.event, tt.result)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestACutAnswerIsDeniedAndCutTextIsNoDecision(t *testing.T) {
	// Past a cap the answer is the fail-closed one, named; text that is not
	// JSON decides nothing however long it is.
	cutJSON := []byte(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"al`)
	for _, code := range []int{0, 1} {
		got, err := Decide(before, process.Result{ExitCode: code, Stdout: cutJSON, StdoutTruncated: true})
		require.NoError(t, err)
		assert.Equal(t, hookchain.Deny("the hook's answer on stdout is longer than the 76 bytes hookchain reads, so its decision cannot be known; denied rather than guessed"), got)
	}
	got, err := Decide(before, process.Result{Stdout: []byte("ok ok ok ok"), StdoutTruncated: true})
	require.NoError(t, err)
	assert.Equal(t, hookchain.Allow(), got)
}

func TestAFailureQuotesTheEndOfALongStderr(t *testing.T) {
	_, err := Decide(before, process.Result{ExitCode: 1, Stderr: []byte(strings.Repeat("é", 5000) + "the last word")})
	require.EqualError(t, err, "exited with status 1; stderr: "+fmt.Sprintf("%q", process.Excerpt([]byte(strings.Repeat("é", 5000)+"the last word"))))
	assert.Contains(t, err.Error(), `the last word"`)
}

func TestExitZeroWithoutAJSONObjectIsNoDecision(t *testing.T) {
	for _, stdout := range []string{
		"",
		" \n\t",
		"all good\n",
		"Formatted 3 files {ok}",
		`["not", "an", "object"]`,
		`"a JSON string"`,
		"42",
	} {
		t.Run(stdout, func(t *testing.T) {
			for _, e := range []hookchain.Event{before, after, failed} {
				got, err := Decide(e, exited(stdout))
				require.NoError(t, err)
				assert.Equal(t, hookchain.Allow(), got)
			}
		})
	}
}

func TestStdoutThatStartsLikeJSONButIsNotValidIsAFailure(t *testing.T) {
	for _, stdout := range []string{
		`{`,
		`{not json`,
		`  {"decision": "block",}`,
		`{"decision":"block"} and more`,
		"{\"decision\":\"block\"}\n{\"decision\":\"approve\"}",
	} {
		t.Run(stdout, func(t *testing.T) {
			got, err := Decide(before, exited(stdout))
			require.Error(t, err)
			assert.Contains(t, err.Error(), "stdout starts with '{' but is not valid JSON")
			assert.Equal(t, hookchain.Outcome{}, got)
		})
	}
}

func TestKnownFieldsOfTheWrongTypeAreFailures(t *testing.T) {
	tests := []struct {
		stdout string
		want   string
	}{
		{`{"continue":"no"}`, "continue is a string, want a boolean"},
		{`{"stopReason":false}`, "stopReason is a boolean, want a string"},
		{`{"suppressOutput":"yes"}`, "suppressOutput is a string, want a boolean"},
		{`{"systemMessage":{}}`, "systemMessage is an object, want a string"},
		{`{"decision":1}`, "decision is a number, want a string"},
		{`{"reason":["a"]}`, "reason is an array, want a string"},
		{`{"hookSpecificOutput":"deny"}`, "hookSpecificOutput is a string, want a JSON object"},
		{`{"hookSpecificOutput":{"hookEventName":7}}`, "hookSpecificOutput.hookEventName is a number, want a string"},
		{`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":true}}`, "hookSpecificOutput.permissionDecision is a boolean, want a string"},
		{`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecisionReason":1}}`, "hookSpecificOutput.permissionDecisionReason is a number, want a string"},
		{`{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":"ls -la"}}`, "hookSpecificOutput.updatedInput is a string, want a JSON object"},
		{`{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":[1]}}`, "hookSpecificOutput.updatedInput is an array, want a JSON object"},
		{`{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":{"a":1}}}`, "hookSpecificOutput.additionalContext is an object, want a string"},
	}
	for _, tt := range tests {
		t.Run(tt.stdout, func(t *testing.T) {
			got, err := Decide(before, exited(tt.stdout))
			require.EqualError(t, err, "stdout is not a valid hook output: "+tt.want)
			assert.Equal(t, hookchain.Outcome{}, got)
		})
	}
}

func TestPreToolUseAnswers(t *testing.T) {
	tests := []struct {
		name   string
		stdout string
		want   hookchain.Outcome
	}{
		{"allow", pre(`,"permissionDecision":"allow"`), hookchain.Allow()},
		{"allow keeps its reason for observers", pre(`,"permissionDecision":"allow","permissionDecisionReason":"read-only"`),
			hookchain.Outcome{Reason: "read-only"}},
		{"deny with its reason", pre(`,"permissionDecision":"deny","permissionDecisionReason":"no network from here"`),
			hookchain.Deny("no network from here")},
		{"deny falls back to the top-level reason", `{"reason":"policy 7","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}`,
			hookchain.Deny("policy 7")},
		{"deny without any reason is given one", pre(`,"permissionDecision":"deny"`),
			hookchain.Deny("blocked by the hook, which gave no reason")},
		{"deny with updatedInput still denies", pre(`,"permissionDecision":"deny","updatedInput":{"command":"ls"}`),
			hookchain.Deny("blocked by the hook, which gave no reason")},
		{"ask puts the call to the chain's approver", pre(`,"permissionDecision":"ask","permissionDecisionReason":"pushes to main"`),
			hookchain.Ask("pushes to main")},
		{"ask without a reason", pre(`,"permissionDecision":"ask"`), hookchain.Ask("")},
		{"ask falls back to the top-level reason", `{"reason":"force-push","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask"}}`,
			hookchain.Ask("force-push")},
		// "Combine with "allow" to auto-approve, or "ask" to show the
		// modified input to the user."
		{"ask with updatedInput rewrites the call and asks about the rewrite",
			pre(`,"permissionDecision":"ask","permissionDecisionReason":"pushes to main","updatedInput":{"command":"git push --dry-run"}`),
			hookchain.AskAbout(json.RawMessage(`{"command":"git push --dry-run"}`), "pushes to main")},
		{"ask with updatedInput and no reason", pre(`,"permissionDecision":"ask","updatedInput":{"command":"git push --dry-run"}`),
			hookchain.AskAbout(json.RawMessage(`{"command":"git push --dry-run"}`), "")},
		{"ask with updatedInput that is the call's input, spaced differently, asks", pre(`,"permissionDecision":"ask","updatedInput":{ "command" : "ls" }`),
			hookchain.Ask("")},
		{"ask with updatedInput whose keys are reordered is a rewrite", pre(`,"permissionDecision":"ask","updatedInput":{"timeout":1,"command":"ls"}`),
			hookchain.AskAbout(json.RawMessage(`{"timeout":1,"command":"ls"}`), "")},
		{"defer is no decision", pre(`,"permissionDecision":"defer"`), hookchain.Allow()},
		{"defer ignores updatedInput", pre(`,"permissionDecision":"defer","updatedInput":{"command":"rm -rf /"}`), hookchain.Allow()},
		{"allow with updatedInput modifies", pre(`,"permissionDecision":"allow","permissionDecisionReason":"added a timeout","updatedInput":{"command":"ls","timeout":60}`),
			hookchain.Modify(json.RawMessage(`{"command":"ls","timeout":60}`), "added a timeout")},
		{"updatedInput without a decision modifies", pre(`,"updatedInput":{"command":"ls -la"}`),
			hookchain.Modify(json.RawMessage(`{"command":"ls -la"}`), "updatedInput")},
		{"updatedInput replaces the whole input, as written", pre(`,"updatedInput":{ "timeout" : 5 }`),
			hookchain.Modify(json.RawMessage(`{ "timeout" : 5 }`), "updatedInput")},
		{"legacy block denies", `{"decision":"block","reason":"legacy says no"}`, hookchain.Deny("legacy says no")},
		{"legacy block without a reason", `{"decision":"block"}`, hookchain.Deny("blocked by the hook, which gave no reason")},
		{"legacy approve allows", `{"decision":"approve","reason":"fine"}`, hookchain.Outcome{Reason: "fine"}},
		{"legacy approve with updatedInput modifies", `{"decision":"approve","hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"pwd"}}}`,
			hookchain.Modify(json.RawMessage(`{"command":"pwd"}`), "updatedInput")},
		{"permissionDecision outranks the legacy decision", `{"decision":"block","reason":"old","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}`,
			hookchain.Outcome{Reason: "old"}},
		{"the legacy decision applies when permissionDecision is absent", `{"decision":"block","reason":"old","hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"ls"}}}`,
			hookchain.Deny("old")},
		{"after-call fields mean nothing before the call", pre(`,"updatedToolOutput":"x"`), hookchain.Allow()},
		{"an empty object is no decision", `{}`, hookchain.Allow()},
		{"unknown fields are ignored", `{"verdict":"deny","hookSpecificOutput":{"hookEventName":"PreToolUse","permission":"deny"}}`, hookchain.Allow()},
		{"names are matched exactly", `{"Decision":"block","Continue":false,"HookSpecificOutput":{"PermissionDecision":"deny"}}`, hookchain.Allow()},
		{"null fields are absent", `{"decision":null,"continue":null,"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":null,"updatedInput":null}}`, hookchain.Allow()},
		{"systemMessage is a message for the user, and suppressOutput changes nothing", `{"systemMessage":"checked","suppressOutput":true}`, hookchain.Allow().WithMessage("checked")},
		{"a blank systemMessage is none", `{"systemMessage":"  "}`, hookchain.Allow()},
		{"a denial keeps its systemMessage", `{"systemMessage":"see the policy","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}`, hookchain.Deny("no").WithMessage("see the policy")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Decide(before, exited(tt.stdout))
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestPostToolUseAnswers(t *testing.T) {
	post := func(event, fields string) string {
		return `{"hookSpecificOutput":{"hookEventName":"` + event + `"` + fields + `}}`
	}
	tests := []struct {
		name   string
		event  hookchain.Event
		stdout string
		want   hookchain.Outcome
	}{
		{"block keeps the output and notes the reason", after, `{"decision":"block","reason":"the output holds a stack trace"}`,
			blockedNote("the output holds a stack trace")},
		{"block without a reason", after, `{"decision":"block"}`,
			blockedNote("blocked by the hook, which gave no reason")},
		{"approve is no decision", after, `{"decision":"approve"}`, hookchain.Allow()},
		{"updatedToolOutput in the tool's shape replaces", after, post("PostToolUse", `,"updatedToolOutput":{"stdout":"[redacted]","stderr":"","interrupted":false}`),
			hookchain.Replace(json.RawMessage(`{"stdout":"[redacted]","stderr":"","interrupted":false}`), false, "updatedToolOutput")},
		{"updatedToolOutput of another shape is ignored, saying the output reaches the model", after, post("PostToolUse", `,"updatedToolOutput":"[redacted]"`),
			hookchain.Outcome{Reason: "updatedToolOutput ignored: Bash's output is an object with \"stdout\" (a string), \"stderr\" (a string) and \"interrupted\" (a boolean), " +
				"and the replacement is a string; Claude Code ignores a replacement that does not have the tool's output shape, so the tool's own output reaches the model unchanged"}},
		{"a replaced error result stays an error", failed, post("PostToolUseFailure", `,"updatedToolOutput":"the command failed"`),
			hookchain.Replace(json.RawMessage(`"the command failed"`), true, "updatedToolOutput")},
		{"updatedMCPToolOutput replaces an MCP tool's output", mcpAfter, post("PostToolUse", `,"updatedMCPToolOutput":{"content":[{"type":"text","text":"token [redacted]"}]}`),
			hookchain.Replace(json.RawMessage(`{"content":[{"type":"text","text":"token [redacted]"}]}`), false, "updatedMCPToolOutput")},
		{"updatedMCPToolOutput is ignored for other tools", after, post("PostToolUse", `,"updatedMCPToolOutput":"x"`),
			hookchain.Outcome{Reason: "updatedMCPToolOutput ignored: Bash is not an MCP tool"}},
		{"updatedToolOutput outranks updatedMCPToolOutput", mcpAfter, post("PostToolUse", `,"updatedMCPToolOutput":"mcp","updatedToolOutput":"any"`),
			hookchain.Replace(json.RawMessage(`"any"`), false, "updatedToolOutput")},
		{"block beside a replacement does both", after, `{"decision":"block","reason":"no","hookSpecificOutput":{"hookEventName":"PostToolUse","updatedToolOutput":{"stdout":"x","stderr":"","interrupted":false}}}`,
			hookchain.Outcome{Verdict: hookchain.Replaced, Output: json.RawMessage(`{"stdout":"x","stderr":"","interrupted":false}`),
				Reason: "blocked after the call: no; updatedToolOutput"}.WithNote("blocked after the call: no")},
		{"block after a failed call", failed, `{"decision":"block","reason":"do not retry"}`,
			blockedNote("do not retry")},
		{"permissionDecision means nothing after the call", after, post("PostToolUse", `,"permissionDecision":"deny"`), hookchain.Allow()},
		{"updatedInput means nothing after the call", after, post("PostToolUse", `,"updatedInput":{"command":"rm"}`), hookchain.Allow()},
		{"plain answer with nothing to do", after, `{"suppressOutput":true}`, hookchain.Allow()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Decide(tt.event, exited(tt.stdout))
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestContinueFalseDeniesAtBothHooksNamingTheStopReason(t *testing.T) {
	tests := []struct {
		name   string
		event  hookchain.Event
		stdout string
		want   hookchain.Outcome
	}{
		{"before the call", before, `{"continue":false,"stopReason":"tests are failing; fix them first"}`,
			hookchain.Deny("stop requested: tests are failing; fix them first")},
		{"after the call", after, `{"continue":false,"stopReason":"budget spent"}`,
			hookchain.Deny("stop requested: budget spent")},
		{"after a failed call", failed, `{"continue":false,"stopReason":"three failures in a row"}`,
			hookchain.Deny("stop requested: three failures in a row")},
		{"without a stopReason", before, `{"continue":false}`,
			hookchain.Deny("stop requested (continue: false)")},
		{"outranks allow and updatedInput", before, `{"continue":false,"stopReason":"stop","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"ls"}}}`,
			hookchain.Deny("stop requested: stop")},
		{"outranks a block's reason", after, `{"continue":false,"stopReason":"stop","decision":"block","reason":"other"}`,
			hookchain.Deny("stop requested: stop")},
		{"outranks a replacement", after, `{"continue":false,"stopReason":"stop","hookSpecificOutput":{"hookEventName":"PostToolUse","updatedToolOutput":"x"}}`,
			hookchain.Deny("stop requested: stop")},
		{"continue true changes nothing", before, `{"continue":true,"stopReason":"ignored"}`, hookchain.Allow()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Decide(tt.event, exited(tt.stdout))
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestHookSpecificOutputMustNameTheEventTheHookWasRunFor(t *testing.T) {
	tests := []struct {
		name   string
		event  hookchain.Event
		stdout string
		want   string
	}{
		{"missing", before, `{"hookSpecificOutput":{"permissionDecision":"deny"}}`,
			`hookSpecificOutput has no hookEventName (want "PreToolUse")`},
		{"an after-call answer before the call", before, `{"hookSpecificOutput":{"hookEventName":"PostToolUse","permissionDecision":"deny"}}`,
			`hookSpecificOutput.hookEventName is "PostToolUse", want "PreToolUse"`},
		{"a before-call answer after the call", after, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedToolOutput":"x"}}`,
			`hookSpecificOutput.hookEventName is "PreToolUse", want "PostToolUse"`},
		{"PostToolUse for a failed call", failed, `{"hookSpecificOutput":{"hookEventName":"PostToolUse","updatedToolOutput":"x"}}`,
			`hookSpecificOutput.hookEventName is "PostToolUse", want "PostToolUseFailure"`},
		{"another event altogether", before, `{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"x"}}`,
			`hookSpecificOutput.hookEventName is "UserPromptSubmit", want "PreToolUse"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Decide(tt.event, exited(tt.stdout))
			require.EqualError(t, err, tt.want)
			assert.Equal(t, hookchain.Outcome{}, got)
		})
	}
}

func TestDecisionValuesOutsideClaudeCodesAreFailures(t *testing.T) {
	tests := []struct {
		event  hookchain.Event
		stdout string
		want   string
	}{
		{before, `{"decision":"deny"}`, `decision is "deny", want "block" or "approve"`},
		{after, `{"decision":"Block"}`, `decision is "Block", want "block" or "approve"`},
		{before, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"block"}}`,
			`hookSpecificOutput.permissionDecision is "block", want "allow", "deny", "ask" or "defer"`},
		{before, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"DENY"}}`,
			`hookSpecificOutput.permissionDecision is "DENY", want "allow", "deny", "ask" or "defer"`},
	}
	for _, tt := range tests {
		t.Run(tt.stdout, func(t *testing.T) {
			got, err := Decide(tt.event, exited(tt.stdout))
			require.EqualError(t, err, tt.want)
			assert.Equal(t, hookchain.Outcome{}, got)
		})
	}
}

func TestAdditionalContextRidesOnWhateverTheHookAnswered(t *testing.T) {
	pre := func(fields string) string {
		return `{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"use the staging database"` + fields + `}}`
	}
	const note = "use the staging database"
	tests := []struct {
		name   string
		event  hookchain.Event
		stdout string
		want   hookchain.Outcome
	}{
		{"alone, an allow", before, pre(``), hookchain.Allow().WithNote(note)},
		{"beside allow and its reason", before, pre(`,"permissionDecision":"allow","permissionDecisionReason":"read-only"`),
			hookchain.Outcome{Reason: "read-only"}.WithNote(note)},
		{"beside a denial", before, pre(`,"permissionDecision":"deny","permissionDecisionReason":"not here"`),
			hookchain.Deny("not here").WithNote(note)},
		{"beside an ask", before, pre(`,"permissionDecision":"ask","permissionDecisionReason":"production?"`),
			hookchain.Ask("production?").WithNote(note)},
		{"beside defer", before, pre(`,"permissionDecision":"defer"`), hookchain.Allow().WithNote(note)},
		{"beside a rewrite", before, pre(`,"updatedInput":{"command":"ls -la"}`),
			hookchain.Modify(json.RawMessage(`{"command":"ls -la"}`), "updatedInput").WithNote(note)},
		{"beside a stop", before, `{"continue":false,"stopReason":"red","hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"run make test"}}`,
			hookchain.Deny("stop requested: red").WithNote("run make test")},
		{"after the call, beside a replacement", after, `{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"lint: 2 warnings","updatedToolOutput":{"stdout":"ok","stderr":"","interrupted":false}}}`,
			hookchain.Replace(json.RawMessage(`{"stdout":"ok","stderr":"","interrupted":false}`), false, "updatedToolOutput").WithNote("lint: 2 warnings")},
		{"after the call, beside a block, after the block's note", after, `{"decision":"block","reason":"secret","hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"rotate the key"}}`,
			blockedNote("secret").WithNote("rotate the key")},
		{"after a failed call", failed, `{"hookSpecificOutput":{"hookEventName":"PostToolUseFailure","additionalContext":"try --force"}}`,
			hookchain.Allow().WithNote("try --force")},
		{"long text is kept whole", before, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"` + strings.Repeat("x", 5000) + `"}}`,
			hookchain.Allow().WithNote(strings.Repeat("x", 5000))},
		{"as written, new lines included", before, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"a\n  b\n"}}`,
			hookchain.Allow().WithNote("a\n  b\n")},
		{"blank context is no context", before, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":" \n"}}`,
			hookchain.Allow()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Decide(tt.event, exited(tt.stdout))
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestDecideRefusesAnEventWithNoHook(t *testing.T) {
	e := before
	e.Hook = 0
	_, err := Decide(e, exited(`{"decision":"block"}`))
	require.EqualError(t, err, "cannot answer an event with unknown hook 0")
}

func TestParseOutputDecodesEveryField(t *testing.T) {
	o, err := ParseOutput([]byte(`
	{"continue":true,"stopReason":"s","suppressOutput":true,"systemMessage":"m","decision":"block","reason":"r",
	 "hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"p",
	  "updatedInput":{"a":1},"additionalContext":"c","updatedToolOutput":[1],"updatedMCPToolOutput":{"b":2}}}
	`))
	require.NoError(t, err)
	yes := true
	assert.Equal(t, &Output{
		Continue: &yes, StopReason: "s", SuppressOutput: true, SystemMessage: "m", Decision: "block", Reason: "r",
		HookSpecificOutput: &HookSpecificOutput{
			HookEventName: "PreToolUse", PermissionDecision: "ask", PermissionDecisionReason: "p",
			UpdatedInput: json.RawMessage(`{"a":1}`), AdditionalContext: "c",
			UpdatedToolOutput: json.RawMessage(`[1]`), UpdatedMCPToolOutput: json.RawMessage(`{"b":2}`),
		},
	}, o)

	for _, plain := range []string{"", "ok", "[]"} {
		o, err := ParseOutput([]byte(plain))
		require.NoError(t, err)
		assert.Nil(t, o, "%q is not a JSON object answer", plain)
	}
}

func TestOutputDecodesAsAPartOfOtherJSON(t *testing.T) {
	var v struct {
		Answer *Output `json:"answer"`
		Other  Output  `json:"other"`
	}
	require.NoError(t, json.Unmarshal([]byte(`{"answer":{"decision":"block","Reason":"ignored"},"other":null}`), &v))
	assert.Equal(t, &Output{Decision: "block"}, v.Answer)
	assert.Equal(t, Output{}, v.Other)

	err := json.Unmarshal([]byte(`{"answer":[1]}`), &v)
	require.EqualError(t, err, "the hook output is an array, want a JSON object")

	b, err := json.Marshal(Output{Continue: new(bool), StopReason: "done"})
	require.NoError(t, err)
	assert.Equal(t, `{"continue":false,"stopReason":"done"}`, string(b), "empty fields are left out, a false continue is not")
}

func TestAnAnswerThatGivesAKeyTwiceIsDeniedNotGuessed(t *testing.T) {
	// One reader keeps the first deny, Claude Code's the last allow: the
	// hook's decision cannot be known, whatever the link's fail mode.
	dup := []byte(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecision":"allow"}}`)
	want := hookchain.Deny(`the hook's answer (stdout) is ambiguous: an object in it has the key "permissionDecision" twice; denied rather than guessed`)
	for _, code := range []int{0, 1} {
		got, err := Decide(before, process.Result{ExitCode: code, Stdout: dup})
		require.NoError(t, err, "exit status %d", code)
		assert.Equal(t, want, got, "exit status %d", code)
	}
	got, err := Decide(after, process.Result{Stdout: []byte(`{"decision":"block","reason":"a","reason":"b"}`)})
	require.NoError(t, err)
	assert.Equal(t, hookchain.Deny(`the hook's answer (stdout) is ambiguous: an object in it has the key "reason" twice; denied rather than guessed`), got)
}

func TestAnAnswerThatGivesAKeyTwiceIsDeniedEvenWhenOneOfItsValuesDoesNotRead(t *testing.T) {
	// The first reader keeps the block; Claude Code's keeps the 7, which
	// does not read: were that the hook's failure, a link that fails open
	// would let through the call one reader saw blocked.
	for _, tt := range []struct {
		name   string
		stdout string
		key    string
	}{
		{"a decision", `{"decision":"block","reason":"no","decision":7}`, "decision"},
		{"a permission decision", `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecision":["allow"]}}`, "permissionDecision"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			want := hookchain.Deny(`the hook's answer (stdout) is ambiguous: an object in it has the key "` + tt.key + `" twice; denied rather than guessed`)
			for _, code := range []int{0, 1} {
				got, err := Decide(before, process.Result{ExitCode: code, Stdout: []byte(tt.stdout)})
				require.NoError(t, err, "exit status %d", code)
				assert.Equal(t, want, got, "exit status %d", code)
			}
		})
	}
}
