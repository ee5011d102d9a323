package replay

import (
	"context"
	"encoding/json"

	"github.com/hookchain/hookchain/claudecode"
	"github.com/hookchain/hookchain/harness"
)

// SessionContext returns ctx telling the hooks of a chain about the session
// c was made in, as its agent CLI told them then: claudecode's session
// (session_id, transcript_path = c.File, cwd, and agent_id and agent_type
// for a subagent's call) for Claude Code hooks, and harness's for the other
// CLIs' hooks. Fields a call does not record are left to the hooks'
// defaults.
func SessionContext(ctx context.Context, c Call) context.Context {
	cc := claudecode.SessionInfo{ID: c.Session, TranscriptPath: c.File, Cwd: c.Cwd}
	if c.AgentID != "" || c.AgentType != "" {
		cc.Extra = make(map[string]json.RawMessage, 2)
		for k, v := range map[string]string{"agent_id": c.AgentID, "agent_type": c.AgentType} {
			if v != "" {
				cc.Extra[k], _ = json.Marshal(v) // a string always encodes
			}
		}
	}
	ctx = claudecode.WithSessionInfo(ctx, cc)
	return harness.WithSessionInfo(ctx, harness.SessionInfo{ID: c.Session, Cwd: c.Cwd, TranscriptPath: c.File,
		AgentID: c.AgentID, AgentType: c.AgentType})
}
