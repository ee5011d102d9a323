//go:build unix

package settings

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain/internal/testfiles"
)

func TestSettingsThatAreNotASmallRegularFileAreRefusedInOneLine(t *testing.T) {
	h := testfiles.Make(t, ".json")
	dir, fifo, big := h.Dir, h.FIFO, h.Big
	toZero := h.ToZero

	tests := []struct {
		name, path, err string
	}{
		{"a device that never ends", "/dev/zero", "settings: /dev/zero is a character device, not a regular file"},
		{"a named pipe", fifo, "settings: " + fifo + " is a named pipe, not a regular file"},
		{"a directory", dir, "settings: " + dir + " is a directory, not a regular file"},
		{"a 100 MB file", big, "settings: " + big + " is 104857600 bytes, more than the 4 MiB a settings file may have"},
		{"a link to a device", toZero, "settings: " + toZero + " is a link to /dev/zero, a character device, not a regular file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var err error
			testfiles.Finishes(t, 30*time.Second, func() { _, err = Load(tt.path) })
			require.EqualError(t, err, tt.err)
		})
	}
}

func TestAProjectWhoseSettingsLinkToADeviceIsRefused(t *testing.T) {
	// A repository can commit .claude/settings.json as a link to anything.
	project := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(project, ".claude"), 0o755))
	link := filepath.Join(project, ".claude", "settings.json")
	require.NoError(t, os.Symlink("/dev/zero", link))
	var err error
	testfiles.Finishes(t, 30*time.Second, func() { _, err = LoadStandard(project, "") })
	require.EqualError(t, err, "settings: "+link+" is a link to /dev/zero, a character device, not a regular file")
}

func TestSettingsUpToTheSizeCapAreRead(t *testing.T) {
	dir := t.TempDir()
	data := make([]byte, MaxFileSize)
	for i := range data {
		data[i] = ' '
	}
	copy(data, `{"hooks": {}}`)
	path := filepath.Join(dir, "settings.json")
	require.NoError(t, os.WriteFile(path, data, 0o644))
	s, err := Load(path)
	require.NoError(t, err)
	assert.Empty(t, s.Hooks(Options{}))

	require.NoError(t, os.WriteFile(path, append(data, ' '), 0o644))
	_, err = Load(path)
	require.EqualError(t, err, "settings: "+path+" is 4194305 bytes, more than the 4 MiB a settings file may have")
}

func TestSettingsLinkedToARegularFileAreRead(t *testing.T) {
	dir := t.TempDir()
	target := write(t, dir, "shared.json", `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh"}]}]}}`)
	link := filepath.Join(dir, "settings.json")
	require.NoError(t, os.Symlink(target, link))
	s, err := Load(link)
	require.NoError(t, err)
	hooks := s.Hooks(Options{})
	require.Len(t, hooks, 1)
	assert.Equal(t, link, hooks[0].File)
	assert.Equal(t, Linked, hooks[0].Status)
}
