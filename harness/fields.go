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

// Problems gathers what is wrong with a hook input's fields, read one by
// one, so that its error names every fault at once rather than the first.
type Problems []string

// String decodes fields[key] into dst: a key absent or null leaves dst as
// it is, and is a problem when required; a value that is not a string is
// one always.
func (p *Problems) String(fields map[string]json.RawMessage, key string, dst *string, required bool) {
	raw, ok := fields[key]
	if !ok || string(raw) == "null" {
		if required {
			*p = append(*p, "it has no "+key)
		}
		return
	}
	if err := json.Unmarshal(raw, dst); err != nil {
		*p = append(*p, "its "+key+" is not a string")
	}
}

// Add records a problem of the input's own wording.
func (p *Problems) Add(problem string) { *p = append(*p, problem) }

// Err is nil without problems, else one error that names what is not
// valid ("the PreToolUse hook input") and every problem.
func (p Problems) Err(what string) error {
	if len(p) == 0 {
		return nil
	}
	return fmt.Errorf("the %s is not valid: %s", what, strings.Join(p, "; "))
}

// Object is a JSON object read key by key (Fields), with readers of its
// values that tell a key absent or null — which a configuration leaves
// unset — from one of the wrong type, which is an error.
type Object map[string]json.RawMessage

// ReadObject reads b as an Object, by Fields' rules.
func ReadObject(b []byte) (Object, error) {
	f, err := Fields(b)
	return Object(f), err
}

// set reports whether key is given, and not null.
func (o Object) set(key string) bool {
	v, ok := o[key]
	return ok && string(v) != "null"
}

// String is key's value and whether it is set; a value that is not a
// string is an error that names key.
func (o Object) String(key string) (string, bool, error) {
	var s string
	ok, err := o.decode(key, &s, "a string")
	return s, ok, err
}

// Bool is key's value and whether it is set; a value that is not a
// boolean is an error.
func (o Object) Bool(key string) (bool, bool, error) {
	var b bool
	ok, err := o.decode(key, &b, "a boolean")
	return b, ok, err
}

// List is key's value, a JSON array, and whether it is set; a value that
// is not an array is an error.
func (o Object) List(key string) ([]json.RawMessage, bool, error) {
	var l []json.RawMessage
	ok, err := o.decode(key, &l, "a list")
	return l, ok, err
}

func (o Object) decode(key string, dst any, what string) (bool, error) {
	if !o.set(key) {
		return false, nil
	}
	if err := json.Unmarshal(o[key], dst); err != nil {
		return true, fmt.Errorf("%s is not %s", key, what)
	}
	return true, nil
}
