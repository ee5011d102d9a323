package jsonscan

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/tidwall/gjson"
)

func TestPlainKeysAreOnlyPathsOfObjectKeys(t *testing.T) {
	tests := []struct {
		path string
		want []string
	}{
		{"command", []string{"command"}},
		{"options.timeout", []string{"options", "timeout"}},
		{"run_in_background", []string{"run_in_background"}},
		{"file-path", []string{"file-path"}},
		{"a1.b2", []string{"a1", "b2"}},
		{"args.0", nil},  // an index to gjson when args is an array
		{"0", nil},       // likewise
		{"edits.#", nil}, // a count
		{"edits.#.file_path", nil},
		{"a*", nil},
		{"a?", nil},
		{`a\.b`, nil},
		{"a|b", nil},
		{"@this", nil},
		{"a..b", nil},
		{".a", nil},
		{"a.", nil},
		{"", nil},
		{"é", nil},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, PlainKeys(tt.path), tt.path)
	}
}

func TestFastLookupReadsWhatGjsonReads(t *testing.T) {
	doc := `{"description":"list \"files\"","n":-1.5e2,"ok":true,"no":false,"nil":null,` +
		`"options":{"timeout":30,"env":{"A":"1"}},"args":["a","b"],"command":"ls -la","command2":"x"}`
	for _, path := range []string{"command", "n", "ok", "no", "nil", "options", "options.timeout", "options.env.A",
		"args", "missing", "options.missing", "command.deeper", "args.deeper"} {
		got, ok := Lookup([]byte(doc), PlainKeys(path))
		want := gjson.Get(doc, path)
		if !ok {
			continue // gjson reads it; what matters is that the fast path never disagrees
		}
		assert.Equal(t, want.Type, got.Type, path)
		assert.Equal(t, want.Raw, got.Raw, path)
		assert.Equal(t, want.Str, got.Str, path)
		assert.Equal(t, want.Num, got.Num, path)
		assert.Equal(t, want.Exists(), got.Exists(), path)
	}
	_, ok := Lookup([]byte(doc), PlainKeys("description"))
	assert.False(t, ok, "a string with an escape is left to gjson")
}

// gjson, when the rest of a path is not under the first object of a key
// given twice, reads on to the next: {"a":{},"a":{"b":1}} has a.b. Input
// that is not validated can give a key twice, and the fast path must then
// find what gjson finds, not report the path missing.
func TestFastLookupReadsOnPastAKeyGivenTwiceAsGjsonDoes(t *testing.T) {
	for _, tc := range []struct{ doc, path string }{
		{`{"opts":{"x":1},"opts":{"danger":true}}`, "opts.danger"},
		{`{"a":{"b":{"z":1},"b":{"c":5}}}`, "a.b.c"},
		{`{"a":{"b":{}},"c":{"a":{"b":{"c":3}}},"a":{"b":{"c":2}}}`, "a.b.c"},
		{`{"a":{"x":1},"a":{"x":2}}`, "a.x"},
		{`{"a":{"x":1},"a":{"x":2}}`, "a.y"},
	} {
		want := gjson.Get(tc.doc, tc.path)
		if got, ok := Lookup([]byte(tc.doc), PlainKeys(tc.path)); ok {
			assert.Equal(t, want.Raw, got.Raw, "Lookup %s in %s", tc.path, tc.doc)
		}
		if found, ok := Exists([]byte(tc.doc), PlainKeys(tc.path)); ok {
			assert.Equal(t, want.Exists(), found, "Exists %s in %s", tc.path, tc.doc)
		}
	}
}

// FuzzFastLookup holds the fast readers to gjson: whenever Lookup or Exists
// answers, on any bytes, its answer is gjson's; and a path read through the
// index that validation leaves always answers as gjson does.
func FuzzFastLookup(f *testing.F) {
	for _, s := range []string{
		`{"command":"ls","timeout":30}`, `{"a":{"b":[1,{"c":2}]},"b":"x"}`, `{"a":"\"q\""}`, `{"a" : 1 , "b" : [ ] }`,
		`{"a":1,"a":2}`, `[1,2]`, `"s"`, `{"a":tru}`, `{"a":0x10}`, `{"a":{"b":}`, `{"a\u0062":1,"ab":2}`, `{}`, ``,
		`{"a":{"x":1},"a":{"b":2}}`,
	} {
		f.Add([]byte(s), "a")
		f.Add([]byte(s), "a.b")
		f.Add([]byte(s), "command")
	}
	f.Fuzz(func(t *testing.T, doc []byte, path string) {
		keys := PlainKeys(path)
		if keys == nil || len(doc) == 0 {
			return
		}
		want := gjson.GetBytes(doc, path)
		var ix Index
		if InputFault(doc, &ix) == "" {
			p, err := CompilePath(path)
			if err != nil {
				t.Fatal(err)
			}
			if raw, escaped, known := p.Indexed(doc, &ix); known {
				if (raw != nil) != want.Exists() {
					t.Fatalf("Indexed(%q, %q) found %q, gjson says exists %v", doc, path, raw, want.Exists())
				}
				if raw != nil {
					if got, ok := IndexedResult(raw, escaped); ok && (got.Type != want.Type || got.Raw != want.Raw || got.Str != want.Str || got.Num != want.Num) {
						t.Fatalf("IndexedResult(%q, %q) = %#v, gjson says %#v", doc, path, got, want)
					}
					if escaped != (raw[0] == '"' && bytes.IndexByte(raw, '\\') >= 0) {
						t.Fatalf("Indexed(%q, %q) says escaped %v for %s", doc, path, escaped, raw)
					}
				}
			}
		}
		if found, ok := Exists(doc, keys); ok && found != want.Exists() {
			t.Fatalf("Exists(%q, %q) = %v, gjson says %v", doc, path, found, want.Exists())
		}
		got, ok := Lookup(doc, keys)
		if !ok {
			return
		}
		if got.Type != want.Type || got.Raw != want.Raw || got.Str != want.Str || got.Num != want.Num || got.Exists() != want.Exists() {
			t.Fatalf("Lookup(%q, %q) = %#v, gjson says %#v", doc, path, got, want)
		}
	})
}

func TestTheIndexAFlatObjectLeavesFindsEachKeyAndNoOther(t *testing.T) {
	doc := []byte(` { "command" : "ls -la", "timeout":30,"ok":true,"no":false,"nil":null,"n":-1.5e2 } `)
	var ix Index
	assert.Equal(t, "", InputFault(doc, &ix))
	for _, key := range []string{"command", "timeout", "ok", "no", "nil", "n"} {
		raw, _, known := ix.value(doc, key, keyHead(key))
		assert.True(t, known, key)
		assert.Equal(t, gjson.GetBytes(doc, key).Raw, string(raw), key)
	}
	raw, _, known := ix.value(doc, "missing", keyHead("missing"))
	assert.True(t, known)
	assert.Nil(t, raw, "a key the object lacks")

	big := []byte(`{"a":"` + strings.Repeat("x", maxIndexed) + `"}`)
	assert.Equal(t, "", InputFault(big, &ix), "an object too large to index is still valid")
	_, _, known = ix.value(big, "a", keyHead("a"))
	assert.False(t, known, "an object too large to index is read by path")

	for _, notFlat := range []string{`{"a":{"b":1}}`, `{"a":[1]}`, `[1]`, `"s"`, `{"a\u0062":1}`, `{"a":1,"a":2}`, `{"a":1`} {
		ix := Index{known: true}
		InputFault([]byte(notFlat), &ix)
		_, _, known := ix.value([]byte(notFlat), "a", keyHead("a"))
		assert.False(t, known, "%s is read from the input, not an index", notFlat)
	}
}
