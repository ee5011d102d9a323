// Package claudecodeinput is the case-file format of Claude Code's hook
// input: a case's event written as the JSON a Claude Code hook reads on
// stdin, which a hook author can copy from Claude Code's debug log.
//
//	{
//	  "name": "a force-push is refused",
//	  "event": {"session_id": "s-1", "cwd": "/work/app", "hook_event_name": "PreToolUse",
//	            "tool_name": "Bash", "tool_input": {"command": "git push --force"}},
//	  "want": {"verdict": "deny", "reason_contains": "use --force-with-lease",
//	           "decided_by": "no-force-push.sh", "cause": "link", "trail": ["no-force-push.sh"]}
//	}
//
// Give Format to casefile.LoadFiles, DecodeFile or UpdateFiles; package
// hookchaintest always reads it.
package claudecodeinput

import (
	"encoding/json"
	"errors"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
	"github.com/hookchain/hookchain/hookchaintest/casefile"
)

// Format reads an event written as a Claude Code hook input, recognized by
// its "hook_event_name": the tool-call event it describes (see
// claudecode.Input.Event), and its session_id, cwd, permission_mode and
// every other field as the case's Session, a *claudecode.SessionInfo, which
// the chain's Claude Code hooks are told about (claudecode.WithSessionInfo).
// Fields it does not name are passed to the hooks as given, as Claude Code
// sends them.
type Format struct{}

var _ casefile.Format = Format{}

// Name names the format in errors.
func (Format) Name() string { return "a Claude Code hook input" }

// Recognizes reports whether the event has a hook_event_name.
func (Format) Recognizes(event json.RawMessage) bool {
	var probe struct {
		Name *json.RawMessage `json:"hook_event_name"`
	}
	return json.Unmarshal(event, &probe) == nil && probe.Name != nil
}

// Decode reads the event and its session.
func (Format) Decode(event json.RawMessage) (hookchain.Event, casefile.SessionInfo, error) {
	var in claudecode.Input
	if err := json.Unmarshal(event, &in); err != nil {
		return hookchain.Event{}, nil, errors.New(strings.TrimPrefix(err.Error(), "json: "))
	}
	e, err := in.Event()
	if err != nil {
		return hookchain.Event{}, nil, errors.New(strings.TrimPrefix(err.Error(), "claudecode: "))
	}
	s := in.SessionInfo()
	return e, &s, nil
}
