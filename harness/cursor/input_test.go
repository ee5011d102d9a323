package cursor_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/harness/cursor"
	"github.com/hookchain/hookchain/harness/internal/profiletest"
	"github.com/hookchain/hookchain/process"
)

// A hook runs in the session's project, when it is known apart from where
// the agent works: Cursor runs a project's hooks in its root.
func TestACursorHookRunsInTheSessionsProject(t *testing.T) {
	s := session(t)
	s.Project = t.TempDir()
	spec := cursor.CommandSpec(process.Spec{Shell: "x"}, s)
	assert.Equal(t, s.Project, spec.Dir)
	assert.Contains(t, spec.Env, "CURSOR_PROJECT_DIR="+s.Project)
	assert.Contains(t, spec.Env, "CLAUDE_PROJECT_DIR="+s.Project)
	assert.Equal(t, "/home/ann/.cursor", cursor.CommandSpec(process.Spec{Shell: "x", Dir: "/home/ann/.cursor"}, s).Dir)
}

// A hook is told what Cursor tells it for its event: Cursor's input on
// stdin, the project's root as its working directory and in
// CURSOR_PROJECT_DIR and CLAUDE_PROJECT_DIR, the transcript in
// CURSOR_TRANSCRIPT_PATH.
func TestACursorHookIsGivenCursorsInputForItsEventEnvironmentAndDirectory(t *testing.T) {
	s := session(t)
	file := filepath.Join(s.Cwd, "notes.txt")
	require.NoError(t, os.WriteFile(file, []byte("hello"), 0o600))
	common := func(event string) map[string]any {
		return map[string]any{"conversation_id": "conv-1", "generation_id": "gen-1", "model": "gpt-5", "hook_event_name": event,
			"workspace_roots": []any{s.Cwd}, "transcript_path": "/tmp/chats/conv-1.jsonl"}
	}
	with := func(m map[string]any, kv ...any) map[string]any {
		for i := 0; i < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}
	failed := result("Shell", "exit status 1")
	failed.IsError = true
	tests := []struct {
		event string
		call  hookchain.Event
		want  map[string]any
	}{
		{cursor.PreToolUse, shell("ls"), with(common(cursor.PreToolUse), "tool_name", "Shell", "tool_input", map[string]any{"command": "ls"}, "tool_use_id", "call-1", "cwd", s.Cwd)},
		{cursor.PostToolUse, result("Shell", "ok"), with(common(cursor.PostToolUse), "tool_name", "Shell", "tool_input", map[string]any{"query": "x"},
			"tool_output", "ok", "tool_use_id", "call-3", "cwd", s.Cwd, "duration", 0.0)},
		{cursor.PostToolUseFailure, failed, with(common(cursor.PostToolUseFailure), "tool_name", "Shell", "tool_input", map[string]any{"query": "x"},
			"tool_use_id", "call-3", "cwd", s.Cwd, "error_message", "exit status 1", "failure_type", "error", "duration", 0.0, "is_interrupt", false)},
		{cursor.BeforeShellExecution, shell("ls"), with(common(cursor.BeforeShellExecution), "command", "ls", "cwd", s.Cwd, "sandbox", false)},
		{cursor.AfterShellExecution, hookchain.Event{Hook: hookchain.AfterTool, Tool: "Shell", Input: json.RawMessage(`{"command":"ls","cwd":"/src"}`), Output: hookchain.Text("a\nb")},
			with(common(cursor.AfterShellExecution), "command", "ls", "output", "a\nb", "duration", 0.0, "cwd", "/src", "sandbox", false)},
		{cursor.BeforeMCPExecution, hookchain.Event{Hook: hookchain.BeforeTool, Tool: "MCP:query", Input: json.RawMessage(`{"sql":"select 1"}`)},
			with(common(cursor.BeforeMCPExecution), "tool_name", "MCP:query", "tool_input", map[string]any{"sql": "select 1"})},
		{cursor.AfterMCPExecution, hookchain.Event{Hook: hookchain.AfterTool, Tool: "MCP:query", Input: json.RawMessage(`{"sql":"select 1"}`), Output: json.RawMessage(`{"rows":[1]}`)},
			with(common(cursor.AfterMCPExecution), "tool_name", "MCP:query", "tool_input", map[string]any{"sql": "select 1"}, "result_json", `{"rows":[1]}`, "duration", 0.0)},
		{cursor.BeforeReadFile, read("notes.txt"), with(common(cursor.BeforeReadFile), "file_path", "notes.txt", "content", "hello", "attachments", []any{})},
		{cursor.BeforeReadFile, read("missing.txt"), with(common(cursor.BeforeReadFile), "file_path", "missing.txt", "content", "", "attachments", []any{})},
		{cursor.AfterFileEdit, hookchain.Event{Hook: hookchain.AfterTool, Tool: "Write", Input: json.RawMessage(`{"file_path":"a.go","old_string":"x := 1","new_string":"x := 2"}`)},
			with(common(cursor.AfterFileEdit), "file_path", "a.go", "edits", []any{map[string]any{"old_string": "x := 1", "new_string": "x := 2"}})},
		{cursor.AfterFileEdit, hookchain.Event{Hook: hookchain.AfterTool, Tool: "Write", Input: json.RawMessage(`{"file_path":"a.go","content":"package a"}`)},
			with(common(cursor.AfterFileEdit), "file_path", "a.go", "edits", []any{map[string]any{"old_string": "", "new_string": "package a"}})},
	}
	for _, tt := range tests {
		t.Run(tt.event, func(t *testing.T) {
			report := filepath.Join(t.TempDir(), "seen.json")
			link, err := cursor.Link("hook", tt.event, false, hookchain.Any(), profiletest.Hook(t, "bash", "record.sh", report), s)
			require.NoError(t, err)
			got := hookchain.New(link).Run(context.Background(), tt.call)
			require.Equal(t, hookchain.Allowed, got.Verdict, got.Trail)
			var seen struct {
				Pwd, Project, Transcript, Claude string
				Input                            map[string]any
			}
			b, err := os.ReadFile(report)
			require.NoError(t, err)
			require.NoError(t, json.Unmarshal(b, &seen))
			assert.Equal(t, []string{s.Cwd, s.Cwd, "/tmp/chats/conv-1.jsonl", s.Cwd}, []string{seen.Pwd, seen.Project, seen.Transcript, seen.Claude})
			assert.Equal(t, tt.want, seen.Input)
		})
	}
}

// A call Cursor's input for the event cannot be made of is not a hook
// that failed, which would let the call go on: it denies.
func TestACallTheEventsInputCannotBeMadeOfIsDenied(t *testing.T) {
	s := session(t)
	big := filepath.Join(s.Cwd, "big")
	require.NoError(t, os.WriteFile(big, make([]byte, cursor.MaxReadContent+1), 0o600))
	tests := []struct {
		name  string
		event string
		call  hookchain.Event
	}{
		{"a shell call without a command", cursor.BeforeShellExecution, hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Shell", Input: json.RawMessage(`{"cmd":"rm -rf /"}`)}},
		{"a read without a file_path", cursor.BeforeReadFile, hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Read", Input: json.RawMessage(`{"path":".env"}`)}},
		{"a read of a file too large to give the hook", cursor.BeforeReadFile, read(big)},
		{"an edit without a file_path", cursor.AfterFileEdit, hookchain.Event{Hook: hookchain.AfterTool, Tool: "Write", Input: json.RawMessage(`{}`)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			link, err := cursor.Link("hook", tt.event, false, cursor.Matcher(tt.event, ""), profiletest.Hook(t, "bash", "allow.sh"), s)
			require.NoError(t, err)
			got := hookchain.New(link).Run(context.Background(), tt.call)
			assert.Equal(t, hookchain.Denied, got.Verdict)
			assert.Equal(t, hookchain.CauseFailure, got.Cause)
			assert.Contains(t, got.Reason, "encoding the hook input")
		})
	}
}

// Cursor runs a call whose hook failed; a chain that must not builds the
// link itself, and the same failure denies.
func TestACursorHookBuiltIntoAPlainLinkFailsClosed(t *testing.T) {
	spec := profiletest.Hook(t, "python3", "crash.py")
	fn, err := cursor.CompileCommand(cursor.BeforeShellExecution, spec, session(t))
	require.NoError(t, err)
	got := hookchain.New(hookchain.Before("hook", hookchain.Any(), fn)).Run(context.Background(), shell("ls"))
	fault := `hook "` + cursor.CommandSpec(spec, harness.SessionInfo{}).String() + `": exited with status 1; stderr: "policy.yaml: no such file"`
	assert.Equal(t, hookchain.Outcome{Verdict: hookchain.Denied, Reason: "hook failed and denies on failure: " + fault, DecidedBy: "hook", Cause: hookchain.CauseFailure,
		Trail: []hookchain.Step{{Name: "hook", Verdict: hookchain.Denied, Fault: fault}}}, got)

	_, err = cursor.CompileCommand("beforeSubmitPrompt", spec, session(t))
	assert.EqualError(t, err, `cursor: "beforeSubmitPrompt" is not one of Cursor's tool-call events`)
	_, err = cursor.Link("hook", "stop", false, hookchain.Any(), spec, session(t))
	assert.EqualError(t, err, `cursor: Link "hook": "stop" is not one of Cursor's tool-call events`)
}
