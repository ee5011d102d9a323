package harness

import (
	"bytes"
	"encoding/json"
	"strings"
)

// Encode is v's JSON without HTML escapes, which would change the text a
// hook or a tool is given, and without a trailing newline.
func Encode(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// NonBlank is s, or instead when s is blank: a CLI that is given a blank
// reason tells its model nothing, or its own placeholder.
func NonBlank(s, instead string) string {
	if strings.TrimSpace(s) == "" {
		return instead
	}
	return s
}
