package peersbench

// This file is added to a copy of the peer harness (the benchmark beside
// mcp-go and the MCP go-sdk, kept outside this repository) by
// bench/peerfloor; it is not part of the hookchain module, and it uses the
// harness's own names: its policy, its tool, its mcp-go server and its
// paired timing.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/hookchain/hookchain"
	"github.com/tidwall/sjson"
)

// TestFloor times, beside the harness's A (hookchain) and B (mcp-go), two
// things the harness does not:
//
//   - floor: the work the harness's own hookchain policy and tool do with no
//     chain at all — the pin-timeout interceptor's sjson.SetRawBytes, the
//     tool decoding the input that rewrite leaves, the redact interceptor's
//     bytes.Contains — which A pays whatever the chain costs;
//   - one-link: floor inside a chain of one link per hook that matches
//     every call and allows it: the least a chain does to keep its promise
//     that a link sees only an input and an output it has validated.
//
// Each is with-minus-without against the same direct tool call as A, by the
// harness's paired method.
func TestFloor(t *testing.T) {
	if testing.Short() {
		t.Skip("timing run; not in -short mode")
	}
	ctx := context.Background()
	direct := hookchainTool(&probe{})
	floor := floorFor(direct)
	allow := func(context.Context, hookchain.Event) (hookchain.Outcome, error) { return hookchain.Allow(), nil }
	oneLink := hookchain.New(
		hookchain.Before("allow-before", hookchain.Any(), allow),
		hookchain.After("allow-after", hookchain.Any(), allow),
	).Wrap(floor)
	wrapped := hookchainPolicy().Wrap(direct)
	pb := &probe{}
	bBase := newMCPGoServer(t, pb, mcpgoOpts{})
	bWith := newMCPGoServer(t, pb, mcpgoOpts{policy: true, rawAware: true})

	// The floor is only a floor if it does the policy's work: for every
	// call timed, it must give the tool the input the chain gives it, and
	// the model the result the chain gives it.
	pf, pw := &probe{}, &probe{}
	floorOf, wrappedOf := floorFor(hookchainTool(pf)), hookchainPolicy().Wrap(hookchainTool(pw))
	for _, wl := range workloads {
		for _, in := range wl.inputs {
			call := hookchain.Call{Tool: toolName, ID: "call-1", Input: in}
			got, gerr := floorOf(ctx, call)
			want, werr := wrappedOf(ctx, call)
			if gerr != nil || werr != nil || string(got.Output) != string(want.Output) || got.IsError != want.IsError {
				t.Fatalf("%s: the floor answers %s (%v), the chain %s (%v)", in, got.Output, gerr, want.Output, werr)
			}
			fr, fh, ft := pf.seen()
			wr, wh, wt := pw.seen()
			if fr != wr || fh != wh || ft != wt {
				t.Fatalf("%s: the tool saw ran=%v timeout=%v,%v under the floor and ran=%v timeout=%v,%v under the chain", in, fr, fh, ft, wr, wh, wt)
			}
		}
	}

	var summary []string
	for _, wl := range workloads {
		n := len(wl.inputs)
		calls := make([]hookchain.Call, n)
		msgs := make([][]byte, n)
		for i, in := range wl.inputs {
			calls[i] = hookchain.Call{Tool: toolName, ID: "call-1", Input: in}
			msgs[i] = mcpgoCallMsg(json.RawMessage(in))
		}
		base := func(k int) { _, _ = direct(ctx, calls[k]) }
		var runs [4][]float64
		for range 3 {
			var s [4]split
			testing.Benchmark(paired(n, base, func(k int) { _, _ = floor(ctx, calls[k]) }, &s[0]))
			testing.Benchmark(paired(n, base, func(k int) { _, _ = oneLink(ctx, calls[k]) }, &s[1]))
			testing.Benchmark(paired(n, base, func(k int) { _, _ = wrapped(ctx, calls[k]) }, &s[2]))
			testing.Benchmark(paired(n,
				func(k int) { bBase.HandleMessage(ctx, msgs[k]) },
				func(k int) { bWith.HandleMessage(ctx, msgs[k]) }, &s[3]))
			for i := range s {
				runs[i] = append(runs[i], s[i].diff)
			}
		}
		var parts []string
		for i, name := range []string{"floor", "one-link", "A", "B"} {
			parts = append(parts, fmt.Sprintf("%s=%s", name, signed(runs[i])))
		}
		line := fmt.Sprintf("%s %s; floor/B %s", wl.name, strings.Join(parts, " "), ratios(runs[0], runs[3]))
		t.Log(line)
		summary = append(summary, line)
	}
	fmt.Println("FLOOR ns per call, with minus without, three paired runs | " + strings.Join(summary, " | "))
}

func signed(xs []float64) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprintf("%+.0f", x)
	}
	return "[" + strings.Join(s, " ") + "]"
}

func ratios(a, b []float64) string {
	s := make([]string, len(a))
	for i := range a {
		s[i] = fmt.Sprintf("%.2f", a[i]/b[i])
	}
	return "[" + strings.Join(s, " ") + "]"
}

// floorFor is the harness's hookchain policy done by hand around tool, with
// no chain: its pin-timeout rewrite and its redaction, as its interceptors
// write them.
func floorFor(tool hookchain.Executor) hookchain.Executor {
	return func(ctx context.Context, c hookchain.Call) (hookchain.Result, error) {
		if !bytes.Contains(c.Input, []byte(`"timeout"`)) {
			in, err := sjson.SetRawBytes(c.Input, "timeout", pinnedRaw)
			if err != nil {
				return hookchain.Result{}, err
			}
			c.Input = in
		}
		res, err := tool(ctx, c)
		if bytes.Contains(res.Output, secretBytes) {
			res.Output = redactedJSON
		}
		return res, err
	}
}
