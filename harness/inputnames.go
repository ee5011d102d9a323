package harness

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// InputNames maps Claude Code's tools to the fields of their input that a
// CLI names otherwise, for its tool that stands for each (Profile.Tools):
// Claude Code's name of each such field to the CLI's (Bash's "command" is
// Windsurf's run_command's "command_line").
// A policy written for one CLI reads a call of another by the names it
// knows: a guard of Claude Code's Bash that reads "command" would see none
// in Windsurf's input, and let every command through.
type InputNames map[string]map[string]string

// Claude is input, of the CLI's tool that stands for Claude Code's tool,
// with its fields renamed as Claude Code names them.
func (n InputNames) Claude(tool string, input json.RawMessage) (json.RawMessage, error) {
	own := n[tool]
	if len(own) == 0 {
		return input, nil
	}
	claude := make(map[string]string, len(own))
	for c, o := range own {
		claude[o] = c
	}
	return renamed(input, claude)
}

// Own is input, of Claude Code's tool, with the fields the CLI names
// otherwise renamed as the CLI names them.
func (n InputNames) Own(tool string, input json.RawMessage) (json.RawMessage, error) {
	return renamed(input, n[tool])
}

// renamed is the JSON object input with each key of names as its value,
// in place, its value as written; input itself when it is not an object
// or has none of the keys. An object that gives a key twice, or a key
// beside the one it would become, is an error: which of the two the tool
// runs with cannot be told, and a model that wrote a decoy under the
// other name would have the guard judge the decoy.
func renamed(input json.RawMessage, names map[string]string) (json.RawMessage, error) {
	if len(names) == 0 || len(bytes.TrimSpace(input)) == 0 || bytes.TrimSpace(input)[0] != '{' {
		return input, nil
	}
	fields, order, err := OrderedFields(input)
	if err != nil {
		return nil, fmt.Errorf("the input cannot be read one way only: %w", err)
	}
	hit := false
	for from, to := range names {
		_, has := fields[from]
		_, clash := fields[to]
		if has && clash {
			return nil, errors.New("the input gives both " + from + " and " + to + ", which are one field to the other CLI")
		}
		hit = hit || has
	}
	if !hit {
		return input, nil
	}
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range order {
		if i > 0 {
			b.WriteByte(',')
		}
		name := k
		if to, ok := names[k]; ok {
			name = to
		}
		key, _ := json.Marshal(name) // a string always encodes
		b.Write(key)
		b.WriteByte(':')
		b.Write(fields[k])
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}
