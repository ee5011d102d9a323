package anthropichook_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	anthropic "github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapters/anthropichook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var errDisk = errors.New("disk full")

// partialTool fails, and returns what it had read beside its error.
type partialTool struct{}

func (partialTool) Name() string        { return "partial" }
func (partialTool) Description() string { return "fails half-way" }
func (partialTool) InputSchema() anthropic.BetaToolInputSchemaParam {
	return anthropic.BetaToolInputSchemaParam{Properties: map[string]any{}}
}
func (partialTool) Execute(ctx context.Context, in json.RawMessage) ([]anthropic.BetaToolResultBlockParamContentUnion, error) {
	return []anthropic.BetaToolResultBlockParamContentUnion{{OfText: &anthropic.BetaTextBlockParam{Text: "token=s3cr3t"}}}, errDisk
}

func TestAnAllowedToolErrorGoesOnAloneNeverWithTheBlocksBesideIt(t *testing.T) {
	tests := []struct {
		name    string
		chain   *hookchain.Chain
		wantErr string
	}{
		{"allowed", hookchain.New(hookchain.After("after", hookchain.Any(), allow)), "disk full"},
		{"allowed with a note", hookchain.New(hookchain.After("after", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
			return hookchain.Allow().WithNote("free some space"), nil
		})), "disk full\nfree some space"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			blocks, err := anthropichook.Wrap(tt.chain, partialTool{}).Execute(context.Background(), json.RawMessage(`{}`))
			assert.Nil(t, blocks, "the after-chain was shown the error, not the blocks beside it")
			require.ErrorIs(t, err, errDisk)
			assert.Equal(t, tt.wantErr, err.Error())
		})
	}
}

// A tool made with toolrunner.NewBetaTool* parses its input with
// encoding/json, which matches keys to fields whatever their case: it would
// read {"PATH": ...} as the "path" a guard looked for and did not find. So
// an argument alike but for case to a property of the tool's input schema,
// and not that property, is refused before the chain, and a rewrite into
// one is the rewriting link's failure.
func TestAnArgumentAlikeButForCaseToAPropertyOfTheSchemaIsRefused(t *testing.T) {
	guard := hookchain.Before("no-secrets", hookchain.InputMatches("path", `\.env$`), deny("secrets stay on disk"))
	const fault = `hookchain: the arguments of read give "PATH" at /, alike but for case to the property "path" of its input schema: a handler could read it as either`
	tests := []struct {
		name  string
		chain *hookchain.Chain
		input string
		want  string
	}{
		{"as the model wrote it", hookchain.New(guard), `{"PATH":"app/.env"}`, "Error: " + fault},
		{"as a link rewrote it, the link's failure", hookchain.New(hookchain.Before("sneaky", hookchain.Any(), modify(`{"PATH":"app/.env"}`))), `{"path":"a"}`,
			"Error: sneaky failed and denies on failure: answered Modify with an input read cannot take: " + fault},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := &recorder{}
			got := runOne(t, tt.chain, tools(t, rec), "read", tt.input)
			assert.JSONEq(t, result(true, textBlock(tt.want)), got)
			assert.Empty(t, rec.seen("read"))
		})
	}
	t.Run("the property itself passes", func(t *testing.T) {
		rec := &recorder{}
		got := runOne(t, hookchain.New(guard), tools(t, rec), "read", `{"path":"a","count":2}`)
		assert.JSONEq(t, result(false, textBlock("path=a count=2")), got)
	})
}

// The runner does not tell tools the tool-use id, so a grant covers the one
// run that presents it: the same call again is asked about again.
func TestAGrantWithNoCallIDCoversOneRun(t *testing.T) {
	chain := hookchain.New(hookchain.Before("guard", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Ask("run it?"), nil
	})).WithApprover(hookchain.Approver{Name: "queue", Timeout: 1e9, Answer: func(ctx context.Context, q hookchain.Question) (hookchain.Approval, error) {
		return hookchain.Approval{Decision: hookchain.Defer}, nil
	}})
	rec := &recorder{}
	raw := anthropichook.Wrap(chain, tools(t, rec)[1])
	_, err := raw.Execute(context.Background(), json.RawMessage(`{"path":"a"}`))
	var p *hookchain.ApprovalPending
	require.ErrorAs(t, err, &p)
	assert.Equal(t, "approval pending (asked by guard: run it?)", err.Error())

	ctx := hookchain.WithGrant(context.Background(), p.Ticket.Grant(hookchain.Approval{Decision: hookchain.Approve, By: "alice"}))
	blocks, err := raw.Execute(ctx, json.RawMessage(`{"path":"a"}`))
	require.NoError(t, err)
	require.Len(t, blocks, 1)
	assert.Equal(t, `{"path":"a"}`, blocks[0].OfText.Text)

	_, err = raw.Execute(ctx, json.RawMessage(`{"path":"a"}`))
	require.ErrorAs(t, err, &p, "the grant was spent")
	assert.Equal(t, []string{`{"path":"a"}`}, rec.seen("raw"))
}
