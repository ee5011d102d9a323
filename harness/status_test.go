package harness_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/process"
)

// A CLI that reads exit statuses alone blocks before the call on 2 and
// nothing else; its hook's answers are exit 0 or exit 2 and stderr.
func TestAnExitStatusAloneDecidesAndAnswers(t *testing.T) {
	before := hookchain.Event{Hook: hookchain.BeforeTool, Tool: "t"}
	after := hookchain.Event{Hook: hookchain.AfterTool, Tool: "t"}
	o, err := harness.DecideByStatus(before, process.Result{ExitCode: 2, Stderr: []byte(" no \n")})
	require.NoError(t, err)
	assert.Equal(t, hookchain.Deny("no"), o)
	o, err = harness.DecideByStatus(before, process.Result{ExitCode: 2})
	require.NoError(t, err)
	assert.Equal(t, hookchain.Deny("blocked by a hook that exited with status 2 and gave no reason"), o)
	_, err = harness.DecideByStatus(after, process.Result{ExitCode: 2})
	var status *harness.StatusError
	require.ErrorAs(t, err, &status)
	assert.Equal(t, 2, status.Code)

	assert.Equal(t, harness.Reply{}, harness.ReplyByStatus("X", hookchain.Allow()))
	assert.Equal(t, harness.Reply{Stderr: []byte("denied by hookchain, whose chain gave no reason\n"), Exit: 2}, harness.ReplyByStatus("X", hookchain.Deny(" ")))
	assert.Equal(t, harness.Reply{Stderr: []byte("hookchain: the chain answered Asked, which X cannot be told: r\n"), Exit: 2}, harness.ReplyByStatus("X", hookchain.Ask("r")))
}
