package process

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
)

// topLevel counts the top-level keys of the JSON object obj by name, and
// returns the raw value of the last "id": an independent reading to hold
// the protocol's decoder to.
func topLevel(t *testing.T, obj []byte) (map[string]int, json.RawMessage) {
	var members map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(obj, &members)) // for its validity only
	counts := map[string]int{}
	var id json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(obj))
	_, _ = dec.Token()
	for dec.More() {
		k, err := dec.Token()
		require.NoError(t, err)
		var v json.RawMessage
		require.NoError(t, dec.Decode(&v))
		counts[k.(string)]++
		if k == "id" {
			id = v
		}
	}
	return counts, id
}

var digits = regexp.MustCompile(`^[1-9][0-9]*$`)

// FuzzPersistentLine holds the persistent protocol's decoders to their
// contract on any line a hook can write: they never panic; responseID
// accepts exactly the JSON objects with one "id", written as digits, from 1
// to 2^53-1; decodeReply decodes what DecodeAnswer decodes, unless the line
// carries the hook's own "error"; and checkHello accepts only the hello of
// this version.
func FuzzPersistentLine(f *testing.F) {
	for _, s := range []string{
		``, "\n", `{}`, `null`, `[]`, `{"id":1}`, `{"id":1,"verdict":"allow"}`, `{"id":0,"verdict":"allow"}`,
		`{"id":-1}`, `{"id":1.0}`, `{"id":1e3}`, `{"id":"1"}`, `{"id":9007199254740991}`, `{"id":9007199254740992}`,
		`{"id":1,"id":2}`, `{"ID":1}`, `{"id":18446744073709551616}`, `{"id":1}{"id":2}`, `{"id":1,"error":"x"}`,
		`{"id":1,"error":"x","verdict":"deny"}`, `{"id":1,"error":null,"verdict":"deny"}`, `{"id":1,"error":7}`,
		`{"id":2,"verdict":"modify","input":{"a":1}}`, `{"id":3,"verdict":"deny","reason":"no","note":"n"}`,
		`{"protocol":"hookchain-persistent","version":1}`, `{"protocol":"hookchain-persistent","version":2}`,
		`{"protocol":"hookchain-persistent","version":1.0}`, `{"protocol":"other","version":1}`,
		`{"protocol":"hookchain-persistent","protocol":"x","version":1}`, "{\"id\":1,\"reason\":\"\xff\"}",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		obj := bytes.Trim(line, jsonSpace)
		isObject := json.Valid(obj) && len(obj) > 0 && obj[0] == '{'

		id, err := responseID(line)
		if err == nil {
			require.True(t, isObject, "accepted %q", line)
			counts, raw := topLevel(t, obj)
			assert.Equal(t, 1, counts["id"])
			assert.Regexp(t, digits, string(raw))
			n, perr := strconv.ParseUint(string(raw), 10, 64)
			require.NoError(t, perr)
			assert.Equal(t, n, id)
			assert.True(t, id >= 1 && id <= maxID)
		} else if isObject {
			counts, raw := topLevel(t, obj)
			n, perr := strconv.ParseUint(string(raw), 10, 64)
			assert.False(t, counts["id"] == 1 && digits.Match(raw) && perr == nil && n <= maxID,
				"refused %q: %v", line, err)
		}

		for _, e := range []hookchain.Event{before, after} {
			out, err := decodeReply(e, line)
			if err == nil {
				want, werr := DecodeAnswer(e, obj)
				require.NoError(t, werr)
				assert.Equal(t, want, out)
			}
		}

		if checkHello(line) == nil {
			require.True(t, isObject)
			var hello struct {
				Protocol string          `json:"protocol"`
				Version  json.RawMessage `json:"version"`
			}
			require.NoError(t, json.Unmarshal(obj, &hello))
			assert.Equal(t, protocolName, hello.Protocol)
			assert.Equal(t, strconv.Itoa(ProtocolVersion), string(hello.Version))
		}
	})
}

var (
	before = hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", Input: json.RawMessage(`{"command":"ls"}`)}
	after  = hookchain.Event{Hook: hookchain.AfterTool, Tool: "Bash", Input: json.RawMessage(`{"command":"ls"}`), Output: json.RawMessage(`"a"`), IsError: true}
)

// FuzzWithID holds withID to its contract: any JSON object without an
// "id" of its own, given an id, reads back as that id and, as an answer,
// as the same outcome.
func FuzzWithID(f *testing.F) {
	f.Add(uint64(1), []byte(`{}`))
	f.Add(uint64(7), []byte(` { "verdict" : "deny" , "reason":"x"}`))
	f.Add(uint64(1<<60), []byte(`{"verdict":"replace","output":null}`))
	f.Fuzz(func(t *testing.T, n uint64, obj []byte) {
		trimmed := bytes.Trim(obj, jsonSpace)
		if !json.Valid(trimmed) || trimmed[0] != '{' {
			return
		}
		if counts, _ := topLevel(t, trimmed); counts["id"] > 0 {
			return
		}
		id := n%maxID + 1
		line := withID(id, trimmed)
		got, err := responseID(line)
		require.NoError(t, err, "%s", line)
		assert.Equal(t, id, got)
		out, err := decodeReply(before, line)
		want, werr := DecodeAnswer(before, trimmed)
		if werr == nil {
			require.NoError(t, err)
			assert.Equal(t, want, out)
		}
	})
}

// FuzzReadLine holds readLine to its contract: the lines it returns are
// the stream, in order and whole, each within the cap, and a line past the
// cap is refused before it is kept.
func FuzzReadLine(f *testing.F) {
	f.Add([]byte("a\nbb\n"), uint8(1))
	f.Add([]byte("abc"), uint8(3))
	f.Add(bytes.Repeat([]byte("x"), 5000), uint8(200))
	f.Fuzz(func(t *testing.T, data []byte, limit uint8) {
		max := int(limit)
		br := bufio.NewReaderSize(bytes.NewReader(data), 16)
		var got []byte
		for {
			line, err := readLine(br, max)
			if err == errLineTooLong {
				rest := data[len(got):]
				end := bytes.IndexByte(rest, '\n')
				if end < 0 {
					end = len(rest)
				}
				assert.Greater(t, end, max, "a line within the cap was refused")
				return
			}
			body := bytes.TrimSuffix(line, []byte("\n"))
			assert.LessOrEqual(t, len(body), max)
			assert.NotContains(t, string(body), "\n")
			got = append(got, line...)
			if err != nil {
				require.ErrorIs(t, err, io.EOF)
				break
			}
		}
		assert.Equal(t, string(data), string(got))
	})
}
