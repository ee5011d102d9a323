package anthropichook_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/hookchain/hookchain"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tidwall/gjson"
	"github.com/tidwall/sjson"
)

func TestADeniedCallNeverReachesTheToolAndTheModelReadsWhy(t *testing.T) {
	rec := &recorder{}
	chain := hookchain.New(hookchain.Before("no-secrets", hookchain.InputMatches("path", `\.env$`), deny("secrets stay on disk")))
	got := runOne(t, chain, tools(t, rec), "read", `{"path":"app/.env"}`)
	assert.JSONEq(t, result(true, textBlock("Error: denied by no-secrets: secrets stay on disk")), got)
	assert.Empty(t, rec.seen("read"))
}

func TestTheChainSeesTheToolAndItsInput(t *testing.T) {
	var seen hookchain.Event
	chain := hookchain.New(hookchain.Before("look", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		seen = e
		return hookchain.Allow(), nil
	}))
	rec := &recorder{}
	runOne(t, chain, tools(t, rec), "raw", `{"path":"a","deep":{"k":[1,true,null]}}`)
	assert.Equal(t, "raw", seen.Tool)
	assert.Empty(t, seen.CallID, "the runner does not tell tools the tool-use id")
	assert.JSONEq(t, `{"path":"a","deep":{"k":[1,true,null]}}`, string(seen.Input))
	assert.Equal(t, []string{string(seen.Input)}, rec.seen("raw"), "the tool is given what the chain was shown")
}

func TestTheChainAddsNoRoundingOfItsOwn(t *testing.T) {
	var seen hookchain.Event
	chain := hookchain.New(hookchain.Before("look", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		seen = e
		return hookchain.Allow(), nil
	}))
	bare := runOne(t, nil, tools(t, &recorder{}), "raw", `{"n":9007199254740993}`)
	got := runOne(t, chain, tools(t, &recorder{}), "raw", `{"n":9007199254740993}`)
	assert.Equal(t, bare, got)
	assert.Equal(t, gjson.Get(got, "content.0.text").String(), string(seen.Input))
}

func TestARewriteReachesTheToolWhateverItsForm(t *testing.T) {
	tests := []struct{ tool, want string }{
		{"read", "path=/srv/a count=7"},
		{"raw", `{"path":"/srv/a","count":7}`},
	}
	for _, tt := range tests {
		t.Run(tt.tool, func(t *testing.T) {
			rec := &recorder{}
			chain := hookchain.New(hookchain.Before("pin", hookchain.Any(), modify(`{"path":"/srv/a","count":7}`)))
			got := runOne(t, chain, tools(t, rec), tt.tool, `{"path":"a"}`)
			assert.JSONEq(t, result(false, textBlock(tt.want)), got)
			assert.Equal(t, []string{tt.want}, rec.seen(tt.tool))
		})
	}
}

func TestARewriteTheToolCannotParseFailsVisibly(t *testing.T) {
	rec := &recorder{}
	chain := hookchain.New(hookchain.Before("bad", hookchain.Any(), modify(`{"path":"a","count":"many"}`)))
	got := runOne(t, chain, tools(t, rec), "read", `{"path":"a"}`)
	assert.True(t, gjson.Get(got, "is_error").Bool())
	assert.Contains(t, gjson.Get(got, "content.0.text").String(), "Error: failed to parse tool input: json: cannot unmarshal string")
	assert.Empty(t, rec.seen("read"))
}

func TestAfterTheCallTheChainSeesTheResultBlocks(t *testing.T) {
	tests := []struct {
		tool, want string
		isError    bool
	}{
		{"rich", `[{"text":"a <b> & c","type":"text"},{"source":{"data":"iVBORw0KGgo=","media_type":"image/png","type":"base64"},"type":"image"}]`, false},
		{"fails", `"disk full"`, true},
	}
	for _, tt := range tests {
		t.Run(tt.tool, func(t *testing.T) {
			var after hookchain.Event
			chain := hookchain.New(hookchain.After("look", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
				after = e
				return hookchain.Allow(), nil
			}))
			runOne(t, chain, tools(t, &recorder{}), tt.tool, `{}`)
			assert.Equal(t, tt.want, string(after.Output))
			assert.Equal(t, tt.isError, after.IsError)
		})
	}
}

// An allowed call is invisible: the model reads exactly what it reads when
// the same runner runs the tool without the chain.
func TestAnAllowedResultReachesTheModelUnchanged(t *testing.T) {
	chain := hookchain.New(hookchain.Before("b", hookchain.Any(), allow), hookchain.After("a", hookchain.Any(), allow))
	for _, tool := range []string{"rich", "read", "raw", "fails"} {
		t.Run(tool, func(t *testing.T) {
			bare := runOne(t, nil, tools(t, &recorder{}), tool, `{"path":"p"}`)
			got := runOne(t, chain, tools(t, &recorder{}), tool, `{"path":"p"}`)
			assert.Equal(t, bare, got)
		})
	}
	assert.JSONEq(t, result(true, textBlock("Error: disk full")), runOne(t, chain, tools(t, &recorder{}), "fails", `{}`))
}

func TestTheToolsErrorIsWhatTheAfterChainMakesOfIt(t *testing.T) {
	tests := []struct {
		name string
		link hookchain.Interceptor
		want string
	}{
		{"replaced, the model reads the replacement", replace(`"the disk is full; free some space"`, false), result(false, textBlock("the disk is full; free some space"))},
		{"replaced by an error, the model reads it as one", replace(`"the disk is full"`, true), result(true, textBlock("Error: the disk is full"))},
		{"denied, the model reads the reason", deny("errors are not shown"), result(true, textBlock("Error: denied by quiet: errors are not shown"))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := runOne(t, hookchain.New(hookchain.After("quiet", hookchain.Any(), tt.link)), tools(t, &recorder{}), "fails", `{}`)
			assert.JSONEq(t, tt.want, got)
		})
	}
}

func TestAReplacementBecomesTheResult(t *testing.T) {
	tests := []struct{ name, out, want string }{
		{"a JSON string is one text block", `"[redacted]"`, result(false, textBlock("[redacted]"))},
		{"an array is result blocks, so one can be redacted and the rest kept", `[{"type":"text","text":"[redacted]"},{"type":"image","source":{"type":"base64","media_type":"image/png","data":"iVBORw0KGgo="}}]`,
			result(false, textBlock("[redacted]"), `{"source":{"data":"iVBORw0KGgo=","media_type":"image/png","type":"base64"},"type":"image"}`)},
		{"a number is one text block", `42`, result(false, textBlock("42"))},
		{"an array that is not result blocks is refused", `[{"type":"hologram"}]`,
			result(true, textBlock(`Error: hookchain: a link replaced the result of rich with something that is not a tool result: block 0: apijson: was not able to find discriminated union variant`))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := runOne(t, hookchain.New(hookchain.After("redact", hookchain.Any(), replace(tt.out, false))), tools(t, &recorder{}), "rich", `{}`)
			assert.JSONEq(t, tt.want, got)
		})
	}
}

func TestDeniedAfterTheCallTheOutputIsWithheld(t *testing.T) {
	rec := &recorder{}
	chain := hookchain.New(hookchain.After("no-images", hookchain.Any(), deny("images are not shown")))
	got := runOne(t, chain, tools(t, rec), "rich", `{}`)
	assert.JSONEq(t, result(true, textBlock("Error: denied by no-images: images are not shown")), got)
	assert.Len(t, rec.seen("rich"), 1)
}

func TestAPanickingLinkFailsClosed(t *testing.T) {
	boom := func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) { panic("boom") }
	t.Run("before the call, the tool never runs", func(t *testing.T) {
		rec := &recorder{}
		got := runOne(t, hookchain.New(hookchain.Before("flaky", hookchain.Any(), boom)), tools(t, rec), "raw", `{}`)
		assert.JSONEq(t, result(true, textBlock("Error: flaky failed and denies on failure: panic: boom")), got)
		assert.Empty(t, rec.seen("raw"))
	})
	t.Run("after the call, the output is withheld", func(t *testing.T) {
		rec := &recorder{}
		got := runOne(t, hookchain.New(hookchain.After("flaky", hookchain.Any(), boom)), tools(t, rec), "raw", `{}`)
		assert.JSONEq(t, result(true, textBlock("Error: flaky failed and denies on failure: panic: boom")), got)
		assert.Len(t, rec.seen("raw"), 1)
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
	got := runOne(t, chain, tools(t, &recorder{}), "raw", `{"path":"a"}`)
	assert.JSONEq(t, result(false, textBlock(`{"path":"a"}`), textBlock("paths are relative to /srv"), textBlock("this call was audited")), got)
	got = runOne(t, chain, tools(t, &recorder{}), "fails", `{}`)
	assert.JSONEq(t, result(true, textBlock("Error: disk full\npaths are relative to /srv\nthis call was audited")), got)
}

func TestADeferredCallIsPendingAndDoesNotRun(t *testing.T) {
	chain := hookchain.New(hookchain.Before("guard", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Ask("run it?"), nil
	})).WithApprover(hookchain.Approver{Name: "queue", Timeout: 1e9, Answer: func(ctx context.Context, q hookchain.Question) (hookchain.Approval, error) {
		return hookchain.Approval{Decision: hookchain.Defer}, nil
	}})
	rec := &recorder{}
	got := runOne(t, chain, tools(t, rec), "raw", `{}`)
	assert.JSONEq(t, result(true, textBlock("Error: approval pending (asked by guard: run it?)")), got)
	assert.Empty(t, rec.seen("raw"))

	_, err := tools(t, rec)[1].Execute(context.Background(), json.RawMessage(`{}`))
	require.NoError(t, err, "the bare tool")
}

// The runner runs the calls of one turn in parallel: fifty at once, each
// decided on its own input.
func TestFiftyParallelCallsAreEachDecidedOnTheirOwn(t *testing.T) {
	chain := hookchain.New(
		hookchain.Before("odd", hookchain.InputMatches("path", `[13579]$`), deny("odd paths are refused")),
		hookchain.Before("root", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
			in, err := sjson.SetBytes(e.Input, "path", "/srv/"+gjson.GetBytes(e.Input, "path").String())
			return hookchain.Modify(in, "rooted"), err
		}),
	)
	rec := &recorder{}
	var calls []toolUse
	for i := range 50 {
		calls = append(calls, toolUse{id: fmt.Sprintf("toolu_%d", i), name: []string{"read", "raw"}[i/2%2], input: fmt.Sprintf(`{"path":"f%d"}`, i)})
	}
	res := run(t, chain, tools(t, rec), calls...)
	require.Len(t, res, 50)
	for i := range 50 {
		got := res[fmt.Sprintf("toolu_%d", i)]
		if i%2 == 1 {
			assert.Equal(t, "Error: denied by odd: odd paths are refused", gjson.GetBytes(got, "content.0.text").String())
			continue
		}
		want := fmt.Sprintf("path=/srv/f%d count=0", i)
		if i/2%2 == 1 {
			want = fmt.Sprintf(`{"path":"/srv/f%d"}`, i)
		}
		assert.Equal(t, want, gjson.GetBytes(got, "content.0.text").String())
	}
	assert.Len(t, rec.seen("read"), 13)
	assert.Len(t, rec.seen("raw"), 12)
}
