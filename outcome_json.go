package hookchain

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// The JSON form of an Outcome is a stable, documented schema, so that an
// outcome reached in one process (a hook program, the hookchain command) can be
// read in another:
//
//	{"verdict":  "allow" | "deny" | "modify" | "replace" | "ask",
//	 "reason":   "…",
//	 "decided_by": "…",       // see Outcome.DecidedBy
//	 "cause":    "link" | "failure" | "approver" | "no_approval" | "chain" | "caller",
//	 "input":    <JSON>,      // modify: the input the tool must run with
//	 "output":   <JSON>,      // replace: the result the model must be shown
//	 "is_error": true,        // replace: the result is an error
//	 "trail":    [{"name": "…", "verdict": "…", "reason": "…", "fault": "…", "by": "…", "approver": true}],
//	 "notes":    [{"link": "…", "text": "…"}],
//	 "messages": [{"link": "…", "text": "…"}], // for the user only
//	 "pending":  {…}}          // ask, approval pending: the Ticket (see Ticket.MarshalJSON)
//
// Empty fields are omitted ("cause" when it is none); "verdict" is always
// present. Every field is stable: programs may rely on "verdict",
// "decided_by", "cause", "trail", "notes" and "messages"; "reason" is for people and
// its wording may improve. (json.Marshal
// escapes "<", ">" and "&" in any value, as it always does; write with a
// json.Encoder with SetEscapeHTML(false) to keep them as they are.) Decoding ignores
// unknown fields, so the schema can grow, but is strict about the ones it
// knows: an unknown verdict, "modify" without "input" or "replace" without
// "output" is an error, never an allow.

type outcomeJSON struct {
	Verdict   *Verdict    `json:"verdict"`
	Reason    string      `json:"reason,omitempty"`
	DecidedBy string      `json:"decided_by,omitempty"`
	Cause     Cause       `json:"cause,omitzero"`
	Input     rawOrAbsent `json:"input,omitempty"`
	Output    rawOrAbsent `json:"output,omitempty"`
	IsError   bool        `json:"is_error,omitempty"`
	Trail     []Step      `json:"trail,omitempty"`
	Notes     []Note      `json:"notes,omitempty"`
	Messages  []Note      `json:"messages,omitempty"`
	Pending   *Ticket     `json:"pending,omitempty"`
}

type stepJSON struct {
	Name     string   `json:"name"`
	Verdict  *Verdict `json:"verdict"`
	Reason   string   `json:"reason,omitempty"`
	Fault    string   `json:"fault,omitempty"`
	By       string   `json:"by,omitempty"`
	Approver bool     `json:"approver,omitempty"`
}

// rawOrAbsent is a JSON value that omitempty leaves out when absent, and
// that keeps "null" when null was written (json.RawMessage would turn a null
// into an absent value on decode).
type rawOrAbsent []byte

func (r rawOrAbsent) MarshalJSON() ([]byte, error) {
	if len(r) == 0 {
		return []byte("null"), nil
	}
	return r, nil
}

func (r *rawOrAbsent) UnmarshalJSON(b []byte) error {
	*r = append((*r)[:0], b...)
	return nil
}

// MarshalJSON encodes the outcome in the schema above. Input and Output must
// be valid JSON when present, as a chain's outcome always is.
func (o Outcome) MarshalJSON() ([]byte, error) {
	d := o.Verdict
	if d.word() == "" {
		return nil, fmt.Errorf("hookchain: cannot encode an outcome with unknown verdict %d", uint8(d))
	}
	for _, f := range []struct {
		name string
		v    json.RawMessage
	}{{"input", o.Input}, {"output", o.Output}} {
		if len(f.v) > 0 && !json.Valid(f.v) {
			return nil, fmt.Errorf("hookchain: cannot encode an outcome whose %s is not valid JSON", f.name)
		}
	}
	return marshal(outcomeJSON{
		Verdict: &d, Reason: o.Reason, DecidedBy: o.DecidedBy, Cause: o.Cause,
		Input: rawOrAbsent(o.Input), Output: rawOrAbsent(o.Output),
		IsError: o.IsError, Trail: o.Trail, Notes: o.Notes, Messages: o.Messages, Pending: o.Pending,
	})
}

// marshal encodes v without escaping HTML characters: reasons are read by
// models and people, and "<" should read as "<".
func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// UnmarshalJSON decodes the schema above.
func (o *Outcome) UnmarshalJSON(b []byte) error {
	var in outcomeJSON
	if err := json.Unmarshal(b, &in); err != nil {
		return fmt.Errorf("hookchain: decoding an outcome: %w", err)
	}
	if in.Verdict == nil {
		return errors.New(`hookchain: decoding an outcome: "verdict" is missing`)
	}
	out := Outcome{Verdict: *in.Verdict, Reason: in.Reason, DecidedBy: in.DecidedBy, Cause: in.Cause,
		IsError: in.IsError, Trail: in.Trail, Notes: in.Notes, Messages: in.Messages, Pending: in.Pending}
	if len(in.Input) > 0 {
		out.Input = json.RawMessage(in.Input)
	}
	if len(in.Output) > 0 {
		out.Output = json.RawMessage(in.Output)
	}
	switch {
	case out.Verdict == Modified && out.Input == nil:
		return errors.New(`hookchain: decoding an outcome: "modify" without "input"`)
	case out.Verdict == Replaced && out.Output == nil:
		return errors.New(`hookchain: decoding an outcome: "replace" without "output"`)
	}
	*o = out
	return nil
}

// MarshalJSON encodes a step as {"name", "verdict", "reason", "fault",
// "by", "approver"}, omitting those that are empty.
func (s Step) MarshalJSON() ([]byte, error) {
	d := s.Verdict
	if d.word() == "" {
		return nil, fmt.Errorf("hookchain: cannot encode step %q with unknown verdict %d", s.Name, uint8(d))
	}
	return marshal(stepJSON{Name: s.Name, Verdict: &d, Reason: s.Reason, Fault: s.Fault, By: s.By, Approver: s.Approver})
}

// UnmarshalJSON decodes a step; "name" and "verdict" are required.
func (s *Step) UnmarshalJSON(b []byte) error {
	var in stepJSON
	if err := json.Unmarshal(b, &in); err != nil {
		return fmt.Errorf("hookchain: decoding a step: %w", err)
	}
	switch {
	case in.Name == "":
		return errors.New(`hookchain: decoding a step: "name" is missing`)
	case in.Verdict == nil:
		return fmt.Errorf(`hookchain: decoding step %q: "verdict" is missing`, in.Name)
	}
	*s = Step{Name: in.Name, Verdict: *in.Verdict, Reason: in.Reason, Fault: in.Fault, By: in.By, Approver: in.Approver}
	return nil
}
