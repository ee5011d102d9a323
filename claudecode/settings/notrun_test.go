package settings

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPostToolBatchAndPermissionDeniedHooksAreAcceptedListedAndNeverRunSayingWhy(t *testing.T) {
	s, err := Parse("s.json", []byte(`{"hooks": {
	  "PermissionDenied": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./retry.sh"}]}],
	  "PostToolBatch": [{"hooks": [{"type": "command", "command": "./batch.sh"}]}],
	  "Stop": [{"hooks": [{"type": "command", "command": "./notify.sh"}]}]
	}}`))
	require.NoError(t, err)

	hooks := s.Hooks(Options{})
	require.Len(t, hooks, 3)
	reasons := map[string]string{}
	for _, h := range hooks {
		assert.Equal(t, Ignored, h.Status, h.Event)
		reasons[h.Event] = h.Reason
	}
	assert.Equal(t, map[string]string{
		"PermissionDenied": "PermissionDenied hooks are accepted and never run: Claude Code runs them when its auto mode classifier denies a call, " +
			"so that they may let the model retry it; a chain has no classifier, and its denials are final. " +
			"To act on a chain's denials, watch its outcomes (a hookchain.Observer such as LogObserver, or serve's log)",
		"PostToolBatch": "PostToolBatch hooks are accepted and never run: Claude Code runs them once a batch of parallel tool calls has resolved, " +
			"before the next model call; a chain is put one call at a time and sees no batch. " +
			"Run the check as a PostToolUse hook, after each call, or from the runtime once its batch is done",
		"Stop": "Stop is not a tool-call event",
	}, reasons)

	links, err := s.Links(Options{})
	require.NoError(t, err, "accepted: settings that hold them still load")
	assert.Empty(t, links, "and none of them runs")
}
