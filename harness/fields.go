package harness

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
)

// Fields reads b as one JSON object, key by key: a key is kept exactly as
// written (encoding/json would also take "Tool_Name" for "tool_name"), a
// key given twice is an error, and so is anything after the object. The
// values are left undecoded.
func Fields(b []byte) (map[string]json.RawMessage, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	t, err := d.Token()
	if err != nil {
		return nil, err
	}
	if t != json.Delim('{') {
		return nil, fmt.Errorf("not a JSON object")
	}
	fields := map[string]json.RawMessage{}
	for d.More() {
		t, err := d.Token()
		if err != nil {
			return nil, err
		}
		k := t.(string) // inside an object, the decoder yields only string keys here
		var v json.RawMessage
		if err := d.Decode(&v); err != nil {
			return nil, err
		}
		if _, dup := fields[k]; dup {
			return nil, fmt.Errorf("the key %q is given twice", k)
		}
		fields[k] = v
	}
	if _, err := d.Token(); err != nil {
		return nil, err
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, fmt.Errorf("more than one JSON value")
	}
	return fields, nil
}

// CaseAlike refuses a key of fields that is another of its keys, or one
// of known, but for case ("Tool_Name"): Go's encoding/json, in a hook or a
// tool, would read it as the other, and hookchain reads keys exactly.
func CaseAlike(fields map[string]json.RawMessage, known []string) error {
	keys := slices.Sorted(maps.Keys(fields))
	for _, k := range keys {
		if slices.Contains(known, k) {
			continue // the other key of the pair is the odd one
		}
		for _, other := range slices.Concat(known, keys) {
			if k != other && strings.EqualFold(k, other) {
				return fmt.Errorf("the hook input has the key %q, which Go's encoding/json reads as %q", k, other)
			}
		}
	}
	return nil
}
