package harness

import "context"

// SessionInfo is what a CLI tells a hook about the conversation a call belongs
// to, beside the call itself. A CLI that has no such field leaves it out of
// the hook input.
type SessionInfo struct {
	ID             string // the session or conversation id
	Turn           string // the turn within it (Codex's turn_id)
	Cwd            string // where the agent works; hooks run there
	Project        string // the project's root, whose configuration the hooks come from; "" is Cwd (ProjectDir)
	TranscriptPath string // "" when there is none
	Model          string
	PermissionMode string
	AgentID        string // a subagent's id, "" for the main agent
	AgentType      string // a subagent's type, "" for the main agent
}

// ProjectDir is the project's root: Project, or Cwd when it is not known
// apart from it.
func (s SessionInfo) ProjectDir() string {
	if s.Project != "" {
		return s.Project
	}
	return s.Cwd
}

type sessionKey struct{}

// WithSessionInfo returns ctx carrying s, the session of the call being judged:
// a hook built by Command is told s, over the defaults it was built with.
// Answer calls it with the session of the hook input it answers.
func WithSessionInfo(ctx context.Context, s SessionInfo) context.Context {
	return context.WithValue(ctx, sessionKey{}, s)
}

// NewContext is WithSessionInfo(ctx, s), as a method: it lets a
// SessionInfo stand for a case file's session (casefile.SessionInfo).
func (s SessionInfo) NewContext(ctx context.Context) context.Context {
	return WithSessionInfo(ctx, s)
}

// SessionInfoFrom returns the session WithSessionInfo put in ctx.
func SessionInfoFrom(ctx context.Context) (SessionInfo, bool) {
	s, ok := ctx.Value(sessionKey{}).(SessionInfo)
	return s, ok
}

// SessionInfoFor is def with every field that ctx's session (WithSessionInfo) sets
// taken from it: one chain serves every conversation, and the call says
// which one it is in.
func SessionInfoFor(ctx context.Context, def SessionInfo) SessionInfo {
	s, ok := SessionInfoFrom(ctx)
	if !ok {
		return def
	}
	over := func(dst *string, v string) {
		if v != "" {
			*dst = v
		}
	}
	over(&def.ID, s.ID)
	over(&def.Turn, s.Turn)
	over(&def.Cwd, s.Cwd)
	over(&def.Project, s.Project)
	over(&def.TranscriptPath, s.TranscriptPath)
	over(&def.Model, s.Model)
	over(&def.PermissionMode, s.PermissionMode)
	over(&def.AgentID, s.AgentID)
	over(&def.AgentType, s.AgentType)
	return def
}
