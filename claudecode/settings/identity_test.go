package settings

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A chain's latches and tickets are bound to its ID; settings whose hooks run
// other commands under the same link names must never share one.
func TestAChainFromSettingsChangesItsIDWhenAnyHookChanges(t *testing.T) {
	doc := func(handler string) string {
		return `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [` + handler + `]}]}}`
	}
	base := doc(`{"type": "command", "command": ".claude/hooks/guard.sh --strict"}`)
	changes := map[string]string{
		"other arguments":             doc(`{"type": "command", "command": ".claude/hooks/guard.sh --lax"}`),
		"another timeout":             doc(`{"type": "command", "command": ".claude/hooks/guard.sh --strict", "timeout": 5}`),
		"run without a shell":         doc(`{"type": "command", "command": ".claude/hooks/guard.sh", "args": ["--strict"]}`),
		"run with bash":               doc(`{"type": "command", "command": ".claude/hooks/guard.sh --strict", "shell": "bash"}`),
		"blocking on failure":         doc(`{"type": "command", "command": ".claude/hooks/guard.sh --strict", "onFailure": "block"}`),
		"an http hook's other header": `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "http", "url": "http://127.0.0.1:1/h", "headers": {"X-Mode": "lax"}}]}]}}`,
	}
	id := chainFor(t, base, Options{}).ID()
	assert.Equal(t, id, chainFor(t, base, Options{}).ID(), "the same settings, loaded again, are the same chain")
	seen := map[string]string{id: "the base settings"}
	for name, d := range changes {
		got := chainFor(t, d, Options{}).ID()
		if other, ok := seen[got]; ok {
			t.Errorf("%s: the chain has the ID of %s", name, other)
		}
		seen[got] = name
	}
	http := `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "http", "url": "http://127.0.0.1:1/h", "headers": {"X-Mode": "strict"}}]}]}}`
	assert.NotEqual(t, chainFor(t, http, Options{}).ID(), chainFor(t, changes["an http hook's other header"], Options{}).ID())
}
