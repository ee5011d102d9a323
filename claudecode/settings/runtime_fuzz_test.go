package settings

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/tidwall/gjson"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
)

// FuzzAModelsNoIsNeverAnAllow holds readVerdict to its one promise that
// matters: whatever else a model's answer says, if one reader of JSON
// finds "ok": false in it, the call is never allowed without a failure
// (which a fail-closed hook denies), and nothing panics.
func FuzzAModelsNoIsNeverAnAllow(f *testing.F) {
	for _, seed := range []string{`{"ok": false}`, `{"ok": true}`, `{"ok": false, "ok": true}`, `{"OK": false, "ok": true}`,
		`{"ok": "false"}`, `{"reason": "x", "ok": false, "impossible": true}`, "```{\"ok\":false}```", `[]`, `{"ok":false}x`, "{\"ok\":false,\"r\":\"\xff\"}"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		out, err := readVerdict(text, false)
		after, afterErr := readVerdict(text, true)
		if (err == nil) != (afterErr == nil) {
			t.Fatalf("%q: read apart before (%v) and after the call (%v)", text, err, afterErr)
		}
		if err != nil {
			if out.Verdict != hookchain.Allowed || out.Reason != "" {
				t.Fatalf("a failure with an answer: %+v", out)
			}
			return
		}
		var v map[string]json.RawMessage
		if json.Unmarshal([]byte(text), &v) == nil && gjson.Get(text, "ok").Type == gjson.False && out.Verdict != hookchain.Denied {
			t.Fatalf("%q: ok: false read as %v", text, out.Verdict)
		}
		// After the call a no keeps the output and tells the model why.
		if out.Verdict == hookchain.Denied && after.Verdict != hookchain.Denied &&
			(len(after.Notes) == 0 || !strings.HasPrefix(after.Notes[0].Text, claudecode.BlockedAfterPrefix)) {
			t.Fatalf("%q: a no after the call is %+v", text, after)
		}
	})
}

// FuzzAFilledMCPInputIsJSON holds fillInput to giving the tool a JSON
// object, whatever the hook input's values hold.
func FuzzAFilledMCPInputIsJSON(f *testing.F) {
	f.Add(`{"file_path": "${tool_input.file_path}", "n": [1, "${cwd}"]}`, `{"tool_input": {"file_path": "a\"b\\c"}, "cwd": "/x"}`)
	f.Add(`{"all": "${tool_input}"}`, `{"tool_input": {"k": [1, {"v": "\u2028"}]}}`)
	f.Fuzz(func(t *testing.T, tmpl, input string) {
		if !json.Valid([]byte(tmpl)) || !gjson.Parse(tmpl).IsObject() || !json.Valid([]byte(input)) {
			return
		}
		args, err := fillInput(json.RawMessage(tmpl), []byte(input))
		if err != nil {
			return
		}
		if !json.Valid(args) || !gjson.ParseBytes(args).IsObject() {
			t.Fatalf("%s with %s gave %s", tmpl, input, args)
		}
	})
}
