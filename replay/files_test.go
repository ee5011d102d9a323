package replay_test

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain/replay"
)

// tree writes files (path → content) under a temporary folder.
func tree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for p, s := range files {
		p = filepath.Join(dir, filepath.FromSlash(p))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(s), 0o644))
	}
	return dir
}

// entry is a Claude Code line of session sid.
func entry(sid string) string {
	return `{"type":"user","uuid":"u","parentUuid":null,"sessionId":"` + sid + `","message":{"content":"hi"}}` + "\n"
}

func rel(t *testing.T, dir string, files []replay.File) []replay.File {
	t.Helper()
	out := []replay.File{}
	for _, f := range files {
		r, err := filepath.Rel(dir, f.Path)
		require.NoError(t, err)
		out = append(out, replay.File{Path: filepath.ToSlash(r), Format: f.Format})
	}
	return out
}

func TestFilesFindsEveryLayoutsTranscriptsSortedWithTheirFormats(t *testing.T) {
	dir := tree(t, map[string]string{
		// 2.1.x: subagents in <session>/subagents/.
		"projects/-w-a/s21.jsonl":                             entry("s21"),
		"projects/-w-a/s21/subagents/agent-a1b2c3d.jsonl":     entry("s21"),
		"projects/-w-a/s21/subagents/agent-a1b2c3d.meta.json": `{"agentType":"general-purpose"}`,
		"projects/-w-a/s21/tool-results/toolu_1.json":         `{"big":true}`,
		// 2.0.x: agent files beside the session.
		"projects/-w-b/s20.jsonl":             entry("s20"),
		"projects/-w-b/agent-0badf00d.jsonl":  entry("s20"),
		"projects/-w-b/agent-feedf00d.jsonl":  entry("other"),
		"sessions/2026/01/02/rollout-x.jsonl": codexMeta + "\n",
		"notes.txt":                           "not a transcript, not in a folder's transcripts",
		"projects/-w-b/stray.json":            `{"hello":"world"}`,
	})
	files, err := replay.Files(dir)
	require.NoError(t, err)
	assert.Equal(t, []replay.File{
		{Path: "projects/-w-a/s21.jsonl", Format: replay.ClaudeCode},
		{Path: "projects/-w-a/s21/subagents/agent-a1b2c3d.jsonl", Format: replay.ClaudeCode},
		{Path: "projects/-w-b/agent-0badf00d.jsonl", Format: replay.ClaudeCode},
		{Path: "projects/-w-b/agent-feedf00d.jsonl", Format: replay.ClaudeCode},
		{Path: "projects/-w-b/s20.jsonl", Format: replay.ClaudeCode},
		{Path: "projects/-w-b/stray.json", Format: ""},
		{Path: "sessions/2026/01/02/rollout-x.jsonl", Format: replay.Codex},
	}, rel(t, dir, files))

	t.Run("a session file named alone brings its own subagents, and no other session's", func(t *testing.T) {
		for _, tt := range []struct {
			path string
			want []replay.File
		}{
			{"projects/-w-a/s21.jsonl", []replay.File{
				{Path: "projects/-w-a/s21.jsonl", Format: replay.ClaudeCode},
				{Path: "projects/-w-a/s21/subagents/agent-a1b2c3d.jsonl", Format: replay.ClaudeCode},
			}},
			{"projects/-w-b/s20.jsonl", []replay.File{
				{Path: "projects/-w-b/agent-0badf00d.jsonl", Format: replay.ClaudeCode},
				{Path: "projects/-w-b/s20.jsonl", Format: replay.ClaudeCode},
			}},
			{"notes.txt", []replay.File{{Path: "notes.txt", Format: ""}}},
		} {
			files, err := replay.Files(filepath.Join(dir, tt.path))
			require.NoError(t, err)
			assert.Equal(t, tt.want, rel(t, dir, files), tt.path)
		}
	})

	t.Run("a file given twice, alone and in its folder, is one file", func(t *testing.T) {
		files, err := replay.Files(filepath.Join(dir, "projects/-w-a"), filepath.Join(dir, "projects/-w-a/s21.jsonl"))
		require.NoError(t, err)
		assert.Len(t, files, 2)
	})

	t.Run("a file of no known format is reported by Read, never skipped", func(t *testing.T) {
		st, err := replay.ReadFile(context.Background(), filepath.Join(dir, "projects/-w-b/stray.json"), "", func(replay.Call) error { return nil })
		require.NoError(t, err)
		assert.Equal(t, map[replay.ProblemKind]int{replay.UnknownFormat: 1}, st.Counts)
	})
}

func TestFilesAndReadFileRefuseWhatIsNotThere(t *testing.T) {
	dir := t.TempDir()
	_, err := replay.Files(filepath.Join(dir, "missing"))
	require.ErrorIs(t, err, os.ErrNotExist)

	_, err = replay.ReadFile(context.Background(), dir, "", func(replay.Call) error { return nil })
	require.ErrorContains(t, err, "is not a regular file")

	fifo := filepath.Join(dir, "pipe.jsonl")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	_, err = replay.ReadFile(context.Background(), fifo, "", func(replay.Call) error { return nil })
	require.ErrorContains(t, err, "is not a regular file")
	_, err = replay.Files(dir)
	require.ErrorContains(t, err, "is not a regular file", "a pipe in a folder is an error, not a file skipped")
}

func TestDetectNamesEachFormatFromItsFirstLines(t *testing.T) {
	tests := []struct {
		name, head string
		want       replay.Format
	}{
		{"a Claude Code entry", `{"type":"user","sessionId":"s","message":{}}`, replay.ClaudeCode},
		{"a Claude Code file opening with metadata", `{"type":"summary","summary":"t","leafUuid":"l"}` + "\n" + `{"type":"file-history-snapshot","messageId":"m"}` + "\n" + `{"type":"user","sessionId":"s"}`, replay.ClaudeCode},
		{"a Claude Code entry cut by the head's end", `{"parentUuid":null,"sessionId":"s","type":"user","message":{"content":[{"type":"image","source":{"data":"iVBOR`, replay.ClaudeCode},
		{"a BOM and blank lines first", "\xef\xbb\xbf\n\n" + `{"type":"user","sessionId":"s"}`, replay.ClaudeCode},
		{"a Codex rollout", codexMeta, replay.Codex},
		{"a Gemini JSONL session", `{"sessionId":"s","projectHash":"h","startTime":"t","kind":"main"}` + "\n" + `{"id":"m","type":"user","content":[]}`, replay.Gemini},
		{"a Gemini session file, pretty-printed", "{\n  \"sessionId\": \"s\",\n  \"projectHash\": \"h\",\n  \"messages\": []\n}", replay.Gemini},
		{"an Anthropic messages array", `[{"role":"user","content":"hi"},{"role":"assistant","content":[{"type":"tool_use","id":"t","name":"n","input":{}}]}]`, replay.Anthropic},
		{"an OpenAI chat array", `[{"role":"system","content":"s"},{"role":"assistant","tool_calls":[{"id":"c","type":"function","function":{"name":"n","arguments":"{}"}}]}]`, replay.OpenAIChat},
		{"an OpenAI responses array", `[{"type":"message","role":"user","content":"hi"},{"type":"function_call","call_id":"c","name":"n","arguments":"{}"}]`, replay.OpenAIResponses},
		{"a Claude Code transcript dumped as one array", `[{"parentUuid":null,"sessionId":"s","type":"assistant","message":{"content":[{"type":"tool_use"}]}}]`, replay.ClaudeCode},
		{"text", "hello", ""},
		{"an object of nothing known", `{"hello":"world"}`, ""},
		{"nothing", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, replay.Detect([]byte(tt.head)))
		})
	}
}

func TestASubagentsTypeComesFromItsParentsAgentResultInTheSessionFile(t *testing.T) {
	// Every entry here is of session s1, as use and result write it.
	parent := func(agent, typ string) string {
		return lines(
			use("a1", "", "toolu_A", "Agent", `{"subagent_type":"`+typ+`","prompt":"p"}`, ""),
			result("r1", "a1", "toolu_A", `[{"type":"text","text":"done"}]`, false, `"toolUseResult":{"status":"completed","agentId":"`+agent+`","agentType":"`+typ+`"},`),
		)
	}
	sub := func(agent string) string {
		return use("s1", "", "toolu_S", "Bash", `{"command":"ls"}`, `"isSidechain":true,"agentId":"`+agent+`",`) + "\n"
	}
	dir := tree(t, map[string]string{
		"p21/s1.jsonl":                         parent("abc1234", "code-reviewer"),
		"p21/s1/subagents/agent-abc1234.jsonl": sub("abc1234"),
		"p20/s1.jsonl":                         parent("0badf00d", "general-purpose"),
		"p20/agent-0badf00d.jsonl":             sub("0badf00d"),
		"orphan/agent-feedf00d.jsonl":          sub("feedf00d"),
	})
	for _, tt := range []struct{ path, want string }{
		{"p21/s1/subagents/agent-abc1234.jsonl", "code-reviewer"},
		{"p20/agent-0badf00d.jsonl", "general-purpose"},
		{"orphan/agent-feedf00d.jsonl", ""},
	} {
		var got []replay.Call
		_, err := replay.ReadFile(context.Background(), filepath.Join(dir, tt.path), "", func(c replay.Call) error {
			got = append(got, c)
			return nil
		})
		require.NoError(t, err)
		require.Len(t, got, 1)
		assert.Equal(t, tt.want, got[0].AgentType, tt.path)
		assert.NotEmpty(t, got[0].AgentID)
	}
	// Read has the stream only, and nothing beside it to look in.
	fh, err := os.Open(filepath.Join(dir, "p20/agent-0badf00d.jsonl"))
	require.NoError(t, err)
	defer fh.Close()
	var typ = "unread"
	_, err = replay.Read(context.Background(), fh, filepath.Join(dir, "p20/agent-0badf00d.jsonl"), "", func(c replay.Call) error {
		typ = c.AgentType
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, "", typ)
}
