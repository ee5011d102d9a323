package settings

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWarningsSayWhatProbablyDoesNotDoWhatItsAuthorMeant(t *testing.T) {
	project := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(project, ".claude", "hooks"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(project, ".claude", "hooks", "plain.sh"), []byte("exit 0\n"), 0o644))
	s, err := Parse("s.json", []byte(`{"hooks": {"PreToolUse": [
  {"matcher": "Bash(git push *)", "hooks": [{"type": "command", "command": "true"}]},
  {"matcher": "Bash", "hooks": [
    {"type": "command", "command": "\"$CLAUDE_PROJECT_DIR\"/.claude/hooks/missing.sh"},
    {"type": "command", "command": ".claude/hooks/plain.sh"},
    {"type": "command", "command": "node script.js", "args": ["--strict"]},
    {"type": "command", "command": "true", "args": [], "shell": "bash"},
    {"type": "command", "command": "no-such-program-hookchain --check"},
    {"type": "command", "command": "true", "once": true}
  ]}
]}}`))
	require.NoError(t, err)
	var got []string
	for _, w := range s.Warnings(Options{ProjectDir: project}) {
		got = append(got, w.String())
	}
	missing := filepath.Join(project, ".claude", "hooks", "missing.sh")
	plain := filepath.Join(project, ".claude", "hooks", "plain.sh")
	const fails = "the hook fails on every call it runs for, and the call goes on unchecked unless the hook blocks on failure"
	assert.Equal(t, []string{
		`s.json:2:15: PreToolUse[0].hooks[0]: warning: matcher "Bash(git push *)" is a permission rule, and a matcher is only ever compared with the tool name, which it never matches: ` +
			`write "matcher": "Bash" and "if": "Bash(git push *)" on the hook`,
		`s.json:4:36: PreToolUse[1].hooks[0]: warning: the script ${CLAUDE_PROJECT_DIR}/.claude/hooks/missing.sh does not exist (` + missing + `), so ` + fails + `: fix the path`,
		`s.json:5:36: PreToolUse[1].hooks[1]: warning: the script .claude/hooks/plain.sh is not executable (` + plain + `), so ` + fails + `: chmod +x it, or run it with its interpreter`,
		`s.json:6:36: PreToolUse[1].hooks[2]: warning: with args the command is the program alone, and no program is named "node script.js": move the words after the first into args`,
		`s.json:7:65: PreToolUse[1].hooks[3]: warning: "shell" is ignored when "args" is given, by Claude Code and by hookchain: the command runs without a shell; remove one of them`,
		`s.json:8:36: PreToolUse[1].hooks[4]: warning: "no-such-program-hookchain" is not in PATH, so ` + fails + `: install it, or give its full path`,
		`s.json:9:52: PreToolUse[1].hooks[5]: warning: "once" is ignored in settings files, by Claude Code and by hookchain: the hook runs on every call; remove it, or move the hook to a skill's frontmatter`,
	}, got)
	_, err = s.Links(Options{ProjectDir: project})
	assert.NoError(t, err, "warnings never stop Links")
}

func TestAnyArgsIncludingNoneRunTheCommandWithoutAShell(t *testing.T) {
	// "A command hook runs as exec form when args is set" (hooks reference).
	s, err := Parse("s.json", []byte(`{"hooks": {"PreToolUse": [{"hooks": [
	  {"type": "command", "command": "${CLAUDE_PROJECT_DIR}/guard.sh", "args": []},
	  {"type": "command", "command": "${CLAUDE_PROJECT_DIR}/guard.sh"}
	]}]}}`))
	require.NoError(t, err)
	hooks := s.Hooks(Options{})
	assert.Equal(t, []string{}, hooks[0].Args, "[] is the exec form")
	assert.Nil(t, hooks[1].Args, "no args is the shell form")
	assert.Equal(t, []string{"guard.sh@PreToolUse[0].hooks[0]", "guard.sh@PreToolUse[0].hooks[1]"}, []string{hooks[0].Name, hooks[1].Name},
		"two hooks, not one run twice: the forms differ")
}
