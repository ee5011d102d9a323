package hookchaintest_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain/hookchaintest"
)

// staleCopy copies the case files of testdata/update, whose wants the
// policy no longer gives, into a temporary directory, and returns it.
func staleCopy(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range []string{"current.json", "guards.json", "redact.json"} {
		data, err := os.ReadFile(filepath.Join("testdata/update", name))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), data, 0o644))
	}
	return dir
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(data)
}

func TestUpdateRewritesOnlyTheWantSide(t *testing.T) {
	dir := staleCopy(t)
	changes, err := hookchaintest.UpdateFiles(t.Context(), policy(), filepath.Join(dir, "*.json"))
	require.NoError(t, err)

	assert.Equal(t, []hookchaintest.Change{
		{Name: "rm -rf is denied", Source: filepath.Join(dir, "guards.json") + " #0", Mismatches: []hookchaintest.Mismatch{
			{Field: "reason", Want: `"denied by no-rm: dangerous"`, Got: `"denied by no-rm: recursive delete"`},
			{Field: "decided_by", Want: `""`, Got: `"no-rm"`},
			{Field: "cause", Want: "none", Got: "link"},
			{Field: "steps[0].reason", Want: `"dangerous"`, Got: `"recursive delete"`},
		}},
		{Name: "every Bash call gets a timeout", Source: filepath.Join(dir, "guards.json") + " #1", Mismatches: []hookchaintest.Mismatch{
			{Field: "verdict", Want: "Allowed", Got: "Modified"},
			{Field: "reason", Want: `""`, Got: `"pin-timeout: bounded to 60s"`},
			{Field: "trail", Want: "[]", Got: "[pin-timeout]"},
		}},
		{Name: "an AWS key is redacted from what the model reads", Source: filepath.Join(dir, "redact.json"), Mismatches: []hookchaintest.Mismatch{
			{Field: "verdict", Want: "Allowed", Got: "Replaced"},
			{Field: "reason", Want: `""`, Got: `"redact: a credential"`},
			{Field: "trail", Want: "[]", Got: "[redact]"},
		}},
	}, changes)

	// Names, events and the shape of each file are kept; steps are written
	// only for the case that had them; the unnamed case keeps no name.
	assert.Equal(t, readFile(t, "testdata/update/guards.json.golden"), readFile(t, filepath.Join(dir, "guards.json")))
	assert.Equal(t, readFile(t, "testdata/update/redact.json.golden"), readFile(t, filepath.Join(dir, "redact.json")))
	// A file whose cases all match is left as it was written, however it
	// was formatted.
	assert.Equal(t, readFile(t, "testdata/update/current.json"), readFile(t, filepath.Join(dir, "current.json")))
}

func TestAChangeNamesTheCaseAndItsChangedFields(t *testing.T) {
	ch := hookchaintest.Change{Name: "rm -rf is denied", Source: "testdata/guards.json #0", Mismatches: []hookchaintest.Mismatch{
		{Field: "reason", Want: `"a"`, Got: `"b"`},
		{Field: "steps[0].reason", Want: `"a"`, Got: `"b"`},
	}}
	assert.Equal(t, `updated "rm -rf is denied" (testdata/guards.json #0): reason, steps[0].reason`, ch.String())
}

func TestUpdatedFilesPassAndASecondUpdateChangesNothing(t *testing.T) {
	dir := staleCopy(t)
	pattern := filepath.Join(dir, "*.json")
	_, err := hookchaintest.UpdateFiles(t.Context(), policy(), pattern)
	require.NoError(t, err)

	cases, err := hookchaintest.LoadFiles(pattern)
	require.NoError(t, err)
	require.Len(t, cases, 5)
	for _, tc := range cases {
		_, ms := hookchaintest.Check(t.Context(), policy(), tc)
		assert.Nil(t, ms, tc.Name)
	}

	before := readFile(t, filepath.Join(dir, "guards.json"))
	changes, err := hookchaintest.UpdateFiles(t.Context(), policy(), pattern)
	require.NoError(t, err)
	assert.Nil(t, changes)
	assert.Equal(t, before, readFile(t, filepath.Join(dir, "guards.json")))
}

func TestUpdateWritesNothingWhenAFileCannotBeLoaded(t *testing.T) {
	dir := staleCopy(t)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "zz.json"), []byte(`{"event": {}}`), 0o644))

	changes, err := hookchaintest.UpdateFiles(t.Context(), policy(), filepath.Join(dir, "*.json"))
	require.EqualError(t, err, filepath.Join(dir, "zz.json")+":1:1: event.hook is missing")
	assert.Nil(t, changes)
	assert.Equal(t, readFile(t, "testdata/update/guards.json"), readFile(t, filepath.Join(dir, "guards.json")))
	assert.Equal(t, readFile(t, "testdata/update/redact.json"), readFile(t, filepath.Join(dir, "redact.json")))
}

func TestUpdateOfAPatternMatchingNoFileIsAnError(t *testing.T) {
	changes, err := hookchaintest.UpdateFiles(t.Context(), policy(), "testdata/case/*.json")
	require.EqualError(t, err, `hookchaintest: no file matches "testdata/case/*.json"`)
	assert.Nil(t, changes)
}

func TestUpdateKeepsAFilesPermissions(t *testing.T) {
	dir := staleCopy(t)
	path := filepath.Join(dir, "redact.json")
	require.NoError(t, os.Chmod(path, 0o600))

	_, err := hookchaintest.UpdateFiles(t.Context(), policy(), path)
	require.NoError(t, err)
	info, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), info.Mode().Perm())
	assert.Equal(t, readFile(t, "testdata/update/redact.json.golden"), readFile(t, path))
}

func TestRunFilesInUpdateModeRewritesInsteadOfChecking(t *testing.T) {
	dir := staleCopy(t)
	// The stale wants would fail every changed case; in update mode they are
	// rewritten, and this test passes.
	hookchaintest.RunFilesWithUpdate(t, policy(), filepath.Join(dir, "*.json"), true)
	assert.Equal(t, readFile(t, "testdata/update/guards.json.golden"), readFile(t, filepath.Join(dir, "guards.json")))
	assert.Equal(t, readFile(t, "testdata/update/redact.json.golden"), readFile(t, filepath.Join(dir, "redact.json")))
	assert.Equal(t, readFile(t, "testdata/update/current.json"), readFile(t, filepath.Join(dir, "current.json")))
}

func TestUpdateWritesContextAndWhoAnsweredAnAsk(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ask.json")
	require.NoError(t, os.WriteFile(path, []byte(`[
  {"name": "npm", "event": {"hook": "before_tool", "tool": "Bash", "input": {"command": "npm install"}},
   "want": {"verdict": "modify", "reason": "pin-timeout: bounded to 60s", "input": {"command": "npm install", "timeout": 60}, "trail": ["pin-timeout"]}},
  {"name": "push", "event": {"hook": "before_tool", "tool": "Bash", "input": {"command": "git push --tags"}},
   "want": {"verdict": "ask", "trail": [], "steps": [], "notes": [{"link": "ask-push", "text": "gone"}]}}
]`), 0o644))

	changes, err := hookchaintest.UpdateFiles(t.Context(), policy(), path)
	require.NoError(t, err)
	assert.Equal(t, []hookchaintest.Change{
		{Name: "npm", Source: path + " #0", Mismatches: []hookchaintest.Mismatch{
			{Field: "notes[0]", Want: "(none)", Got: `npm-note: "this repository uses pnpm, not npm"`},
		}},
		{Name: "push", Source: path + " #1", Mismatches: []hookchaintest.Mismatch{
			{Field: "reason", Want: `""`, Got: `"approval pending (asked by ask-push: push to a remote?)"`},
			{Field: "decided_by", Want: `""`, Got: `"human"`},
			{Field: "cause", Want: "none", Got: "approver"},
			{Field: "trail", Want: "[]", Got: "[pin-timeout, ask-push, human]"},
			{Field: "steps[0]", Want: "(none)", Got: `pin-timeout: Modified, reason "bounded to 60s"`},
			{Field: "steps[1]", Want: "(none)", Got: `ask-push: Asked, reason "push to a remote?"`},
			{Field: "steps[2]", Want: "(none)", Got: `human (approver): Asked, reason "after the release", by "alice"`},
			{Field: "notes[0]", Want: `ask-push: "gone"`, Got: "(none)"},
		}},
	}, changes)
	assert.Equal(t, `[
  {
    "name": "npm",
    "event": {
      "hook": "before_tool",
      "tool": "Bash",
      "input": {
        "command": "npm install"
      }
    },
    "want": {
      "verdict": "modify",
      "reason": "pin-timeout: bounded to 60s",
      "input": {
        "command": "npm install",
        "timeout": 60
      },
      "trail": [
        "pin-timeout"
      ],
      "notes": [
        {
          "link": "npm-note",
          "text": "this repository uses pnpm, not npm"
        }
      ]
    }
  },
  {
    "name": "push",
    "event": {
      "hook": "before_tool",
      "tool": "Bash",
      "input": {
        "command": "git push --tags"
      }
    },
    "want": {
      "verdict": "ask",
      "reason": "approval pending (asked by ask-push: push to a remote?)",
      "decided_by": "human",
      "cause": "approver",
      "trail": [
        "pin-timeout",
        "ask-push",
        "human"
      ],
      "steps": [
        {
          "name": "pin-timeout",
          "verdict": "modify",
          "reason": "bounded to 60s"
        },
        {
          "name": "ask-push",
          "verdict": "ask",
          "reason": "push to a remote?"
        },
        {
          "name": "human",
          "verdict": "ask",
          "reason": "after the release",
          "by": "alice",
          "approver": true
        }
      ]
    }
  }
]
`, readFile(t, path))

	changes, err = hookchaintest.UpdateFiles(t.Context(), policy(), path)
	require.NoError(t, err)
	assert.Nil(t, changes, "the rewritten file matches")
}

// A context that ends makes the chain deny every call, as it denies a caller
// that went away: that is not what the hooks answer, and must not become
// what the cases want.
func TestUpdateWritesNothingWhenTheContextEnds(t *testing.T) {
	dir := staleCopy(t)
	before := map[string]string{}
	for _, name := range []string{"current.json", "guards.json", "redact.json"} {
		before[name] = readFile(t, filepath.Join(dir, name))
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	changes, err := hookchaintest.UpdateFiles(ctx, policy(), filepath.Join(dir, "*.json"))
	require.EqualError(t, err, "hookchaintest: not updated: context canceled before every case had run")
	assert.Empty(t, changes)
	for name, data := range before {
		assert.Equal(t, data, readFile(t, filepath.Join(dir, name)), name)
	}
}
