package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// guardScript writes a bash+jq hook into dir that denies rm and leaves mark
// behind when it runs; it returns the command that runs it.
func guardScript(t *testing.T, dir, mark string) string {
	t.Helper()
	path := filepath.Join(dir, "no-rm.sh")
	require.NoError(t, os.WriteFile(path, []byte(`#!/bin/bash
cmd=$(jq -r .tool_input.command)
touch '`+mark+`'
case "$cmd" in rm*) echo "no rm here" >&2; exit 2;; esac
`), 0o755))
	return "bash " + path
}

func bashHooks(command string, top string) string {
	b, _ := json.Marshal(command)
	return `{` + top + `"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": ` + string(b) + `}]}]}}`
}

func TestEvalRunsNoHookButManagedOnesWhenManagedSettingsAllowOnlyThem(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("HOME", t.TempDir())
	mark := filepath.Join(dir, "ran")
	user := filepath.Join(dir, "user.json")
	require.NoError(t, os.WriteFile(user, []byte(bashHooks(guardScript(t, dir, mark), "")), 0o644))
	managed := filepath.Join(dir, "managed-settings.json")
	require.NoError(t, os.WriteFile(managed, []byte(bashHooks("cat >/dev/null; echo '{\"systemMessage\":\"audited\"}'", `"allowManagedHooksOnly": true, `)), 0o644))
	in := input(t, "PreToolUse", "Bash", `{"command":"rm -rf /"}`, "cwd", strconv.Quote(dir))

	code, stdout, stderr := hookchainCmd(t, in, "eval", "--settings", user)
	assert.Equal(t, 2, code, stderr)
	assert.Contains(t, stdout, `"reason":"denied by no-rm.sh: no rm here"`)

	require.NoError(t, os.Remove(mark))
	code, stdout, stderr = hookchainCmd(t, in, "eval", "--settings", user, "--managed-settings", managed)
	assert.Equal(t, 0, code, stderr)
	assert.Empty(t, stderr)
	// The managed hook ran: its systemMessage is the message eval reports.
	assert.Equal(t, `{"verdict":"allow","messages":[{"link":"cat >/dev/null; echo '{\"systemMessage\":…","text":"audited"}]}`+"\n", stdout)
	assert.NoFileExists(t, mark, "the user's hook ran")

	code, stdout, stderr = hookchainCmd(t, "", "check", "--settings", user, "--managed-settings", managed)
	assert.Equal(t, 0, code, stderr)
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	require.Len(t, lines, 3)
	assert.Contains(t, lines[1], "disabled  -                                         allowManagedHooksOnly is set in "+managed+": only managed hooks run")
	assert.Contains(t, lines[2], "before the call; run with /bin/sh -c for each call; managed: after the other hooks")
}

func TestEvalRunsASkillsHooksOnlyUnderActiveSkill(t *testing.T) {
	project, home := t.TempDir(), t.TempDir()
	t.Setenv("HOME", home)
	mark := filepath.Join(t.TempDir(), "ran")
	skill := filepath.Join(project, ".claude", "skills", "deploy")
	require.NoError(t, mkdirWrite(skill, "SKILL.md", "---\nname: deploy\nhooks:\n  PreToolUse:\n    - matcher: Bash\n      hooks:\n        - type: command\n          command: "+
		strconv.Quote(guardScript(t, project, mark))+"\n---\nDeploy.\n"))
	in := input(t, "PreToolUse", "Bash", `{"command":"rm -rf build"}`, "cwd", strconv.Quote(project))

	// The skill is found in the project, as Claude Code finds it.
	code, stdout, stderr := hookchainCmd(t, in, "eval", "--project", project)
	assert.Equal(t, 0, code, stderr)
	assert.Equal(t, `{"verdict":"allow"}`+"\n", stdout)
	assert.NoFileExists(t, mark)

	code, stdout, stderr = hookchainCmd(t, in, "eval", "--project", project, "--active-skill", "deploy")
	assert.Equal(t, 2, code, stderr)
	assert.Contains(t, stdout, `"reason":"denied by no-rm.sh: no rm here"`)

	code, stdout, stderr = hookchainCmd(t, "", "check", "--project", project)
	assert.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, `no-rm.sh  before the call; run with /bin/sh -c for each call; skill "deploy": only while the skill runs: "deploy" in the session's Skills (SessionInfo.Skills)`)
}

func TestEvalRunsAnAgentsHooksForTheCallsOfItsAgentType(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("HOME", t.TempDir())
	agent := filepath.Join(dir, "reviewer.md")
	require.NoError(t, os.WriteFile(agent, []byte("---\nname: reviewer\nhooks:\n  PreToolUse:\n    - matcher: Bash\n      hooks:\n        - {type: command, command: \"cat >/dev/null; echo read only >&2; exit 2\"}\n---\n"), 0o644))
	allow := filepath.Join(dir, "settings.json")
	require.NoError(t, os.WriteFile(allow, []byte(`{}`), 0o644))
	for _, tt := range []struct {
		agentType string
		code      int
	}{{"", 0}, {`"general-purpose"`, 0}, {`"reviewer"`, 2}} {
		extra := []string{"cwd", strconv.Quote(dir)}
		if tt.agentType != "" {
			extra = append(extra, "agent_id", `"a-1"`, "agent_type", tt.agentType)
		}
		code, stdout, stderr := hookchainCmd(t, input(t, "PreToolUse", "Bash", deploy, extra...), "eval", "--settings", allow, "--agent", agent)
		assert.Equal(t, tt.code, code, "agent_type %s: %s %s", tt.agentType, stdout, stderr)
	}
}

func TestEvalRefusesABrokenSkillByItsLine(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("HOME", t.TempDir())
	skill := filepath.Join(dir, "SKILL.md")
	require.NoError(t, os.WriteFile(skill, []byte("---\nhooks:\n  PreToolUse:\n    - hooks:\n        - {type: command, command: a, command: b}\n---\n"), 0o644))
	allow := filepath.Join(dir, "settings.json")
	require.NoError(t, os.WriteFile(allow, []byte(`{}`), 0o644))
	code, stdout, stderr := hookchainCmd(t, "", "check", "--settings", allow, "--skill", skill)
	assert.Equal(t, 1, code)
	assert.Empty(t, stdout)
	assert.Equal(t, "hookchain check: "+skill+`:5:39: frontmatter: the key "command" appears twice (first at line 5)`+"\n", stderr)
}
