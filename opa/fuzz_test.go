package opa_test

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/open-policy-agent/opa/v1/ast"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/opa"
)

// FuzzDecode reads any JSON as a policy's result, as OPA hands it over
// (numbers as json.Number) and as encoding/json does without UseNumber.
// Whatever the result, Decode answers or refuses without panicking; an
// answer is one the chain can fold, and says what the document said.
func FuzzDecode(f *testing.F) {
	for _, seed := range []string{
		`{"verdict":"allow"}`,
		`{"verdict":"deny","reason":"rm -rf","note":["a",""]}`,
		`{"verdict":"modify","reason":"pinned","input":{"command":"ls","timeout":60}}`,
		`{"verdict":"replace","output":"[redacted]","is_error":false}`,
		`{"verdict":"ask","reason":"push?","input":{"command":"git push"}}`,
		`{"verdict":"ask","input":null,"note":"x"}`,
		`["rm -rf","outside the workspace"]`,
		`[]`,
		`{"verdict":"modify"}`,
		`{"verdict":"allow","input":{}}`,
		`{"verdict":1e999}`,
		`{"verdict":"replace","output":1.5e-7,"is_error":null}`,
		`null`,
		`"allow"`,
		`{"verdict":"deny","verdict":"allow"}`,
		`{"Verdict":"deny","verdict":"allow"}`,
		`{"verdict":"modify","input":{"a":1,"a":2}}`,
		"{\"verdict\":\"deny\",\"reason\":\"\xff\"}",
		`{"decision":"deny","reason":"rm -rf","context":["a",""]}`,
		`{"decision":"ask","input":null,"context":"x"}`,
		`{"verdict":"deny","decision":"allow"}`,
		`{"verdict":"allow","note":"a","Context":"b"}`,
	} {
		f.Add([]byte(seed), false)
		f.Add([]byte(seed), true)
	}
	f.Fuzz(func(t *testing.T, data []byte, afterCall bool) {
		e := hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", Input: json.RawMessage(`{"command":"ls"}`)}
		if afterCall {
			e = hookchain.Event{Hook: hookchain.AfterTool, Tool: "Bash", Input: e.Input, Output: hookchain.Text("out"), IsError: true}
		}
		// Given as JSON, the answer is read as its one reading is: what
		// it decides is what the decoded value decides, and JSON that is
		// not valid UTF-8 decides nothing.
		if out, err := opa.Decode(e, json.RawMessage(data)); err == nil {
			if !utf8.Valid(data) {
				t.Fatalf("JSON that is not UTF-8 read as %+v", out)
			}
			dec := json.NewDecoder(bytes.NewReader(data))
			dec.UseNumber()
			var v any
			if err := dec.Decode(&v); err != nil {
				t.Fatalf("JSON encoding/json cannot read, read as %+v: %v", out, err)
			}
			again, err := opa.Decode(e, v)
			if err != nil || !reflect.DeepEqual(again, out) {
				t.Fatalf("the JSON read as %+v, its value as %+v (%v)", out, again, err)
			}
		} else if out.Verdict != hookchain.Allowed || out.Reason != "" || out.Notes != nil {
			t.Fatalf("an error with an answer: %v, %+v", err, out)
		}
		for _, useNumber := range []bool{true, false} {
			dec := json.NewDecoder(bytes.NewReader(data))
			if useNumber {
				dec.UseNumber()
			}
			var v any
			if dec.Decode(&v) != nil {
				return
			}
			out, err := opa.Decode(e, v)
			if err != nil {
				if out.Verdict != hookchain.Allowed || out.Reason != "" || out.Notes != nil {
					t.Fatalf("an error with an answer: %v, %+v", err, out)
				}
				continue
			}
			check(t, e, v, out)
		}
	})
}

// check holds out, decoded from v, to the document's word.
func check(t *testing.T, e hookchain.Event, v any, out hookchain.Outcome) {
	t.Helper()
	if set, ok := v.([]any); ok {
		want := hookchain.Denied
		if len(set) == 0 {
			want = hookchain.Allowed
		}
		if out.Verdict != want || out.Input != nil || out.Output != nil || out.Notes != nil {
			t.Fatalf("a deny set of %d read as %+v", len(set), out)
		}
		return
	}
	doc, ok := v.(map[string]any)
	if !ok {
		t.Fatalf("%T read as an answer: %+v", v, out)
	}
	word, _ := doc["verdict"].(string)
	if _, old := doc["decision"]; old {
		if _, both := doc["verdict"]; both {
			t.Fatalf("a document with both names of the verdict read as %+v", out)
		}
		word, _ = doc["decision"].(string)
	}
	if got, _ := out.Verdict.MarshalText(); string(got) != word {
		t.Fatalf("decision %q read as %v", word, out.Verdict)
	}
	if reason, _ := doc["reason"].(string); out.Reason != reason {
		t.Fatalf("reason %q read as %q", reason, out.Reason)
	}
	for _, raw := range []json.RawMessage{out.Input, out.Output} {
		if raw != nil && !json.Valid(raw) {
			t.Fatalf("an answer carries invalid JSON: %s", raw)
		}
	}
	switch out.Verdict {
	case hookchain.Modified:
		if out.Input == nil {
			t.Fatal("modify without an input")
		}
	case hookchain.Replaced:
		if out.Output == nil {
			t.Fatal("replace without an output")
		}
		if _, given := doc["is_error"].(bool); !given && out.IsError != e.IsError {
			t.Fatal("replace without is_error changed the error flag")
		}
	}
	for _, n := range out.Notes {
		if strings.TrimSpace(n.Text) == "" {
			t.Fatal("a blank note was kept")
		}
	}
}

// FuzzJSONValue holds the reading of an event's input or output for OPA,
// which walks the JSON term by term, to what encoding/json reads: the same
// value, numbers as written, strings unescaped alike.
func FuzzJSONValue(f *testing.F) {
	for _, seed := range []string{
		`{"command":"ls -l","timeout":60}`,
		`{"a":[1,2.50,-3e2,true,false,null],"b":{"c":"\u00e9\ud83d\ude00\n\"q\""}}`,
		`"text\twith \\ escapes"`,
		`12345678901234567890`,
		`{"a":1,"a":2}`,
		`"\ud800 lone"`,
		"\"bad \xff byte\"",
		`[]`, `{}`, `null`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber()
		var v any
		if !json.Valid(raw) || dec.Decode(&v) != nil {
			if _, err := opa.JSONValue(raw, "input"); err == nil && !json.Valid(raw) {
				t.Fatalf("invalid JSON read as a value: %q", raw)
			}
			return
		}
		want, err := ast.InterfaceToValue(v)
		if err != nil {
			return
		}
		got, err := opa.JSONValue(raw, "input")
		if err != nil {
			if strings.Contains(err.Error(), "twice") {
				return // encoding/json keeps the last; a value that means two things is refused
			}
			t.Fatalf("%q: %v", raw, err)
		}
		if got.Compare(want) != 0 {
			t.Fatalf("%q read as %v, encoding/json reads %v", raw, got, want)
		}
	})
}
