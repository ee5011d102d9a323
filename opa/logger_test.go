package opa_test

import (
	"context"
	"log/slog"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/internal/testfiles"
	"github.com/hookchain/hookchain/opa"
)

// WithLogger(nil) is no mistake: a nil logger is slog.Default(), as it is
// when the link is built, as it is without the option. Not parallel: it
// swaps the default.
func TestANilLoggerIsTheDefault(t *testing.T) {
	var logs testfiles.Buffer
	testfiles.DefaultLogTo(t, slog.NewTextHandler(&logs, nil))
	fn, err := opa.Embedded("data.p.decision",
		map[string]string{"p.rego": "package p\ndecision := {\"verdict\": \"allow\"} if print(\"deciding\")"}, opa.WithLogger(nil))
	require.NoError(t, err)
	out, err := fn(context.Background(), bash(hookchain.BeforeTool, "toolu_1", `{"command":"ls"}`))
	require.NoError(t, err)
	assert.Equal(t, hookchain.Allow(), out)
	assert.Contains(t, logs.String(), `level=INFO msg="opa print" text=deciding location=p.rego:2 hook=before_tool tool=Bash call_id=toolu_1`)
}
