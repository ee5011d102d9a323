//go:build unix

package cli

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

	"github.com/hookchain/hookchain/internal/testfiles"
)

func TestCheckListsTwentyThousandHooksInLinearTime(t *testing.T) {
	if testing.Short() {
		t.Skip("seconds of listing twenty thousand hooks; run without -short, as .ci/run does")
	}
	const n = 20_000
	var (
		code           int
		stdout, stderr string
	)
	// It took 10 s and more when every handler's line was counted from the
	// start of the file.
	testfiles.GrowsLinearly(t, n, func(n int) func() {
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
		return func() { code, stdout, stderr = hookchainCmd(t, "", "check", "--settings", path) }
	})
	assert.Equal(t, 0, code)
	assert.Empty(t, stderr)
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	require.Len(t, lines, n+1)
	assert.Regexp(t, `PreToolUse\[0\]\.hooks\[19999\] +Bash +names +- +command +echo 19999 +600s +continue +linked +echo 19999 +before the call; run with /bin/sh -c for each call$`, lines[n])
}

func TestSettingsThatAreNotASmallRegularFileAreRefusedInOneLineAndExit1(t *testing.T) {
	h := testfiles.Make(t, ".json")
	fifo, big := h.FIFO, h.Big
	toZero := h.ToZero

	tests := []struct {
		name, path, err string
	}{
		{"a device that never ends", "/dev/zero", "settings: /dev/zero is a character device, not a regular file"},
		{"a named pipe", fifo, "settings: " + fifo + " is a named pipe, not a regular file"},
		{"a 100 MB file", big, "settings: " + big + " is 104857600 bytes, more than the 4 MiB a settings file may have"},
		{"a link to a device", toZero, "settings: " + toZero + " is a link to /dev/zero, a character device, not a regular file"},
	}
	for _, tt := range tests {
		for _, cmd := range []string{"check", "eval"} {
			t.Run(cmd+" "+tt.name, func(t *testing.T) {
				var (
					code           int
					stdout, stderr string
				)
				testfiles.Finishes(t, 30*time.Second, func() {
					code, stdout, stderr = hookchainCmd(t, input(t, "PreToolUse", "Bash", deploy), cmd, "--settings", tt.path)
				})
				assert.Equal(t, 1, code)
				assert.Empty(t, stdout)
				assert.Equal(t, "hookchain "+cmd+": "+tt.err+"\n", stderr)
			})
		}
	}
}

func TestAProjectWhoseSettingsLinkToADeviceIsRefusedInOneLine(t *testing.T) {
	project := t.TempDir()
	t.Setenv("HOME", t.TempDir())
	require.NoError(t, os.Mkdir(filepath.Join(project, ".claude"), 0o755))
	link := filepath.Join(project, ".claude", "settings.json")
	require.NoError(t, os.Symlink("/dev/zero", link))
	var (
		code           int
		stdout, stderr string
	)
	testfiles.Finishes(t, 30*time.Second, func() { code, stdout, stderr = hookchainCmd(t, "", "check", "--project", project) })
	assert.Equal(t, 1, code)
	assert.Empty(t, stdout)
	assert.Equal(t, "hookchain check: settings: "+link+" is a link to /dev/zero, a character device, not a regular file\n", stderr)
}

func TestEvalRefusesAHookInputThatIsNotUTF8(t *testing.T) {
	// Decoded as it is, "Ba\xffsh" would be "Ba\uFFFDsh": no Bash hook
	// would match it, and the call would be allowed.
	tests := []struct {
		name, input, stderr string
	}{
		{"a tool name with a byte that is not UTF-8",
			`{"hook_event_name":"PreToolUse","tool_name":"Ba` + "\xff" + `sh","tool_input":{"command":"make deploy"}}`,
			"hookchain eval: the hook input is not valid UTF-8: byte 0xff at offset 47\n"},
		{"an input string with a lone 0xff",
			`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"make deploy` + "\xff" + `"}}`,
			"hookchain eval: the hook input is not valid UTF-8: byte 0xff at offset 87\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := hookchainCmd(t, tt.input, append([]string{"eval"}, settingsFlags("block.json")...)...)
			assert.Equal(t, 1, code)
			assert.Empty(t, stdout)
			assert.Equal(t, tt.stderr, stderr)
		})
	}
}
