package replay_test

import (
	"context"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain/replay"
)

// oldHash is the SHA-256 of "/w/old": the folder the older Gemini CLI
// named that project's.
const oldHash = "27090941d89e8c923e7cafaa2aa333e162cedad61c040f2c71ab092a1dad9edc"

var geminiSession = lines(
	`{"sessionId":"s-1","projectHash":"abc","kind":"main"}`,
	`{"id":"m1","type":"gemini","toolCalls":[{"id":"c1","name":"run_shell_command","args":{"command":"ls"},"status":"success","result":[{"functionResponse":{"id":"c1","name":"run_shell_command","response":{"output":"a"}}}]}]}`,
	`{"id":"m2","type":"gemini","toolCalls":[{"id":"c2","name":"read_file","args":{"file_path":"a"},"status":"success","result":[]}]}`,
)

func TestAGeminiSessionsCallsGetTheProjectItsFolderIsNamedForAsCwd(t *testing.T) {
	const shop = `{"projects":{"/w/shop":"shop","/w/other":"other"}}`
	bad := map[replay.ProblemKind]int{replay.BadRegistry: 1}
	tests := []struct {
		name    string
		files   map[string]string // under the Gemini home
		session string            // the session file, under the home
		cwd     string
		counts  map[replay.ProblemKind]int
	}{
		{"the registry maps the project to the folder's slug", map[string]string{"projects.json": shop},
			"tmp/shop/chats/session-1.jsonl", "/w/shop", nil},
		{"a subagent's file a folder deeper is the same project's", map[string]string{"projects.json": shop},
			"tmp/shop/chats/s-0/s-1.jsonl", "/w/shop", nil},
		{"the folder's .project_root agrees with the registry", map[string]string{"projects.json": shop, "tmp/shop/.project_root": "/w/shop\n"},
			"tmp/shop/chats/session-1.jsonl", "/w/shop", nil},
		{"the older layout's folder is the hash of a path in the registry", map[string]string{"projects.json": `{"projects":{"/w/old":"old","/w/shop":"shop"}}`},
			"tmp/" + oldHash + "/chats/session-1.json", "/w/old", nil},
		{"without a registry, the folder's .project_root names it", map[string]string{"tmp/shop/.project_root": "/w/shop/"},
			"tmp/shop/chats/session-1.jsonl", "/w/shop", nil},
		{"without a registry or marker, it is not known", nil,
			"tmp/shop/chats/session-1.jsonl", "", nil},
		{"a registry that does not name the folder does not know it", map[string]string{"projects.json": `{"projects":{"/w/other":"other"}}`},
			"tmp/shop/chats/session-1.jsonl", "", nil},
		{"a file outside tmp/<project>/chats is no project's", map[string]string{"projects.json": shop},
			"elsewhere/shop/chats/session-1.jsonl", "", nil},
		{"a file directly in the project folder is no project's", map[string]string{"projects.json": shop},
			"tmp/shop/session-1.jsonl", "", nil},
		{"a garbage registry is a problem, and no cwd", map[string]string{"projects.json": `{"projects":{"/w/shop":"shop"`},
			"tmp/shop/chats/session-1.jsonl", "", bad},
		{"a registry not of projects is a problem", map[string]string{"projects.json": `{"projects":["/w/shop","shop"]}`},
			"tmp/shop/chats/session-1.jsonl", "", bad},
		{"a registry over 1 MB is not read", map[string]string{"projects.json": `{"projects":{"/w/shop":"shop"},"pad":"` + strings.Repeat("x", 1<<20) + `"}`},
			"tmp/shop/chats/session-1.jsonl", "", bad},
		{"two projects named for one folder are ambiguous", map[string]string{"projects.json": `{"projects":{"/w/shop":"shop","/w/shop2":"shop"}}`},
			"tmp/shop/chats/session-1.jsonl", "", bad},
		{"a .project_root naming another project than the registry is ambiguous", map[string]string{"projects.json": shop, "tmp/shop/.project_root": "/w/other"},
			"tmp/shop/chats/session-1.jsonl", "", bad},
		{"a relative path named for the folder is a problem", map[string]string{"projects.json": `{"projects":{"w/shop":"shop"}}`},
			"tmp/shop/chats/session-1.jsonl", "", bad},
		{"a .project_root of garbage is a problem", map[string]string{"tmp/shop/.project_root": "/w/a\n/w/b"},
			"tmp/shop/chats/session-1.jsonl", "", bad},
		{"a registry that is a folder is unreadable", map[string]string{"projects.json/x": "{}"},
			"tmp/shop/chats/session-1.jsonl", "", bad},
		{"a path given twice keeps its last folder", map[string]string{"projects.json": `{"projects":{"/w/shop":"shop","/w/shop":"moved"}}`},
			"tmp/shop/chats/session-1.jsonl", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			home := t.TempDir()
			files := map[string]string{tt.session: geminiSession}
			maps.Copy(files, tt.files)
			for name, text := range files {
				p := filepath.Join(home, filepath.FromSlash(name))
				require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
				require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
			}
			var cwds []string
			st, err := replay.ReadFile(context.Background(), filepath.Join(home, filepath.FromSlash(tt.session)), replay.Gemini, func(c replay.Call) error {
				cwds = append(cwds, c.Cwd)
				return nil
			})
			require.NoError(t, err)
			assert.Equal(t, []string{tt.cwd, tt.cwd}, cwds)
			if tt.counts == nil {
				assert.Empty(t, st.Counts)
				return
			}
			assert.Equal(t, tt.counts, st.Counts)
			require.Len(t, st.Problems, 1)
			assert.Equal(t, 0, st.Problems[0].Line)
		})
	}
}

func TestAGeminiStreamReadAloneHasNoCwd(t *testing.T) {
	got, st := read(t, replay.Gemini, geminiSession)
	require.Len(t, got, 2)
	assert.Equal(t, "", got[0].Cwd)
	assert.Empty(t, st.Counts)
}
