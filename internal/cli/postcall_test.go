package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// postCallHooks are real hook programs of the shapes public settings run
// after the call, each in the language such hooks are written in.
var postCallHooks = map[string]string{
	// A validator that reports on every edit with exit status 2, passing
	// or not: the shape that made every successful edit an error.
	"validate.sh": `#!/bin/bash
file=$(jq -r '.tool_input.file_path')
case $file in
*.go) echo "Validations pass" >&2 ;;
*) echo "no validator for $file" >&2 ;;
esac
exit 2
`,
	// A JSON block, with context beside it.
	"block.py": `import json, sys
event = json.load(sys.stdin)
print(json.dumps({"decision": "block", "reason": "lint: 2 errors in " + event["tool_input"]["file_path"],
    "hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "run make lint before the next edit"}}))
`,
	// A block after a failed call.
	"failure.js": `let input = "";
process.stdin.on("data", d => input += d).on("end", () => {
  const event = JSON.parse(input);
  console.log(JSON.stringify({decision: "block", reason: "do not retry: " + event.error}));
});
`,
	// A redaction of Bash's output: in Bash's shape when the command says
	// so, as bare text otherwise, which Claude Code ignores.
	"redact.py": `import json, sys
event = json.load(sys.stdin)
out = event["tool_response"]
if "sk-" not in out["stdout"]:
    sys.exit(0)
if "shaped" in event["tool_input"]["command"]:
    replacement = {"stdout": "[redacted]", "stderr": out["stderr"], "interrupted": out["interrupted"]}
else:
    replacement = "[redacted]"
print(json.dumps({"hookSpecificOutput": {"hookEventName": "PostToolUse", "updatedToolOutput": replacement}}))
`,
}

const postCallSettings = `{"hooks": {
  "PostToolUse": [
    {"matcher": "Edit", "hooks": [{"type": "command", "command": "bash \"$CLAUDE_PROJECT_DIR\"/.claude/hooks/validate.sh"}]},
    {"matcher": "Write", "hooks": [{"type": "command", "command": "python3 \"$CLAUDE_PROJECT_DIR\"/.claude/hooks/block.py"}]},
    {"matcher": "Bash", "hooks": [{"type": "command", "command": "python3 \"$CLAUDE_PROJECT_DIR\"/.claude/hooks/redact.py"}]}
  ],
  "PostToolUseFailure": [
    {"matcher": "Bash", "hooks": [{"type": "command", "command": "node \"$CLAUDE_PROJECT_DIR\"/.claude/hooks/failure.js"}]}
  ]
}}`

// postCallProject writes the hooks and their settings into a project.
func postCallProject(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	hooks := filepath.Join(dir, ".claude", "hooks")
	require.NoError(t, os.MkdirAll(hooks, 0o755))
	for name, text := range postCallHooks {
		require.NoError(t, os.WriteFile(filepath.Join(hooks, name), []byte(text), 0o755))
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, ".claude", "settings.json"), []byte(postCallSettings), 0o644))
	return dir
}

func TestAClaudeCodeHooksBlockAfterTheCallKeepsTheOutputAndTellsTheModelWhy(t *testing.T) {
	project := postCallProject(t)
	edited := `{"filePath":"` + project + `/a.go","oldString":"x","newString":"y","originalFile":"x","structuredPatch":[],"userModified":false,"replaceAll":false}`
	tests := []struct {
		name, event, tool, toolInput string
		extra                        []string
		want                         string
	}{
		{"exit 2 with a passing validator's stderr: an allow, and its words a note",
			"PostToolUse", "Edit", `{"file_path":"` + project + `/a.go","old_string":"x","new_string":"y"}`, []string{"tool_response", edited},
			`{"verdict":"allow","notes":[{"link":"validate.sh","text":"blocked after the call: Validations pass"}]}`},
		{"decision block in JSON: an allow, the reason a note before the context",
			"PostToolUse", "Write", `{"file_path":"` + project + `/b.go","content":"package b"}`,
			[]string{"tool_response", `{"type":"create","filePath":"` + project + `/b.go","content":"package b","structuredPatch":[]}`},
			`{"verdict":"allow","notes":[{"link":"block.py","text":"blocked after the call: lint: 2 errors in ` + project + `/b.go"},` +
				`{"link":"block.py","text":"run make lint before the next edit"}]}`},
		{"decision block after a failed call: an allow, the error kept",
			"PostToolUseFailure", "Bash", `{"command":"make deploy"}`, []string{"error", `"Exit code 2"`},
			`{"verdict":"allow","notes":[{"link":"failure.js","text":"blocked after the call: do not retry: Exit code 2"}]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := hookchainCmd(t, hookInput(t, project, tt.event, tt.tool, tt.toolInput, tt.extra...), "eval", "--project", project)
			assert.Equal(t, exitOK, code, stderr)
			assert.Equal(t, tt.want+"\n", stdout)
		})
	}
}

func TestARedactionInBashsShapeReplacesTheOutputAndOneInAnotherIsIgnoredAsClaudeCodeIgnoresIt(t *testing.T) {
	project := postCallProject(t)
	response := `{"stdout":"KEY=sk-live-123","stderr":"","interrupted":false,"isImage":false,"noOutputExpected":false}`
	code, stdout, stderr := hookchainCmd(t, hookInput(t, project, "PostToolUse", "Bash", `{"command":"env # shaped"}`, "tool_response", response),
		"eval", "--project", project)
	assert.Equal(t, exitOK, code, stderr)
	assert.Equal(t, `{"verdict":"replace","reason":"redact.py: updatedToolOutput","output":{"stdout":"[redacted]","stderr":"","interrupted":false},`+
		`"trail":[{"name":"redact.py","verdict":"replace","reason":"updatedToolOutput"}]}`+"\n", stdout)

	code, stdout, stderr = hookchainCmd(t, hookInput(t, project, "PostToolUse", "Bash", `{"command":"env"}`, "tool_response", response),
		"eval", "--project", project)
	assert.Equal(t, exitOK, code, stderr)
	assert.Equal(t, `{"verdict":"allow"}`+"\n", stdout, "the output is not replaced: the secret reaches the model, as in Claude Code")
	assert.False(t, strings.Contains(stdout, "[redacted]"))
}

func TestCheckListsPostToolBatchAndPermissionDeniedHooksAsNeverRunAndWhy(t *testing.T) {
	project := t.TempDir()
	settings := filepath.Join(project, "settings.json")
	require.NoError(t, os.WriteFile(settings, []byte(`{"hooks": {
	  "PermissionDenied": [{"hooks": [{"type": "command", "command": "./retry.sh"}]}],
	  "PostToolBatch": [{"hooks": [{"type": "command", "command": "./batch.sh"}]}]
	}}`), 0o644))

	code, stdout, stderr := hookchainCmd(t, "", "check", "--settings", settings, "--project", project)

	assert.Equal(t, exitOK, code, stderr)
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	require.Len(t, lines, 3)
	assert.Regexp(t, `PermissionDenied\[0\]\.hooks\[0\] .* ignored +- +PermissionDenied hooks are accepted and never run: Claude Code runs them when its auto mode classifier denies a call`, lines[1])
	assert.Regexp(t, `PostToolBatch\[0\]\.hooks\[0\] .* ignored +- +PostToolBatch hooks are accepted and never run: .* Run the check as a PostToolUse hook, after each call, or from the runtime once its batch is done$`, lines[2])
}
