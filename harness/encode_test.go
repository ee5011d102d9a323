package harness_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/process"
)

func TestEncodeKeepsTheTextAHookOrAToolIsGiven(t *testing.T) {
	b, err := harness.Encode(map[string]string{"command": "a && b <c>"})
	require.NoError(t, err)
	assert.Equal(t, `{"command":"a && b <c>"}`, string(b))
	_, err = harness.Encode(json.RawMessage(`{`))
	assert.Error(t, err)
}

func TestNonBlankGivesAReasonInPlaceOfABlankOne(t *testing.T) {
	assert.Equal(t, "instead", harness.NonBlank(" \n\t", "instead"))
	assert.Equal(t, " no ", harness.NonBlank(" no ", "instead"))
}

func TestSpecDefaultsGiveAHookTheCLIsEnvironmentDirectoryAndTimeout(t *testing.T) {
	s := harness.SessionInfo{Cwd: "/src"}
	got := harness.SpecDefaults(process.Spec{Shell: "x"}, s, time.Minute)
	assert.Equal(t, process.Spec{Shell: "x", Inherit: process.InheritAll, Dir: "/src", Timeout: time.Minute}, got)
	own := process.Spec{Shell: "x", Inherit: process.InheritBase, Dir: "/home/ann/.cursor", Timeout: time.Second}
	assert.Equal(t, own, harness.SpecDefaults(own, s, time.Minute))
}

func TestLinkNamesAreEachTheirOwn(t *testing.T) {
	assert.Equal(t, []string{"a@f:1", "b", "a@f:3"}, harness.LinkNames([]string{"a", "b", "a"}, []string{"f:1", "f:2", "f:3"}))
	assert.Empty(t, harness.LinkNames(nil, nil))
}
