package settings

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
)

// A fallback approver without a Timeout is valid, and is given
// DefaultApproverTimeout: the settings' approver counts that much for it.
func TestAFallbackWithoutATimeoutCountsTheDefaultInTheSettingsApprover(t *testing.T) {
	s, err := Parse("s.json", []byte(`{"hooks": {"PermissionRequest": [{"matcher": "Bash",
	  "hooks": [{"type": "command", "command": "true", "timeout": 5}]}]}}`))
	require.NoError(t, err)
	person := &hookchain.Approver{Name: "person", Answer: func(context.Context, hookchain.Question) (hookchain.Approval, error) {
		return hookchain.Approval{Decision: hookchain.Approve, By: "ann"}, nil
	}}
	a, err := s.Approver(Options{ProjectDir: t.TempDir(), Approver: person})
	require.NoError(t, err)
	assert.Equal(t, 5*time.Second+grace+hookchain.DefaultApproverTimeout+grace, a.Timeout)
	_, err = s.Chain(Options{ProjectDir: t.TempDir(), Approver: person})
	assert.NoError(t, err)
}
