package cli

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReplayRunsAHookWhoseRecordedCwdIsGoneInTheProjectWithAScratchHomeAndTheRecordedCwd(t *testing.T) {
	skipInShort(t)
	project, settings := replayProject(t, "notes.sh")
	dir := t.TempDir()
	gone := filepath.Join(dir, "deleted-worktree")
	file := claudeTranscript(t, dir, "s1", gone, recorded{id: "t1", tool: "Bash", input: bashInput("ls"), content: `"a"`})
	home, err := os.UserHomeDir()
	require.NoError(t, err)
	tests := []struct {
		name     string
		flags    []string
		ranIn    string
		scratch  bool
		wantHome string
	}{
		{"in --project, with a scratch HOME and TMPDIR", []string{"--project", project}, project, true, ""},
		{"--real-home: the user's own", []string{"--project", project, "--real-home"}, project, false, home},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			notes := filepath.Join(t.TempDir(), "notes")
			t.Setenv("REPLAY_NOTES", notes)
			code, _, stderr := hookchainCmd(t, "", append(append([]string{"replay", "--settings", settings}, tt.flags...), file)...)
			require.Equal(t, 0, code, stderr)
			data, err := os.ReadFile(notes)
			require.NoError(t, err)
			lines := strings.Split(strings.TrimSpace(string(data)), "\n")
			require.Len(t, lines, 2)
			for i, event := range []string{"PreToolUse", "PostToolUse"} {
				var ran, homeSeen, tmp, cwd, input string
				_, err := fmt.Sscanf(lines[i], event+" t1 ran in %s home %s tmp %s cwd %s input %s", &ran, &homeSeen, &tmp, &cwd, &input)
				require.NoError(t, err, lines[i])
				assert.Equal(t, tt.ranIn, ran)
				assert.Equal(t, gone, cwd, "the input keeps the recorded cwd")
				assert.Equal(t, "ls", input)
				if !tt.scratch {
					assert.Equal(t, tt.wantHome, homeSeen)
					continue
				}
				assert.NotEqual(t, home, homeSeen)
				assert.Equal(t, "home", filepath.Base(homeSeen))
				assert.Equal(t, filepath.Join(filepath.Dir(homeSeen), "tmp"), tmp)
				assert.NoDirExists(t, filepath.Dir(homeSeen), "the scratch is removed once the replay is done")
			}
		})
	}
	t.Run("without --project: the directory the settings' project is", func(t *testing.T) {
		notes := filepath.Join(t.TempDir(), "notes")
		t.Setenv("REPLAY_NOTES", notes)
		code, _, stderr := hookchainCmd(t, "", "replay", "--settings", settings, file)
		require.Equal(t, 0, code, stderr)
		data, err := os.ReadFile(notes)
		require.NoError(t, err)
		assert.Contains(t, string(data), "PreToolUse t1 ran in "+project+" ")
	})
}

func TestReplaySendsHTTPHooksToLoopbackOnlyAndCountsARefusedOneAsAFaultNeverAnAllow(t *testing.T) {
	var asked atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked.Add(1)
		fmt.Fprint(w, `{"decision":"block","reason":"no deploys"}`)
	}))
	defer srv.Close()
	dir := t.TempDir()
	file := claudeTranscript(t, dir, "s1", dir, recorded{id: "t1", tool: "Bash", input: bashInput("make deploy"), content: `"ok"`})
	// 192.0.2.1 is TEST-NET-1: never anyone's, and refused before any
	// packet is sent.
	for _, tt := range []struct {
		name, url, verdict, summary string
		flags                       []string
		asked                       int32
	}{
		{"a loopback hook is sent the call", srv.URL, `"before":{"verdict":"deny","reason":"denied by ` + srv.URL + `: no deploys"`,
			`"verdicts":{"deny":1}`, nil, 1},
		{"a remote hook is refused and faulted", "http://192.0.2.1:9/hook", `"before":{"verdict":"allow","trail":[{"name":"http://192.0.2.1:9/hook","verdict":"allow","fault":"`,
			`"verdicts":{"faulted":1}`, nil, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			asked.Store(0)
			settings := filepath.Join(t.TempDir(), "settings.json")
			require.NoError(t, os.WriteFile(settings, []byte(`{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"http","url":"`+tt.url+`","timeout":5}]}]}}`), 0o644))
			code, stdout, stderr := hookchainCmd(t, "", append(append([]string{"replay", "--json", "--settings", settings, "--project", dir}, tt.flags...), file)...)
			require.Equal(t, 0, code, stderr)
			lines := jsonLines(t, stdout)
			require.Len(t, lines, 2)
			assert.Contains(t, lines[0], tt.verdict)
			assert.Contains(t, lines[1], tt.summary)
			assert.Equal(t, tt.asked, asked.Load())
			if tt.asked == 0 {
				assert.Contains(t, lines[0], "not a loopback address: replay sends http hooks to loopback hosts only (--allow-remote-hooks sends them anywhere)")
				assert.Contains(t, lines[1], `"hook_faults":{"http://192.0.2.1:9/hook":1}`)
			}
		})
	}
}

func TestReplayMasksSecretsInWhatItPrintsUnlessFull(t *testing.T) {
	project, settings := replayProject(t, "guard.sh")
	dir := t.TempDir()
	file := claudeTranscript(t, dir, "s1", dir,
		recorded{id: "t1", tool: "Bash", input: bashInput(`rm -rf /srv && curl -H "Authorization: Bearer abcdefghijklmnop" -u x:y https://x/?password=hunter2 AKIAIOSFODNN7EXAMPLE`), content: `"ok"`})
	for _, tt := range []struct {
		name  string
		flags []string
		shown string
	}{
		{"masked", nil, `rm -rf /srv && curl -H \"Authorization: Bearer ****\" -u x:y https://x/?password=**** AKIA****`},
		{"--full", []string{"--full"}, `rm -rf /srv && curl -H \"Authorization: Bearer abcdefghijklmnop\" -u x:y https://x/?password=hunter2 AKIAIOSFODNN7EXAMPLE`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			for _, format := range [][]string{{"--json"}, nil} {
				code, stdout, stderr := hookchainCmd(t, "", append(append(append([]string{"replay", "--settings", settings, "--project", project}, format...), tt.flags...), file)...)
				require.Equal(t, 0, code, stderr)
				assert.Contains(t, stdout, tt.shown)
				if tt.flags == nil {
					for _, secret := range []string{"abcdefghijklmnop", "hunter2", "IOSFODNN7EXAMPLE"} {
						assert.NotContains(t, stdout, secret)
					}
				}
			}
		})
	}
}
