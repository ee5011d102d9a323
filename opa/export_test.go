package opa

import "time"

// JSONValue is how an event's input or output is given to a policy, for
// the fuzz target that holds it to encoding/json's reading.
var JSONValue = jsonValue

// FleetTimeout is what bounds each decision of f.
func FleetTimeout(f *Fleet) time.Duration { return f.o.timeout }

// HoldTurn takes f's turn to decide, as a call being decided does, until
// release is called.
func HoldTurn(f *Fleet) (release func()) {
	f.deciding <- struct{}{}
	return func() { <-f.deciding }
}
