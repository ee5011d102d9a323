package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// recorded is one tool call of a transcript a test writes.
type recorded struct {
	id, tool, input string
	content         string // the tool_result content, JSON; "" for a call without a result
	structured      string // toolUseResult, JSON; "" for none
	isError         bool
}

// claudeTranscript writes a Claude Code 2.1.x session file of session,
// whose calls were made in cwd, into dir, and returns its path.
func claudeTranscript(t *testing.T, dir, session, cwd string, calls ...recorded) string {
	t.Helper()
	var lines []string
	parent := "null"
	for i, c := range calls {
		use := fmt.Sprintf(`{"parentUuid":%s,"isSidechain":false,"cwd":%q,"sessionId":%q,"version":"2.1.146","type":"assistant","uuid":"u%d",`+
			`"timestamp":"2026-05-21T10:00:00.000Z","message":{"id":"msg_%d","role":"assistant","content":[{"type":"tool_use","id":%q,"name":%q,"input":%s}]}}`,
			parent, cwd, session, i, i, c.id, c.tool, c.input)
		lines = append(lines, use)
		parent = fmt.Sprintf(`"u%d"`, i)
		if c.content == "" {
			continue
		}
		extra := ""
		if c.structured != "" {
			extra = `,"toolUseResult":` + c.structured
		}
		res := fmt.Sprintf(`{"parentUuid":%s,"isSidechain":false,"cwd":%q,"sessionId":%q,"version":"2.1.146","type":"user","uuid":"r%d",`+
			`"timestamp":"2026-05-21T10:00:01.000Z","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":%q,"content":%s,"is_error":%t}]}%s}`,
			parent, cwd, session, i, c.id, c.content, c.isError, extra)
		lines = append(lines, res)
		parent = fmt.Sprintf(`"r%d"`, i)
	}
	path := filepath.Join(dir, session+".jsonl")
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644))
	return path
}

// bashInput is a Bash call's input, written as Claude Code writes it
// (JavaScript's JSON.stringify, which leaves "&" as it is).
func bashInput(command string) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(map[string]string{"command": command})
	return strings.TrimSuffix(b.String(), "\n")
}

// replayHooks are the hooks of the replay tests, bash and jq: a guard that
// denies rm -rf, one that rewrites curl (and tells the user), one that crashes on "crash", one
// that sleeps past its timeout on "slow", and one that notes where it ran
// (its directory, HOME, TMPDIR and the input's cwd) in $REPLAY_NOTES.
var replayHooks = map[string]string{
	"guard.sh": `in=$(cat); cmd=$(jq -r '.tool_input.command // ""' <<<"$in")
case "$cmd" in *"rm -rf"*) echo "recursive delete" >&2; exit 2;; esac`,
	"rewrite.sh": `in=$(cat); cmd=$(jq -r '.tool_input.command // ""' <<<"$in")
case "$cmd" in curl\ *) jq -c '{hookSpecificOutput:{hookEventName:"PreToolUse",permissionDecision:"allow",permissionDecisionReason:"a timeout",updatedInput:{command:("curl --max-time 5 " + (.tool_input.command | ltrimstr("curl ")))}},systemMessage:"curl was given a timeout"}' <<<"$in";; esac`,
	"crash.sh": `in=$(cat); cmd=$(jq -r '.tool_input.command // ""' <<<"$in")
case "$cmd" in *crash*) echo "crash.sh: something broke" >&2; exit 1;; esac`,
	"slow.sh": `in=$(cat); cmd=$(jq -r '.tool_input.command // ""' <<<"$in")
case "$cmd" in *slow*) sleep 5;; esac`,
	"notes.sh": `jq -r --arg pwd "$(pwd -P)" --arg home "$HOME" --arg tmp "${TMPDIR:-unset}" '"\(.hook_event_name) \(.tool_use_id) ran in \($pwd) home \($home) tmp \($tmp) cwd \(.cwd) input \(.tool_input.command)"' >> "$REPLAY_NOTES"`,
}

// replayProject writes a project whose .claude/settings.json runs the
// named hooks of replayHooks on Bash calls, before the call (and notes.sh
// after it too), and returns its directory and the settings file.
func replayProject(t *testing.T, hooks ...string) (dir, settings string) {
	t.Helper()
	for _, tool := range []string{"bash", "jq"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("no %s", tool)
		}
	}
	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(filepath.Join(dir, ".claude", "hooks"), 0o755))
	var pre, post []string
	for _, h := range hooks {
		require.NoError(t, mkdirWrite(filepath.Join(dir, ".claude", "hooks"), h, "#!/bin/bash\n"+replayHooks[h]+"\n"))
		timeout := 10
		if h == "slow.sh" {
			timeout = 1
		}
		entry := fmt.Sprintf(`{"type":"command","command":"bash \"$CLAUDE_PROJECT_DIR\"/.claude/hooks/%s","timeout":%d}`, h, timeout)
		pre = append(pre, entry)
		if h == "notes.sh" {
			post = append(post, entry)
		}
	}
	s := fmt.Sprintf(`{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[%s]}],"PostToolUse":[{"matcher":"Bash","hooks":[%s]}]}}`,
		strings.Join(pre, ","), strings.Join(post, ","))
	settings = filepath.Join(dir, ".claude", "settings.json")
	require.NoError(t, os.WriteFile(settings, []byte(s), 0o644))
	return dir, settings
}

// jsonLines are the lines of a --json run, each compacted.
func jsonLines(t *testing.T, stdout string) []string {
	t.Helper()
	var out []string
	for _, l := range strings.Split(strings.TrimSuffix(stdout, "\n"), "\n") {
		require.True(t, json.Valid([]byte(l)), "not JSON: %s", l)
		out = append(out, l)
	}
	return out
}
