package cline_test

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
	"github.com/hookchain/hookchain/harness/cline"
	"github.com/hookchain/hookchain/harness/internal/profiletest"
	"github.com/hookchain/hookchain/process"
)

func session(t *testing.T) harness.SessionInfo {
	return harness.SessionInfo{ID: "task-1", Cwd: t.TempDir()}
}

func command(cmd string) hookchain.Event {
	return hookchain.Event{Hook: hookchain.BeforeTool, Tool: "execute_command",
		Input: json.RawMessage(`{"command":"` + cmd + `","requires_approval":"false"}`)}
}

func write(path string) hookchain.Event {
	return hookchain.Event{Hook: hookchain.BeforeTool, Tool: "write_to_file",
		Input: json.RawMessage(`{"path":"` + path + `","content":"x"}`)}
}

func commandResult(output string) hookchain.Event {
	return hookchain.Event{Hook: hookchain.AfterTool, Tool: "execute_command",
		Input: json.RawMessage(`{"command":"env"}`), Output: hookchain.Text(output)}
}

// stopped is the denial of a link named "hook" whose answer cancelled the
// task for reason.
func stopped(reason string) hookchain.Outcome {
	return profiletest.Denied(harness.StopRequested + ": " + reason)
}

func noted(text string) hookchain.Outcome {
	return hookchain.Outcome{Notes: []hookchain.Note{{Link: "hook", Text: text}}}
}

// Every row of Cline's reading of a hook, from a real hook program written
// as Cline documents hooks, in a chain that runs it as Cline would: a
// cancel stops, whatever the exit status; a hook that fails, or gives an
// answer Cline rejects at a status other than 0, lets the call go on.
func TestAClineHookInAChainAnswersAsClineReadsIt(t *testing.T) {
	none := func(string) hookchain.Outcome { return hookchain.Outcome{} }
	tests := []struct {
		name  string
		spec  process.Spec
		event hookchain.Event
		want  func(command string) hookchain.Outcome
	}{
		{"cancel false lets the call run, past a debug line", profiletest.Hook(t, "bash", "allow.sh"), command("ls"), none},
		{"cancel true denies, as a stop, with the errorMessage", profiletest.Hook(t, "python3", "cancel.py"), write("/etc/hosts"), func(string) hookchain.Outcome {
			return stopped("writes outside the project are not allowed")
		}},
		{"cancel false from the same hook allows", profiletest.Hook(t, "python3", "cancel.py"), write("src/a.ts"), none},
		{"contextModification before the call is a note, trimmed", profiletest.Hook(t, "bash", "context.sh"), command("npm i"), func(string) hookchain.Outcome {
			return noted("this repository uses pnpm (bash)")
		}},
		{"contextModification after the call is a note", profiletest.Hook(t, "bash", "context.sh"), commandResult("ok"), func(string) hookchain.Outcome {
			return noted("this repository uses pnpm (bash)")
		}},
		{"an answer over lines between debug lines is found, and a cancel without errorMessage gives its context as the reason",
			profiletest.Hook(t, "bash", "debug-cancel.sh"), command("ls"), func(string) hookchain.Outcome { return stopped("the build is red") }},
		{"a valid answer counts at exit status 1", profiletest.Hook(t, "bash", "json-exit1.sh"), command("rm -rf /"), func(string) hookchain.Outcome {
			return stopped("recursive delete is not allowed here")
		}},
		{"cancel after the call stops too", profiletest.Hook(t, "bash", "json-exit1.sh"), commandResult("ok"), func(string) hookchain.Outcome {
			return stopped("recursive delete is not allowed here")
		}},
		{"an answer Cline rejects at exit 0 is no answer", profiletest.Hook(t, "bash", "invalid.sh"), command("ls"), none},
		{"an answer Cline rejects at exit 2 is a failure, and the call goes on", profiletest.Hook(t, "bash", "invalid.sh", "2"), command("ls"), func(c string) hookchain.Outcome {
			return profiletest.Fault(`hook "` + c + `": exited with status 2`)
		}},
		{"a crash lets the call go on", profiletest.Hook(t, "python3", "crash.py"), command("ls"), func(c string) hookchain.Outcome {
			return profiletest.Fault(`hook "` + c + `": exited with status 1; stderr: "policy.yaml: no such file"`)
		}},
		{"a program that is not there lets the call go on", process.Spec{Shell: "no-such-cline-hook", Timeout: 10 * time.Second}, command("ls"), func(c string) hookchain.Outcome {
			return profiletest.Fault(`hook "` + c + `": exited with status 127; stderr: "/bin/sh: 1: no-such-cline-hook: not found"`)
		}},
		{"a timeout lets the call go on", profiletest.Hook(t, "bash", "slow.sh"), command("ls"), func(c string) hookchain.Outcome {
			return profiletest.Fault(`hook "` + c + `": timed out after 300ms`)
		}},
		{"a crash after the call lets the output go on", profiletest.Hook(t, "python3", "crash.py"), commandResult("ok"), func(c string) hookchain.Outcome {
			return profiletest.Fault(`hook "` + c + `": exited with status 1; stderr: "policy.yaml: no such file"`)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			spec := tt.spec
			if filepath.Base(spec.Shell) == "slow.sh" {
				spec.Timeout = 300 * time.Millisecond
			}
			link, err := cline.Link("hook", tt.event.Hook, cline.Matcher(), spec, session(t))
			require.NoError(t, err)
			got := hookchain.New(link).Run(context.Background(), tt.event)
			assert.Equal(t, tt.want(cline.CommandSpec(spec, harness.SessionInfo{}).String()), got)
		})
	}
}

// A hook is told what Cline tells it — the camelCase input, the
// parameters as strings, the timestamp in milliseconds — and runs in the
// session's primary workspace root with the whole environment.
func TestAClineHookIsGivenClinesInputAndDirectory(t *testing.T) {
	s := session(t)
	s.Model = "claude-sonnet"
	t.Setenv("CLINE_TEST_SECRET", "kept")
	link, err := cline.Link("hook", hookchain.AfterTool, cline.Matcher(), profiletest.Hook(t, "python3", "record.py"), s)
	require.NoError(t, err)
	e := commandResult("ok")
	e.Input = json.RawMessage(`{"command":"env","timeout":30,"2":"b","10":"c","flags":{"a":[1, 2]}}`)
	got := hookchain.New(link).Run(context.Background(), e)
	require.Len(t, got.Notes, 1, got.Reason)
	var seen struct {
		Pwd   string
		Input map[string]any
	}
	require.NoError(t, json.Unmarshal([]byte(got.Notes[0].Text), &seen))
	assert.Equal(t, s.Cwd, seen.Pwd)
	assert.Regexp(t, `^[0-9]{13}$`, seen.Input["timestamp"])
	delete(seen.Input, "timestamp")
	assert.Equal(t, map[string]any{
		"hookName": "PostToolUse", "taskId": "task-1", "workspaceRoots": []any{s.Cwd},
		"model": map[string]any{"provider": "unknown", "slug": "claude-sonnet"},
		"postToolUse": map[string]any{"toolName": "execute_command", "result": "ok", "success": true,
			"parameters": map[string]any{"command": "env", "timeout": "30", "2": "b", "10": "c", "flags": `{"a":[1,2]}`}},
	}, seen.Input)
}

// The parameters' keys are in JavaScript's order, and a failed call has no
// success at all: Cline leaves a false out.
func TestClinesInputIsWrittenInClinesOrderWithoutDefaults(t *testing.T) {
	e := commandResult("")
	e.IsError = true
	e.Input = json.RawMessage(`{"z":"1","10":"x","2":"y","01":"w"}`)
	in, err := cline.InputFor(e, harness.SessionInfo{}, time.UnixMilli(1764669600123))
	require.NoError(t, err)
	b, err := json.Marshal(in)
	require.NoError(t, err)
	assert.Equal(t, `{"hookName":"PostToolUse","timestamp":"1764669600123","model":{"provider":"unknown","slug":"unknown"},`+
		`"postToolUse":{"toolName":"execute_command","parameters":{"2":"y","10":"x","z":"1","01":"w"}}}`, string(b))

	_, err = cline.InputFor(hookchain.Event{Tool: "x", Input: json.RawMessage(`{"a":1,"a":2}`)}, harness.SessionInfo{}, time.Now())
	assert.EqualError(t, err, `the call's input is ambiguous: an object in it has the key "a" twice`)
	in, err = cline.InputFor(hookchain.Event{Tool: "x", Input: json.RawMessage(`["ls"]`)}, harness.SessionInfo{}, time.Now())
	require.NoError(t, err)
	assert.Nil(t, in.PreToolUse.Parameters, "an input that is not an object is no parameters")
}

// Cline fails open on a timeout; a chain that must not builds the link
// itself, and the same timeout denies.
func TestAClineHookBuiltIntoAPlainLinkFailsClosed(t *testing.T) {
	spec := profiletest.Hook(t, "bash", "slow.sh")
	spec.Timeout = 300 * time.Millisecond
	fn, err := cline.CompileCommand(spec, session(t))
	require.NoError(t, err)
	got := hookchain.New(hookchain.Before("hook", hookchain.Any(), fn)).Run(context.Background(), command("ls"))
	assert.Equal(t, hookchain.Denied, got.Verdict)
	assert.Equal(t, hookchain.CauseFailure, got.Cause)
	assert.Panics(t, func() { cline.Command(process.Spec{}, harness.SessionInfo{}) })
}

// A hook whose working directory the agent removed never ran: it denies,
// though Cline's hooks fail open.
func TestAClineHookWhoseDirectoryIsGoneDenies(t *testing.T) {
	s := session(t)
	gone := filepath.Join(s.Cwd, "gone")
	require.NoError(t, os.Mkdir(gone, 0o755))
	require.NoError(t, os.Remove(gone))
	spec := profiletest.Hook(t, "bash", "allow.sh")
	spec.Dir = gone
	link, err := cline.Link("hook", hookchain.BeforeTool, cline.Matcher(), spec, s)
	require.NoError(t, err)
	got := hookchain.New(link).Run(context.Background(), command("ls"))
	assert.Equal(t, hookchain.Denied, got.Verdict)
}

func TestAClineHookRunsAsClineRunsIt(t *testing.T) {
	got := cline.CommandSpec(process.Spec{Shell: "'/h/PreToolUse'"}, harness.SessionInfo{Cwd: "/work"})
	assert.Equal(t, process.Spec{Shell: "'/h/PreToolUse'", Dir: "/work", Inherit: process.InheritAll, Timeout: 30 * time.Second}, got)
	kept := cline.CommandSpec(process.Spec{Args: []string{"x"}, Dir: "/d", Inherit: process.InheritBase, Timeout: time.Second}, harness.SessionInfo{Cwd: "/work"})
	assert.Equal(t, process.Spec{Args: []string{"x"}, Dir: "/d", Inherit: process.InheritBase, Timeout: time.Second}, kept)
}
