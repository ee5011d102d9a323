package casefile_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/hookchaintest/casefile"
)

// toy is the hook input of a runtime of the tests' own, which gives a
// call's arguments as a string of JSON, as some model APIs do:
//
//	{"toy_hook": "pre", "name": "Bash", "arguments": "{\"command\": \"ls\"}", "conversation": "c-1"}
//
// It maps a toy_hook it does not know to no hook at all, a mistake the
// core must catch.
type toy struct{ name string }

func (f toy) Name() string {
	if f.name == "" {
		return "a toy hook input"
	}
	return f.name
}

func (toy) Recognizes(event json.RawMessage) bool {
	var probe map[string]json.RawMessage
	if json.Unmarshal(event, &probe) != nil {
		return false
	}
	_, ok := probe["toy_hook"]
	return ok
}

func (toy) Decode(event json.RawMessage) (hookchain.Event, casefile.SessionInfo, error) {
	var in struct {
		Hook         string `json:"toy_hook"`
		Name         string `json:"name"`
		Arguments    string `json:"arguments"`
		Conversation string `json:"conversation"`
	}
	if err := json.Unmarshal(event, &in); err != nil {
		return hookchain.Event{}, nil, err
	}
	if in.Name == "" {
		return hookchain.Event{}, nil, errors.New("the toy call has no name")
	}
	hooks := map[string]hookchain.Hook{"pre": hookchain.BeforeTool, "post": hookchain.AfterTool}
	return hookchain.Event{Hook: hooks[in.Hook], Tool: in.Name, Input: json.RawMessage(in.Arguments)},
		conversation(in.Conversation), nil
}

// conversation is the toy runtime's session: the id of the conversation,
// which its hooks find in their context.
type conversation string

type conversationKey struct{}

func (c conversation) NewContext(ctx context.Context) context.Context {
	return context.WithValue(ctx, conversationKey{}, c)
}

// conversationGuard denies every call, naming the conversation it was told
// about.
var conversationGuard = hookchain.New(hookchain.Before("guard", hookchain.Any(),
	func(ctx context.Context, _ hookchain.Event) (hookchain.Outcome, error) {
		c, _ := ctx.Value(conversationKey{}).(conversation)
		return hookchain.Deny("in " + string(c)), nil
	}))

func TestAFormatReadsTheEventsItRecognizesAndHookchainsFormReadsTheRest(t *testing.T) {
	f, err := casefile.DecodeFile("t.json", []byte(`[
  {"event": {"toy_hook": "pre", "name": "Bash", "arguments": "{\"command\":  \"ls\"}", "conversation": "c-1"},
   "want": {"verdict": "allow"}},
  {"event": {"hook": "before_tool", "tool": "Bash", "input": {"command": "ls"}}, "want": {"verdict": "allow"}}
]`), toy{})
	require.NoError(t, err)
	assert.Equal(t, casefile.File{Path: "t.json", Array: true, Cases: []casefile.Case{
		{
			Source:      "t.json #0",
			Event:       hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", Input: json.RawMessage(`{"command":"ls"}`)},
			SessionInfo: conversation("c-1"),
			HookInput:   json.RawMessage(`{"toy_hook":"pre","name":"Bash","arguments":"{\"command\":  \"ls\"}","conversation":"c-1"}`),
		},
		{
			Source: "t.json #1",
			Event:  hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", Input: json.RawMessage(`{"command":"ls"}`)},
		},
	}}, f)
}

func TestACaseIsRunInTheContextItsSessionGivesAndUpdateKeepsItsEventAsWritten(t *testing.T) {
	const event = `{"toy_hook": "pre", "name": "Bash", "arguments": "{}", "conversation": "c-1"}`
	path := filepath.Join(t.TempDir(), "toy.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"event": `+event+`,
 "want": {"verdict": "deny", "reason": "denied by guard: in c-0", "decided_by": "guard", "cause": "link", "trail": ["guard"]}}`), 0o644))

	cases, err := casefile.LoadFiles(path, toy{})
	require.NoError(t, err)
	require.Len(t, cases, 1)
	_, ms := casefile.Check(t.Context(), conversationGuard, cases[0])
	assert.Equal(t, []casefile.Mismatch{{Field: "reason", Want: `"denied by guard: in c-0"`, Got: `"denied by guard: in c-1"`}}, ms)

	changes, err := casefile.UpdateFiles(t.Context(), conversationGuard, path, toy{})
	require.NoError(t, err)
	require.Len(t, changes, 1)
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.JSONEq(t, `{"event": `+event+`,
 "want": {"verdict": "deny", "reason": "denied by guard: in c-1", "decided_by": "guard", "cause": "link", "trail": ["guard"]}}`, string(got))
}

func TestAnEventIsRefusedWhenAFormatCouldReadItAsAnotherCall(t *testing.T) {
	tests := []struct {
		name    string
		event   string
		formats []casefile.Format
		err     string
	}{
		{"a format's event without that format", `{"toy_hook": "pre", "name": "Bash"}`, nil,
			`event: unknown field "toy_hook"`},
		{"an event two formats recognize", `{"toy_hook": "pre", "name": "Bash"}`, []casefile.Format{toy{}, toy{name: "a toy hook input, version 2"}},
			`event: it reads both as a toy hook input and as a toy hook input, version 2, which may be two calls`},
		{"a key given twice", `{"toy_hook": "pre", "name": "Bash", "name": "Read"}`, []casefile.Format{toy{}},
			`event: the key "name" appears twice`},
		{"two keys alike but for case", `{"toy_hook": "pre", "name": "Bash", "Name": "Read"}`, []casefile.Format{toy{}},
			`event: the keys "name" and "Name" name one field`},
		{"an event the format refuses", `{"toy_hook": "pre"}`, []casefile.Format{toy{}},
			`event: the toy call has no name`},
		{"an event the format reads into no hook", `{"toy_hook": "during", "name": "Bash"}`, []casefile.Format{toy{}},
			`event: the format gave an event with no known hook (0)`},
		{"an input that is not JSON", `{"toy_hook": "pre", "name": "Bash", "arguments": "{\"command\""}`, []casefile.Format{toy{}},
			`event: the format gave an input that is not valid JSON`},
		{"an event that is not an object", `["toy_hook"]`, []casefile.Format{toy{}},
			`event must be an object, not an array`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := casefile.DecodeFile("t.json", []byte(`{"event": `+tt.event+`, "want": {"verdict": "allow"}}`), tt.formats...)
			require.EqualError(t, err, "t.json:1:1: "+tt.err)
		})
	}
}
