package claudecode

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/internal/jsonscan"
	"github.com/hookchain/hookchain/process"
)

// fuzzEvent is one of the events the fuzz targets answer: before the call,
// after it, after a failed call; for a built-in tool or an MCP one.
func fuzzEvent(which uint8) hookchain.Event {
	e := before
	switch which % 3 {
	case 1:
		e = after
	case 2:
		e = failed
	}
	if which&4 != 0 {
		e.Tool = "mcp__fuzz__tool"
	}
	return e
}

// FuzzDecide: whatever a hook does, Decide does not panic; a failure comes
// with no outcome; an answer is a verdict the hook may give, with notes
// only when the hook gave some, that a chain folds without a fault.
func FuzzDecide(f *testing.F) {
	for _, stdout := range []string{
		"", "ok", "{", `{"decision":"block"}`, `{"continue":false}`,
		`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"a":1}}}`,
		`{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{}}}`,
		`{"hookSpecificOutput":{"hookEventName":"PostToolUse","updatedToolOutput":[1,2]}}`,
		`{"hookSpecificOutput":{"hookEventName":"PostToolUseFailure","updatedToolOutput":"x","additionalContext":"y"}}`,
		`{"hookSpecificOutput":{"hookEventName":"PostToolUse","updatedMCPToolOutput":{"content":[]}}}`,
		`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask"}}`,
		`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"sure?","additionalContext":"c"}}`,
		`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","updatedInput":{"command":"ls"}}}`,
		`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","updatedInput":{"a":1}}}`,
		`{"continue":false,"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":" "}}`,
		`{"decision":"block","hookSpecificOutput":{"hookEventName":"PostToolUseFailure","additionalContext":"x\ny"}}`,
		`{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"a":1,"a":2}}}`,
		`{"decision":"approve","reason":"\u00e9"}`,
	} {
		for which := range uint8(6) {
			f.Add(0, []byte(stdout), []byte(""), which)
		}
	}
	f.Add(2, []byte(`{"decision":"approve"}`), []byte("no\n"), uint8(0))
	f.Add(2, []byte(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"c"}}`), []byte("no\n"), uint8(0))
	f.Add(1, []byte(`{"decision":"block","reason":"r"}`), []byte(""), uint8(1))
	f.Add(1, []byte(""), []byte("boom"), uint8(1))
	f.Add(-1, []byte("x"), []byte{0xff, 0xfe}, uint8(2))

	f.Fuzz(func(t *testing.T, code int, stdout, stderr []byte, which uint8) {
		e := fuzzEvent(which)
		out, err := Decide(e, process.Result{ExitCode: code, Stdout: stdout, Stderr: stderr})
		if err != nil {
			if code == 2 {
				t.Fatalf("exit 2 is a decision, not a failure: %v", err)
			}
			if err.Error() == "" {
				t.Fatal("a failure without a message")
			}
			if out.Verdict != hookchain.Allowed || out.Reason != "" || out.Input != nil || out.Output != nil || out.Notes != nil {
				t.Fatalf("a failure came with an outcome: %+v", out)
			}
			return
		}
		if code != 0 && code != 2 && !startsJSON(stdout) {
			t.Fatalf("exit status %d without a JSON answer answered %+v", code, out)
		}
		// After the call, a block keeps the output and is a note, first.
		blockedAfter := e.Hook == hookchain.AfterTool && len(out.Notes) > 0 && strings.HasPrefix(out.Notes[0].Text, BlockedAfterPrefix)
		if code == 2 && out.Verdict != hookchain.Denied && !blockedAfter {
			t.Fatalf("exit status 2 answered %+v", out)
		}
		if blockedAfter && (out.Verdict != hookchain.Allowed && out.Verdict != hookchain.Replaced || !strings.HasPrefix(out.Reason, out.Notes[0].Text)) {
			t.Fatalf("a block after the call answered %+v", out)
		}
		switch out.Verdict {
		case hookchain.Allowed:
		case hookchain.Denied:
			if out.Reason == "" {
				t.Fatal("a denial without a reason")
			}
		case hookchain.Asked:
			if e.Hook != hookchain.BeforeTool {
				t.Fatalf("Ask after the call: %+v", out)
			}
			if out.Input != nil && (!json.Valid(out.Input) || kind(out.Input) != "an object") {
				t.Fatalf("AskAbout with an input that is not a JSON object: %q", out.Input)
			}
		case hookchain.Modified:
			if e.Hook != hookchain.BeforeTool {
				t.Fatalf("Modify after the call: %+v", out)
			}
			if !json.Valid(out.Input) || kind(out.Input) != "an object" {
				t.Fatalf("Modify with an input that is not a JSON object: %q", out.Input)
			}
		case hookchain.Replaced:
			if e.Hook != hookchain.AfterTool {
				t.Fatalf("Replace before the call: %+v", out)
			}
			if !json.Valid(out.Output) {
				t.Fatalf("Replace with an output that is not JSON: %q", out.Output)
			}
			if out.IsError != e.IsError {
				t.Fatalf("Replace changed IsError from %v to %v", e.IsError, out.IsError)
			}
		default:
			t.Fatalf("unknown verdict %v", out.Verdict)
		}
		notes := out.Notes
		if blockedAfter {
			notes = notes[1:]
		}
		switch {
		case len(notes) > 1:
			t.Fatalf("more than one note: %+v", out.Notes)
		case len(notes) == 1 && (!startsJSON(stdout) || strings.TrimSpace(notes[0].Text) == "" || notes[0].Link != ""):
			t.Fatalf("a note the hook did not give: %+v", out.Notes)
		}
		// The chain takes the answer as given: no fault, the same verdict
		// (an ask, once approved, is the allow it asked for), the same notes.
		c := hookchain.New(hookchain.On("hook", hookchain.Any(), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
			return out, nil
		})).WithApprover(hookchain.Approver{Name: "yes", Timeout: time.Minute,
			Answer: func(context.Context, hookchain.Question) (hookchain.Approval, error) {
				return hookchain.Approval{Decision: hookchain.Approve}, nil
			}})
		folded := c.Run(context.Background(), e)
		for _, s := range folded.Trail {
			if s.Fault != "" {
				t.Fatalf("the chain found fault with %+v: %s", out, s.Fault)
			}
		}
		want := out.Verdict
		switch {
		case want == hookchain.Asked && out.Input != nil:
			want = hookchain.Modified // approved, the rewrite it asked about
		case want == hookchain.Asked:
			want = hookchain.Allowed
		}
		if folded.Verdict != want {
			t.Fatalf("the chain folded %v into %v", out.Verdict, folded.Verdict)
		}
		if len(folded.Notes) != len(out.Notes) {
			t.Fatalf("the chain kept %+v of %+v", folded.Notes, out.Notes)
		}
		for i, n := range out.Notes {
			if folded.Notes[i] != (hookchain.Note{Link: "hook", Text: n.Text}) {
				t.Fatalf("the chain kept %+v of %+v", folded.Notes, out.Notes)
			}
		}
	})
}

// FuzzInputEventRoundTrip: an event sent to a hook as Claude Code's input,
// encoded and decoded, is the same event again; after a failed call, the
// error result comes back as its text.
func FuzzInputEventRoundTrip(f *testing.F) {
	f.Add(uint8(0), "Bash", "toolu_1", []byte(`{"command":"ls"}`), []byte(""), false)
	f.Add(uint8(1), "Read", "", []byte(`{ "file_path" : "/a" }`), []byte(`{"content":"x"}`), false)
	f.Add(uint8(1), "Bash", "toolu_2", []byte(`{}`), []byte(`"exit status 1"`), true)
	f.Add(uint8(1), "mcp__db__q", "id", []byte(``), []byte("{\"code\": 1,\n \"m\": \"<&>\"}"), true)
	f.Add(uint8(1), "T", "x", []byte(`[1, 2]`), []byte(`null`), false)
	f.Add(uint8(0), "T", "x", []byte(`"not an object"`), []byte(``), false)

	f.Fuzz(func(t *testing.T, hook uint8, tool, callID string, input, output []byte, isError bool) {
		if tool == "" || !utf8.ValidString(tool) || !utf8.ValidString(callID) || !utf8.Valid(input) || !utf8.Valid(output) {
			t.Skip() // refused when read back: see TestAHookInputThatIsNotUTF8IsRefusedNotMangled
		}
		if (len(input) > 0 && !json.Valid(input)) || (len(output) > 0 && !json.Valid(output)) {
			t.Skip()
		}
		if (len(input) > 0 && jsonscan.Fault(input) != "") || (len(output) > 0 && jsonscan.Fault(output) != "") {
			t.Skip() // a key given twice: refused when read back, see TestAHookInputThatTwoReadersWouldReadTwoWaysIsBlocked
		}
		e := hookchain.Event{Hook: hookchain.BeforeTool, Tool: tool, CallID: callID, Input: input}
		if hook%2 == 1 {
			e.Hook, e.Output, e.IsError = hookchain.AfterTool, output, isError
		}
		b, err := marshal(InputFor(e, session))
		if err != nil {
			t.Fatalf("encoding the input of %+v: %v", e, err)
		}
		var in Input
		if err := json.Unmarshal(b, &in); err != nil {
			t.Fatalf("decoding %s: %v", b, err)
		}
		got, err := in.Event()
		if err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if got.Hook != e.Hook || got.Tool != e.Tool || got.CallID != e.CallID || got.IsError != e.IsError {
			t.Fatalf("sent %+v, read back %+v", e, got)
		}
		if want := orDefault(e.Input, "{}"); !sameCompact(want, got.Input) {
			t.Fatalf("input: sent %s, read back %s", want, got.Input)
		}
		switch {
		case e.Hook == hookchain.BeforeTool:
			if got.Output != nil {
				t.Fatalf("an output before the call: %s", got.Output)
			}
		case e.IsError:
			if want := hookchain.Text(errorText(e.Output)); !bytes.Equal(want, got.Output) {
				t.Fatalf("error result: sent %s, read back %s, want %s", e.Output, got.Output, want)
			}
		default:
			if want := orDefault(e.Output, "null"); !sameCompact(want, got.Output) {
				t.Fatalf("output: sent %s, read back %s", want, got.Output)
			}
		}
	})
}

func orDefault(b []byte, def string) []byte {
	if len(b) == 0 {
		return []byte(def)
	}
	return b
}

// sameCompact reports whether a and b are the same JSON text once white
// space outside strings is removed: an encoder may compact, never rewrite.
func sameCompact(a, b []byte) bool {
	var ca, cb bytes.Buffer
	if json.Compact(&ca, a) != nil || json.Compact(&cb, b) != nil {
		return false
	}
	return bytes.Equal(ca.Bytes(), cb.Bytes())
}

// FuzzOutputForIsReadBackByDecide: whatever outcome a chain gives, the
// answer OutputFor writes is read back by Decide as the same verdict with
// the same notes; an outcome that cannot be said at its hook reads as a
// denial, never as consent.
func FuzzOutputForIsReadBackByDecide(f *testing.F) {
	f.Add(uint8(0), uint8(hookchain.Allowed), "", "pnpm-hint", "use pnpm", "", []byte(nil))
	f.Add(uint8(0), uint8(hookchain.Denied), "denied by x: no", "a", "one", "two", []byte(nil))
	f.Add(uint8(0), uint8(hookchain.Asked), "approval pending (asked by g: sure?)", "", "", "", []byte(nil))
	f.Add(uint8(0), uint8(hookchain.Modified), "pin", "", "", " \n", []byte(`{"command":"ls","timeout":60}`))
	f.Add(uint8(1), uint8(hookchain.Replaced), "redact", "lint", "2 warnings\n\nin a.go", "", []byte(`"[redacted]"`))
	f.Add(uint8(6), uint8(hookchain.Replaced), "", "", "", "", []byte(`{"content":[]}`))
	f.Add(uint8(2), uint8(hookchain.Denied), "", "", "x", "", []byte(nil))
	f.Add(uint8(1), uint8(hookchain.Modified), "", "", "", "", []byte(`{}`))
	f.Add(uint8(0), uint8(hookchain.Asked+1), "", "", "", "", []byte(nil))
	f.Add(uint8(2), uint8(hookchain.Asked), "<&>", "l", "é", "", []byte(nil))

	f.Fuzz(func(t *testing.T, which, verdict uint8, reason, link, text, text2 string, payload []byte) {
		if !utf8.ValidString(reason) || !utf8.ValidString(link) || !utf8.ValidString(text) || !utf8.ValidString(text2) {
			t.Skip() // the JSON encoder replaces invalid UTF-8, so the words would not round-trip
		}
		e := fuzzEvent(which)
		o := hookchain.Outcome{Verdict: hookchain.Verdict(verdict), Reason: reason,
			Notes: []hookchain.Note{{Link: link, Text: text}, {Link: "second", Text: text2}}}
		switch o.Verdict {
		case hookchain.Modified:
			// No chain gives an outcome with input it would refuse: not
			// UTF-8 (see TestAHookAnswerThatIsNotUTF8IsAFailure), or with a
			// key given twice, even in two cases
			// (TestARewriteThatGivesAKeyTwiceIsDenied).
			if jsonscan.InputFault(payload, nil) != "" || kind(payload) != "an object" {
				t.Skip()
			}
			o.Input = payload
		case hookchain.Replaced:
			if jsonscan.Fault(payload) != "" {
				t.Skip()
			}
			o.Output, o.IsError = payload, e.IsError
		}

		answer := OutputFor(e, o)
		var stdout []byte
		if answer != nil {
			var err error
			if stdout, err = marshal(answer); err != nil {
				t.Fatalf("encoding %+v: %v", answer, err)
			}
		}
		got, err := Decide(e, process.Result{Stdout: stdout})
		if err != nil {
			t.Fatalf("Decide refused %s: %v", stdout, err)
		}

		fits := o.Verdict == hookchain.Allowed || o.Verdict == hookchain.Denied
		if e.Hook == hookchain.BeforeTool {
			fits = fits || o.Verdict == hookchain.Asked || o.Verdict == hookchain.Modified
		} else {
			fits = fits || o.Verdict == hookchain.Replaced
		}
		want := AdditionalContext(o.Notes)
		after := e.Hook == hookchain.AfterTool
		// After the call, what the chain hid stays hidden: a denial, an
		// outcome that does not fit, and a replacement Claude Code would
		// ignore come back as the output withheld, with a block.
		replacement, shaped := replacementFor(e, o.Output)
		withholds := after && (o.Verdict != hookchain.Allowed && o.Verdict != hookchain.Replaced || o.Verdict == hookchain.Replaced && !shaped)
		switch {
		case withholds:
			if got.Verdict != hookchain.Replaced || !sameCompact(got.Output, withheld(e.Output)) {
				t.Fatalf("%v at %s read back as %v, %s: %s", o.Verdict, HookEventName(e), got.Verdict, got.Output, stdout)
			}
			if len(got.Notes) == 0 || !strings.HasPrefix(got.Notes[0].Text, BlockedAfterPrefix) {
				t.Fatalf("%v at %s read back without its block: %+v", o.Verdict, HookEventName(e), got.Notes)
			}
			if o.Verdict == hookchain.Denied && reason != "" && got.Notes[0].Text != BlockedAfterPrefix+reason {
				t.Fatalf("reason %q read back as %q", reason, got.Notes[0].Text)
			}
			got.Notes = got.Notes[1:]
			if len(got.Notes) == 0 {
				got.Notes = nil
			}
		case !fits:
			if got.Verdict != hookchain.Denied {
				t.Fatalf("%v at %s read back as %v: %s", o.Verdict, HookEventName(e), got.Verdict, stdout)
			}
		case got.Verdict != o.Verdict:
			t.Fatalf("%v read back as %v: %s", o.Verdict, got.Verdict, stdout)
		case o.Verdict == hookchain.Modified && !sameCompact(o.Input, got.Input):
			t.Fatalf("input %s read back as %s", o.Input, got.Input)
		case o.Verdict == hookchain.Replaced && !sameCompact(replacement, got.Output):
			t.Fatalf("output %s read back as %s, want %s", o.Output, got.Output, replacement)
		case (o.Verdict == hookchain.Denied && reason != "" || o.Verdict == hookchain.Asked) && got.Reason != reason:
			t.Fatalf("reason %q read back as %q", reason, got.Reason)
		}

		switch {
		case want == "" && got.Notes != nil:
			t.Fatalf("no notes written, %+v read back", got.Notes)
		case want != "" && !(len(got.Notes) == 1 && got.Notes[0].Text == want):
			t.Fatalf("notes %q read back as %+v", want, got.Notes)
		}
	})
}
