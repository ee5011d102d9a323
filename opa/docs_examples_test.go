package opa_test

import (
	"context"
	"log/slog"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/hookchaintest"
	"github.com/hookchain/hookchain/opa"
)

// The Go blocks of this module's README, kept compiling, line for line
// (TestEveryGoBlockOfTheDocsIsInAFileTheTestsCompile, at the repository's
// root).

// Example_threeWays is the README's first block: the three places a policy
// can run. It has no output, so it is built and not run.
func Example_threeWays() {
	setUp := func(ctx, shutdownCtx context.Context, src string, config []byte, logger *slog.Logger) (*hookchain.Chain, error) {
		// In process: the policy compiled into the agent, its query prepared once.
		embedded, err := opa.Embedded("data.hookchain.decision", map[string]string{"hookchain.rego": src})
		if err != nil {
			return nil, err
		}

		// In a fleet: OPA inside the agent, configured as an OPA server is — signed
		// bundles from your bundle server, decision logs, status reports.
		fleet, err := opa.NewFleet(ctx, config, "hookchain/decision", opa.WithLogger(logger))
		if err != nil {
			return nil, err
		}
		defer fleet.Close(shutdownCtx) // sends the decision logs still waiting

		// Beside it: an OPA server already running, over its REST Data API.
		remote, err := opa.Remote("http://127.0.0.1:8181", "hookchain/decision", opa.WithTimeout(500*time.Millisecond))
		if err != nil {
			return nil, err
		}

		// Any one of them is the policy link's interceptor.
		for _, policy := range []hookchain.Interceptor{embedded, fleet.Intercept, remote} {
			_ = hookchain.New(hookchain.On("policy", hookchain.Any(), policy))
		}
		chain := hookchain.New(hookchain.On("policy", hookchain.Any(), embedded))
		return chain, nil
	}
	_ = setUp
}

// TestPolicy is the README's test, line for line, on the policy and cases
// of this module's testdata.
func TestPolicy(t *testing.T) {
	src, err := os.ReadFile("testdata/hookchain.rego")
	require.NoError(t, err)
	policy, err := opa.Embedded("data.hookchain.decision", map[string]string{"hookchain.rego": string(src)})
	require.NoError(t, err)
	chain := hookchain.New(hookchain.On("policy", hookchain.Any(), policy))
	hookchaintest.RunFiles(t, chain, "testdata/cases/*.json")
}
