package harness

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// InputNames maps Claude Code's tools to the fields of their input that a
// CLI names otherwise, for its tools that stand for each (Profile.Tools):
// Claude Code's name of each such field to the CLI's names for it, the
// one its current version uses first and those its earlier versions used
// after it (Bash's "command" is Windsurf's run_command's "command_line";
// Read's "file_path" is Gemini CLI's read_file's "file_path", and was its
// "absolute_path" and "path"). A policy written for one CLI reads a call of
// another by the names it knows: a guard of Claude Code's Bash that reads
// "command" would see none in Windsurf's input, and let every command
// through.
type InputNames map[string]map[string][]string

// Claude is input, of the CLI's tool that stands for Claude Code's tool,
// with each field the CLI names otherwise given Claude Code's name. An
// input that gives two names of one field is an error: which of them the
// tool runs with cannot be told, and a model that wrote a decoy under the
// other would have the guard judge the decoy.
func (n InputNames) Claude(tool string, input json.RawMessage) (json.RawMessage, error) {
	names := map[string]string{}
	for claude, own := range n[tool] {
		for _, o := range own {
			if o != claude {
				names[o] = claude
			}
		}
	}
	return renamed(input, names)
}

// Own is input, of Claude Code's tool, with each field the CLI names
// otherwise given the CLI's name, as its current version names it.
func (n InputNames) Own(tool string, input json.RawMessage) (json.RawMessage, error) {
	names := map[string]string{}
	for claude, own := range n[tool] {
		if len(own) > 0 && own[0] != claude {
			names[claude] = own[0]
		}
	}
	return renamed(input, names)
}

// renamed is the JSON object input with each key of names given its value
// as its name, in place, its value as written; input itself when it is
// not an object or has none of the keys. An object that gives a key twice,
// or two keys that become one, is an error.
func renamed(input json.RawMessage, names map[string]string) (json.RawMessage, error) {
	trimmed := bytes.TrimSpace(input)
	if len(names) == 0 || len(trimmed) == 0 || trimmed[0] != '{' {
		return input, nil
	}
	fields, order, err := OrderedFields(input)
	if err != nil {
		return nil, fmt.Errorf("the input cannot be read one way only: %w", err)
	}
	given := map[string][]string{} // each name after renaming, and the keys that become it
	hit := false
	for _, k := range order {
		name := k
		if to, ok := names[k]; ok {
			name, hit = to, true
		}
		given[name] = append(given[name], k)
	}
	if !hit {
		return input, nil
	}
	for name, keys := range given {
		if len(keys) > 1 {
			return nil, errors.New("the input gives " + strings.Join(keys, " and ") + ", which are one field, " + name + ", to the other CLI")
		}
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
