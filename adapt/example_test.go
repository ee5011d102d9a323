package adapt_test

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapt"
)

// An adapter whose framework takes one text for a tool's result, and one
// error, carries the chain's notes on them.
func Example_notes() {
	notes := []hookchain.Note{{Link: "budget", Text: "2 of 5 calls left"}}
	fmt.Println(adapt.WithNotes("3 files", notes))

	errTimeout := errors.New("the tool timed out")
	err := adapt.Noted(errTimeout, notes)
	fmt.Println(err)
	fmt.Println(errors.Is(err, errTimeout))
	// Output:
	// 3 files
	// 2 of 5 calls left
	// the tool timed out
	// 2 of 5 calls left
	// true
}

// A denial's output is a JSON string; the framework is given its text.
func ExampleTextOf() {
	fmt.Println(adapt.TextOf(json.RawMessage(`"denied: no rm -rf"`)))
	fmt.Println(adapt.TextOf(json.RawMessage(`{"files":3}`)))
	// Output:
	// denied: no rm -rf
	// {"files":3}
}

// An adapter reads a tool's input schema once, when the tool is registered,
// and refuses a call whose arguments a case-blind handler could read other
// than the chain did.
func ExampleKeys_AlikeFault() {
	keys := adapt.KeysOf(json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"}}}`))
	fmt.Printf("%q\n", keys.AlikeFault("Read", json.RawMessage(`{"path":"a.txt"}`)))
	fmt.Println(keys.AlikeFault("Read", json.RawMessage(`{"path":"a.txt","PATH":"/etc/shadow"}`)))
	// Output:
	// ""
	// hookchain: the arguments of Read give "PATH" at /, alike but for case to the property "path" of its input schema: a handler could read it as either
}
