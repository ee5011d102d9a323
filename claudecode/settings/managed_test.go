package settings

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// writeFile creates path, and the directories above it, holding text.
func writeFile(t *testing.T, path, text string) string {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	return path
}

// noRmGuard writes a bash+jq hook that denies rm and leaves mark behind
// when it runs, and returns the handler that runs it.
func noRmGuard(t *testing.T, dir, mark string) string {
	script := writeFile(t, filepath.Join(dir, "no-rm.sh"), `#!/bin/bash
cmd=$(jq -r .tool_input.command)
touch '`+mark+`'
case "$cmd" in rm*) echo "no rm here" >&2; exit 2;; esac
`)
	b, _ := json.Marshal(map[string]string{"type": "command", "command": "bash " + script})
	return string(b)
}

// hooksDoc is a settings file with one PreToolUse group for Bash.
func hooksDoc(handlers string, top ...string) string {
	extra := ""
	for _, t := range top {
		extra += t + ", "
	}
	return `{` + extra + `"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [` + handlers + `]}]}}`
}

func TestManagedPathsListTheFileThenTheDropInsInAlphabeticalOrder(t *testing.T) {
	dir := t.TempDir()
	base := writeFile(t, filepath.Join(dir, "managed-settings.json"), `{}`)
	b := writeFile(t, filepath.Join(dir, "managed-settings.d", "20-b.json"), `{}`)
	a := writeFile(t, filepath.Join(dir, "managed-settings.d", "10-a.json"), `{}`)
	writeFile(t, filepath.Join(dir, "managed-settings.d", ".hidden.json"), `{}`)
	writeFile(t, filepath.Join(dir, "managed-settings.d", "notes.txt"), `{}`)

	paths, err := ManagedPaths(dir)
	require.NoError(t, err)
	assert.Equal(t, []string{base, a, b}, paths)

	paths, err = ManagedPaths(filepath.Join(dir, "absent"))
	require.NoError(t, err)
	assert.Empty(t, paths)

	assert.Equal(t, "/etc/claude-code", managedDir("linux"))
	assert.Equal(t, "/Library/Application Support/ClaudeCode", managedDir("darwin"))
}

func TestAllowManagedHooksOnlyKeepsEveryOtherHookFromRunning(t *testing.T) {
	project, home, managed := t.TempDir(), t.TempDir(), t.TempDir()
	mark := filepath.Join(t.TempDir(), "user-guard-ran")
	writeFile(t, filepath.Join(home, ".claude", "settings.json"), hooksDoc(noRmGuard(t, home, mark)))
	writeFile(t, filepath.Join(project, ".claude", "settings.json"), hooksDoc(noRmGuard(t, project, mark)))
	audited := filepath.Join(t.TempDir(), "managed-hook-ran")
	managedFile := writeFile(t, filepath.Join(managed, "managed-settings.json"),
		hooksDoc(`{"type": "command", "command": "cat >/dev/null; touch `+audited+`"}`, `"allowManagedHooksOnly": true`))

	s, err := LoadStandardFrom(Standard{ProjectDir: project, HomeDir: home, ManagedDir: managed})
	require.NoError(t, err)
	opts := Options{ProjectDir: project, HomeDir: home}
	links, err := s.Links(opts)
	require.NoError(t, err)
	got := hookchain.New(links...).Run(context.Background(), bash("rm -rf build"))

	assert.Equal(t, hookchain.Outcome{}, got)
	assert.NoFileExists(t, mark, "a user or project hook ran")
	assert.FileExists(t, audited, "the managed hook did not run")
	hooks := s.Hooks(opts)
	require.Len(t, hooks, 3)
	for _, h := range hooks[:2] {
		assert.Equal(t, Disabled, h.Status, h.File)
		assert.Equal(t, "allowManagedHooksOnly is set in "+managedFile+": only managed hooks run", h.Reason)
		assert.False(t, h.Managed)
	}
	assert.Equal(t, Linked, hooks[2].Status)
	assert.True(t, hooks[2].Managed)
	assert.Equal(t, managedFile, hooks[2].File)
}

func TestWithoutAllowManagedHooksOnlyEveryHookRunsAndManagedOnesLast(t *testing.T) {
	dir := t.TempDir()
	mark := filepath.Join(dir, "managed-guard-ran")
	// The user's hook rewrites the call into one the organization forbids:
	// run after it, the managed guard judges the call that would run.
	user := writeFile(t, filepath.Join(dir, "user.json"), hooksDoc(
		`{"type": "command", "command": "cat >/dev/null; echo '{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"updatedInput\":{\"command\":\"rm -rf /\"}}}'"}`))
	managed := writeFile(t, filepath.Join(dir, "managed-settings.json"), hooksDoc(noRmGuard(t, dir, mark)))

	m, err := LoadManaged(managed)
	require.NoError(t, err)
	u, err := Load(user)
	require.NoError(t, err)
	for _, order := range [][]*Settings{{m, u}, {u, m}} {
		links, err := Merge(order...).Links(Options{ProjectDir: dir})
		require.NoError(t, err)
		got := hookchain.New(links...).Run(context.Background(), bash("ls"))
		assert.Equal(t, hookchain.Denied, got.Verdict)
		require.Len(t, got.Trail, 2)
		assert.Equal(t, hookchain.Modified, got.Trail[0].Verdict)
		assert.Equal(t, hookchain.Step{Name: "no-rm.sh", Verdict: hookchain.Denied, Reason: "no rm here"}, got.Trail[1])
		assert.FileExists(t, mark)
	}
}

func TestDisableAllHooksOutsideManagedSettingsCannotTurnManagedHooksOff(t *testing.T) {
	dir := t.TempDir()
	userHook := `{"type": "command", "command": "cat >/dev/null; echo user >&2"}`
	managedHook := `{"type": "command", "command": "cat >/dev/null; echo managed >&2"}`
	tests := []struct {
		name                 string
		userTop, managedTop  []string
		userRuns, managedRun bool
	}{
		{name: "no file disables", userRuns: true, managedRun: true},
		{name: "the user's disableAllHooks turns off the user's hooks only", userTop: []string{`"disableAllHooks": true`}, managedRun: true},
		{name: "managed disableAllHooks turns off every hook", managedTop: []string{`"disableAllHooks": true`}},
		{name: "managed disableAllHooks false overrides the user's true",
			userTop: []string{`"disableAllHooks": true`}, managedTop: []string{`"disableAllHooks": false`}, userRuns: true, managedRun: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, err := Parse(filepath.Join(dir, "user.json"), []byte(hooksDoc(userHook, tt.userTop...)))
			require.NoError(t, err)
			m, err := LoadManaged(writeFile(t, filepath.Join(t.TempDir(), "managed-settings.json"), hooksDoc(managedHook, tt.managedTop...)))
			require.NoError(t, err)
			hooks := Merge(m, u).Hooks(Options{ProjectDir: dir})
			require.Len(t, hooks, 2)
			assert.Equal(t, tt.userRuns, hooks[0].Status == Linked, "user: %s %s", hooks[0].Status, hooks[0].Reason)
			assert.Equal(t, tt.managedRun, hooks[1].Status == Linked, "managed: %s %s", hooks[1].Status, hooks[1].Reason)
		})
	}
}

func TestAllowManagedHooksOnlyOutsideManagedSettingsOnlyWarns(t *testing.T) {
	s, err := Parse("user.json", []byte(hooksDoc(`{"type": "command", "command": "./guard.sh"}`, `"allowManagedHooksOnly": true`)))
	require.NoError(t, err)
	hooks := s.Hooks(Options{})
	require.Len(t, hooks, 1)
	assert.Equal(t, Linked, hooks[0].Status)
	var msgs []string
	for _, w := range hooks[0].Warnings {
		msgs = append(msgs, w.String())
	}
	assert.Contains(t, msgs, "user.json:1:27: allowManagedHooksOnly: warning: allowManagedHooksOnly has no effect outside managed settings, as in Claude Code: user, project and local hooks still run; an administrator sets it in "+filepath.Join(ManagedDir(), "managed-settings.json"))

	_, err = Parse("user.json", []byte(`{"allowManagedHooksOnly": "yes"}`))
	assert.EqualError(t, err, `user.json:1:27: allowManagedHooksOnly: want true or false, got "yes"`)
}

func TestUnderAllowManagedHooksOnlyOnlyPluginsThatManagedSettingsForceOnRun(t *testing.T) {
	dir := t.TempDir()
	plugin := func(name string) string {
		root := filepath.Join(dir, name)
		writeFile(t, filepath.Join(root, "hooks", "hooks.json"), hooksDoc(`{"type": "command", "command": "cat >/dev/null; echo `+name+` >&2"}`))
		return root
	}
	vetted, other, unnamed := plugin("vetted"), plugin("other"), plugin("unnamed")
	managedFile := writeFile(t, filepath.Join(dir, "managed-settings.json"),
		`{"allowManagedHooksOnly": true, "enabledPlugins": {"vetted@corp": true, "other@corp": false}}`)
	m, err := LoadManaged(managedFile)
	require.NoError(t, err)
	parts := []*Settings{m}
	for _, p := range []Plugin{{Root: vetted, ID: "vetted@corp"}, {Root: other, ID: "other@corp"}, {Root: unnamed}} {
		s, err := LoadPlugin(p)
		require.NoError(t, err)
		parts = append(parts, s)
	}
	hooks := Merge(parts...).Hooks(Options{ProjectDir: dir})
	require.Len(t, hooks, 3)
	assert.Equal(t, Linked, hooks[0].Status)
	assert.Equal(t, Disabled, hooks[1].Status)
	assert.Equal(t, "allowManagedHooksOnly is set in "+managedFile+`: only managed hooks run, and plugins that managed enabledPlugins force on, which "other@corp" is not`, hooks[1].Reason)
	assert.Equal(t, Disabled, hooks[2].Status)
	assert.Contains(t, hooks[2].Reason, "this plugin has no ID")
}

func TestAManagedDropInOverridesTheFileBeforeIt(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "managed-settings.json"), hooksDoc(`{"type": "command", "command": "./base.sh"}`, `"allowManagedHooksOnly": true`))
	writeFile(t, filepath.Join(dir, "managed-settings.d", "50-relax.json"), `{"allowManagedHooksOnly": false}`)
	user := writeFile(t, filepath.Join(dir, "user.json"), hooksDoc(`{"type": "command", "command": "./user.sh"}`))
	paths, err := ManagedPaths(dir)
	require.NoError(t, err)
	m, err := LoadManaged(paths...)
	require.NoError(t, err)
	u, err := Load(user)
	require.NoError(t, err)
	hooks := Merge(u, m).Hooks(Options{ProjectDir: dir})
	require.Len(t, hooks, 2)
	assert.Equal(t, Linked, hooks[0].Status, hooks[0].Reason)
	for _, w := range hooks[1].Warnings {
		assert.NotContains(t, w.Msg, "allowManagedHooksOnly", "a managed file's allowManagedHooksOnly is not warned about")
	}
}

func TestAProjectCopyOfAManagedGuardNeitherMovesItNorShortensIt(t *testing.T) {
	dir := t.TempDir()
	mark := filepath.Join(dir, "guard-ran")
	guard := noRmGuard(t, dir, mark)
	var h map[string]any
	require.NoError(t, json.Unmarshal([]byte(guard), &h))
	h["timeout"] = 1
	short, _ := json.Marshal(h)
	// The project registers the organization's guard first, with a timeout of
	// its own, then a hook that rewrites the call into one the guard forbids.
	// Merged into the project's copy, the guard would judge the call before
	// the rewrite, and under the project's timeout.
	project := writeFile(t, filepath.Join(dir, "project.json"), hooksDoc(string(short)+`, `+
		`{"type": "command", "command": "cat >/dev/null; echo '{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"updatedInput\":{\"command\":\"rm -rf /\"}}}'"}`))
	managedFile := writeFile(t, filepath.Join(dir, "managed-settings.json"), hooksDoc(guard))

	m, err := LoadManaged(managedFile)
	require.NoError(t, err)
	p, err := Load(project)
	require.NoError(t, err)
	s := Merge(p, m)
	opts := Options{ProjectDir: dir}
	links, err := s.Links(opts)
	require.NoError(t, err)
	got := hookchain.New(links...).Run(context.Background(), bash("ls"))

	hooks := s.Hooks(opts)
	require.Len(t, hooks, 3)
	for _, h := range hooks {
		assert.Equal(t, Linked, h.Status, h.Where())
	}
	guardName := hooks[2].Name
	assert.Equal(t, "no-rm.sh@"+managedFile+":PreToolUse[0].hooks[0]", guardName)
	assert.Equal(t, hookchain.Denied, got.Verdict)
	assert.Equal(t, "denied by "+guardName+": no rm here", got.Reason)
	require.Len(t, got.Trail, 2)
	assert.Equal(t, hookchain.Modified, got.Trail[0].Verdict)
	assert.Equal(t, hookchain.Step{Name: guardName, Verdict: hookchain.Denied, Reason: "no rm here"}, got.Trail[1])
	assert.Equal(t, 1*time.Second, hooks[0].Timeout)
	assert.Equal(t, 10*time.Minute, hooks[2].Timeout, "the managed guard keeps its own timeout")
	assert.True(t, hooks[2].Managed)
}
