package replay_test

import (
	"log"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain/replay"
)

// mkdirs makes each folder under root.
func mkdirs(t *testing.T, root string, dirs ...string) {
	t.Helper()
	for _, d := range dirs {
		require.NoError(t, os.MkdirAll(filepath.Join(root, d), 0o755))
	}
}

// env is a getenv of the variables given.
func env(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

// rootsFound is what HistoryRoots found, as format: dirs, or format: error.
func rootsFound(roots []replay.History) map[replay.Format][]string {
	out := map[replay.Format][]string{}
	for _, h := range roots {
		out[h.Format] = append([]string{}, h.Dirs...)
		if h.Err != nil {
			out[h.Format] = append(out[h.Format], "error: "+h.Err.Error())
		}
	}
	return out
}

func TestHistoryRootsAreTheCLIsFoldersInTheHomeAndSayWhichExist(t *testing.T) {
	home := t.TempDir()
	mkdirs(t, home, ".claude/projects/-work-app", ".codex/sessions/2026/11/01",
		".gemini/tmp/app/chats", ".gemini/tmp/app/checkpoints", ".gemini/tmp/lib/chats", ".gemini/tmp/bin")
	require.NoError(t, os.WriteFile(filepath.Join(home, ".gemini/tmp/shell_history"), []byte("ls\n"), 0o644))
	roots := replay.HistoryRoots(home, env(nil))
	assert.Equal(t, []replay.History{
		{Format: replay.ClaudeCode, Root: filepath.Join(home, ".claude/projects"), Dirs: []string{filepath.Join(home, ".claude/projects")}},
		{Format: replay.Codex, Root: filepath.Join(home, ".codex/sessions"), Dirs: []string{filepath.Join(home, ".codex/sessions")}},
		{Format: replay.Gemini, Root: filepath.Join(home, ".gemini/tmp/*/chats"),
			Dirs: []string{filepath.Join(home, ".gemini/tmp/app/chats"), filepath.Join(home, ".gemini/tmp/lib/chats")}},
	}, roots)
}

func TestHistoryRootsFollowTheCLIsVariables(t *testing.T) {
	home, claude, codex := t.TempDir(), t.TempDir(), t.TempDir()
	mkdirs(t, home, ".claude/projects", ".codex/sessions")
	mkdirs(t, claude, "projects")
	mkdirs(t, codex, "sessions")
	roots := replay.HistoryRoots(home, env(map[string]string{"CLAUDE_CONFIG_DIR": claude, "CODEX_HOME": codex}))
	assert.Equal(t, map[replay.Format][]string{
		replay.ClaudeCode: {filepath.Join(claude, "projects")},
		replay.Codex:      {filepath.Join(codex, "sessions")},
		replay.Gemini:     {},
	}, rootsFound(roots))
}

func TestHistoryRootsThatDoNotExistHaveNoFoldersAndNoError(t *testing.T) {
	home := t.TempDir()
	mkdirs(t, home, ".gemini/tmp/app/checkpoints")
	roots := replay.HistoryRoots(home, env(nil))
	require.Len(t, roots, 3)
	assert.Equal(t, filepath.Join(home, ".claude/projects"), roots[0].Root)
	assert.Equal(t, map[replay.Format][]string{replay.ClaudeCode: {}, replay.Codex: {}, replay.Gemini: {}}, rootsFound(roots))
}

func TestAHistoryRootThatIsAFileIsAnErrorNotAnEmptyHistory(t *testing.T) {
	home := t.TempDir()
	mkdirs(t, home, ".claude", ".codex/sessions", ".gemini/tmp/app")
	for _, f := range []string{".claude/projects", ".gemini/tmp/app/chats"} {
		require.NoError(t, os.WriteFile(filepath.Join(home, f), nil, 0o644))
	}
	assert.Equal(t, map[replay.Format][]string{
		replay.ClaudeCode: {"error: replay: " + filepath.Join(home, ".claude/projects") + " is not a folder"},
		replay.Codex:      {filepath.Join(home, ".codex/sessions")},
		replay.Gemini:     {"error: replay: " + filepath.Join(home, ".gemini/tmp/app/chats") + " is not a folder"},
	}, rootsFound(replay.HistoryRoots(home, env(nil))))
}

func TestHistoryRootsWithoutAHomeAreOnlyThoseTheVariablesName(t *testing.T) {
	codex := t.TempDir()
	roots := replay.HistoryRoots("", env(map[string]string{"CODEX_HOME": codex}))
	assert.Equal(t, []replay.History{{Format: replay.Codex, Root: filepath.Join(codex, "sessions")}}, roots)
	assert.Empty(t, replay.HistoryRoots("", env(nil)))
}

func TestEveryHistoryOfAHomeIsReadByFilesOfTheRootsDirs(t *testing.T) {
	home := t.TempDir()
	t.Setenv("CLAUDE_CONFIG_DIR", "")
	t.Setenv("CODEX_HOME", "")
	mkdirs(t, home, ".codex/sessions/2026/11/01", ".gemini/tmp/app/chats")
	rollout := filepath.Join(home, ".codex/sessions/2026/11/01/rollout-2026-11-01T10-00-00-s1.jsonl")
	require.NoError(t, os.WriteFile(rollout, []byte(`{"timestamp":"2026-11-01T10:00:00.000Z","type":"session_meta","payload":{"id":"s1","cwd":"/w"}}`+"\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(home, ".gemini/tmp/app/chats/notes.txt"), []byte("not a transcript\n"), 0o644))

	// As docs/replay.md reads them:
	var dirs []string
	for _, h := range replay.HistoryRoots(home, os.Getenv) {
		if h.Err != nil {
			log.Printf("not read: %v", h.Err)
		}
		dirs = append(dirs, h.Dirs...)
	}
	files, err := replay.Files(dirs...)
	require.NoError(t, err)
	require.Len(t, files, 1, "the rollout; a .txt is no transcript")
	assert.Equal(t, rollout, files[0].Path)
	assert.Equal(t, replay.Codex, files[0].Format)
}
