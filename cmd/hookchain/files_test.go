package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCheckListsTwentyThousandHooksInWellUnderASecond(t *testing.T) {
	const n = 20_000
	handlers := make([]map[string]any, n)
	for i := range handlers {
		handlers[i] = map[string]any{"type": "command", "command": fmt.Sprintf("echo %d", i)}
	}
	data, err := json.MarshalIndent(map[string]any{"hooks": map[string]any{"PreToolUse": []any{
		map[string]any{"matcher": "Bash", "hooks": handlers},
	}}}, "", "  ")
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "settings.json")
	require.NoError(t, os.WriteFile(path, data, 0o644))

	var (
		code           int
		stdout, stderr string
	)
	// A few hundred milliseconds when parsing is linear; it was 10 s and
	// more when every handler's line was counted from the start of the file.
	finishes(t, 5*time.Second, func() { code, stdout, stderr = hookchainCmd(t, "", "check", "--settings", path) })
	assert.Equal(t, 0, code)
	assert.Empty(t, stderr)
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	require.Len(t, lines, n+1)
	assert.Regexp(t, `PreToolUse\[0\]\.hooks\[19999\] +Bash +names +- +command +echo 19999 +600s +continue +linked +echo 19999$`, lines[n])
}

// finishes fails the test when f does not return within limit, a bound far
// above what linear code needs: it is there to catch a change of
// complexity, not a slow machine.
func finishes(t *testing.T, limit time.Duration, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(limit):
		t.Fatalf("did not finish within %v", limit)
	}
}
