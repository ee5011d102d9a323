package hookchain_test

import (
	"context"
	"encoding/json"
	"errors"
	"sync/atomic"
	"testing"

	hc "github.com/hookchain/hookchain"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// plainOnly takes only {"input": ...}, as a tool that takes one string does.
func plainOnly(tool string, in json.RawMessage) error {
	var m map[string]json.RawMessage
	if json.Unmarshal(in, &m) != nil || len(m) != 1 || m["input"] == nil {
		return errors.New(`not {"input": "…"}`)
	}
	return nil
}

func rewriteTo(in string) hc.Interceptor {
	return func(ctx context.Context, e hc.Event) (hc.Outcome, error) {
		return hc.Modify(json.RawMessage(in), "pinned"), nil
	}
}

func TestARewriteTheInputCheckRejectsIsTheLinksFailure(t *testing.T) {
	const fault = `answered Modify with an input shell cannot take: not {"input": "…"}`
	event := hc.Event{Hook: hc.BeforeTool, Tool: "shell", Input: json.RawMessage(`{"input":"ls"}`)}
	var seen json.RawMessage
	look := hc.Before("look", hc.Any(), func(ctx context.Context, e hc.Event) (hc.Outcome, error) {
		seen = e.Input
		return hc.Allow(), nil
	})
	t.Run("it denies, and the trail says why", func(t *testing.T) {
		chain := hc.New(hc.Before("pin", hc.Any(), rewriteTo(`{"input":"ls","timeout":60}`)), look).WithInputCheck(plainOnly)
		out := chain.Run(context.Background(), event)
		assert.Equal(t, hc.Denied, out.Verdict)
		assert.Equal(t, "pin failed and denies on failure: "+fault, out.Reason)
		assert.Equal(t, []hc.Step{{Name: "pin", Verdict: hc.Denied, Reason: "pinned", Fault: fault}}, out.Trail)
		assert.Equal(t, "pin", out.DecidedBy)
		assert.Equal(t, hc.CauseFailure, out.Cause)
	})
	t.Run("a fail-open link's rewrite is void, and the chain carries on with the input as it was", func(t *testing.T) {
		seen = nil
		chain := hc.New(hc.Before("pin", hc.Any(), rewriteTo(`{"input":"ls","timeout":60}`)).FailOpen(), look).WithInputCheck(plainOnly)
		out := chain.Run(context.Background(), event)
		assert.Equal(t, hc.Allowed, out.Verdict)
		assert.Equal(t, []hc.Step{{Name: "pin", Verdict: hc.Allowed, Reason: "pinned", Fault: fault}}, out.Trail)
		assert.Equal(t, `{"input":"ls"}`, string(seen))
	})
	t.Run("through Execute, the tool never runs", func(t *testing.T) {
		chain := hc.New(hc.Before("pin", hc.Any(), rewriteTo(`{"input":"ls","timeout":60}`))).WithInputCheck(plainOnly)
		ran := false
		res, err := chain.Execute(context.Background(), hc.Call{Tool: "shell", Input: event.Input}, func(ctx context.Context, c hc.Call) (hc.Result, error) {
			ran = true
			return hc.TextResult("ran"), nil
		})
		require.NoError(t, err)
		assert.False(t, ran)
		assert.Equal(t, hc.Result{Output: hc.Text("pin failed and denies on failure: " + fault), IsError: true, Verdict: hc.Denied}, res)
	})
	t.Run("an AskAbout's rewrite is checked too", func(t *testing.T) {
		chain := hc.New(hc.Before("pin", hc.Any(), func(ctx context.Context, e hc.Event) (hc.Outcome, error) {
			return hc.AskAbout(json.RawMessage(`{"cmd":"ls"}`), "run this?"), nil
		})).WithInputCheck(plainOnly)
		out := chain.Run(context.Background(), event)
		assert.Equal(t, `pin failed and denies on failure: answered AskAbout with an input shell cannot take: not {"input": "…"}`, out.Reason)
	})
	t.Run("a check that panics rejects", func(t *testing.T) {
		chain := hc.New(hc.Before("pin", hc.Any(), rewriteTo(`{"input":"ls -l"}`))).WithInputCheck(func(string, json.RawMessage) error { panic("boom") })
		out := chain.Run(context.Background(), event)
		assert.Equal(t, "pin failed and denies on failure: answered Modify with an input shell cannot take: the input check panicked: boom", out.Reason)
	})
}

func TestTheInputCheckIsAskedOnlyAboutRewritesAndLeavesTheReceiverAsItWas(t *testing.T) {
	var asked atomic.Int32
	count := func(tool string, in json.RawMessage) error { asked.Add(1); return plainOnly(tool, in) }
	event := hc.Event{Hook: hc.BeforeTool, Tool: "shell", Input: json.RawMessage(`{"input":"ls"}`)}
	plain := hc.New(hc.Before("ok", hc.Any(), func(ctx context.Context, e hc.Event) (hc.Outcome, error) { return hc.Allow(), nil }))
	assert.Equal(t, hc.Allowed, plain.WithInputCheck(count).Run(context.Background(), event).Verdict)
	assert.Zero(t, asked.Load(), "no rewrite, nothing to check")

	pin := hc.New(hc.Before("pin", hc.Any(), rewriteTo(`{"input":"ls -l"}`)))
	checked := pin.WithInputCheck(count)
	out := checked.Run(context.Background(), event)
	assert.Equal(t, hc.Modified, out.Verdict)
	assert.Equal(t, `{"input":"ls -l"}`, string(out.Input))
	assert.EqualValues(t, 1, asked.Load())
	assert.Equal(t, pin.ID(), checked.ID())

	wide := hc.New(hc.Before("pin", hc.Any(), rewriteTo(`{"input":"ls","timeout":60}`)))
	wide.WithInputCheck(plainOnly)
	assert.Equal(t, hc.Modified, wide.Run(context.Background(), event).Verdict, "the receiver folds it as before")
}
