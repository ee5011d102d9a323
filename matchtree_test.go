package hookchain

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain/internal/jsonscan"
)

// walkMatchers are matchers of every kind the walk compiles, over paths
// the index answers ("a") and paths it leaves to the input.
func walkMatchers(path string) []Matcher {
	ms := []Matcher{
		InputExists("a"), InputEquals("a", "x"), InputEquals("a", 1), InputEquals("a", nil), InputEquals("a", true),
		InputMatches("a", `x|^$`), InputExists("a.b"), InputEquals("a.b", "x"),
		And(Tool("T"), InputExists("a")), And(Tool("U"), InputExists("a")), Or(Tool("U"), Not(InputExists("b"))),
		And(ToolGlob("T|U"), Or(InputEquals("a", "x"), InputMatches("b", "^y"))), Not(And(Any(), InputExists("b"))),
		And(MatchFunc(func(e Event) bool { return len(e.Input) > 3 }), InputExists("a")),
	}
	if _, err := CompileInputMatches(path, "x"); err == nil {
		ms = append(ms, InputExists(path), InputMatches(path, "x"), InputEquals(path, "x"), And(Tool("T"), Not(InputExists(path))))
	}
	return ms
}

// FuzzTheWalkMatchesAsMatchDoes holds the compiled matchers the walk asks,
// with the index validation left, to the matchers' own Match on the same
// event, for every input the chain accepts.
func FuzzTheWalkMatchesAsMatchDoes(f *testing.F) {
	for _, s := range []string{
		`{"a":"x","b":"y"}`, `{"a":1}`, `{"a":null}`, `{"a":true,"b":"yes"}`, `{}`, `{"a":{"b":"x"}}`,
		`{"a":"\u0078"}`, `{"b":"y","a":"x","c":1,"d":2,"e":3,"f":4,"g":5,"h":6}`, `[1]`, `"x"`, `{"a":1.0e0}`,
	} {
		f.Add([]byte(s), "a", "T")
		f.Add([]byte(s), "b", "U")
	}
	f.Fuzz(func(t *testing.T, input []byte, path, tool string) {
		var ix jsonscan.Index
		if jsonscan.InputFault(input, &ix) != "" {
			return // refused by the chain: no link is asked
		}
		e := Event{Hook: BeforeTool, Tool: tool, Input: input}
		for _, m := range walkMatchers(path) {
			want := m.Match(e)
			plain := compileTest(m, false)
			require.Equal(t, want, plain.match(&e, &ix), "%s on %s", matcherString(m), input)
			var unknown jsonscan.Index
			require.Equal(t, want, plain.match(&e, &unknown), "%s on %s, no index", matcherString(m), input)
			// Dispatched, the link is asked only about its own tools.
			if names := toolNamesOf(m); names != nil && contains(names, tool) {
				dispatched := compileTest(m, true)
				require.Equal(t, want, dispatched.match(&e, &ix), "%s on %s, dispatched", matcherString(m), input)
			}
		}
	})
}

func TestADispatchedLinkDoesNotAskAgainForTheToolNamesItWasFiledBy(t *testing.T) {
	tests := []struct {
		name string
		m    Matcher
		want testOp
	}{
		{"a name set is the whole match", Tool("Bash"), opTrue},
		{"an exact glob is one too", ToolGlob("Bash|Write"), opTrue},
		{"a name beside an input matcher leaves the input matcher", And(Tool("Bash"), InputExists("command")), opInput},
		{"two names beside an input matcher", And(Tool("Bash"), ToolGlob("Bash"), InputExists("command")), opInput},
		{"names beside two matchers leave an And", And(Tool("Bash"), InputExists("a"), InputExists("b")), opAnd},
		{"a name inside an Or is still asked", Or(Tool("Bash"), InputExists("a")), opOr},
		{"a function is asked through Match", MatchFunc(func(Event) bool { return true }), opMatch},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, compileTest(tt.m, true).op)
		})
	}
	// Not dispatched (a link for any tool), nothing is dropped.
	assert.Equal(t, opTool, compileTest(Tool("Bash"), false).op)
	assert.Equal(t, opAnd, compileTest(And(Tool("Bash"), InputExists("command")), false).op)
}

func TestAChainAsksItsInputMatchersOfTheInputAsRewrittenSoFar(t *testing.T) {
	set := func(in string) Interceptor {
		return func(_ context.Context, _ Event) (Outcome, error) { return Modify(json.RawMessage(in), "set"), nil }
	}
	deny := func(_ context.Context, _ Event) (Outcome, error) { return Deny("saw it"), nil }
	c := New(
		Before("rewrite", Tool("Bash"), set(`{"command":"rm -rf /"}`)),
		Before("guard", And(Tool("Bash"), InputMatches("command", `rm\s+-rf`)), deny),
		Before("never", And(Tool("Bash"), InputEquals("command", "ls")), deny),
	)
	out := c.Run(context.Background(), Event{Hook: BeforeTool, Tool: "Bash", Input: json.RawMessage(`{"cwd":"/tmp","command":"ls"}`)})
	assert.Equal(t, Denied, out.Verdict)
	assert.Equal(t, "denied by guard: saw it", out.Reason)
	assert.Equal(t, "guard", out.DecidedBy)
	assert.Equal(t, []Step{{Name: "rewrite", Verdict: Modified, Reason: "set"}, {Name: "guard", Verdict: Denied, Reason: "saw it"}}, out.Trail)
}

func TestATestNeverCompiledMatchesNothingAndFailsClosed(t *testing.T) {
	var never test
	assert.Panics(t, func() { never.match(&Event{Hook: BeforeTool, Tool: "Bash"}, nil) },
		"the zero test asks a nil matcher: the walk records that as the link's failure")
}
