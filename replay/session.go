package replay

import (
	"context"
	"encoding/json"

	"github.com/hookchain/hookchain/claudecode"
	"github.com/hookchain/hookchain/harness"
)

// SessionContext returns ctx telling the hooks of a chain about the session
// c was made in, as its agent CLI told them then: ClaudeCodeSession for
// Claude Code hooks, and HarnessSession for the other CLIs' hooks.
func SessionContext(ctx context.Context, c Call) context.Context {
	ctx = claudecode.WithSessionInfo(ctx, c.ClaudeCodeSession())
	return harness.WithSessionInfo(ctx, c.HarnessSession())
}

// ClaudeCodeSession is what Claude Code told its hooks about the session
// of the call: session_id, transcript_path (the call's own file, a
// subagent's for its calls), cwd as recorded, and agent_id and agent_type
// for a subagent's call. Fields the call does not record are left to the
// hooks' defaults.
func (c Call) ClaudeCodeSession() claudecode.SessionInfo {
	s := claudecode.SessionInfo{ID: c.Session, TranscriptPath: c.File, Cwd: c.Cwd}
	for _, f := range []struct{ key, value string }{{"agent_id", c.AgentID}, {"agent_type", c.AgentType}} {
		if f.value == "" {
			continue
		}
		if s.Extra == nil {
			s.Extra = make(map[string]json.RawMessage, 2)
		}
		s.Extra[f.key], _ = json.Marshal(f.value) // a string always encodes
	}
	return s
}

// HarnessSession is ClaudeCodeSession for the hooks of the other agent
// CLIs (package harness).
func (c Call) HarnessSession() harness.SessionInfo {
	return harness.SessionInfo{ID: c.Session, Cwd: c.Cwd, TranscriptPath: c.File, AgentID: c.AgentID, AgentType: c.AgentType}
}
