package opa

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapt"
)

// Decode turns the value a policy's query evaluated to into the answer of a
// link asked about e. It is what every interceptor of this package does with
// a result, exported for hosts that evaluate Rego their own way.
//
// result is a JSON value as Go holds it: what encoding/json decodes into an
// any (with or without UseNumber), or what OPA's rego package returns. It
// may also be the JSON itself, a json.RawMessage or a []byte, which is how
// a host that reads the answer off the wire should give it: an object in it
// with a key given twice, or bytes that are not UTF-8, are then refused,
// where decoding it first would have kept one of the two keys, silently.
// Two shapes are understood.
//
// A decision document, an object:
//
//	{"verdict": "modify", "reason": "added a 120s timeout",
//	 "input": {"command": "make test", "timeout": 120},
//	 "note": ["tests here take two minutes"]}
//
// "verdict" is required, one of "allow", "deny", "modify", "replace" and
// "ask", exactly as written. "reason" is a string. "modify" requires
// "input"; "ask" may carry one, and then rewrites the call and asks about
// the rewrite ([hookchain.AskAbout]). "replace" requires "output" (any JSON
// value) and may carry "is_error", a boolean; without it the result keeps
// e.IsError. "note" is a string or an array of strings, each a note for
// the model ([hookchain.Outcome.WithNote]); blank ones are left out. A key
// that belongs to another verdict — an "input" beside "allow", say — is
// an error unless it is null, because a policy that writes one believes it
// is changing something. Two keys alike but for case ("verdict" and
// "Verdict") are an error: a Go reader matches either. So is a string or
// key in "input" or "output" that is not valid UTF-8, which JSON cannot
// carry as it is. Other keys are ignored.
//
// "decision" and "context", the names "verdict" and "note" had before
// v0.1.0, are still read, in a document that does not give the new name; a
// document that gives both names of one key, whatever their values, null
// included, is an error: a reader of either would take another answer from
// it.
//
// An array of strings, the value of a rule written in the idiom Rego
// authors already use, `deny contains msg if { ... }`: empty, the call is
// allowed; otherwise it is denied, with the messages, in order, joined by
// "; " as the reason (blank ones left out: a set of blank messages still
// denies, with no reason).
//
// Any other value is an error: a policy answer of the wrong shape is never
// read as consent. Whether the verdict fits e's hook is the chain's to
// judge: a "modify" after the call decodes fine and fails in the chain.
func Decode(e hookchain.Event, result any) (hookchain.Outcome, error) {
	switch v := result.(type) {
	case json.RawMessage:
		return decodeJSON(e, v)
	case []byte:
		return decodeJSON(e, v)
	case map[string]any:
		return decodeDocument(e, v)
	case []any:
		return decodeDenySet(v)
	case nil:
		return hookchain.Outcome{}, errors.New("the result is null, not a decision document")
	}
	return hookchain.Outcome{}, fmt.Errorf("the result is %s, not a decision document (an object) or a set of deny messages", describe(result))
}

// decodeJSON is Decode of a result given as JSON. It is read the one way
// the chain reads JSON: a key given twice in any object, or bytes that are
// not UTF-8, are refused, since encoding/json would keep the last of the
// two keys and quietly replace the bytes, while another reader of the same
// answer keeps the first or the bytes.
func decodeJSON(e hookchain.Event, raw []byte) (hookchain.Outcome, error) {
	if f := adapt.Fault(raw); f != "" {
		return hookchain.Outcome{}, errors.New("the result is " + f)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return hookchain.Outcome{}, fmt.Errorf("the result: %w", err) // not reached: Fault read it
	}
	return Decode(e, v)
}

func decodeDenySet(set []any) (hookchain.Outcome, error) {
	if len(set) == 0 {
		return hookchain.Allow(), nil
	}
	msgs := make([]string, 0, len(set))
	for i, m := range set {
		s, ok := m.(string)
		if !ok {
			return hookchain.Outcome{}, fmt.Errorf("deny message #%d is %s, not a string", i, describe(m))
		}
		if strings.TrimSpace(s) != "" {
			msgs = append(msgs, s)
		}
	}
	return hookchain.Deny(strings.Join(msgs, "; ")), nil
}

func decodeDocument(e hookchain.Event, doc map[string]any) (hookchain.Outcome, error) {
	if err := caseTwins(doc); err != nil {
		return hookchain.Outcome{}, fmt.Errorf("the decision document is ambiguous: %w", err)
	}
	present := func(k string) bool { v, ok := doc[k]; return ok && v != nil }
	verdictKey, err := keyOf(doc, "verdict", "decision")
	if err != nil {
		return hookchain.Outcome{}, err
	}
	noteKey, err := keyOf(doc, "note", "context")
	if err != nil {
		return hookchain.Outcome{}, err
	}

	var verdict string
	switch v, ok := doc[verdictKey].(string); {
	case !present(verdictKey):
		return hookchain.Outcome{}, fmt.Errorf(`the decision document has no %q`, verdictKey)
	case !ok:
		return hookchain.Outcome{}, fmt.Errorf(`%q is %s, not a string`, verdictKey, describe(doc[verdictKey]))
	default:
		verdict = v
	}
	reason, err := optional[string](doc, "reason", "a string")
	if err != nil {
		return hookchain.Outcome{}, err
	}
	notes, err := notesOf(doc[noteKey], noteKey)
	if err != nil {
		return hookchain.Outcome{}, err
	}

	var out hookchain.Outcome
	var belongs []string // the keys, beyond the verdict, reason and note, this verdict may carry
	switch verdict {
	case "allow":
		out = hookchain.Allow()
		out.Reason = reason
	case "deny":
		out = hookchain.Deny(reason)
	case "modify":
		if _, ok := doc["input"]; !ok {
			return hookchain.Outcome{}, fmt.Errorf(`%q:"modify" without "input"`, verdictKey)
		}
		in, err := encode(doc["input"], "input")
		if err != nil {
			return hookchain.Outcome{}, err
		}
		out, belongs = hookchain.Modify(in, reason), []string{"input"}
	case "replace":
		if _, ok := doc["output"]; !ok {
			return hookchain.Outcome{}, fmt.Errorf(`%q:"replace" without "output"`, verdictKey)
		}
		output, err := encode(doc["output"], "output")
		if err != nil {
			return hookchain.Outcome{}, err
		}
		isError := e.IsError
		if present("is_error") {
			b, ok := doc["is_error"].(bool)
			if !ok {
				return hookchain.Outcome{}, fmt.Errorf(`"is_error" is %s, not a boolean`, describe(doc["is_error"]))
			}
			isError = b
		}
		out, belongs = hookchain.Replace(output, isError, reason), []string{"output", "is_error"}
	case "ask":
		if present("input") {
			in, err := encode(doc["input"], "input")
			if err != nil {
				return hookchain.Outcome{}, err
			}
			out, belongs = hookchain.AskAbout(in, reason), []string{"input"}
		} else {
			out = hookchain.Ask(reason)
		}
	default:
		return hookchain.Outcome{}, fmt.Errorf(`unknown %q %s (want allow, deny, modify, replace or ask)`, verdictKey, quote(verdict))
	}
	for _, k := range [...]string{"input", "output", "is_error"} {
		if present(k) && !contains(belongs, k) {
			return hookchain.Outcome{}, fmt.Errorf(`%q does not go with %q:%q`, k, verdictKey, verdict)
		}
	}
	for _, n := range notes {
		out = out.WithNote(n)
	}
	return out, nil
}

// optional reads doc[key] as a T, the zero T when it is absent or null.
func optional[T any](doc map[string]any, key, want string) (T, error) {
	var zero T
	v, ok := doc[key]
	if !ok || v == nil {
		return zero, nil
	}
	t, ok := v.(T)
	if !ok {
		return zero, fmt.Errorf("%q is %s, not %s", key, describe(v), want)
	}
	return t, nil
}

// keyOf is the name under which doc gives a key that had an old name
// before v0.1.0: the key, unless the document gives only the old name. A
// document that gives both, whatever their values and in whatever case, is
// refused: a Go reader matches a key in any case, and a reader of the old
// name would take another answer from it.
func keyOf(doc map[string]any, key, old string) (string, error) {
	var hasKey, hasOld bool
	for k := range doc {
		hasKey = hasKey || strings.EqualFold(k, key)
		hasOld = hasOld || strings.EqualFold(k, old)
	}
	switch {
	case hasKey && hasOld:
		return "", fmt.Errorf("the decision document gives both %q and its old name %q", key, old)
	case hasOld:
		return old, nil
	}
	return key, nil
}

// notesOf reads the notes under key: a string, an array of strings, or
// nothing.
func notesOf(v any, key string) ([]string, error) {
	var texts []string
	switch c := v.(type) {
	case nil:
		return nil, nil
	case string:
		texts = []string{c}
	case []any:
		for i, x := range c {
			s, ok := x.(string)
			if !ok {
				return nil, fmt.Errorf(`%q #%d is %s, not a string`, key, i, describe(x))
			}
			texts = append(texts, s)
		}
	default:
		return nil, fmt.Errorf(`%q is %s, not a string or an array of strings`, key, describe(v))
	}
	notes := texts[:0]
	for _, t := range texts {
		if strings.TrimSpace(t) != "" {
			notes = append(notes, t)
		}
	}
	return notes, nil
}

// encode writes v, a JSON value as Go holds it, as JSON. Strings are written
// as they are (no HTML escaping): the model reads them, not a browser.
func encode(v any, key string) (json.RawMessage, error) {
	if what := notUTF8(v); what != "" {
		return nil, fmt.Errorf("%q has a %s that is not valid UTF-8", key, what)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, fmt.Errorf("%q cannot be written as JSON: %w", key, err)
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// notUTF8 names what in v, a JSON value as Go holds it, is not valid UTF-8
// ("a string", "a key"), or is "". encoding/json would write each bad byte
// as U+FFFD, and the tool would run, or the model be shown, what the policy
// did not write: Rego's base64.decode, for one, makes such strings.
func notUTF8(v any) string {
	switch x := v.(type) {
	case string:
		if !utf8.ValidString(x) {
			return "string"
		}
	case []any:
		for _, e := range x {
			if what := notUTF8(e); what != "" {
				return what
			}
		}
	case map[string]any:
		for k, e := range x {
			if !utf8.ValidString(k) {
				return "key"
			}
			if what := notUTF8(e); what != "" {
				return what
			}
		}
	}
	return ""
}

// describe names a JSON value in an error: its kind and, for a short one,
// the value itself.
func describe(v any) string {
	const max = 80
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "the boolean " + strconv.FormatBool(x)
	case string:
		return "the string " + quote(x)
	case json.Number:
		return "the number " + excerpt(string(x), max)
	case float64, float32, int, int64, int32, uint, uint64, uint32:
		return fmt.Sprintf("the number %v", x)
	case []any:
		return "an array of " + strconv.Itoa(len(x)) + " values"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("a %T", v)
}

// quote quotes s, or the start of it when it is long.
func quote(s string) string {
	const max = 80
	if len(s) > max {
		return strconv.Quote(s[:max]) + "…"
	}
	return strconv.Quote(s)
}

func excerpt(s string, max int) string {
	if len(s) > max {
		return s[:max] + "…"
	}
	return s
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
