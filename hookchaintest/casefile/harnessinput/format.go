// Package harnessinput is the case-file format of an agent CLI's hook
// input, for the CLIs package harness has a profile of: a case's event is
// written as the CLI writes it on a hook's stdin, and read by the
// profile's Decode.
package harnessinput

import (
	"encoding/json"
	"errors"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/hookchaintest/casefile"
)

// Format reads every event of a case file as Profile's CLI's hook input:
// a file of cases for one CLI holds that CLI's inputs, and an event that is
// not one is an error, never read in another form.
type Format struct {
	Profile harness.Profile
}

var _ casefile.Format = Format{}

// Name is "a NAME hook input".
func (f Format) Name() string { return "a " + f.Profile.Name + " hook input" }

// Recognizes every event.
func (Format) Recognizes(json.RawMessage) bool { return true }

// Decode reads the event with the profile, and its session, a
// harness.SessionInfo. An event that is not a tool call is an error.
func (f Format) Decode(event json.RawMessage) (hookchain.Event, casefile.SessionInfo, error) {
	if f.Profile.Decode == nil {
		return hookchain.Event{}, nil, errors.New("the format has no profile")
	}
	e, s, err := f.Profile.Decode(event)
	if err != nil {
		return hookchain.Event{}, nil, err
	}
	return e, s, nil
}
