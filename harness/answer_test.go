package harness_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/harness/codex"
	"github.com/hookchain/hookchain/process"
)

type brokenWriter struct{}

func (brokenWriter) Write([]byte) (int, error) { return 0, errors.New("broken pipe") }

// An answer that could not be written is no answer: the CLI would run the
// call, so Serve falls back on the refusal's stderr and status.
func TestAnAnswerThatCannotBeWrittenEndsInTheRefusal(t *testing.T) {
	deny := hookchain.New(hookchain.Before("guard", hookchain.Any(), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Deny("no"), nil
	}))
	input := `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`
	var stderr bytes.Buffer
	code := harness.Serve(context.Background(), codex.Profile(), deny, strings.NewReader(input), brokenWriter{}, &stderr)
	assert.Equal(t, 2, code)
	assert.Equal(t, "hookchain: writing the answer: broken pipe\n", stderr.String())
}

func TestAnInputLargerThanTheBoundIsRefused(t *testing.T) {
	var stdout, stderr bytes.Buffer
	big := strings.NewReader(strings.Repeat(" ", harness.MaxInput+1))
	code := harness.Serve(context.Background(), codex.Profile(), hookchain.New(), big, &stdout, &stderr)
	assert.Equal(t, 2, code)
	assert.Empty(t, stdout.String())
	assert.Equal(t, "hookchain: the hook input is larger than 268435456 bytes\n", stderr.String())
}

func TestALinkIsBuiltOnlyForAToolCallHookAndAValidSpec(t *testing.T) {
	p := codex.Profile()
	_, err := p.Link("x", hookchain.Hook(0), hookchain.Any(), process.Spec{Shell: "true"}, harness.SessionInfo{})
	assert.EqualError(t, err, `codex: Link "x": Hook(0) is not a tool-call hook`)
	_, err = p.Link("x", hookchain.BeforeTool, hookchain.Any(), process.Spec{}, harness.SessionInfo{})
	require.Error(t, err)
	assert.True(t, strings.HasPrefix(err.Error(), "codex: Command: "), err.Error())
	assert.Panics(t, func() { codex.Command(process.Spec{}, harness.SessionInfo{}) })
}

// Two links that run different commands are different links to the
// chain's ID, as latches and tickets require.
func TestLinksThatRunDifferentCommandsGiveTheirChainsDifferentIDs(t *testing.T) {
	chainOf := func(command string) *hookchain.Chain {
		l, err := codex.Link("hook", hookchain.BeforeTool, hookchain.Any(), process.Spec{Shell: command}, harness.SessionInfo{})
		require.NoError(t, err)
		return hookchain.New(l)
	}
	assert.NotEqual(t, chainOf("guard --strict").ID(), chainOf("guard").ID())
	assert.Equal(t, chainOf("guard").ID(), chainOf("guard").ID())
}
