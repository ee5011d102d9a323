package claudecode

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/process"
)

// script is the spec that runs testdata/hooks/NAME with args. The scripts
// are run through sh so that the tests do not depend on their mode bits.
func script(t testing.TB, name string, args ...string) process.Spec {
	t.Helper()
	path, err := filepath.Abs(filepath.Join("testdata", "hooks", name))
	require.NoError(t, err)
	return process.Spec{Args: append([]string{"/bin/sh", path}, args...), Timeout: 10 * time.Second}
}

// project is a session whose project directory (and cwd) is a fresh
// directory, where record.sh leaves what it was sent.
func project(t *testing.T) SessionInfo {
	dir := t.TempDir()
	return SessionInfo{ID: "sess-1", TranscriptPath: filepath.Join(dir, "t.jsonl"), Cwd: dir, ProjectDir: dir}
}

func bash(command string) hookchain.Event {
	return hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", CallID: "toolu_1",
		Input: json.RawMessage(`{"command":"` + command + `"}`)}
}

func bashResult(stdout string) hookchain.Event {
	return hookchain.Event{Hook: hookchain.AfterTool, Tool: "Bash", CallID: "toolu_1",
		Input: json.RawMessage(`{"command":"env"}`), Output: json.RawMessage(`{"stdout":"` + stdout + `","stderr":"","interrupted":false,"isImage":false}`)}
}

func TestCommandHooksAnswerThroughAChain(t *testing.T) {
	type row struct {
		name     string
		script   string
		failOpen bool
		event    hookchain.Event
		want     func(spec process.Spec) hookchain.Outcome
	}
	same := func(o hookchain.Outcome) func(process.Spec) hookchain.Outcome {
		return func(process.Spec) hookchain.Outcome { return o }
	}
	denied := func(reason string) hookchain.Outcome {
		return hookchain.Outcome{Verdict: hookchain.Denied, Reason: "denied by hook: " + reason, DecidedBy: "hook", Cause: hookchain.CauseLink,
			Trail: []hookchain.Step{{Name: "hook", Verdict: hookchain.Denied, Reason: reason}}}
	}
	tests := []row{
		{"allow", "allow.sh", false, bash("ls"), same(hookchain.Outcome{})},
		{"silent before the call", "silent.sh", false, bash("ls"), same(hookchain.Outcome{})},
		{"silent after the call", "silent.sh", false, bashResult("ok"), same(hookchain.Outcome{})},
		{"plain text is not a decision", "plaintext.sh", false, bash("ls"), same(hookchain.Outcome{})},
		{"deny by exit 2", "deny-exit2.sh", false, bash("rm -rf /"), same(denied("recursive delete is not allowed here"))},
		{"exit 2 after the call keeps the output and notes the reason", "deny-exit2.sh", false, bashResult("ok"), same(blockedAfterIn("hook", "recursive delete is not allowed here"))},
		{"deny by JSON", "deny-json.sh", false, bash("cp a /etc/"), same(denied("writes outside the project are not allowed"))},
		{"ask without an approver denies: approval was needed and not obtained", "ask.sh", false, bash("git push"), same(hookchain.Outcome{
			Verdict: hookchain.Denied, Reason: "approval needed but not obtained: no approver is configured (asked by hook: pushes to a shared branch)", Cause: hookchain.CauseNoApproval,
			Trail: []hookchain.Step{
				{Name: "hook", Verdict: hookchain.Asked, Reason: "pushes to a shared branch"},
				{Name: "approver", Approver: true, Verdict: hookchain.Denied, Fault: "no approver is configured"},
			}})},
		{"additionalContext before the call", "context.sh", false, bash("npm test"), same(hookchain.Outcome{
			Notes: []hookchain.Note{{Link: "hook", Text: "this repository uses pnpm (PreToolUse)"}}})},
		{"additionalContext after the call", "context.sh", false, bashResult("ok"), same(hookchain.Outcome{
			Notes: []hookchain.Note{{Link: "hook", Text: "this repository uses pnpm (PostToolUse)"}}})},
		{"additionalContext after a failed call", "context.sh", false, failed, same(hookchain.Outcome{
			Notes: []hookchain.Note{{Link: "hook", Text: "this repository uses pnpm (PostToolUseFailure)"}}})},
		{"continue false before the call", "stop.sh", false, bash("ls"), same(denied("stop requested: the test suite is red; fix it first"))},
		{"continue false after the call", "stop.sh", false, bashResult("ok"), same(denied("stop requested: the test suite is red; fix it first"))},
		{"block after the call keeps the output and notes the reason", "block-after.sh", false, bashResult("Traceback"), same(blockedAfterIn("hook", "the output holds a stack trace"))},
		{"a hook that decides on the input it reads: refuses", "no-rm.sh", false, bash("rm -rf /tmp/x"), same(denied("refusing 'rm -rf /tmp/x'"))},
		{"a hook that decides on the input it reads: lets through", "no-rm.sh", false, bash("ls -la"), same(hookchain.Outcome{})},
		{"modify by updatedInput", "expand-alias.sh", false, bash("cleanup"), same(hookchain.Outcome{
			Verdict: hookchain.Modified, Reason: "hook: expanded the cleanup alias", Input: json.RawMessage(`{"command":"rm -rf build"}`),
			Trail: []hookchain.Step{{Name: "hook", Verdict: hookchain.Modified, Reason: "expanded the cleanup alias"}}})},
		{"replace by updatedToolOutput", "redact.sh", false, bashResult("KEY=sk-123"), same(hookchain.Outcome{
			Verdict: hookchain.Replaced, Reason: "hook: updatedToolOutput", Output: json.RawMessage(`{"stdout":"[withheld: it contained an API key]","stderr":"","interrupted":false}`),
			Trail: []hookchain.Step{{Name: "hook", Verdict: hookchain.Replaced, Reason: "updatedToolOutput"}}})},
		{"garbage on stdout is a failure, and fails closed", "garbage.sh", false, bash("ls"), func(spec process.Spec) hookchain.Outcome {
			fault := `hook "` + spec.String() + `": gave no valid answer: stdout starts with '{' but is not valid JSON: invalid character 't' looking for beginning of object key string`
			return hookchain.Outcome{Verdict: hookchain.Denied, Reason: "hook failed and denies on failure: " + fault, DecidedBy: "hook", Cause: hookchain.CauseFailure,
				Trail: []hookchain.Step{{Name: "hook", Verdict: hookchain.Denied, Fault: fault}}}
		}},
		{"exit 1 is a failure naming the status and stderr", "exit1.sh", false, bash("ls"), func(spec process.Spec) hookchain.Outcome {
			fault := `hook "` + spec.String() + `": exited with status 1; stderr: "config.json: no such file"`
			return hookchain.Outcome{Verdict: hookchain.Denied, Reason: "hook failed and denies on failure: " + fault, DecidedBy: "hook", Cause: hookchain.CauseFailure,
				Trail: []hookchain.Step{{Name: "hook", Verdict: hookchain.Denied, Fault: fault}}}
		}},
		{"exit 1 on a fail-open link is reported and the call goes on, as in Claude Code", "exit1.sh", true, bash("ls"), func(spec process.Spec) hookchain.Outcome {
			fault := `hook "` + spec.String() + `": exited with status 1; stderr: "config.json: no such file"`
			return hookchain.Outcome{Trail: []hookchain.Step{{Name: "hook", Verdict: hookchain.Allowed, Fault: fault}}}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			spec := script(t, tt.script)
			link := hookchain.On("hook", hookchain.Any(), Command(spec, project(t)))
			if tt.failOpen {
				link = link.FailOpen()
			}
			got := hookchain.New(link).Run(context.Background(), tt.event)
			assert.Equal(t, tt.want(spec), got)
		})
	}
}

func TestACommandHooksAskGoesToTheChainsApprover(t *testing.T) {
	approver := func(a hookchain.Approval) hookchain.Approver {
		return hookchain.Approver{Name: "operator", Timeout: time.Second,
			Answer: func(context.Context, hookchain.Question) (hookchain.Approval, error) { return a, nil }}
	}
	asked := hookchain.Step{Name: "hook", Verdict: hookchain.Asked, Reason: "pushes to a shared branch"}
	tests := []struct {
		name     string
		approver hookchain.Approver
		want     func(*hookchain.Outcome) hookchain.Outcome
	}{
		{"approved, the call goes on", approver(hookchain.Approval{Decision: hookchain.Approve, By: "alice", Reason: "release day"}),
			func(*hookchain.Outcome) hookchain.Outcome {
				return hookchain.Outcome{DecidedBy: "operator", Cause: hookchain.CauseApprover,
					Trail: []hookchain.Step{asked, {Name: "operator", Approver: true, Verdict: hookchain.Allowed, By: "alice", Reason: "release day"}}}
			}},
		{"refused, it is denied in the refuser's words", approver(hookchain.Approval{Decision: hookchain.Refuse, By: "alice", Reason: "not on a Friday"}),
			func(*hookchain.Outcome) hookchain.Outcome {
				return hookchain.Outcome{Verdict: hookchain.Denied, Reason: "refused by alice: not on a Friday (asked by hook: pushes to a shared branch)",
					DecidedBy: "operator", Cause: hookchain.CauseApprover,
					Trail: []hookchain.Step{asked, {Name: "operator", Approver: true, Verdict: hookchain.Denied, By: "alice", Reason: "not on a Friday"}}}
			}},
		{"Claude Code's user: pending, for Serve to answer ask", UserApprover(),
			func(got *hookchain.Outcome) hookchain.Outcome {
				if assert.NotNil(t, got.Pending, "a ticket") {
					assert.Equal(t, hookchain.Question{Tool: "Bash", CallID: "toolu_1", Input: json.RawMessage(`{"command":"git push"}`),
						Asks: []hookchain.Asking{{Link: "hook", Message: "pushes to a shared branch"}}}, got.Pending.Question)
				}
				return hookchain.Outcome{Verdict: hookchain.Asked, Reason: "approval pending (asked by hook: pushes to a shared branch)",
					Trail:     []hookchain.Step{asked, {Name: "claude-code", Approver: true, Verdict: hookchain.Asked, Reason: "Claude Code asks its user"}},
					Pending:   got.Pending,
					DecidedBy: "claude-code", Cause: hookchain.CauseApprover}
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			chain := hookchain.New(hookchain.Before("hook", hookchain.Any(), Command(script(t, "ask.sh"), project(t)))).WithApprover(tt.approver)
			got := chain.Run(context.Background(), bash("git push"))
			assert.Equal(t, tt.want(&got), got)
		})
	}
}

func TestAHookIsSentClaudeCodesInputOnStdin(t *testing.T) {
	s := project(t)
	s.PermissionMode = "plan"
	for _, e := range []hookchain.Event{
		{Hook: hookchain.BeforeTool, Tool: "Write", CallID: "toolu_7", Input: json.RawMessage(`{"file_path":"/w/a.txt","content":"<b>&</b>"}`)},
		{Hook: hookchain.AfterTool, Tool: "Write", CallID: "toolu_7", Input: json.RawMessage(`{"file_path":"/w/a.txt"}`), Output: json.RawMessage(`{"success":true}`)},
		{Hook: hookchain.AfterTool, Tool: "Write", CallID: "toolu_7", Input: json.RawMessage(`{"file_path":"/w/a.txt"}`), Output: json.RawMessage(`"EACCES: permission denied"`), IsError: true},
	} {
		t.Run(HookEventName(e), func(t *testing.T) {
			got, err := Command(script(t, "record.sh", "seen.json"), s)(context.Background(), e)
			require.NoError(t, err)
			assert.Equal(t, hookchain.Allow(), got)

			seen, err := os.ReadFile(filepath.Join(s.ProjectDir, "seen.json"))
			require.NoError(t, err)
			want := `{"session_id":"sess-1","transcript_path":"` + s.TranscriptPath + `","cwd":"` + s.Cwd + `","permission_mode":"plan",` +
				map[string]string{
					PreToolUse:         `"hook_event_name":"PreToolUse","tool_name":"Write","tool_input":{"file_path":"/w/a.txt","content":"<b>&</b>"},"tool_use_id":"toolu_7"}`,
					PostToolUse:        `"hook_event_name":"PostToolUse","tool_name":"Write","tool_input":{"file_path":"/w/a.txt"},"tool_use_id":"toolu_7","tool_response":{"success":true}}`,
					PostToolUseFailure: `"hook_event_name":"PostToolUseFailure","tool_name":"Write","tool_input":{"file_path":"/w/a.txt"},"tool_use_id":"toolu_7","error":"EACCES: permission denied"}`,
				}[HookEventName(e)] + "\n"
			assert.Equal(t, want, string(seen))
		})
	}
}

func TestAHookGetsClaudeCodesEnvironmentAndTheProjectDir(t *testing.T) {
	// Hooks read their settings from the environment: "Handlers run in the
	// current directory with Claude Code's environment" (hooks reference).
	t.Setenv("HOOKCHAIN_TEST_SECRET", "from-the-host")
	t.Setenv("CLAUDE_PROJECT_DIR", "")
	os.Unsetenv("CLAUDE_PROJECT_DIR")
	work := t.TempDir()
	root := t.TempDir()
	tests := []struct {
		name    string
		s       SessionInfo
		inherit process.Inherit
		host    string // CLAUDE_PROJECT_DIR in the host's environment, when set
		env     []string
		dir     string
		want    string
	}{
		{"project dir and cwd from the session, and the host's variables", SessionInfo{Cwd: work, ProjectDir: root}, 0, "", nil, "",
			"project=" + root + " secret=from-the-host pwd=" + work},
		{"the strict baseline keeps the host's variables back", SessionInfo{Cwd: work, ProjectDir: root}, process.InheritBase, "", nil, "",
			"project=" + root + " secret=unset pwd=" + work},
		{"the project dir defaults to the cwd", SessionInfo{Cwd: work}, 0, "", nil, "",
			"project=" + work + " secret=from-the-host pwd=" + work},
		{"without a project dir, the one Claude Code gave the host stands", SessionInfo{Cwd: work}, 0, root, nil, "",
			"project=" + root + " secret=from-the-host pwd=" + work},
		{"spec.Env overrides a variable; the session's project dir wins", SessionInfo{Cwd: work, ProjectDir: root}, 0, "",
			[]string{"HOOKCHAIN_TEST_SECRET=given", "CLAUDE_PROJECT_DIR=/elsewhere"}, "",
			"project=" + root + " secret=given pwd=" + work},
		{"spec.Dir outranks the session's cwd", SessionInfo{Cwd: work, ProjectDir: root}, 0, "", nil, root,
			"project=" + root + " secret=from-the-host pwd=" + root},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.host != "" {
				t.Setenv("CLAUDE_PROJECT_DIR", tt.host)
			}
			spec := script(t, "env.sh")
			spec.Env, spec.Dir, spec.Inherit = tt.env, tt.dir, tt.inherit
			got, err := Command(spec, tt.s)(context.Background(), bash("ls"))
			require.NoError(t, err)
			assert.Equal(t, hookchain.Deny(tt.want), got)
		})
	}
}

func TestAHookDoesNotSeeTheHostsOpenTelemetryExporter(t *testing.T) {
	// "Claude Code doesn't pass OTEL_* environment variables to the
	// subprocesses it spawns, including ... hooks" (monitoring docs).
	t.Setenv("OTEL_EXPORTER_OTLP_ENDPOINT", "http://collector:4317")
	spec := process.Spec{Shell: `cat >/dev/null; echo "endpoint=${OTEL_EXPORTER_OTLP_ENDPOINT-unset} home=${HOME:+set}" >&2; exit 2`}
	got, err := Command(spec, SessionInfo{Cwd: t.TempDir()})(context.Background(), bash("ls"))
	require.NoError(t, err)
	assert.Equal(t, hookchain.Deny("endpoint=unset home=set"), got)
}

func TestEachCallIsToldAboutItsOwnConversation(t *testing.T) {
	// One chain serves every conversation: the session comes with the call.
	first, second := t.TempDir(), t.TempDir()
	spec := process.Spec{Shell: `cat > "$PWD/input.json"`}
	fn := Command(spec, SessionInfo{ID: "default", PermissionMode: "plan", Cwd: first})
	ctx := WithSessionInfo(context.Background(), SessionInfo{ID: "conv-2", Cwd: second,
		Extra: map[string]json.RawMessage{"agent_id": json.RawMessage(`"a-7"`), "session_id": json.RawMessage(`"smuggled"`)}})

	_, err := fn(context.Background(), bash("ls"))
	require.NoError(t, err)
	_, err = fn(ctx, bash("ls"))
	require.NoError(t, err)

	got1, err := os.ReadFile(filepath.Join(first, "input.json"))
	require.NoError(t, err)
	got2, err := os.ReadFile(filepath.Join(second, "input.json"))
	require.NoError(t, err)
	assert.Equal(t, `{"session_id":"default","transcript_path":"","cwd":"`+first+`","permission_mode":"plan","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"toolu_1"}`+"\n", string(got1))
	assert.Equal(t, `{"session_id":"conv-2","transcript_path":"","cwd":"`+second+`","permission_mode":"plan","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"toolu_1","agent_id":"a-7"}`+"\n", string(got2),
		"the call's fields win, the default fills the rest, and Extra never overrides a field of the input")
}

func TestTheExecFormSubstitutesThePathPlaceholdersInEveryArgument(t *testing.T) {
	// "path placeholders like ${CLAUDE_PLUGIN_ROOT} are substituted into
	// command and into each args element as plain strings" (hooks reference).
	root := filepath.Join(t.TempDir(), "my project")
	require.NoError(t, os.MkdirAll(root, 0o755))
	spec := process.Spec{
		Args: []string{"sh", "-c", `cat >/dev/null; printf '%s|' "$@" >&2; exit 2`, "sh",
			"${CLAUDE_PROJECT_DIR}/.claude/hooks/x.sh", "--plugin=${CLAUDE_PLUGIN_ROOT}", "${CLAUDE_PLUGIN_DATA}", "$HOME"},
		Env: []string{"CLAUDE_PLUGIN_ROOT=/plugins/fmt"},
	}
	got, err := Command(spec, SessionInfo{Cwd: t.TempDir(), ProjectDir: root})(context.Background(), bash("ls"))
	require.NoError(t, err)
	assert.Equal(t, hookchain.Deny(root+"/.claude/hooks/x.sh|--plugin=/plugins/fmt|${CLAUDE_PLUGIN_DATA}|$HOME|"), got,
		"a placeholder with no value, and anything that is not a placeholder, is passed as written")
}

func TestCommandDoesNotWriteToTheCallersEnvSlice(t *testing.T) {
	env := make([]string, 1, 4)
	env[0] = "A=1"
	spec := script(t, "silent.sh")
	spec.Env = env
	fn := Command(spec, SessionInfo{Cwd: t.TempDir()})
	_, err := fn(context.Background(), bash("ls"))
	require.NoError(t, err)
	assert.Equal(t, []string{"A=1"}, env)
	assert.Equal(t, "", env[:2][1], "the spare capacity is untouched")
}

func TestAShellHookRunsWithShAndSeesTheProjectDir(t *testing.T) {
	hooks, err := filepath.Abs(filepath.Join("testdata", "hooks"))
	require.NoError(t, err)
	spec := process.Spec{Shell: `sh "$CLAUDE_PROJECT_DIR"/deny-json.sh`, Timeout: 10 * time.Second}
	got, err := Command(spec, SessionInfo{Cwd: t.TempDir(), ProjectDir: hooks})(context.Background(), bash("cp a /etc/"))
	require.NoError(t, err)
	assert.Equal(t, hookchain.Deny("writes outside the project are not allowed"), got)
}

func TestALaterHookDeniesARewrittenCall(t *testing.T) {
	s := project(t)
	chain := hookchain.New(
		hookchain.Before("expand-alias", hookchain.Tool("Bash"), Command(script(t, "expand-alias.sh"), s)),
		hookchain.Before("no-rm", hookchain.Tool("Bash"), Command(script(t, "no-rm.sh"), s)),
	)
	got := chain.Run(context.Background(), bash("cleanup"))
	assert.Equal(t, hookchain.Outcome{
		Verdict: hookchain.Denied, Reason: "denied by no-rm: refusing 'rm -rf build'", DecidedBy: "no-rm", Cause: hookchain.CauseLink,
		Trail: []hookchain.Step{
			{Name: "expand-alias", Verdict: hookchain.Modified, Reason: "expanded the cleanup alias"},
			{Name: "no-rm", Verdict: hookchain.Denied, Reason: "refusing 'rm -rf build'"},
		},
	}, got)

	// The guard alone lets the alias through: it is the rewrite it refused.
	assert.Equal(t, hookchain.Outcome{},
		hookchain.New(hookchain.Before("no-rm", hookchain.Tool("Bash"), Command(script(t, "no-rm.sh"), s))).
			Run(context.Background(), bash("cleanup")))
}

func TestHooksComposeInRegistrationOrder(t *testing.T) {
	s := project(t)
	chain := hookchain.New(
		hookchain.Before("timeout", hookchain.Any(), Command(script(t, "add-field.sh", "timeout", "60"), s)),
		hookchain.Before("describe", hookchain.Any(), Command(script(t, "add-field.sh", "description", `"run by hookchain"`), s)),
		hookchain.Before("quiet", hookchain.Any(), Command(script(t, "silent.sh"), s)),
		hookchain.Before("record", hookchain.Any(), Command(script(t, "record.sh", "last.json"), s)),
	)
	got := chain.Run(context.Background(), bash("make test"))
	assert.Equal(t, hookchain.Outcome{
		Verdict: hookchain.Modified,
		Reason:  "timeout: added timeout; describe: added description",
		Input:   json.RawMessage(`{"command":"make test","timeout":60,"description":"run by hookchain"}`),
		Trail: []hookchain.Step{
			{Name: "timeout", Verdict: hookchain.Modified, Reason: "added timeout"},
			{Name: "describe", Verdict: hookchain.Modified, Reason: "added description"},
		},
	}, got)

	seen, err := os.ReadFile(filepath.Join(s.ProjectDir, "last.json"))
	require.NoError(t, err)
	var in Input
	require.NoError(t, json.Unmarshal(seen, &in))
	assert.Equal(t, `{"command":"make test","timeout":60,"description":"run by hookchain"}`, string(in.ToolInput),
		"the last hook was sent the input as both rewrites left it")

	// The other order writes the fields the other way round: each hook
	// rewrote what the one before it had left.
	reversed := hookchain.New(
		hookchain.Before("describe", hookchain.Any(), Command(script(t, "add-field.sh", "description", `"run by hookchain"`), s)),
		hookchain.Before("timeout", hookchain.Any(), Command(script(t, "add-field.sh", "timeout", "60"), s)),
	).Run(context.Background(), bash("make test"))
	assert.Equal(t, `{"command":"make test","description":"run by hookchain","timeout":60}`, string(reversed.Input))
	assert.Equal(t, "describe: added description; timeout: added timeout", reversed.Reason)
}

func TestAHookThatOutrunsItsTimeoutIsAFailure(t *testing.T) {
	spec := script(t, "sleep.sh")
	spec.Timeout = 200 * time.Millisecond
	start := time.Now()
	_, err := Command(spec, project(t))(context.Background(), bash("ls"))
	require.Error(t, err)
	assert.Less(t, time.Since(start), 5*time.Second)
	var pe *process.Error
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, process.TimedOut, pe.Kind)
	assert.Equal(t, `hook "`+spec.String()+`": timed out after 200ms`, err.Error())
}

func TestCommandFailuresAreProcessErrorsOfTheirKind(t *testing.T) {
	tests := []struct {
		script string
		kind   process.Kind
		code   int
	}{
		{"exit1.sh", process.ExitStatus, 1},
		{"garbage.sh", process.BadAnswer, -1},
	}
	for _, tt := range tests {
		t.Run(tt.script, func(t *testing.T) {
			spec := script(t, tt.script)
			_, err := Command(spec, project(t))(context.Background(), bash("ls"))
			var pe *process.Error
			require.ErrorAs(t, err, &pe)
			assert.Equal(t, tt.kind, pe.Kind)
			assert.Equal(t, tt.code, pe.ExitCode)
			assert.Equal(t, spec.String(), pe.Command)
		})
	}
}

func TestCommandPanicsOnAnInvalidSpec(t *testing.T) {
	assert.PanicsWithValue(t, "claudecode: Command: neither Args nor Shell is set", func() {
		Command(process.Spec{}, SessionInfo{})
	})
}

func TestAHookThatRewritesAndAsksHasTheApproverAskedAboutTheRewrite(t *testing.T) {
	// "updatedInput ... Combine with "allow" to auto-approve, or "ask" to
	// show the modified input to the user" (hooks reference, PreToolUse).
	var asked hookchain.Question
	approver := hookchain.Approver{Name: "reviewer", Timeout: time.Minute,
		Answer: func(_ context.Context, q hookchain.Question) (hookchain.Approval, error) {
			asked = q
			return hookchain.Approval{Decision: hookchain.Approve, By: "alice"}, nil
		}}
	link := hookchain.Before("ask-rewrite.sh", hookchain.Tool("Bash"), Command(script(t, "ask-rewrite.sh"), project(t))).FailOpen()

	approved := hookchain.New(link).WithApprover(approver).Run(context.Background(), bash("git push"))
	alone := hookchain.New(link).Run(context.Background(), bash("git push"))

	assert.Equal(t, hookchain.Modified, approved.Verdict)
	assert.JSONEq(t, `{"command":"git push --dry-run"}`, string(approved.Input), "approved, the call runs as rewritten")
	assert.JSONEq(t, `{"command":"git push --dry-run"}`, string(asked.Input), "the approver is asked about the rewritten call")
	assert.Equal(t, []hookchain.Asking{{Link: "ask-rewrite.sh", Message: "pushes to a shared branch"}}, asked.Asks)
	assert.Equal(t, []string{"ask-rewrite.sh"}, asked.RewrittenBy)
	assert.Equal(t, hookchain.Denied, alone.Verdict, "with nobody to ask, even a fail-open link's ask denies")
	assert.Equal(t, "approval needed but not obtained: no approver is configured (asked by ask-rewrite.sh: pushes to a shared branch)", alone.Reason)
}

// An agent that removes the directory it stands in must not disarm its
// guards with it: a hook that cannot start there would be a failure that a
// fail-open link forgives.
func TestAHookWhoseWorkingDirectoryIsGoneDeniesEvenWhenItFailsOpen(t *testing.T) {
	gone := filepath.Join(t.TempDir(), "build")
	spec := process.Spec{Shell: "exit 0"}
	c := hookchain.New(hookchain.Before("guard", hookchain.Any(), Command(spec, SessionInfo{})).FailOpen())
	ctx := WithSessionInfo(context.Background(), SessionInfo{ID: "s", Cwd: gone})
	out := c.Run(ctx, bash("rm -rf ../build"))
	fault := fmt.Sprintf(`hook "exit 0": could not start: its working directory %s: no such file or directory`, gone)
	assert.Equal(t, hookchain.Outcome{Verdict: hookchain.Denied, Reason: "guard failed and denies on failure: " + fault, DecidedBy: "guard", Cause: hookchain.CauseFailure,
		Trail: []hookchain.Step{{Name: "guard", Verdict: hookchain.Denied, Fault: fault}}}, out)
}
