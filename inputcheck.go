package hookchain

import (
	"encoding/json"
	"fmt"
)

// WithInputCheck returns a copy of the chain that folds a rewrite (Modify,
// AskAbout) only of an input that check accepts for the call's tool: a
// rewrite it rejects is the answering link's failure — recorded in the
// trail with the check's error as its Fault, reported to observers, and,
// unless the link is fail-open, a denial — as for any answer the chain
// cannot fold. It is for a runtime whose tools take only some inputs (plain
// text, a schema's shape): such a rewrite must never reach the tool, nor
// be recorded as a change that was made. A check that panics rejects.
// Checks added this way must all accept. The copy keeps the chain's ID: the
// check says what the tool can be given, not what the links decide.
func (c *Chain) WithInputCheck(check func(tool string, input json.RawMessage) error) *Chain {
	if check == nil {
		panic("hookchain: WithInputCheck with a nil check")
	}
	n := *c
	n.inputChecks = append(append([]func(string, json.RawMessage) error(nil), c.inputChecks...), check)
	return &n
}

// rewriteFault is why the chain's input checks reject the rewrite in out,
// or "" when they accept it or out rewrites nothing.
func (c *Chain) rewriteFault(tool string, out *Outcome) string {
	if len(c.inputChecks) == 0 || out.Input == nil || (out.Verdict != Modified && out.Verdict != Asked) {
		return ""
	}
	answer := "Modify"
	if out.Verdict == Asked {
		answer = "AskAbout"
	}
	for _, check := range c.inputChecks {
		if err := runCheck(check, tool, out.Input); err != nil {
			return "answered " + answer + " with an input " + tool + " cannot take: " + errorFault(err)
		}
	}
	return ""
}

func runCheck(check func(string, json.RawMessage) error, tool string, in json.RawMessage) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the input check panicked: %v", r)
		}
	}()
	return check(tool, in)
}
