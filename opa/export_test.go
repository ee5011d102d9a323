package opa

// JSONValue is how an event's input or output is given to a policy, for
// the fuzz target that holds it to encoding/json's reading.
var JSONValue = jsonValue
