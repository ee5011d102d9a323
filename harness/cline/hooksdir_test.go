package cline_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/harness/cline"
)

// A workspace's hooks folder is read as Cline finds hooks in it: the
// executable files named after their events, the others said to be
// skipped.
func TestAHooksFolderIsReadAsClineFindsHooksInIt(t *testing.T) {
	root, err := filepath.Abs("testdata/workspace")
	require.NoError(t, err)
	dir := filepath.Join(root, ".clinerules", "hooks")
	hooks, warnings, err := cline.ReadDir(dir)
	require.NoError(t, err)
	assert.Equal(t, []cline.Hook{
		{Event: "TaskStart", Path: filepath.Join(dir, "TaskStart"), Root: root},
		{Event: "PreToolUse", Path: filepath.Join(dir, "PreToolUse"), Root: root},
		{Event: "PostToolUse", Path: filepath.Join(dir, "PostToolUse"), Root: root},
	}, hooks)
	assert.Equal(t, []string{
		dir + "/UserPromptSubmit: skipped: not executable; Cline runs only an executable file (chmod +x)",
		dir + "/Notification: skipped: not a file; Cline does not run it",
		dir + "/PreToolUse.sh: skipped: Cline runs only a file named exactly PreToolUse",
	}, warnings)
}

func TestAFolderOutsideAWorkspaceRunsItsHooksInTheSessionsRoot(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "PreToolUse"), []byte("#!/bin/sh\necho '{}'\n"), 0o755))
	require.NoError(t, os.Symlink(filepath.Join(dir, "nowhere"), filepath.Join(dir, "PostToolUse")))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "pretooluse"), nil, 0o755))
	hooks, warnings, err := cline.ReadDir(dir)
	require.NoError(t, err)
	assert.Equal(t, []cline.Hook{{Event: "PreToolUse", Path: filepath.Join(dir, "PreToolUse")}}, hooks)
	assert.Equal(t, []string{
		dir + "/PostToolUse: skipped: a link to nothing; Cline does not run it",
		dir + "/pretooluse: skipped: Cline runs only a file named exactly PreToolUse",
	}, warnings)

	_, _, err = cline.ReadDir(filepath.Join(dir, "missing"))
	assert.EqualError(t, err, "cline: hooks folder "+filepath.Join(dir, "missing")+": no such file or directory")
}

// The folder's tool-call hooks are links in its order, each for every
// tool, run in its workspace root; the other events' hooks are not links.
func TestAFoldersHooksAreLinksThatRunAsClineRunsThem(t *testing.T) {
	root, err := filepath.Abs("testdata/workspace")
	require.NoError(t, err)
	hooks, _, err := cline.ReadDir(filepath.Join(root, ".clinerules", "hooks"))
	require.NoError(t, err)
	links, err := cline.Links(hooks, harness.SessionInfo{ID: "t", Cwd: t.TempDir()})
	require.NoError(t, err)
	require.Len(t, links, 2)
	chain := hookchain.New(links...)

	got := chain.Run(context.Background(), command("rm -rf build"))
	assert.Equal(t, hookchain.Denied, got.Verdict)
	assert.Equal(t, "stop requested: recursive delete is not allowed here", got.Trail[0].Reason)
	assert.Equal(t, filepath.Join(root, ".clinerules", "hooks", "PreToolUse"), got.DecidedBy)

	got = chain.Run(context.Background(), commandResult("ok"))
	assert.Equal(t, []hookchain.Note{{Link: filepath.Join(root, ".clinerules", "hooks", "PostToolUse"), Text: "ran in workspace"}}, got.Notes)
}

// A path that is one word to the shell, whatever it holds.
func TestAHookWhosePathHasQuotesAndSpacesRuns(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "it's a dir")
	require.NoError(t, os.Mkdir(dir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "PreToolUse"), []byte("#!/bin/sh\necho '{\"cancel\":true,\"errorMessage\":\"ran\"}'\n"), 0o755))
	hooks, _, err := cline.ReadDir(dir)
	require.NoError(t, err)
	links, err := cline.Links(hooks, harness.SessionInfo{Cwd: dir})
	require.NoError(t, err)
	got := hookchain.New(links...).Run(context.Background(), command("ls"))
	assert.Equal(t, "stop requested: ran", got.Trail[0].Reason)
}

func TestClineReadsTheGlobalFolderThenTheWorkspaces(t *testing.T) {
	assert.Equal(t, []string{"/home/u/Documents/Cline/Hooks", "/w/.clinerules/hooks"}, cline.ConfigFiles("/w", "/home/u"))
	assert.Equal(t, []string{"/w/.clinerules/hooks"}, cline.ConfigFiles("/w", ""))
	assert.Equal(t, []string{"/home/u/Documents/Cline/Hooks"}, cline.ConfigFiles("", "/home/u"))
}

// A folder named relative to hookchain's directory still runs its hooks
// from the workspace root: their paths are absolute.
func TestAFolderNamedRelativelyGivesHooksThatRunFromTheirRoot(t *testing.T) {
	hooks, _, err := cline.ReadDir("testdata/workspace/.clinerules/hooks")
	require.NoError(t, err)
	require.NotEmpty(t, hooks)
	for _, h := range hooks {
		assert.True(t, filepath.IsAbs(h.Path), h.Path)
		assert.True(t, filepath.IsAbs(h.Root), h.Root)
	}
	links, err := cline.Links(hooks, harness.SessionInfo{Cwd: t.TempDir()})
	require.NoError(t, err)
	got := hookchain.New(links...).Run(context.Background(), command("rm -rf /"))
	assert.Equal(t, hookchain.Denied, got.Verdict, got.Trail)
}
