package harness

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"

	"github.com/hookchain/hookchain/internal/jsonscan"
)

// This file is how the CLIs written in JavaScript (Gemini CLI and its
// fork, Qwen Code) read a hook's output: JSON.parse on the trimmed text,
// no schema, and each field as JavaScript tests it.

// TrimOutputJS is a hook's output as a JavaScript CLI reads it: as text,
// invalid UTF-8 replaced, trimmed as JavaScript trims (TrimJS).
func TrimOutputJS(output []byte) string {
	return TrimJS(strings.ToValidUTF8(string(output), "\uFFFD"))
}

// LooksLikeJSON reports whether text starts as JSON that an answer could
// be: an object, an array or a string.
func LooksLikeJSON(text string) bool {
	return strings.HasPrefix(text, "{") || strings.HasPrefix(text, "[") || strings.HasPrefix(text, `"`)
}

// JSAnswer is a hook's JSON answer as JavaScript holds it: the object's
// fields, or what jsonscan says of an answer that gives a key twice.
type JSAnswer struct {
	Fields    map[string]json.RawMessage
	Ambiguous string
}

// ParseJS reads text as JSON.parse does, and parses a JSON string that
// holds JSON again (a doubly encoded answer). answer is nil unless the
// JSON is an object or an array (an array is an answer with nothing in
// it, as in JavaScript); isJSON says whether text was JSON at all. A
// string that does not parse again makes the whole answer plain text.
func ParseJS(text string) (answer *JSAnswer, isJSON bool) {
	var v json.RawMessage
	if err := json.Unmarshal([]byte(text), &v); err != nil {
		return nil, false
	}
	var inner string
	if v[0] == '"' && json.Unmarshal(v, &inner) == nil {
		if err := json.Unmarshal([]byte(inner), &v); err != nil {
			return nil, false
		}
	}
	switch b := bytes.TrimSpace(v); {
	case len(b) > 0 && b[0] == '[':
		return &JSAnswer{}, true
	case len(b) > 0 && b[0] == '{':
		if f := jsonscan.Fault(b); strings.HasPrefix(f, "ambiguous") {
			return &JSAnswer{Ambiguous: f}, true
		}
		fields, _ := Fields(b) // valid, and no key twice: it cannot fail
		return &JSAnswer{Fields: fields}, true
	}
	return nil, true
}

// Truthy is a field as JavaScript's `||` reads it: "" for a field that is
// absent or falsy, a string's value, and any other value's JSON.
func Truthy(v json.RawMessage) string {
	switch s := string(v); s {
	case "", "null", "false", "0", `""`:
		return ""
	}
	var s string
	if json.Unmarshal(v, &s) == nil {
		return s
	}
	return string(v)
}

// IsObject reports whether v is one JSON object.
func IsObject(v json.RawMessage) bool {
	_, err := Fields(v)
	return err == nil
}

// ToolResult is a call's output as the tool result Gemini CLI and Qwen
// Code give their hooks: an output that already is one (an object with
// llmContent) as it is; any other as {"llmContent", "returnDisplay"}, its
// text (OutputText) in both, and, when withError, "error": {"message"}
// with it too.
func ToolResult(output json.RawMessage, withError bool) json.RawMessage {
	if f, err := Fields(output); err == nil {
		if _, ok := f["llmContent"]; ok {
			return output
		}
	}
	text := ""
	if len(output) > 0 {
		text = OutputText(output)
	}
	type toolError struct {
		Message string `json:"message"`
	}
	r := struct {
		LLMContent    string     `json:"llmContent"`
		ReturnDisplay string     `json:"returnDisplay"`
		Error         *toolError `json:"error,omitempty"`
	}{LLMContent: text, ReturnDisplay: text}
	if withError {
		r.Error = &toolError{Message: text}
	}
	b, _ := json.Marshal(r) // strings only: it cannot fail
	return b
}

// OrderedFields are an object's fields (Fields) and its keys in the order
// written: Gemini CLI and Qwen Code run a settings file's events in the
// order they find them.
func OrderedFields(raw json.RawMessage) (map[string]json.RawMessage, []string, error) {
	fields, err := Fields(raw)
	if err != nil {
		return nil, nil, err
	}
	d := json.NewDecoder(bytes.NewReader(raw))
	if _, err := d.Token(); err != nil {
		return nil, nil, err
	}
	var order []string
	for d.More() {
		t, err := d.Token()
		if err != nil {
			return nil, nil, err
		}
		order = append(order, t.(string))
		var skip json.RawMessage
		if err := d.Decode(&skip); err != nil {
			return nil, nil, err
		}
	}
	return fields, order, nil
}

// JSOnly finds the syntax of JavaScript's regular expressions that Go's
// regexp does not have (lookarounds, backreferences): a matcher with it
// selects tools in a JavaScript CLI that Go cannot reproduce.
var JSOnly = regexp.MustCompile(`\(\?<?[=!]|\\[1-9]|\\k<`)
