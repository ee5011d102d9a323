package mcpsdkhook_test

import (
	"testing"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapters/mcpsdkhook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The SDK binds a typed tool's arguments matching keys exactly, and the
// schema it infers from the In struct allows no other keys, so {"PATH": ...}
// can never reach a typed handler as the "path" a guard looked for: it is
// refused, and the handler does not run. Pinned, because the adapter relies
// on it and has no schema of its own to check against.
func TestAnArgumentAlikeButForCaseNeverBindsToATypedToolsField(t *testing.T) {
	guard := hookchain.New(hookchain.Before("no-secrets", hookchain.InputMatches("path", `\.env$`), deny("secrets stay on disk")))
	c, ts := connect(t, mcpsdkhook.Middleware(guard))
	for _, key := range []string{"PATH", "Path"} {
		t.Run(key, func(t *testing.T) {
			res, err := call(t, c, "typed", `{"`+key+`":"app/.env"}`)
			require.NoError(t, err)
			assert.Equal(t, errorResult(`validating "arguments": validating root: unexpected additional properties ["`+key+`"]`), res)
			assert.Empty(t, ts.seen("typed"))
		})
	}
}
