package jsonscan

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"math/bits"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
)

func TestValidJSONAcceptsWhatEncodingJSONAcceptsInUTF8(t *testing.T) {
	tests := []struct {
		doc  string
		want string // Fault's answer
	}{
		{`{}`, ""},
		{` {"command":"ls -la","timeout":30,"env":{"A":"1"},"args":["a",1,2.5e-3,true,false,null]} `, ""},
		{`"é€𝄞 \u00e9 \ud834\udd1e \" \\ \/ \b\f\n\r\t"`, ""},
		{`[[[[[[]]]]]]`, ""},
		{`-0.5E+10`, ""},
		{"\t\r\n 0 \n", ""},
		{`{"a":1,}`, "not valid JSON"},
		{`[1,]`, "not valid JSON"},
		{`{"a" 1}`, "not valid JSON"},
		{`{1:2}`, "not valid JSON"},
		{`[}`, "not valid JSON"},
		{`{]`, "not valid JSON"},
		{`01`, "not valid JSON"},
		{`1.`, "not valid JSON"},
		{`1e`, "not valid JSON"},
		{`-`, "not valid JSON"},
		{`tru`, "not valid JSON"},
		{`nul`, "not valid JSON"},
		{`"\x"`, "not valid JSON"},
		{`"\u12G4"`, "not valid JSON"},
		{"\"tab\there\"", "not valid JSON"},
		{`"open`, "not valid JSON"},
		{`{} {}`, "not valid JSON"},
		{``, "not valid JSON"},
		{"\"Ba\xffsh\"", "not valid UTF-8"},
		{"{\"command\":\"rm -rf /\xc3\"}", "not valid UTF-8"},
		{"\"\xed\xa0\x80\"", "not valid UTF-8"},
		{"\"" + strings.Repeat("plain ascii text", 100) + "\xff\"", "not valid UTF-8"},
		{`{"command":"ls","command":"rm -rf /"}`, `ambiguous: an object in it has the key "command" twice`},
		{`{"edits":[{"file_path":"a","old":"x","file_path":"/etc/passwd"}]}`, `ambiguous: an object in it has the key "file_path" twice`},
		{`{"command":"ls","comm\u0061nd":"rm -rf /"}`, `ambiguous: an object in it has the key "command" twice`},
		{`{"a":{"k":1},"b":{"k":2},"k":3}`, ""},
		{`[{"k":1},{"k":2}]`, ""},
		{manyKeys(100, "k50"), `ambiguous: an object in it has the key "k50" twice`},
		{manyKeys(100_000, ""), ""},
	}
	for _, tt := range tests {
		t.Run(tt.doc, func(t *testing.T) {
			assert.Equal(t, tt.want, Fault([]byte(tt.doc)))
			assert.Equal(t, tt.want, InputFault([]byte(tt.doc), nil), "an input is held to every rule an output is")
		})
	}
}

func TestAnInputIsRefusedWhenTwoOfItsKeysDifferOnlyInCase(t *testing.T) {
	const oneToGo = `, which Go's encoding/json reads as one`
	tests := []struct {
		doc  string
		want string // InputFault's answer; Fault accepts every one
	}{
		{`{"command":"ls","Command":"rm -rf /"}`, `ambiguous: an object in it has the keys "command" and "Command"` + oneToGo},
		{`{"COMMAND":"rm -rf /","command":"ls"}`, `ambiguous: an object in it has the keys "COMMAND" and "command"` + oneToGo},
		{`{"command":"ls","Command":"rm -rf /"}`, `ambiguous: an object in it has the keys "command" and "Command"` + oneToGo},
		{`{"description_of_it":"a","Description_Of_It":"b"}`, `ambiguous: an object in it has the keys "description_of_it" and "Description_Of_It"` + oneToGo},
		{`{"edits":[{"file_path":"a","File_Path":"/etc/passwd"}]}`, `ambiguous: an object in it has the keys "file_path" and "File_Path"` + oneToGo},
		// The Kelvin sign and the long s fold to K and S, for encoding/json
		// as for strings.EqualFold.
		{"{\"kind\":\"a\",\"\u212aind\":\"b\"}", "ambiguous: an object in it has the keys \"kind\" and \"\u212aind\"" + oneToGo},
		{"{\"s\":1,\"\u017f\":2}", "ambiguous: an object in it has the keys \"s\" and \"\u017f\"" + oneToGo},
		{manyKeys(100, "K50"), `ambiguous: an object in it has the keys "k50" and "K50"` + oneToGo},
		// Alike in everything but what case folding does not touch.
		{`{"a_b":1,"a-b":2,"A@":3,"a` + "`" + `":4,"[":5,"{":6}`, ""},
		{`{"command":"ls","commands":"rm"}`, ""},
		{`{"a":{"k":1},"b":{"K":2}}`, ""}, // one key in each of two objects
	}
	for _, tt := range tests {
		t.Run(tt.doc, func(t *testing.T) {
			assert.Equal(t, tt.want, InputFault([]byte(tt.doc), nil))
			assert.Equal(t, "", Fault([]byte(tt.doc)), "an output is read as text, and may give both")
		})
	}
}

func TestFoldHeadMakesExactlyTheASCIICapitalsSmall(t *testing.T) {
	for c := 0; c < 0x80; c++ {
		for pos := range 8 {
			var w [8]byte
			for k := range w {
				w[k] = byte((c + 7*k) % 0x80) // the neighbours, anything ASCII
			}
			w[pos] = byte(c)
			got := foldHead(binary.LittleEndian.Uint64(w[:]))
			var want [8]byte
			for k := range w {
				want[k] = w[k]
				if 'A' <= w[k] && w[k] <= 'Z' {
					want[k] += 'a' - 'A'
				}
			}
			assert.Equal(t, binary.LittleEndian.Uint64(want[:]), got, "%q", w)
		}
	}
}

// manyKeys is an object of n keys k0…k(n-1), then again the key extra when
// it is not empty.
func manyKeys(n int, extra string) string {
	var sb strings.Builder
	sb.WriteString("{")
	for i := range n {
		if i > 0 {
			sb.WriteString(",")
		}
		sb.WriteString(`"k` + strconv.Itoa(i) + `":1`)
	}
	if extra != "" {
		sb.WriteString(`,"` + extra + `":2`)
	}
	sb.WriteString("}")
	return sb.String()
}

func TestValidJSONHoldsADeepDocumentWithoutRecursing(t *testing.T) {
	const depth = 1 << 20
	doc := strings.Repeat(`[{"a":`, depth) + "1" + strings.Repeat("}]", depth)
	assert.True(t, Valid([]byte(doc)))
	assert.False(t, Valid([]byte(doc[:len(doc)-1])))
	assert.False(t, Valid([]byte(strings.Repeat(`[{"a":`, depth)+"1"+strings.Repeat("]}", depth))))
}

func TestLookFlagsFindsTheFirstByteThatNeedsALook(t *testing.T) {
	needs := func(c byte) bool { return c < 0x20 || c == '"' || c == '\\' || c >= 0x80 }
	for c := 0; c < 256; c++ {
		for pos := range 8 {
			for _, fill := range []byte{'a', 0x01, '"', 0xff} {
				var w [8]byte
				for k := range w {
					w[k] = 'a'
				}
				for k := pos + 1; k < 8; k++ {
					w[k] = fill // what follows may be anything
				}
				w[pos] = byte(c)
				f := lookFlags(binary.LittleEndian.Uint64(w[:]))
				if needs(byte(c)) {
					assert.Equal(t, pos, bits.TrailingZeros64(f)>>3, "byte %#x at %d, then %#x", c, pos, fill)
				} else if !needs(fill) || pos == 7 {
					assert.Zero(t, f, "byte %#x at %d, then %#x", c, pos, fill)
				} else {
					assert.Greater(t, bits.TrailingZeros64(f)>>3, pos, "byte %#x at %d is plain", c, pos)
				}
			}
		}
	}
}

// FuzzValidJSON holds the fast validator to the standard library: a
// document is accepted exactly when encoding/json finds it valid and it is
// UTF-8.
func FuzzValidJSON(f *testing.F) {
	for _, s := range []string{
		`{}`, `{"command":"ls","timeout":30}`, `[1,"a",null,true]`, `"\ud834\udd1e"`, "\"\xff\"",
		`{"a":[{"b":{"c":-1.5e3}}]}`, `[1,]`, `01`, `"\u00"`, "\"\x1f\"", `{"a"}`, ` "x" `,
		`"0123456789abcdef0123456789abcdef"`, "\"aaaaaaa\\\"aaaaaaaa\"", "\"aaaaaaaé\"",
		`{"a":1,"a":2}`, `{"a":{"b":1,"b":1}}`, `{"a\u0062":1,"ab":2}`, `[{"a":1},{"a":1}]`,
		` { "a" : "x" , "b":-1,"c":true,"d":null,"e":false } `, `{"a":1}x`, `{"a":tru}`, `{"a":1,}`,
		`{"1":1,"2":2,"3":3,"4":4,"5":5,"6":6,"7":7,"8":8,"9":9}`, `{"1":1,"2":2,"3":3,"4":4,"5":5,"6":6,"7":7,"1":8}`,
		`{"command":"ls","Command":"rm"}`, `{"abcdefghij":1,"ABCDEFGHIJ":2}`, `{"abcdefghij":1,"ABCDEFGHIK":2}`,
		"{\"kind\":1,\"\u212aind\":2}", `{"a":{"s":1,"\u017f":2}}`, `{"@":1,"` + "`" + `":2}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		valid := json.Valid(b) && utf8.Valid(b)
		_, dup := duplicateKey(b, bytes.Equal)
		_, alike := duplicateKey(b, bytes.EqualFold)
		want, wantInput := valid && !dup, valid && !alike
		if got := Valid(b); got != want {
			t.Fatalf("Valid(%q) = %v, encoding/json and utf8 say %v", b, got, want)
		}
		if got := Fault(b) == ""; got != want {
			t.Fatalf("Fault(%q) accepts: %v, encoding/json and utf8 say %v", b, got, want)
		}
		if got := InputFault(b, nil) == ""; got != wantInput {
			t.Fatalf("InputFault(%q) accepts: %v, encoding/json, utf8 and bytes.EqualFold say %v", b, got, wantInput)
		}
		// Each reader is held to the reference on its own: the general one
		// always, in both modes; the flat one and the string one whenever
		// they accept, by the stricter rule, since both modes trust them.
		var d [2]string
		if got := scan(b, false, &d); got != want {
			t.Fatalf("scan(%q) = %v, encoding/json and utf8 say %v", b, got, want)
		}
		if got := scan(b, true, &d); got != wantInput {
			t.Fatalf("scan(%q) folding = %v, encoding/json, utf8 and bytes.EqualFold say %v", b, got, wantInput)
		}
		if scanFlat(b, nil) && !wantInput {
			t.Fatalf("scanFlat(%q) accepted what the reference refuses", b)
		}
		if plainString(b) && !wantInput {
			t.Fatalf("plainString(%q) accepted what the reference refuses", b)
		}
	})
}

// duplicateKey returns the first key, in document order, that an object of
// valid JSON b gives twice, by encoding/json's reading of the keys, two
// keys being one when same says so.
func duplicateKey(b []byte, same func(a, b []byte) bool) (string, bool) {
	type frame struct {
		object, expectKey bool
		keys              []string
	}
	var stack []*frame
	valueDone := func() {
		if len(stack) > 0 && stack[len(stack)-1].object {
			stack[len(stack)-1].expectKey = true
		}
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	for {
		tok, err := dec.Token()
		if err != nil {
			return "", false
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{':
				stack = append(stack, &frame{object: true, expectKey: true})
			case '[':
				stack = append(stack, &frame{})
			default:
				stack = stack[:len(stack)-1]
				valueDone()
			}
		case string:
			if top := len(stack) - 1; top >= 0 && stack[top].object && stack[top].expectKey {
				for _, k := range stack[top].keys {
					if same([]byte(k), []byte(t)) {
						return t, true
					}
				}
				stack[top].keys = append(stack[top].keys, t)
				stack[top].expectKey = false
				continue
			}
			valueDone()
		default:
			valueDone()
		}
	}
}

func TestTheFlatReaderTakesTheCommonInputAndLeavesTheRestToScan(t *testing.T) {
	for _, tc := range []struct {
		doc  string
		flat bool
	}{
		{`{"command":"ls -la","description":"List files","timeout":120000,"run_in_background":false}`, true},
		{` { "file_path" : "/tmp/x" , "offset":-1.5e3, "limit":null } `, true},
		{`{}`, true},
		{`{"1":1,"2":2,"3":3,"4":4,"5":5,"6":6,"7":7,"8":8}`, true},
		{`{"1":1,"2":2,"3":3,"4":4,"5":5,"6":6,"7":7,"8":8,"9":9}`, false}, // many keys: scan
		{`{"edits":[{"old":"a","new":"b"}]}`, false},                       // nested: scan
		{`{"a\u0062":1}`, false},                                           // escaped key: scan
		{`{"a":1,"a":2}`, false},                                           // a key twice: scan names it
		{`{"a":1,"A":2}`, false},                                           // alike but for case: scan decides
		{`{"abcdefghij":1,"ABCDEFGHIJ":2}`, false},
		{`{"abcdefghij":1,"abcdefghiJk":2,"AB":3,"ab ":4}`, true},
		{"{\"é\":1}", false}, // a key outside ASCII: scan
		{`{"a":1}x`, false},
		{`["a"]`, false},
		{"{\"a\":\"\xff\"}", false},
	} {
		assert.Equal(t, tc.flat, scanFlat([]byte(tc.doc), nil), tc.doc)
	}
}
