package casefile

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/hookchain/hookchain"
)

// Format reads the event of a case written in a runtime's own form, the
// JSON that the runtime gives its hooks, rather than in hookchain's: a hook
// author copies such an event from the runtime's log into a case file as it
// is. DecodeFile, LoadFiles and UpdateFiles are given the formats to read;
// given none, they read events only in hookchain's form. Package
// claudecodeinput is the format of Claude Code's hook input.
type Format interface {
	// Name names the format in errors: "a Claude Code hook input".
	Name() string

	// Recognizes reports whether an event, a JSON object, is written in
	// this format: a Claude Code hook input has a "hook_event_name". The
	// object is the file's own bytes, not to be kept or changed.
	Recognizes(event json.RawMessage) bool

	// Decode reads an event that Recognizes accepted: the tool-call event
	// it describes and, when the format has one, what the runtime tells
	// its hooks about the conversation. The object gives no key twice.
	// An error is reported after "event: ", and fails the whole file.
	Decode(event json.RawMessage) (hookchain.Event, SessionInfo, error)
}

// SessionInfo is what a runtime tells its hooks about the conversation a
// call is part of, beside the event: for Claude Code, a
// *claudecode.SessionInfo, which carries the session_id, cwd and the other
// fields of a hook input. Check runs a case in the context that its
// session's NewContext returns.
type SessionInfo interface {
	NewContext(ctx context.Context) context.Context
}

// readEvent reads a case's event: in the one format that recognizes it,
// with the session it gives and the event as written, or in hookchain's own
// form when no format does.
func readEvent(raw json.RawMessage, formats []Format) (hookchain.Event, SessionInfo, json.RawMessage, error) {
	if raw == nil {
		return hookchain.Event{}, nil, nil, errors.New("event is missing")
	}
	if err := object(raw, "event"); err != nil {
		return hookchain.Event{}, nil, nil, err
	}
	var by []Format
	for _, f := range formats {
		if f.Recognizes(raw) {
			by = append(by, f)
		}
	}
	switch len(by) {
	case 0:
		e, err := decodeEvent(raw)
		return e, nil, nil, err
	case 1:
	default:
		return hookchain.Event{}, nil, nil, fmt.Errorf("event: it reads both as %s and as %s, which may be two calls", by[0].Name(), by[1].Name())
	}
	// Refused for every format, as in every other object of a case file: a
	// reader of the file must not see another call than the decoder.
	if err := onceEach(raw, "event."); err != nil {
		return hookchain.Event{}, nil, nil, err
	}
	e, s, err := by[0].Decode(raw)
	if err == nil {
		err = checkDecoded(e)
	}
	if err != nil {
		return hookchain.Event{}, nil, nil, fmt.Errorf("event: %w", err)
	}
	e.Input, e.Output = compact(e.Input), compact(e.Output)
	return e, s, compact(raw), nil
}

// checkDecoded refuses an event that a format read into something the chain
// would refuse to judge: the case would then test the chain's refusal, not
// its links.
func checkDecoded(e hookchain.Event) error {
	switch {
	case e.Hook != hookchain.BeforeTool && e.Hook != hookchain.AfterTool:
		return fmt.Errorf("the format gave an event with no known hook (%d)", e.Hook)
	case len(e.Input) > 0 && !json.Valid(e.Input):
		return errors.New("the format gave an input that is not valid JSON")
	case len(e.Output) > 0 && !json.Valid(e.Output):
		return errors.New("the format gave an output that is not valid JSON")
	}
	return nil
}
