package cli

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// geminiSession writes a Gemini CLI session of one read_file call into dir.
func geminiSession(t *testing.T, dir string) {
	t.Helper()
	text := `{"sessionId":"g-sess","projectHash":"abc123","startTime":"2026-04-10T10:00:00.000Z","lastUpdated":"2026-04-10T10:00:00.000Z","kind":"main"}
{"id":"m1","timestamp":"2026-04-10T10:00:04.000Z","type":"gemini","content":"","toolCalls":[{"id":"c1","name":"read_file","args":{"file_path":"/w/x"},"status":"success","timestamp":"2026-04-10T10:00:05.000Z","result":[{"functionResponse":{"id":"c1","name":"read_file","response":{"output":"x"}}}]}]}
`
	require.NoError(t, mkdirWrite(dir, "session-2026-04-10T10-00-abc12345.jsonl", text))
}

// historyHome writes a home with each named history: "claude", "codex",
// "gemini" (whose tmp folder also holds a checkpoint, not a transcript).
func historyHome(t *testing.T, home string, histories ...string) {
	t.Helper()
	for _, h := range histories {
		switch h {
		case "claude":
			dir := filepath.Join(home, ".claude", "projects", "-work-app")
			require.NoError(t, os.MkdirAll(dir, 0o755))
			claudeTranscript(t, dir, "s1", "/work/app", recorded{id: "t1", tool: "Bash", input: bashInput("ls"), content: `"a"`})
		case "codex":
			dir := filepath.Join(home, ".codex", "sessions", "2025", "11", "17")
			require.NoError(t, os.MkdirAll(dir, 0o755))
			codexRollout(t, dir, "019a93b9-f380-7600-98ff-940e6b99603c", "/work/app", map[string]string{"call_1": "ls"}, []string{"call_1"}, nil)
		case "gemini":
			geminiSession(t, filepath.Join(home, ".gemini", "tmp", "app", "chats"))
			require.NoError(t, mkdirWrite(filepath.Join(home, ".gemini", "tmp", "app", "checkpoints"), "checkpoint-x.json", `{"history":[]}`))
		}
	}
}

// noCLIVariables clears the variables that move the CLIs' histories, so
// that a test reads its own home only.
func noCLIVariables(t *testing.T) {
	t.Setenv("CLAUDE_CONFIG_DIR", "")
	t.Setenv("CODEX_HOME", "")
}

func TestReplayWithNoPathReadsTheCLIsHistoriesThatExistAndSaysWhich(t *testing.T) {
	noCLIVariables(t)
	tests := []struct {
		name      string
		histories []string
		env       map[string]string // variable → folder under the test's other dir
		stderr    string            // {HOME} and {OTHER} are the dirs
		files     int
		roots     string
	}{{
		name: "Claude Code's only", histories: []string{"claude"},
		stderr: "hookchain replay: reading {HOME}/.claude/projects (no PATH given)\n", files: 1,
		roots: `"history_roots":["{HOME}/.claude/projects"]`,
	}, {
		name: "all three, Gemini's chats and not its checkpoints", histories: []string{"claude", "codex", "gemini"},
		stderr: "hookchain replay: reading {HOME}/.claude/projects, {HOME}/.codex/sessions, {HOME}/.gemini/tmp/*/chats (no PATH given)\n", files: 3,
		roots: `"history_roots":["{HOME}/.claude/projects","{HOME}/.codex/sessions","{HOME}/.gemini/tmp/*/chats"]`,
	}, {
		name: "the CLIs' variables move their roots, and the home's are not read", histories: []string{"claude", "codex"},
		env:    map[string]string{"CLAUDE_CONFIG_DIR": "claude", "CODEX_HOME": "codex"},
		stderr: "hookchain replay: reading {OTHER}/codex/sessions (no PATH given)\n", files: 1,
		roots: `"history_roots":["{OTHER}/codex/sessions"]`,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			home, other := t.TempDir(), t.TempDir()
			historyHome(t, home, tt.histories...)
			for k, v := range tt.env {
				t.Setenv(k, filepath.Join(other, v))
			}
			if tt.env["CODEX_HOME"] != "" {
				historyHome(t, filepath.Join(other, "codex-home"), "codex")
				require.NoError(t, os.Rename(filepath.Join(other, "codex-home", ".codex"), filepath.Join(other, "codex")))
			}
			code, stdout, stderr := hookchainCmd(t, "", "replay", "--json", "--home", home, "--settings", "testdata/settings/allow.json", "--project", testdata(t))
			values := map[string]string{"HOME": home, "OTHER": other}
			require.Equal(t, 0, code, stderr)
			assert.Equal(t, fill(tt.stderr, values), stderr)
			lines := jsonLines(t, stdout)
			require.Len(t, lines, tt.files+1) // a call per file, then the summary
			assert.True(t, strings.HasPrefix(lines[tt.files], `{"summary":{"files":`+strconv.Itoa(tt.files)+`,`+fill(tt.roots, values)+`,"calls":`), lines[tt.files])
		})
	}
}

func TestReplayWithNoPathShowsTheUsersOwnHomeAsTildeAndWarnsOfRetention(t *testing.T) {
	noCLIVariables(t)
	home := t.TempDir()
	historyHome(t, home, "codex")
	t.Setenv("HOME", home)
	code, stdout, stderr := hookchainCmd(t, "", "replay", "--settings", "testdata/settings/allow.json", "--project", testdata(t))
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, "hookchain replay: reading ~/.codex/sessions (no PATH given)\n", stderr)
	assert.True(t, strings.HasPrefix(stdout, "replayed 1 call from 1 file\n"+
		"read from ~/.codex/sessions (no PATH given): what the CLIs kept; Claude Code deletes\n"+
		"transcripts after cleanupPeriodDays (30 days by default): few calls here is not few calls made\n\n"), stdout)
}

func TestReplayWithNoPathAndNoHistoryRefusesNamingTheRootsLookedFor(t *testing.T) {
	noCLIVariables(t)
	home := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(home, ".gemini", "tmp", "app", "checkpoints"), 0o755))
	file := filepath.Join(home, "projects-file")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	looked := home + "/.claude/projects, " + home + "/.codex/sessions, " + home + "/.gemini/tmp/*/chats"
	requireRefusals(t, []string{"replay", "--home", home}, []refusal{
		{name: "none exists", args: nil,
			stderr: "hookchain replay: no transcripts: none of " + looked + " exists; name the files or folders to replay; see 'hookchain help'\n"},
	})
	t.Setenv("CLAUDE_CONFIG_DIR", home)
	t.Setenv("CODEX_HOME", filepath.Join(home, "nowhere"))
	require.NoError(t, os.Rename(file, filepath.Join(home, "projects")))
	requireRefusals(t, []string{"replay", "--home", home}, []refusal{
		{name: "the one there is a file", args: nil,
			stderr: "hookchain replay: no transcripts: none of " + home + "/projects, " + home + "/nowhere/sessions, " + home + "/.gemini/tmp/*/chats exists; " +
				"replay: " + home + "/projects is not a folder; name the files or folders to replay; see 'hookchain help'\n"},
	})
}

func TestReplayWithNoPathReadsTheOtherRootsWhenOneIsAFileAndFailsWithStatus1(t *testing.T) {
	noCLIVariables(t)
	home := t.TempDir()
	historyHome(t, home, "codex")
	require.NoError(t, mkdirWrite(filepath.Join(home, ".claude"), "projects", "not a folder"))
	code, stdout, stderr := hookchainCmd(t, "", "replay", "--json", "--home", home, "--settings", "testdata/settings/allow.json", "--project", testdata(t))
	assert.Equal(t, 1, code)
	notFolder := "replay: " + home + "/.claude/projects is not a folder"
	assert.Equal(t, "hookchain replay: reading "+home+"/.codex/sessions (no PATH given)\nhookchain replay: not read: "+notFolder+"\n", stderr)
	lines := jsonLines(t, stdout)
	require.Len(t, lines, 2)
	assert.Contains(t, lines[1], `"calls":1,`)
	assert.True(t, strings.HasSuffix(lines[1], `"read_errors":["`+notFolder+`"],"flips":{"against":"what happened then (original)","newly_denied":0,"newly_allowed":0,"changed_rewrite":0,"unchanged":1}}}`), lines[1])
}

func TestReplayWithAPathReadsOnlyThePath(t *testing.T) {
	noCLIVariables(t)
	home, dir := t.TempDir(), t.TempDir()
	historyHome(t, home, "claude", "codex")
	file := claudeTranscript(t, dir, "s9", dir, recorded{id: "t1", tool: "Bash", input: bashInput("ls"), content: `"a"`})
	code, stdout, stderr := hookchainCmd(t, "", "replay", "--json", "--home", home, "--settings", "testdata/settings/allow.json", "--project", testdata(t), file)
	require.Equal(t, 0, code, stderr)
	assert.Empty(t, stderr)
	lines := jsonLines(t, stdout)
	require.Len(t, lines, 2)
	assert.True(t, slices.ContainsFunc(lines[:1], func(l string) bool { return strings.Contains(l, `"transcript":"`+file+`"`) }))
	assert.NotContains(t, lines[1], "history_roots")
}
