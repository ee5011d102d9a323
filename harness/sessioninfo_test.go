package harness_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookchain/hookchain/harness"
)

func TestACallsSessionOverridesTheDefaultsFieldByField(t *testing.T) {
	def := harness.SessionInfo{ID: "d", Turn: "d", Cwd: "/d", TranscriptPath: "/d.jsonl", Model: "m", PermissionMode: "default", AgentID: "a", AgentType: "t"}
	assert.Equal(t, def, harness.SessionInfoFor(context.Background(), def))
	ctx := harness.WithSessionInfo(context.Background(), harness.SessionInfo{ID: "call", Cwd: "/call", PermissionMode: "plan"})
	assert.Equal(t, harness.SessionInfo{ID: "call", Turn: "d", Cwd: "/call", TranscriptPath: "/d.jsonl", Model: "m", PermissionMode: "plan", AgentID: "a", AgentType: "t"},
		harness.SessionInfoFor(ctx, def))
}
