package claudecode

import (
	"bytes"
	"encoding/json"

	"github.com/hookchain/hookchain"
)

// replacementFor is the replacement a hook program answers Claude Code
// with after the call, for a chain that replaced the tool's output with
// output, or withheld it (output nil: a denial), and ok = false when
// output cannot be given in a shape Claude Code applies, so that the
// output is withheld instead.
//
// Claude Code ignores an updatedToolOutput that does not have a built-in
// tool's output shape and shows the model the tool's own output: answered
// as it is, a redaction that does not fit would not redact. So a text
// replacement of Bash's output is put in Bash's shape, as its stdout; any
// other that does not fit (see shapeFault) is answered with the output
// withheld: the original's shape, every string in it empty and every
// array empty. A denial is answered the same way: after the call, Claude
// Code's decision "block" keeps the output, and the chain's denial means
// the model must not see it.
func replacementFor(e hookchain.Event, output json.RawMessage) (_ json.RawMessage, ok bool) {
	if output != nil {
		if shapeFault(e, output) == "" {
			return output, true
		}
		if fitted, fits := asBashOutput(e, output); fits {
			return fitted, true
		}
	}
	return withheld(e.Output), false
}

// asBashOutput puts a text replacement of Bash's output in Bash's shape.
func asBashOutput(e hookchain.Event, output json.RawMessage) (json.RawMessage, bool) {
	if e.Tool != "Bash" || kind(output) != "a string" {
		return nil, false
	}
	var text string
	if json.Unmarshal(output, &text) != nil {
		return nil, false
	}
	b, err := marshal(struct {
		Stdout      string `json:"stdout"`
		Stderr      string `json:"stderr"`
		Interrupted bool   `json:"interrupted"`
	}{Stdout: text})
	if err != nil || shapeFault(e, b) != "" {
		return nil, false
	}
	return b, true
}

// withheld is output with nothing of what it said: the same JSON kinds
// and fields, each string "" and each array []; numbers, booleans and null
// are kept, so that the shape is the tool's. Output that is not JSON, or
// none, is withheld as "".
func withheld(output json.RawMessage) json.RawMessage {
	var v any
	d := json.NewDecoder(bytes.NewReader(output))
	d.UseNumber()
	if len(output) == 0 || d.Decode(&v) != nil {
		return json.RawMessage(`""`)
	}
	b, err := marshal(blank(v))
	if err != nil {
		return json.RawMessage(`""`)
	}
	return b
}

func blank(v any) any {
	switch v := v.(type) {
	case string:
		return ""
	case []any:
		return []any{}
	case map[string]any:
		for k, x := range v {
			v[k] = blank(x)
		}
		return v
	}
	return v
}
