package opa_test

import (
	"testing"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/format"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/hookchaintest"
)

// The example policy's cases are JSON files that a policy author reads and
// adds to without Go: each names an event and the chain's whole answer.
// The same files hold for every way of asking OPA.
func TestTheExamplePolicysCasesHoldEmbedded(t *testing.T) {
	chain := hookchain.New(hookchain.On("policy", hookchain.Any(), embeddedExample(t)))
	hookchaintest.RunFiles(t, chain, "testdata/cases/*.json")
}

func TestTheExamplePolicysCasesHoldInAFleet(t *testing.T) {
	_, _, f := readyFleet(t, examplePolicy(t))
	hookchaintest.RunFiles(t, fleetChain(f), "testdata/cases/*.json")
}

// The example policy is written as `opa fmt` writes Rego, so that a team
// that copies it into a bundle gets no diff from its formatter.
func TestTheExamplePolicyIsFormattedAsOpaFmtWritesIt(t *testing.T) {
	src := examplePolicy(t)
	formatted, err := format.SourceWithOpts("hookchain.rego", []byte(src), format.Opts{RegoVersion: ast.RegoV1})
	require.NoError(t, err)
	assert.Equal(t, string(formatted), src)
}
