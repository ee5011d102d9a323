package adapt

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// Replacement reads the output a link replaced a tool's result with, by
// the rule every adapter follows: a JSON string is a text result holding
// the string (text makes it); JSON that opens with open, the first byte of
// the framework's own result form ('{' for an object, '[' for an array), is
// that form, which decode reads; any other JSON value is a text result
// holding the value as written. out is JSON the chain accepted.
//
// An output decode cannot read is an error naming tool, worded for the
// model, which is shown it in place of the result: a replacement is never
// half-applied.
func Replacement[T any](tool string, out json.RawMessage, open byte, text func(string) T, decode func(json.RawMessage) (T, error)) (T, error) {
	r, err := replacement(bytes.TrimSpace(out), open, text, decode)
	if err != nil {
		return r, fmt.Errorf("hookchain: a link replaced the result of %s with something that is not a tool result: %w", tool, err)
	}
	return r, nil
}

func replacement[T any](out json.RawMessage, open byte, text func(string) T, decode func(json.RawMessage) (T, error)) (T, error) {
	var zero T
	switch {
	case len(out) == 0:
		return zero, errors.New("empty output")
	case out[0] == '"':
		var s string
		if err := json.Unmarshal(out, &s); err != nil {
			return zero, err
		}
		return text(s), nil
	case out[0] == open:
		return decode(out)
	}
	return text(string(out)), nil
}

// Unencodable is the error that stands in for a tool's result the adapter
// cannot encode as JSON for the after-chain: what the chain cannot judge is
// never handed on, so the after-chain is shown this error instead, as any
// error of the tool.
func Unencodable(tool string, err error) error {
	return fmt.Errorf("hookchain: the result of %s cannot be encoded as JSON: %w", tool, err)
}

// Marshal is json.Marshal without the escapes of '<', '>' and '&', even
// those written by a type that marshals itself: the form in which a
// framework's result (or input) is shown to the chain, since a link that
// looks for "<secret>" must find it.
func Marshal(v any) (json.RawMessage, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return UnescapeHTML(b), nil
}
