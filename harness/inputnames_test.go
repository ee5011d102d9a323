package harness_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain/harness"
)

// A call's input is read by the names the policy knows, and given back by
// the CLI's: renamed in place, every value as written; an input that
// renaming cannot read one way only is left as it is.
func TestAnInputIsRenamedBetweenACLIsFieldNamesAndClaudeCodesBothWays(t *testing.T) {
	names := harness.InputNames{"Bash": {"command": {"command_line"}}}
	for _, tc := range []struct{ name, own, claude string }{
		{"the field renamed in place", `{"command_line":"rm -rf /","cwd":"/w"}`, `{"command":"rm -rf /","cwd":"/w"}`},
		{"values as written", `{"cwd":"/w","command_line":"a\u0041"}`, `{"cwd":"/w","command":"a\u0041"}`},
		{"nothing to rename", `{"cwd":"/w"}`, `{"cwd":"/w"}`},
		{"not an object: no field to read", `"ls"`, `"ls"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			claude, err := names.Claude("Bash", json.RawMessage(tc.own))
			require.NoError(t, err)
			assert.Equal(t, tc.claude, string(claude))
			own, err := names.Own("Bash", json.RawMessage(tc.claude))
			require.NoError(t, err)
			assert.Equal(t, tc.own, string(own))
		})
	}
	for _, tc := range []struct{ name, input, want string }{
		{"both names: a decoy under the other name", `{"command":"ls","command_line":"rm -rf /"}`,
			"the input gives command and command_line, which are one field, command, to the other CLI"},
		{"a key given twice", `{"command_line":"ls","command_line":"rm -rf /"}`,
			`the input cannot be read one way only: the key "command_line" is given twice`},
		{"not JSON", `{"command_line":`, "the input cannot be read one way only: EOF"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := names.Claude("Bash", json.RawMessage(tc.input))
			assert.EqualError(t, err, tc.want)
		})
	}
	other, err := names.Claude("Read", json.RawMessage(`{"command_line":"ls"}`))
	require.NoError(t, err)
	assert.Equal(t, `{"command_line":"ls"}`, string(other), "another tool's fields are its own")
}
