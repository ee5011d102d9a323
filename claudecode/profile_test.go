package claudecode_test

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
	"github.com/hookchain/hookchain/claudecode"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/harness/codex"
	"github.com/hookchain/hookchain/process"
)

// A chain answered as Claude Code's hook through package harness, with
// Claude Code's profile, gives exactly the bytes claudecode.Answer gives:
// the profile is this package, not a second reading of the protocol.
func TestTheClaudeProfileAnswersEveryInputAsAnswerDoes(t *testing.T) {
	deny := hookchain.Before("guard", hookchain.Tool("Bash"), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Deny("no rm"), nil
	})
	rewrite := hookchain.Before("dry-run", hookchain.Tool("Bash"), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Modify(json.RawMessage(`{"command":"git push -n"}`), "a dry run first").WithNote("pushed dry"), nil
	})
	ask := hookchain.Before("push", hookchain.Tool("Bash"), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Ask("pushes to a shared remote"), nil
	})
	redact := hookchain.After("redact", hookchain.Tool("Bash"), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Replace(json.RawMessage(`{"stdout":"[redacted]","stderr":"","interrupted":false}`), false, "a key"), nil
	})
	withhold := hookchain.After("withhold", hookchain.Tool("Bash"), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Deny("secret output"), nil
	})
	fails := hookchain.Before("broken", hookchain.Tool("Bash"), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Outcome{}, os.ErrPermission
	})
	user := claudecode.UserApprover()
	pre := `{"session_id":"s1","transcript_path":"/t.jsonl","cwd":"/w","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git push"},"tool_use_id":"c1"}`
	post := `{"session_id":"s1","transcript_path":"/t.jsonl","cwd":"/w","permission_mode":"default","hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"env"},"tool_response":{"stdout":"AKIA","stderr":"","interrupted":false},"tool_use_id":"c1"}`
	for _, tc := range []struct {
		name  string
		chain *hookchain.Chain
		input string
		want  string
	}{
		{"an allow says nothing", hookchain.New(), pre, ""},
		{"a denial", hookchain.New(deny), pre,
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"denied by guard: no rm"}}` + "\n"},
		{"a rewrite with its note", hookchain.New(rewrite), pre,
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"git push -n"},"additionalContext":"dry-run: pushed dry"}}` + "\n"},
		{"an ask about the rewritten input", hookchain.New(rewrite, ask).WithApprover(user), pre, ""},
		{"a replaced output", hookchain.New(redact), post, ""},
		{"a withheld output", hookchain.New(withhold), post, ""},
		{"a failure", hookchain.New(fails), pre, ""},
		{"an input that is not JSON", hookchain.New(), `{"session_id":`, ""},
		{"a key given twice", hookchain.New(), `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_name":"Read","tool_input":{}}`, ""},
		{"an event that is not a tool call", hookchain.New(), `{"session_id":"s1","hook_event_name":"Stop"}`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want, err := claudecode.Answer(context.Background(), tc.chain, []byte(tc.input))
			if err != nil {
				want = claudecode.Halt(err.Error() + "; this hook program judges tool calls only")
			}
			if tc.want != "" {
				require.Equal(t, tc.want, string(want), "the answer this case pins")
			}

			got := harness.Answer(context.Background(), claudecode.Profile(), tc.chain, []byte(tc.input))

			assert.Equal(t, string(want), string(got.Stdout))
			assert.Empty(t, got.Stderr)
			assert.Zero(t, got.Exit, "Claude Code reads every answer from stdout at exit 0")
		})
	}
}

// A Claude Code hook program run through package harness with Claude
// Code's profile is read as Command reads it: the same outcome, the same
// failure.
func TestAClaudeHookRunThroughTheProfileIsReadAsCommandReadsIt(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("testdata", "hooks"))
	require.NoError(t, err)
	e := hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", CallID: "c1", Input: json.RawMessage(`{"command":"cleanup"}`)}
	for _, tc := range []struct {
		hook string
		want hookchain.Outcome
		kind process.Kind // of the failure; 0 when the hook answers
	}{
		{"deny-exit2.sh", hookchain.Deny("recursive delete is not allowed here"), 0},
		{"deny-json.sh", hookchain.Deny("writes outside the project are not allowed"), 0},
		{"expand-alias.sh", hookchain.Modify(json.RawMessage(`{"command":"rm -rf build"}`), "expanded the cleanup alias"), 0},
		{"ask.sh", hookchain.Ask("pushes to a shared branch"), 0},
		{"exit1.sh", hookchain.Outcome{}, process.ExitStatus},
		{"garbage.sh", hookchain.Outcome{}, process.BadAnswer},
	} {
		t.Run(tc.hook, func(t *testing.T) {
			spec := process.Spec{Args: []string{"/bin/sh", filepath.Join(dir, tc.hook)}, Timeout: 10 * time.Second}
			s := harness.SessionInfo{ID: "s1", Cwd: t.TempDir()}
			viaProfile, err := harness.Command(claudecode.Profile(), spec, s)
			require.NoError(t, err)
			direct := claudecode.Command(spec, claudecode.SessionInfo{ID: "s1", Cwd: s.Cwd})

			got, gotErr := viaProfile(context.Background(), e)
			want, wantErr := direct(context.Background(), e)

			if tc.kind != 0 {
				pe, ok := gotErr.(*process.Error)
				require.True(t, ok, "a failure names the command: %v", gotErr)
				assert.Equal(t, tc.kind, pe.Kind)
				assert.Equal(t, wantErr.Error(), gotErr.Error())
				return
			}
			require.NoError(t, gotErr)
			require.NoError(t, wantErr)
			assert.Equal(t, tc.want.Verdict, got.Verdict)
			assert.Equal(t, tc.want.Reason, got.Reason)
			assert.JSONEq(t, string(orEmpty(tc.want.Input)), string(orEmpty(got.Input)))
			assert.Equal(t, want.Verdict, got.Verdict)
			assert.Equal(t, want.Reason, got.Reason)
		})
	}
}

func orEmpty(b json.RawMessage) json.RawMessage {
	if len(b) == 0 {
		return json.RawMessage("null")
	}
	return b
}

// The session is one, whichever package says it: a Claude Code hook in a
// chain given the call's session in harness's form (as harness.Answer
// gives it) is told that session, agent included; a Codex hook in a chain
// answered by claudecode.Answer is told the Claude Code input's session.
// Told the defaults instead, a hook that keys its state on the session
// would judge every conversation as one.
func TestEveryHookInAChainIsToldTheCallsSessionWhicheverCLIAnswers(t *testing.T) {
	dir := t.TempDir()
	e := hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", CallID: "c1", Input: json.RawMessage(`{"command":"ls"}`)}

	t.Run("a Claude Code hook told harness's session", func(t *testing.T) {
		record := claudecode.Command(process.Spec{Shell: `cat >"$CLAUDE_PROJECT_DIR/in.json"`, Timeout: 10 * time.Second},
			claudecode.SessionInfo{ID: "default", Cwd: "/", ProjectDir: dir})
		ctx := harness.WithSessionInfo(context.Background(), harness.SessionInfo{ID: "s9", Cwd: dir, TranscriptPath: "/t/s9.jsonl", AgentID: "a1", AgentType: "Explore"})

		_, err := record(ctx, e)

		require.NoError(t, err)
		var in map[string]any
		require.NoError(t, json.Unmarshal(readFile(t, filepath.Join(dir, "in.json")), &in))
		assert.Equal(t, "s9", in["session_id"])
		assert.Equal(t, dir, in["cwd"])
		assert.Equal(t, "/t/s9.jsonl", in["transcript_path"])
		assert.Equal(t, "a1", in["agent_id"])
		assert.Equal(t, "Explore", in["agent_type"])
	})

	t.Run("a Codex hook told Claude Code's session", func(t *testing.T) {
		record, err := harness.Command(codex.Profile(), process.Spec{Shell: `cat >"` + filepath.Join(dir, "codex.json") + `"`, Timeout: 10 * time.Second},
			harness.SessionInfo{ID: "default", Cwd: "/"})
		require.NoError(t, err)
		chain := hookchain.New(hookchain.Before("codex", hookchain.Any(), record))
		input := `{"session_id":"s7","transcript_path":"/t/s7.jsonl","cwd":"` + dir + `","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"c1"}`

		answer, err := claudecode.Answer(context.Background(), chain, []byte(input))

		require.NoError(t, err)
		assert.Empty(t, answer, "the hook said nothing: an allow")
		var in map[string]any
		require.NoError(t, json.Unmarshal(readFile(t, filepath.Join(dir, "codex.json")), &in))
		assert.Equal(t, "s7", in["session_id"])
		assert.Equal(t, dir, in["cwd"])
		assert.Equal(t, "/t/s7.jsonl", in["transcript_path"])
	})
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return b
}
