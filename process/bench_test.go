//go:build unix

package process_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/process"
)

// The two benchmarks put the same policy — deny a recursive delete, allow
// the rest — in front of the same allowed call: once as a native process
// hook (testdata/policy.sh, a few lines of sh with no external commands),
// once as a Go interceptor. The ratio is the price of a process per call.

func BenchmarkNativeProcessHook(b *testing.B) {
	spec := process.Spec{Args: []string{script(b, "policy.sh")}}
	chain := hookchain.New(hookchain.Before("policy", hookchain.Tool("Bash"), process.Native(spec)))
	benchmarkAllowed(b, chain)
}

func BenchmarkInProcessLink(b *testing.B) {
	rmRf := []byte("rm -rf")
	policy := func(_ context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		if bytes.Contains(e.Input, rmRf) {
			return hookchain.Deny("recursive delete"), nil
		}
		return hookchain.Allow(), nil
	}
	chain := hookchain.New(hookchain.Before("policy", hookchain.Tool("Bash"), policy))
	benchmarkAllowed(b, chain)
}

func benchmarkAllowed(b *testing.B, chain *hookchain.Chain) {
	ctx := context.Background()
	if out := chain.Run(ctx, bashRmRf); out.Verdict != hookchain.Denied {
		b.Fatalf("the policy let rm -rf through: %+v", out)
	}
	b.ReportAllocs()
	for b.Loop() {
		if out := chain.Run(ctx, bashLs); out.Verdict != hookchain.Allowed {
			b.Fatalf("want Allowed, got %+v", out)
		}
	}
}
