package harness_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookchain/hookchain/harness"
)

func TestAMatcherOfNamesOnlyIsAListAndAnyOtherAnExpression(t *testing.T) {
	names, ok := harness.ExactNames("Create|Edit_2")
	assert.True(t, ok)
	assert.Equal(t, []string{"Create", "Edit_2"}, names)
	for _, p := range []string{"mcp__.*", "Edit ", "^Bash", "Édit"} {
		_, ok := harness.ExactNames(p)
		assert.False(t, ok, p)
	}
}

func TestOfTwoToolsForAClaudeNameTheOneOfTheSameNameIsTheCLIsOwn(t *testing.T) {
	tools := harness.ToolNames{"ApplyPatch": {"Edit"}, "Edit": {"Edit"}, "apply": {"Write"}, "write": {"Write"}}
	own, ok := tools.Own("Edit")
	assert.True(t, ok)
	assert.Equal(t, "Edit", own)
	own, _ = tools.Own("Write")
	assert.Equal(t, "apply", own, "without one of the same name, the first in order")
}
