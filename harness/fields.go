package harness

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
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
