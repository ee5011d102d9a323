package hookchaintest_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/hookchaintest"
)

// shown is a chain whose guard lets every call through and tells the user
// so: a message, which the model never reads.
var shown = hookchain.New(hookchain.Before("guard", hookchain.Any(), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
	return hookchain.Allow().WithMessage("checked by the team's guard"), nil
}))

var shownEvent = hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", CallID: "c1", Input: json.RawMessage(`{"command":"ls"}`)}

func TestACasesMessagesAreComparedMessageByMessageWhateverTheVerdict(t *testing.T) {
	msg := hookchain.Note{Link: "guard", Text: "checked by the team's guard"}
	for _, c := range []struct {
		name string
		want []hookchain.Note
		ms   []hookchaintest.Mismatch
	}{
		{"the message wanted", []hookchain.Note{msg}, nil},
		{"a message the case forgot", nil,
			[]hookchaintest.Mismatch{{Field: "messages[0]", Want: "(none)", Got: `guard: "checked by the team's guard"`}}},
		{"a message the chain no longer shows", []hookchain.Note{msg, {Link: "guard", Text: "and logged"}},
			[]hookchaintest.Mismatch{{Field: "messages[1]", Want: `guard: "and logged"`, Got: "(none)"}}},
		{"another link's message, in other words", []hookchain.Note{{Link: "audit", Text: "checked"}},
			[]hookchaintest.Mismatch{
				{Field: "messages[0].link", Want: "audit", Got: "guard"},
				{Field: "messages[0].text", Want: `"checked"`, Got: `"checked by the team's guard"`},
			}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, ms := hookchaintest.Check(context.Background(), shown, hookchaintest.Case{
				Event: shownEvent, Want: hookchaintest.Want{Verdict: hookchain.Allowed, Messages: c.want}})
			assert.Equal(t, c.ms, ms)
		})
	}
	denied := hookchain.Deny("no").WithMessage("shown")
	want := hookchaintest.WantOf(hookchain.Deny("no"))
	assert.Equal(t, []hookchaintest.Mismatch{{Field: "messages[0]", Want: "(none)", Got: `"": "shown"`}}, hookchaintest.Diff(want, denied),
		"a denial's message is compared too")
}

func TestACaseFilesMessagesAreReadStrictlyAndWrittenBack(t *testing.T) {
	f, err := hookchaintest.DecodeFile("x.json", []byte(`{"event": {"hook": "before_tool", "tool": "Bash", "call_id": "c1", "input": {"command": "ls"}},
	  "want": {"verdict": "allow", "trail": [], "messages": [{"link": "guard", "text": "checked by the team's guard"}]}}`))
	require.NoError(t, err)
	require.Len(t, f.Cases, 1)
	assert.Equal(t, []hookchain.Note{{Link: "guard", Text: "checked by the team's guard"}}, f.Cases[0].Want.Messages)
	_, ms := hookchaintest.Check(context.Background(), shown, f.Cases[0])
	assert.Empty(t, ms)

	out, err := hookchaintest.EncodeFile(f)
	require.NoError(t, err)
	assert.Contains(t, string(out), `"messages": [`)
	again, err := hookchaintest.DecodeFile("x.json", out)
	require.NoError(t, err)
	assert.Equal(t, f.Cases[0].Want, again.Cases[0].Want)

	event := `"event": {"hook": "before_tool"}`
	for _, c := range []struct{ name, file, err string }{
		{"a message without a link", `{` + event + `, "want": {"verdict": "allow", "messages": [{"text": "t"}]}}`, "x.json:1:1: want.messages[0].link is missing"},
		{"a message without a text", `{` + event + `, "want": {"verdict": "allow", "messages": [{"link": "a"}]}}`, "x.json:1:1: want.messages[0].text is missing"},
		{"messages that are a string", `{` + event + `, "want": {"verdict": "allow", "messages": "hi"}}`, "x.json:1:1: want.messages must be an array, not a string"},
		{"an unknown field in a message", `{` + event + `, "want": {"verdict": "allow", "messages": [{"link": "a", "text": "t", "txt": ""}]}}`, `x.json:1:1: want.messages[0]: unknown field "txt"`},
		{"messages given twice", `{` + event + `, "want": {"verdict": "allow", "messages": [], "messages": [{"link": "a", "text": "t"}]}}`, `x.json:1:1: want: the key "messages" appears twice`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := hookchaintest.DecodeFile("x.json", []byte(c.file))
			assert.EqualError(t, err, c.err)
		})
	}
}

func TestAReportShowsTheMessagesTheChainGave(t *testing.T) {
	tc := hookchaintest.Case{Name: "ls is allowed", Event: shownEvent, Want: hookchaintest.Want{Verdict: hookchain.Allowed}}
	got, ms := hookchaintest.Check(context.Background(), shown, tc)
	assert.Equal(t, `case "ls is allowed":
  messages[0]: want (none)
               got  guard: "checked by the team's guard"
chain's trail:
  (empty)
chain's messages:
  #0 guard: "checked by the team's guard"`, hookchaintest.Report(tc, got, ms))
}
