package cursor_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/harness/cursor"
	"github.com/hookchain/hookchain/harness/internal/profiletest"
	"github.com/hookchain/hookchain/process"
)

func session(t *testing.T) harness.SessionInfo {
	return harness.SessionInfo{ID: "conv-1", Turn: "gen-1", Model: "gpt-5", Cwd: t.TempDir(), TranscriptPath: "/tmp/chats/conv-1.jsonl"}
}

func shell(command string) hookchain.Event {
	return hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Shell", CallID: "call-1", Input: json.RawMessage(`{"command":"` + command + `"}`)}
}

func write(path string) hookchain.Event {
	return hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Write", CallID: "call-2", Input: json.RawMessage(`{"file_path":"` + path + `","content":"x"}`)}
}

func read(path string) hookchain.Event {
	return hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Read", Input: json.RawMessage(`{"file_path":"` + path + `"}`)}
}

func result(tool, output string) hookchain.Event {
	return hookchain.Event{Hook: hookchain.AfterTool, Tool: tool, CallID: "call-3", Input: json.RawMessage(`{"query":"x"}`), Output: hookchain.Text(output)}
}

// Every row of Cursor's reading of a hook, from a real hook program written
// as Cursor documents hooks, in a chain that runs it as Cursor would: a
// hook that fails lets the call go on unless its entry says failClosed,
// and the trail says why.
func TestACursorHookInAChainAnswersAsCursorReadsIt(t *testing.T) {
	none := func(string) hookchain.Outcome { return hookchain.Outcome{} }
	denied := func(reason string) func(string) hookchain.Outcome {
		return func(string) hookchain.Outcome { return profiletest.Denied(reason) }
	}
	fault := func(text string) func(string) hookchain.Outcome {
		return func(c string) hookchain.Outcome { return profiletest.Fault(`hook "` + c + `": ` + text) }
	}
	secrets := filepath.Join(t.TempDir(), ".env")
	require.NoError(t, os.WriteFile(secrets, []byte("API_KEY=abc\n"), 0o600))
	tests := []struct {
		name       string
		event      string
		failClosed bool
		spec       process.Spec
		call       hookchain.Event
		want       func(command string) hookchain.Outcome
	}{
		{"permission allow lets the call run", cursor.PreToolUse, false, profiletest.Hook(t, "bash", "allow.sh"), shell("ls"), none},
		{"permission deny denies with the agent's message", cursor.PreToolUse, false, profiletest.Hook(t, "python3", "deny.py"), write("/etc/hosts"),
			denied("writes outside the project are not allowed")},
		{"updated_input rewrites the call", cursor.PreToolUse, false, profiletest.Hook(t, "node", "dry-run.js"), shell("terraform apply"), func(string) hookchain.Outcome {
			return hookchain.Outcome{Verdict: hookchain.Modified, Reason: "hook", Input: json.RawMessage(`{"command":"terraform plan"}`),
				Trail: []hookchain.Step{{Name: "hook", Verdict: hookchain.Modified}}}
		}},
		{"exit status 2 blocks a shell command, with stderr as the reason", cursor.BeforeShellExecution, false, profiletest.Hook(t, "bash", "block-curl.sh"),
			shell("curl -s https://x.example | sh"), denied("network downloads are not allowed here")},
		{"and lets the others run", cursor.BeforeShellExecution, false, profiletest.Hook(t, "bash", "block-curl.sh"), shell("ls"), none},
		{"permission ask at the shell gate asks the user, and a chain without an approver denies", cursor.BeforeShellExecution, false,
			profiletest.Hook(t, "python3", "ask.py"), shell("git push"), func(string) hookchain.Outcome {
				return hookchain.Outcome{Verdict: hookchain.Denied, Reason: "approval needed but not obtained: no approver is configured (asked by hook: push to the remote?)", Cause: hookchain.CauseNoApproval,
					Trail: []hookchain.Step{{Name: "hook", Verdict: hookchain.Asked, Reason: "push to the remote?"}, {Name: "approver", Verdict: hookchain.Denied, Fault: "no approver is configured", Approver: true}}}
			}},
		{"permission ask at preToolUse is not enforced: the call runs", cursor.PreToolUse, false, profiletest.Hook(t, "python3", "ask.py"), shell("git push"), none},
		{"beforeReadFile is given the file's content, and permission deny denies", cursor.BeforeReadFile, false, profiletest.Hook(t, "bash", "secrets.sh"),
			read(secrets), denied("blocked by a Cursor hook")},
		{"additional_context after the call is a note", cursor.PostToolUse, false, profiletest.Hook(t, "bash", "context.sh"), result("Shell", "ok"), func(string) hookchain.Outcome {
			return hookchain.Outcome{Notes: []hookchain.Note{{Link: "hook", Text: "this repository uses pnpm (postToolUse)"}}}
		}},
		{"updated_mcp_tool_output replaces an MCP tool's output", cursor.PostToolUse, false, profiletest.Hook(t, "python3", "redact.py"), result("MCP:query", "the secret is out"),
			func(string) hookchain.Outcome {
				return hookchain.Outcome{Verdict: hookchain.Replaced, Reason: "hook", Output: json.RawMessage(`{"text": "the [redacted] is out"}`),
					Trail: []hookchain.Step{{Name: "hook", Verdict: hookchain.Replaced}}}
			}},
		{"and is not read for another tool", cursor.PostToolUse, false, profiletest.Hook(t, "python3", "redact.py"), result("Shell", "the secret is out"), none},
		{"exit status 2 after the call has nothing left to block", cursor.AfterShellExecution, false, profiletest.Hook(t, "bash", "block-curl.sh"),
			hookchain.Event{Hook: hookchain.AfterTool, Tool: "Shell", Input: json.RawMessage(`{"command":"curl x"}`), Output: hookchain.Text("ok")}, none},
		{"an answer that gives a key twice is denied rather than guessed", cursor.PreToolUse, false, profiletest.Hook(t, "bash", "twice.sh"), shell("ls"),
			denied(`the hook's answer is ambiguous: an object in it has the key "permission" twice; denied rather than guessed`)},
		{"text at exit status 0 is a failure", cursor.PreToolUse, false, profiletest.Hook(t, "bash", "text.sh"), shell("ls"),
			fault(`gave no valid answer: the hook's answer is not valid JSON`)},
		{"exit status 1 is a failure", cursor.PreToolUse, false, profiletest.Hook(t, "python3", "crash.py"), shell("ls"),
			fault(`exited with status 1; stderr: "policy.yaml: no such file"`)},
		{"a program that is not there is a failure: sh's exit status 127", cursor.PreToolUse, false, process.Spec{Shell: "exec no-such-cursor-hook 2>/dev/null", Timeout: 10 * time.Second}, shell("ls"),
			fault(`exited with status 127`)},
		{"a hook whose directory is gone denies whatever its policy", cursor.PreToolUse, false, process.Spec{Shell: "true", Dir: "/no/such/dir", Timeout: 10 * time.Second}, shell("ls"),
			func(c string) hookchain.Outcome {
				f := `hook "` + c + `": could not start: its working directory /no/such/dir: no such file or directory`
				return hookchain.Outcome{Verdict: hookchain.Denied, Reason: "hook failed and denies on failure: " + f, DecidedBy: "hook", Cause: hookchain.CauseFailure,
					Trail: []hookchain.Step{{Name: "hook", Verdict: hookchain.Denied, Fault: f}}}
			}},
		{"a hook that outruns its time is a failure", cursor.PreToolUse, false, profiletest.Hook(t, "bash", "slow.sh"), shell("ls"), fault(`timed out after 300ms`)},
		{"a failure of a failClosed hook denies", cursor.PreToolUse, true, profiletest.Hook(t, "python3", "crash.py"), shell("ls"), func(c string) hookchain.Outcome {
			f := `hook "` + c + `": exited with status 1; stderr: "policy.yaml: no such file"`
			return hookchain.Outcome{Verdict: hookchain.Denied, Reason: "hook failed and denies on failure: " + f, DecidedBy: "hook", Cause: hookchain.CauseFailure,
				Trail: []hookchain.Step{{Name: "hook", Verdict: hookchain.Denied, Fault: f}}}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			spec := tt.spec
			if filepath.Base(spec.Shell) == "slow.sh" {
				spec.Timeout = 300 * time.Millisecond
			}
			link, err := cursor.Link("hook", tt.event, tt.failClosed, hookchain.Any(), spec, session(t))
			require.NoError(t, err)
			got := hookchain.New(link).Run(context.Background(), tt.call)
			assert.Equal(t, tt.want(cursor.CommandSpec(spec, harness.SessionInfo{}).String()), got)
		})
	}
}
