package claudecode

import (
	"encoding/json"
	"errors"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/process"
)

// Profile is Claude Code as a profile of package harness, the first of
// them: what this package does for Claude Code — its hook input, its
// reading of a hook's answer (Decide), its answer (OutputFor), its
// refusals — in the form every other CLI's package gives it. With it, code
// written over package harness speaks Claude Code as it speaks Codex or
// Gemini CLI:
//
//	harness.Main(claudecode.Profile(), chain) // as claudecode.Main(chain)
//
// Claude Code can say everything a chain can, so nothing is degraded; its
// hooks fail open (an exit status other than 0 and 2 is a non-blocking
// error), which links built with Profile.Link reproduce.
//
// What the profile carries of a session is harness.SessionInfo's fields:
// agent_id and agent_type, but not the other fields of a hook input that
// SessionInfo.Extra keeps (prompt_id, effort, ...), nor Skills. Answer and
// Command, which take this package's SessionInfo, tell hooks all of them.
// Each call returns a new Profile, so that no caller can change another's.
func Profile() harness.Profile {
	return harness.Profile{
		Name:     "claude",
		Events:   map[hookchain.Hook]string{hookchain.BeforeTool: PreToolUse, hookchain.AfterTool: PostToolUse},
		Tools:    ownTools(),
		Can:      harness.Capabilities{Ask: true, Rewrite: true, Replace: harness.ReplaceAny, Context: true, Message: true},
		FailOpen: true,
		Spec: func(spec process.Spec, s harness.SessionInfo) process.Spec {
			return CommandSpec(spec, fromHarness(s))
		},
		Input: func(e hookchain.Event, s harness.SessionInfo) ([]byte, error) {
			return marshal(InputFor(e, fromHarness(s)))
		},
		Read:   read,
		Decode: decodeProfile,
		Write: func(e hookchain.Event, o hookchain.Outcome) harness.Reply {
			return harness.Reply{Stdout: encode(OutputFor(e, o))}
		},
		Refuse: func(reason string) harness.Reply { return harness.Reply{Stdout: Refusal(reason)} },
		Halt:   func(reason string) harness.Reply { return harness.Reply{Stdout: Halt(reason)} },
	}
}

// ownTools are Claude Code's tools, each its own name: harness maps every
// CLI's tools to Claude Code's.
func ownTools() harness.ToolNames {
	t := make(harness.ToolNames, len(builtinTools))
	for name := range builtinTools {
		t[name] = []string{name}
	}
	return t
}

// read is Decide, with an exit status that alone makes the run a failure
// said as harness says it.
func read(e hookchain.Event, r process.Result) (hookchain.Outcome, error) {
	o, err := Decide(e, r)
	if _, ok := errors.AsType[*exitStatusError](err); ok {
		return o, &harness.StatusError{Code: r.ExitCode}
	}
	return o, err
}

// decodeProfile is Answer's reading of an input, as harness wants it.
func decodeProfile(input []byte) (hookchain.Event, harness.SessionInfo, error) {
	e, in, refusal, err := decodeInput(input)
	switch {
	case err != nil:
		return e, harness.SessionInfo{}, notToolCall{err}
	case refusal != "":
		return e, harness.SessionInfo{}, errors.New(refusal)
	}
	return e, harnessSession(in.SessionInfo()), nil
}

// notToolCall is Event's error for an input of another event, which says
// so itself, as harness.ErrNotToolCall.
type notToolCall struct{ error }

func (notToolCall) Is(target error) bool { return target == harness.ErrNotToolCall }
func (e notToolCall) Unwrap() error      { return e.error }

// The hook input's fields that harness.SessionInfo names and this
// package's SessionInfo keeps in Extra.
const (
	agentIDField   = "agent_id"
	agentTypeField = "agent_type"
)

// harnessSession is s in harness's form.
func harnessSession(s SessionInfo) harness.SessionInfo {
	return harness.SessionInfo{ID: s.ID, Cwd: s.Cwd, Project: s.ProjectDir, TranscriptPath: s.TranscriptPath,
		PermissionMode: s.PermissionMode, AgentID: extraString(s.Extra, agentIDField), AgentType: extraString(s.Extra, agentTypeField)}
}

// fromHarness is s in this package's form: its agent in Extra, where Claude
// Code's hook input has it.
func fromHarness(s harness.SessionInfo) SessionInfo {
	c := SessionInfo{ID: s.ID, TranscriptPath: s.TranscriptPath, Cwd: s.Cwd, PermissionMode: s.PermissionMode, ProjectDir: s.Project}
	for field, v := range map[string]string{agentIDField: s.AgentID, agentTypeField: s.AgentType} {
		if v == "" {
			continue
		}
		if c.Extra == nil {
			c.Extra = map[string]json.RawMessage{}
		}
		c.Extra[field], _ = json.Marshal(v) // a string always encodes
	}
	return c
}

// extraString is the string extra gives field, or "" when it gives none or
// another kind of value.
func extraString(extra map[string]json.RawMessage, field string) string {
	var v string
	if raw, ok := extra[field]; !ok || json.Unmarshal(raw, &v) != nil {
		return ""
	}
	return v
}
