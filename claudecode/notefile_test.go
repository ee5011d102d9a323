package claudecode

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// noteHook is a bash hook that gives, as additionalContext after the
// call, the text python3 prints for expr.
func noteHook(t *testing.T, expr string) hookchain.Interceptor {
	spec := hookProgram(t, "bash", "note.sh", `#!/bin/bash
cat >/dev/null
python3 -c 'import json; print(json.dumps({"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": `+expr+`}}))'
`)
	return Command(spec, project(t))
}

var savedAt = regexp.MustCompile(`Full output saved to: (\S+)\n`)

// preview checks that note is Claude Code's preview of text and returns the
// path of the file it names.
func preview(t *testing.T, note, text string) string {
	t.Helper()
	m := savedAt.FindStringSubmatch(note)
	require.NotNil(t, m, "no path in %q", note)
	head := text
	if len(head) > NotePreviewBytes {
		head = head[:NotePreviewBytes]
	}
	assert.Equal(t, fmt.Sprintf("<persisted-output>\nOutput too large (%.1fKB). Full output saved to: %s\n\nPreview (first 2KB):\n%s\n</persisted-output>",
		float64(len(text))/1024, m[1], head), note)
	return m[1]
}

func TestANoteOverTenThousandCharactersIsSavedToAFileAndTheModelIsShownAPreviewAndItsPath(t *testing.T) {
	dir := t.TempDir()
	ctx := WithNoteDir(context.Background(), dir)
	text := strings.Repeat("lint: line too long\n", 600) // 12,000 characters

	out, err := noteHook(t, `"lint: line too long\n" * 600`)(ctx, after)

	require.NoError(t, err)
	require.Len(t, out.Notes, 1)
	path := preview(t, out.Notes[0].Text, text)
	assert.Equal(t, dir, filepath.Dir(path))
	assert.Contains(t, out.Notes[0].Text, "Output too large (11.7KB)")
	saved, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, text, string(saved), "the whole text, nothing lost")
	info, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), info.Mode().Perm())
}

func TestANoteUpToTenThousandCharactersStaysWhole(t *testing.T) {
	for _, tt := range []struct{ name, expr, want string }{
		{"10,000 characters", `"x" * 10000`, strings.Repeat("x", 10000)},
		{"10,000 characters of two bytes each: characters are counted, not bytes", `"é" * 10000`, strings.Repeat("é", 10000)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			out, err := noteHook(t, tt.expr)(WithNoteDir(context.Background(), dir), after)
			require.NoError(t, err)
			assert.Equal(t, hookchain.Allow().WithNote(tt.want), out)
			entries, err := os.ReadDir(dir)
			require.NoError(t, err)
			assert.Empty(t, entries, "no file written")
		})
	}
}

func TestANoteThatCannotBeSavedIsKeptWhole(t *testing.T) {
	ctx := WithNoteDir(context.Background(), filepath.Join(t.TempDir(), "missing"))
	out, err := noteHook(t, `"y" * 10001`)(ctx, after)
	require.NoError(t, err)
	assert.Equal(t, hookchain.Allow().WithNote(strings.Repeat("y", 10001)), out)
}

func TestALongNoteIsSavedUnderTheTempDirectoryByDefault(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("TMPDIR", dir)
	out, err := noteHook(t, `"z" * 10001`)(context.Background(), after)
	require.NoError(t, err)
	require.Len(t, out.Notes, 1)
	assert.Equal(t, dir, filepath.Dir(preview(t, out.Notes[0].Text, strings.Repeat("z", 10001))))
}

func TestALongBlockAfterTheCallIsSavedToo(t *testing.T) {
	dir := t.TempDir()
	spec := hookProgram(t, "bash", "lint.sh", `#!/bin/bash
cat >/dev/null
python3 -c 'print("E501 line too long\n" * 700, end="")' >&2
exit 2
`)
	out, err := Command(spec, project(t))(WithNoteDir(context.Background(), dir), after)
	require.NoError(t, err)
	require.Len(t, out.Notes, 1)
	text := BlockedAfterPrefix + strings.TrimSpace(strings.Repeat("E501 line too long\n", 700))
	preview(t, out.Notes[0].Text, text)
	assert.Equal(t, hookchain.Allowed, out.Verdict)
	assert.Equal(t, text, out.Reason, "the step's reason keeps the whole text for the audit")
}

func TestAnHTTPHooksLongNoteIsSavedToo(t *testing.T) {
	dir := t.TempDir()
	text := strings.Repeat("w", 10500)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		fmt.Fprintf(w, `{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":%q}}`, text)
	}))
	t.Cleanup(srv.Close)
	out, err := HTTP(HTTPHook{URL: srv.URL, Timeout: 5 * time.Second}, SessionInfo{})(WithNoteDir(context.Background(), dir), after)
	require.NoError(t, err)
	require.Len(t, out.Notes, 1)
	saved, err := os.ReadFile(preview(t, out.Notes[0].Text, text))
	require.NoError(t, err)
	assert.Equal(t, text, string(saved))
}

func TestTwoHundredCallsAtOnceSaveTwoHundredFilesNoneOverwritten(t *testing.T) {
	dir := t.TempDir()
	ctx := WithNoteDir(context.Background(), dir)
	var wg sync.WaitGroup
	paths := make([]string, 200)
	for i := range paths {
		wg.Go(func() {
			text := fmt.Sprintf("%03d", i) + strings.Repeat("c", MaxNoteChars)
			out := persistNotes(ctx, hookchain.Allow().WithNote(text))
			if m := savedAt.FindStringSubmatch(out.Notes[0].Text); m != nil {
				paths[i] = m[1]
			}
		})
	}
	wg.Wait()
	seen := map[string]bool{}
	for i, path := range paths {
		require.NotEmpty(t, path, "call %d was not saved", i)
		assert.False(t, seen[path], "%s written twice", path)
		seen[path] = true
		saved, err := os.ReadFile(path)
		require.NoError(t, err)
		assert.True(t, strings.HasPrefix(string(saved), fmt.Sprintf("%03d", i)), "file of call %d holds another's text", i)
	}
}

func TestPersistNotesDoesNotWriteToTheHooksNotes(t *testing.T) {
	notes := []hookchain.Note{{Text: strings.Repeat("n", MaxNoteChars+1)}}
	out := persistNotes(WithNoteDir(context.Background(), t.TempDir()), hookchain.Outcome{Notes: notes})
	assert.Equal(t, strings.Repeat("n", MaxNoteChars+1), notes[0].Text)
	assert.NotEqual(t, notes[0].Text, out.Notes[0].Text)
}
