package langchainhook_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapters/langchainhook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tidwall/sjson"
	"github.com/tmc/langchaingo/agents"
	"github.com/tmc/langchaingo/chains"
	"github.com/tmc/langchaingo/llms/fake"
	"github.com/tmc/langchaingo/schema"
	"github.com/tmc/langchaingo/tools"
)

// fn is a langchaingo tool made of a function, recording what it was given.
type fn struct {
	name string
	call func(input string) (string, error)
	mu   sync.Mutex
	got  []string
}

func (f *fn) Name() string        { return f.name }
func (f *fn) Description() string { return "the " + f.name + " tool" }
func (f *fn) Call(ctx context.Context, input string) (string, error) {
	f.mu.Lock()
	f.got = append(f.got, input)
	f.mu.Unlock()
	return f.call(input)
}

func (f *fn) seen() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.got...)
}

func echo(name string) *fn {
	return &fn{name: name, call: func(in string) (string, error) { return "got " + in, nil }}
}

// run has langchaingo's one-shot agent, with the chain installed as the
// README says, call tool once with input (a tool wrapped already keeps its
// wrapper), the model being a fake that asks for the call and then
// finishes, and returns what the agent observed.
func run(t *testing.T, chain *hookchain.Chain, tool tools.Tool, input string) (string, error) {
	t.Helper()
	llm := fake.NewFakeLLM([]string{
		"Thought: I should use it\nAction: " + tool.Name() + "\nAction Input: " + input,
		"Final Answer: done",
	})
	agent := langchainhook.Agent(chain, agents.NewOneShotAgent(llm, []tools.Tool{tool}))
	exec := agents.NewExecutor(agent, agents.WithReturnIntermediateSteps(), agents.WithMaxIterations(3))
	out, err := chains.Call(context.Background(), exec, map[string]any{"input": "go"})
	if err != nil {
		return "", err
	}
	steps, _ := out["intermediateSteps"].([]schema.AgentStep)
	require.Len(t, steps, 1)
	return steps[0].Observation, nil
}

func allow(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
	return hookchain.Allow(), nil
}

func deny(reason string) hookchain.Interceptor {
	return func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Deny(reason), nil
	}
}

func modify(in string) hookchain.Interceptor {
	return func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Modify(json.RawMessage(in), "rewritten"), nil
	}
}

func replace(out string, isError bool) hookchain.Interceptor {
	return func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Replace(json.RawMessage(out), isError, "redacted"), nil
	}
}

func TestADeniedCallNeverReachesTheToolAndTheModelReadsWhy(t *testing.T) {
	tool := echo("shell")
	chain := hookchain.New(hookchain.Before("no-rm", hookchain.InputMatches("input", `\brm\b`), deny("deleting is not allowed")))
	got, err := run(t, chain, tool, "rm -rf /")
	require.NoError(t, err)
	assert.Equal(t, "denied by no-rm: deleting is not allowed", got)
	assert.Empty(t, tool.seen())
}

// A text tool is shown to the chain as {"input": s}, s being the very
// string the tool is given, whatever the model wrote: a guard on "input"
// cannot be passed by writing the input as JSON.
func TestTheChainSeesATextToolsInputAsTheStringTheToolIsGiven(t *testing.T) {
	tests := []struct{ name, input, want string }{
		{"plain text", `ls -la "my dir"`, `{"input":"ls -la \"my dir\""}`},
		{"a JSON object is text too", `{"x":"$(rm -rf /srv)"}`, `{"input":"{\"x\":\"$(rm -rf /srv)\"}"}`},
		{"and so is an array", `[1,2]`, `{"input":"[1,2]"}`},
		{"or a JSON string", `"x"`, `{"input":"\"x\""}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var seen hookchain.Event
			chain := hookchain.New(hookchain.Before("look", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
				seen = e
				return hookchain.Allow(), nil
			}))
			tool := echo("t")
			got, err := run(t, chain, tool, tt.input)
			require.NoError(t, err)
			assert.Equal(t, "got "+tt.input, got, "the tool is given what the model wrote")
			assert.Equal(t, "t", seen.Tool)
			assert.Equal(t, tt.want, string(seen.Input))
		})
	}
}

// The case: a guard in the package's own style on a shell tool,
// and a model that writes the command inside a JSON object.
func TestAGuardOnATextToolHoldsWhenTheModelWritesTheInputAsJSON(t *testing.T) {
	chain := hookchain.New(hookchain.Before("no-subshells", hookchain.InputMatches("input", `\$\(`), deny("no command substitution")))
	for _, input := range []string{`echo $(rm -rf /srv)`, `{"x":"$(rm -rf /srv)"}`} {
		tool := echo("shell")
		got, err := run(t, chain, tool, input)
		require.NoError(t, err)
		assert.Equal(t, "denied by no-subshells: no command substitution", got, input)
		assert.Empty(t, tool.seen(), input)
	}
}

func TestAJSONToolIsShownItsObjectAndNothingElseReachesIt(t *testing.T) {
	tests := []struct{ name, input, want, saw string }{
		{"an object is the input as it is, big integers exact", ` {"path":"a","n":9007199254740993}`, `got  {"path":"a","n":9007199254740993}`, ` {"path":"a","n":9007199254740993}`},
		{"text is refused", `ls -la`, "hookchain: read takes a JSON object, and its input is not one", ""},
		{"so is an array", `[{"path":"a"}]`, "hookchain: read takes a JSON object, and its input is not one", ""},
		{"and an object with more after it", `{"path":"a"} {"path":"b"}`, "hookchain: read takes a JSON object, and its input is not one", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var seen []string
			chain := hookchain.New(hookchain.Before("look", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
				seen = append(seen, string(e.Input))
				return hookchain.Allow(), nil
			}))
			tool := echo("read")
			got, err := langchainhook.WrapJSON(chain, tool).Call(context.Background(), tt.input)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
			if tt.saw == "" {
				assert.Empty(t, seen)
				assert.Empty(t, tool.seen())
				return
			}
			assert.Equal(t, []string{tt.saw}, seen)
			assert.Equal(t, []string{tt.input}, tool.seen())
		})
	}
}

func TestARewriteReachesTheToolInTheFormItTakes(t *testing.T) {
	tests := []struct {
		name, input, rewrite, want string
		object                     bool
	}{
		{"a JSON tool gets the rewritten object", `{"path":"a"}`, `{"path":"/srv/a","mode":"ro"}`, `{"path":"/srv/a","mode":"ro"}`, true},
		{"a text tool gets the rewritten string", `ls`, `{"input":"ls --color=never"}`, `ls --color=never`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tool := echo("t")
			chain := hookchain.New(hookchain.Before("pin", hookchain.Any(), modify(tt.rewrite)))
			var wrapped tools.Tool = tool
			if tt.object {
				wrapped = langchainhook.WrapJSON(chain, tool)
			}
			got, err := run(t, chain, wrapped, tt.input)
			require.NoError(t, err)
			assert.Equal(t, "got "+tt.want, got)
			assert.Equal(t, []string{tt.want}, tool.seen())
		})
	}
}

// A rewrite that a text tool cannot be given is the rewriting link's
// failure: the trail records its fault, the tool does not run, the
// after-chain is not asked, and the model reads why.
func TestARewriteTheTextToolCannotTakeIsTheLinksFailure(t *testing.T) {
	tests := []struct{ name, rewrite, why string }{
		{"a field added", `{"input":"ls","timeout":60}`, `the tool takes plain text, and the rewrite is not {"input": "…"}`},
		{"input not a string", `{"input":7}`, `the tool takes plain text, and the rewrite's "input" is not a string`},
		{"no input", `{"command":"ls"}`, `the tool takes plain text, and the rewrite is not {"input": "…"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var runs []hookchain.RunReport
			afterAsked := false
			chain := hookchain.New(
				hookchain.Before("pin", hookchain.Any(), modify(tt.rewrite)),
				hookchain.After("look", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
					afterAsked = true
					return hookchain.Allow(), nil
				}),
			).WithObserver(hookchain.Observer{Run: func(ctx context.Context, r hookchain.RunReport) { runs = append(runs, r) }})
			tool := echo("shell")
			got, err := run(t, chain, tool, "ls")
			require.NoError(t, err)
			fault := "answered Modify with an input shell cannot take: " + tt.why
			assert.Equal(t, "pin failed and denies on failure: "+fault, got)
			assert.Empty(t, tool.seen())
			assert.False(t, afterAsked, "the tool did not run")
			require.Len(t, runs, 1)
			assert.Equal(t, hookchain.Denied, runs[0].Outcome.Verdict)
			assert.Equal(t, []hookchain.Step{{Name: "pin", Verdict: hookchain.Denied, Reason: "rewritten", Fault: fault}}, runs[0].Outcome.Trail)
		})
	}
}

func TestAfterTheCallTheChainSeesTheResult(t *testing.T) {
	var after hookchain.Event
	chain := hookchain.New(hookchain.After("look", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		after = e
		return hookchain.Allow(), nil
	}))
	_, err := run(t, chain, echo("t"), `a <b> & "c"`)
	require.NoError(t, err)
	assert.Equal(t, `{"input":"a <b> & \"c\""}`, string(after.Input))
	assert.Equal(t, `"got a <b> & \"c\""`, string(after.Output))
	assert.False(t, after.IsError)
}

func TestAnAllowedResultReachesTheAgentUnchanged(t *testing.T) {
	chain := hookchain.New(hookchain.Before("b", hookchain.Any(), allow), hookchain.After("a", hookchain.Any(), allow))
	tool := &fn{name: "t", call: func(in string) (string, error) { return "  line one\n\tline two  \n", nil }}
	got, err := langchainhook.Wrap(chain, tool).Call(context.Background(), "x")
	require.NoError(t, err)
	assert.Equal(t, "  line one\n\tline two  \n", got)
}

var errDisk = errors.New("disk full")

func failing() *fn {
	return &fn{name: "t", call: func(string) (string, error) { return "partial", errDisk }}
}

func TestTheToolsErrorIsWhatTheAfterChainMakesOfIt(t *testing.T) {
	t.Run("the after-chain sees it as an error result", func(t *testing.T) {
		var after hookchain.Event
		chain := hookchain.New(hookchain.After("look", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
			after = e
			return hookchain.Allow(), nil
		}))
		got, err := langchainhook.Wrap(chain, failing()).Call(context.Background(), "x")
		assert.Empty(t, got, "the partial result returned beside the error was never shown to the after-chain")
		assert.Same(t, errDisk, err, "allowed, the tool's own error")
		assert.Equal(t, `"disk full"`, string(after.Output))
		assert.True(t, after.IsError)
	})
	t.Run("allowed with a note, the error alone carries it", func(t *testing.T) {
		chain := hookchain.New(hookchain.After("note", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
			return hookchain.Allow().WithNote("look at the disk"), nil
		}))
		got, err := langchainhook.Wrap(chain, failing()).Call(context.Background(), "x")
		assert.Empty(t, got)
		require.ErrorIs(t, err, errDisk)
		assert.Equal(t, "disk full\nlook at the disk", err.Error())
	})
	t.Run("allowed, the agent stops on it as it would without the chain", func(t *testing.T) {
		_, err := run(t, hookchain.New(hookchain.After("a", hookchain.Any(), allow)), failing(), "x")
		assert.ErrorIs(t, err, errDisk)
	})
	t.Run("replaced, the agent reads the replacement", func(t *testing.T) {
		got, err := run(t, hookchain.New(hookchain.After("soften", hookchain.Any(), replace(`"the disk is full"`, true))), failing(), "x")
		require.NoError(t, err)
		assert.Equal(t, "the disk is full", got)
	})
	t.Run("denied, the agent reads the reason", func(t *testing.T) {
		got, err := run(t, hookchain.New(hookchain.After("quiet", hookchain.Any(), deny("errors are not shown"))), failing(), "x")
		require.NoError(t, err)
		assert.Equal(t, "denied by quiet: errors are not shown", got)
	})
}

func TestAReplacementBecomesTheResult(t *testing.T) {
	tests := []struct{ name, out, want string }{
		{"a JSON string as it is", `"[redacted]"`, "[redacted]"},
		{"an object as its JSON", `{"user":"ann","token":"***"}`, `{"user":"ann","token":"***"}`},
		{"a number as its JSON", `42`, `42`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := run(t, hookchain.New(hookchain.After("redact", hookchain.Any(), replace(tt.out, false))), echo("t"), "x")
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestDeniedAfterTheCallTheOutputIsWithheld(t *testing.T) {
	tool := &fn{name: "env", call: func(string) (string, error) { return "TOKEN=s3cr3t", nil }}
	chain := hookchain.New(hookchain.After("no-tokens", hookchain.Any(), deny("the result holds a credential")))
	got, err := run(t, chain, tool, "x")
	require.NoError(t, err)
	assert.Equal(t, "denied by no-tokens: the result holds a credential", got)
	assert.Len(t, tool.seen(), 1)
}

func TestAPanickingLinkFailsClosed(t *testing.T) {
	boom := func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) { panic("boom") }
	t.Run("before the call, the tool never runs", func(t *testing.T) {
		tool := echo("t")
		got, err := run(t, hookchain.New(hookchain.Before("flaky", hookchain.Any(), boom)), tool, "x")
		require.NoError(t, err)
		assert.Equal(t, "flaky failed and denies on failure: panic: boom", got)
		assert.Empty(t, tool.seen())
	})
	t.Run("after the call, the output is withheld", func(t *testing.T) {
		tool := echo("t")
		got, err := run(t, hookchain.New(hookchain.After("flaky", hookchain.Any(), boom)), tool, "x")
		require.NoError(t, err)
		assert.Equal(t, "flaky failed and denies on failure: panic: boom", got)
		assert.Len(t, tool.seen(), 1)
	})
}

func TestNotesFollowTheResult(t *testing.T) {
	chain := hookchain.New(
		hookchain.Before("hint", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
			return hookchain.Allow().WithNote("paths are relative to /srv"), nil
		}),
		hookchain.After("audit", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
			return hookchain.Allow().WithNote("this call was audited"), nil
		}),
	)
	got, err := run(t, chain, echo("t"), "x")
	require.NoError(t, err)
	assert.Equal(t, "got x\npaths are relative to /srv\nthis call was audited", got)

	_, err = langchainhook.Wrap(chain, failing()).Call(context.Background(), "x")
	assert.EqualError(t, err, "disk full\npaths are relative to /srv\nthis call was audited")
	assert.ErrorIs(t, err, errDisk)
}

func TestADeferredCallIsPendingAndDoesNotRun(t *testing.T) {
	chain := hookchain.New(hookchain.Before("guard", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Ask("run it?"), nil
	})).WithApprover(hookchain.Approver{Name: "queue", Timeout: 1e9, Answer: func(ctx context.Context, q hookchain.Question) (hookchain.Approval, error) {
		return hookchain.Approval{Decision: hookchain.Defer}, nil
	}})
	tool := echo("t")
	got, err := run(t, chain, tool, "x")
	require.NoError(t, err)
	assert.Equal(t, "approval pending (asked by guard: run it?)", got)
	assert.Empty(t, tool.seen())
}

// Fifty agents at once, each with its own model, share one wrapped tool and
// one chain: each call is decided on its own input.
func TestFiftyParallelCallsAreEachDecidedOnTheirOwn(t *testing.T) {
	chain := hookchain.New(
		hookchain.Before("odd", hookchain.InputMatches("path", `[13579]$`), deny("odd paths are refused")),
		hookchain.Before("root", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
			var m map[string]string
			_ = json.Unmarshal(e.Input, &m)
			in, err := sjson.SetBytes(e.Input, "path", "/srv/"+m["path"])
			return hookchain.Modify(in, "rooted"), err
		}),
	)
	tool := echo("read")
	wrapped := langchainhook.WrapJSON(chain, tool)
	var wg sync.WaitGroup
	for i := range 50 {
		wg.Go(func() {
			got, err := run(t, chain, wrapped, fmt.Sprintf(`{"path":"f%d"}`, i))
			if !assert.NoError(t, err) {
				return
			}
			if i%2 == 1 {
				assert.Equal(t, "denied by odd: odd paths are refused", got)
				return
			}
			assert.Equal(t, fmt.Sprintf(`got {"path":"/srv/f%d"}`, i), got)
		})
	}
	wg.Wait()
	assert.Len(t, tool.seen(), 25)
}
