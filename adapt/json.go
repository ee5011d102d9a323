package adapt

import "github.com/hookchain/hookchain/internal/jsonscan"

// Fault says what keeps b from being JSON the chain accepts as a tool's
// output, or as any other value it hands a link: "not valid JSON", "not
// valid UTF-8", or "ambiguous: …" for an object that gives one key twice;
// "" when nothing does. A module that reads JSON from elsewhere on the
// chain's behalf (a policy engine's answer, a session's values) refuses
// what the chain would refuse, so that it and every link read one value.
func Fault(b []byte) string { return jsonscan.Fault(b) }

// InputFault is Fault for a tool's input, which the chain also refuses when
// one object gives two keys that differ only in case ("command" and
// "Command"): encoding/json decodes both into one field, keeping the last,
// while a link reads the exact key.
func InputFault(b []byte) string { return jsonscan.InputFault(b, nil) }

// FoldKey is key as encoding/json's case folding reads it when it matches a
// key to a field: two keys fold to one string exactly when strings.EqualFold
// holds for them ("Kind", "KIND" and "\u212aind" all fold to one).
func FoldKey(key string) string { return jsonscan.FoldKey(key) }
