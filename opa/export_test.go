package opa

// JSONValue is how an event's input or output is given to a policy, for
// the fuzz target that holds it to encoding/json's reading.
var JSONValue = jsonValue

// HoldTurn takes f's turn to decide, as a call being decided does, until
// release is called.
func HoldTurn(f *Fleet) (release func()) {
	f.deciding <- struct{}{}
	return func() { <-f.deciding }
}
