package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// writeFile writes data to dir/name, making its directories, executable
// when it is a script.
func writeFile(t *testing.T, dir, name, data string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	mode := os.FileMode(0o644)
	if filepath.Ext(name) == ".sh" {
		mode = 0o755
	}
	require.NoError(t, os.WriteFile(path, []byte(data), mode))
	return path
}

func TestTheProjectOfUserAndProjectSettingsIsTheProjectNeverTheUsersHome(t *testing.T) {
	// Issue 23, item 4. "CLAUDE_PROJECT_DIR: the project root" (hooks
	// reference): with a user settings file at a home that is not $HOME (a
	// test harness's), the project is still the one holding the cwd.
	base := t.TempDir()
	t.Setenv("HOME", t.TempDir())
	tests := []struct {
		name          string
		home, project string // under base
	}{
		{name: "the home and the project apart", home: "home", project: "work/app"},
		{name: "the project inside the home", home: "home", project: "home/src/app"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			home := filepath.Join(base, tt.name, tt.home)
			project := filepath.Join(base, tt.name, tt.project)
			user := writeFile(t, home, ".claude/settings.json",
				`{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"true"}]}]}}`)
			proj := writeFile(t, project, ".claude/settings.json",
				`{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"\"$CLAUDE_PROJECT_DIR\"/.claude/hooks/guard.sh"}]}]}}`)
			writeFile(t, project, ".claude/hooks/guard.sh", "#!/bin/sh\necho \"guarded from $CLAUDE_PROJECT_DIR\" >&2\nexit 2\n")
			sub := filepath.Join(project, "src")
			require.NoError(t, os.MkdirAll(sub, 0o755))
			in := hookInput(t, sub, "PreToolUse", "Bash", `{"command":"ls"}`)

			code, stdout, stderr := hookchainCmd(t, in, "eval", "--settings", user, "--settings", proj)
			assert.Empty(t, stderr)
			assert.Equal(t, denial("guard.sh", "guarded from "+project), stdout)
			assert.Equal(t, 2, code)
		})
	}
}

func TestTheProjectIsNeverASettingsFileThatDoesNotHoldTheSession(t *testing.T) {
	base := t.TempDir()
	t.Setenv("HOME", t.TempDir())
	home := filepath.Join(base, "home")
	cwd := filepath.Join(base, "elsewhere")
	require.NoError(t, os.MkdirAll(cwd, 0o755))
	script := writeFile(t, base, "hooks/where.sh", "#!/bin/sh\necho \"project $CLAUDE_PROJECT_DIR\" >&2\nexit 2\n")
	user := writeFile(t, home, ".claude/settings.json",
		`{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":`+jsonString(script)+`}]}]}}`)
	code, stdout, stderr := hookchainCmd(t, hookInput(t, cwd, "PreToolUse", "Bash", `{"command":"ls"}`), "eval", "--settings", user)
	assert.Empty(t, stderr)
	assert.Equal(t, denial("where.sh", "project "+cwd), stdout)
	assert.Equal(t, 2, code)
}
