package windsurf_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/harness/internal/profiletest"
	"github.com/hookchain/hookchain/harness/windsurf"
	"github.com/hookchain/hookchain/process"
)

// windsurfInput is the hook input Windsurf writes for e.
func windsurfInput(t testing.TB, e hookchain.Event) string {
	in, err := windsurf.InputFor(e, harness.SessionInfo{ID: "traj-1", Cwd: t.TempDir()}, time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC))
	require.NoError(t, err)
	b, err := json.Marshal(in)
	require.NoError(t, err)
	return string(b)
}

func windsurfChain(h hookchain.Hook, program, script string) func(*testing.T) *hookchain.Chain {
	return func(t *testing.T) *hookchain.Chain {
		l, err := windsurf.Link("hook", h, hookchain.Any(), profiletest.Hook(t, program, script), harness.SessionInfo{})
		require.NoError(t, err)
		return hookchain.New(l)
	}
}

func blocked(reason string) harness.Reply {
	return harness.Reply{Stderr: []byte(reason + "\n"), Exit: 2}
}

// Every row of the answer table, as the one hook of Windsurf: the exact
// stdout, stderr and exit status, and what Windsurf makes of them
// (Decide).
func TestAChainAnswersWindsurfInTheFormWindsurfReads(t *testing.T) {
	pre, post := hookchain.BeforeTool, hookchain.AfterTool
	sleepy := hookchain.Before("slow", hookchain.Any(), func(ctx context.Context, _ hookchain.Event) (hookchain.Outcome, error) {
		<-ctx.Done()
		return hookchain.Outcome{}, ctx.Err()
	}).Timeout(50 * time.Millisecond)
	chain := func(links ...hookchain.Link) func(*testing.T) *hookchain.Chain {
		return func(*testing.T) *hookchain.Chain { return hookchain.New(links...) }
	}
	deny := func(reason string) hookchain.Outcome { return hookchain.Deny(reason) }
	tests := []struct {
		name     string
		chain    func(t *testing.T) *hookchain.Chain
		event    hookchain.Event
		reply    harness.Reply
		windsurf hookchain.Outcome // Windsurf's reading of the reply
	}{
		{"an allow is exit 0 with nothing", windsurfChain(pre, "bash", "allow.sh"), command("ls"), harness.Reply{}, hookchain.Allow()},
		{"a denial is exit 2 with the chain's reason on stderr", windsurfChain(pre, "python3", "block-rm.py"), command("rm -rf /"),
			blocked("denied by hook: recursive delete is not allowed here"), deny("denied by hook: recursive delete is not allowed here")},
		{"a denial of a write is the same", windsurfChain(pre, "node", "protect.js"), write("/w/.env"),
			blocked("denied by hook: writes to .env files are not allowed"), deny("denied by hook: writes to .env files are not allowed")},
		{"an ask, which Windsurf cannot put to its user, is a denial",
			func(*testing.T) *hookchain.Chain {
				return hookchain.New(profiletest.GoLink("push-guard", pre, hookchain.Ask("pushes to a shared branch"))).WithApprover(profiletest.DeferToUser())
			}, command("git push"),
			blocked("windsurf cannot ask its user, so the call is denied: approval pending (asked by push-guard: pushes to a shared branch)"),
			deny("windsurf cannot ask its user, so the call is denied: approval pending (asked by push-guard: pushes to a shared branch)")},
		{"a rewrite, which Windsurf cannot run, is a denial with the rewritten input",
			chain(profiletest.GoLink("dry-run", pre, hookchain.Modify(json.RawMessage(`{"command_line":"terraform plan"}`), ""))), command("terraform apply"),
			blocked(`windsurf cannot run a rewritten input, so the call is denied; the chain would run it with {"command_line":"terraform plan"}`),
			deny(`windsurf cannot run a rewritten input, so the call is denied; the chain would run it with {"command_line":"terraform plan"}`)},
		{"a note before the action is not said: Windsurf reads no context",
			chain(profiletest.GoLink("hint", pre, hookchain.Allow().WithNote("use pnpm"))), command("npm i"), harness.Reply{}, hookchain.Allow()},
		{"a note after the action is not said either", chain(profiletest.GoLink("hint", post, hookchain.Allow().WithNote("use pnpm"))), mcpResult("ok"),
			harness.Reply{}, hookchain.Allow()},
		{"a replacement after the action, which Windsurf cannot make, is exit 2: the hook's error",
			chain(profiletest.GoLink("redact", post, hookchain.Replace(hookchain.Text("[redacted]"), false, "a key"))), mcpResult("AKIA"),
			blocked("windsurf cannot replace a tool's output, so it is withheld: redact: a key"), hookchain.Outcome{}},
		{"a denial after the action is exit 2 with the reason", chain(profiletest.GoLink("leak", post, hookchain.Deny("it holds an AWS key"))), commandDone("env"),
			blocked("denied by leak: it holds an AWS key"), hookchain.Outcome{}},
		{"a Windsurf hook that crashes lets the call go on, as in Windsurf", windsurfChain(pre, "python3", "crash.py"), command("ls"), harness.Reply{}, hookchain.Allow()},
		{"a link that fails closed denies, and Windsurf is told why",
			chain(hookchain.Before("policy", hookchain.Any(), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
				return hookchain.Outcome{}, errors.New("the policy server is unreachable")
			})), command("ls"),
			blocked("policy failed and denies on failure: the policy server is unreachable"), deny("policy failed and denies on failure: the policy server is unreachable")},
		{"a link that panics denies", chain(hookchain.Before("boom", hookchain.Any(), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
			panic("nil map")
		})), command("ls"), blocked("boom failed and denies on failure: panic: nil map"), deny("boom failed and denies on failure: panic: nil map")},
		{"a link that outruns its time denies", chain(sleepy), command("ls"),
			blocked("slow failed and denies on failure: timed out after 50ms"), deny("slow failed and denies on failure: timed out after 50ms")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := profiletest.Served(windsurf.Profile(), tt.chain(t), windsurfInput(t, tt.event))
			assert.Equal(t, string(tt.reply.Stderr), string(got.Stderr))
			assert.Equal(t, tt.reply, got)
			read, err := windsurf.Decide(tt.event, process.Result{ExitCode: got.Exit, Stdout: got.Stdout, Stderr: got.Stderr})
			if tt.event.Hook == hookchain.AfterTool && got.Exit == 2 {
				// Windsurf cannot block after the action: exit 2 there is
				// the hook's error.
				var status *harness.StatusError
				require.ErrorAs(t, err, &status)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.windsurf, read)
		})
	}
}

// A chain run cancelled before it decides blocks the call.
func TestACancelledRunBlocksTheCall(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	c := hookchain.New(hookchain.Before("guard", hookchain.Any(), func(ctx context.Context, _ hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Outcome{}, ctx.Err()
	}))
	r := windsurf.Answer(ctx, c, []byte(windsurfInput(t, command("ls"))))
	assert.Equal(t, 2, r.Exit)
	assert.Empty(t, r.Stdout)
	assert.NotEmpty(t, r.Stderr)
}

// An input past harness.MaxInput is refused unread: a block.
func TestAnInputTooLargeIsBlocked(t *testing.T) {
	allowAll := hookchain.New(profiletest.GoLink("allow", hookchain.BeforeTool, hookchain.Allow()))
	var stdout, stderr strings.Builder
	big := strings.NewReader(strings.Repeat(" ", harness.MaxInput+1))
	code := windsurf.Serve(context.Background(), allowAll, big, &stdout, &stderr)
	assert.Equal(t, 2, code)
	assert.Empty(t, stdout.String())
	assert.Equal(t, "hookchain: the hook input is larger than 268435456 bytes\n", stderr.String())
}

// What hookchain will not judge blocks: exit status 2 and the reason on
// stderr, which Windsurf reads as a block before the action.
func TestAnInputHookchainWillNotJudgeIsBlocked(t *testing.T) {
	allowAll := hookchain.New(profiletest.GoLink("allow", hookchain.BeforeTool, hookchain.Allow()),
		profiletest.GoLink("allow after", hookchain.AfterTool, hookchain.Allow()))
	refused := func(reason string) harness.Reply { return blocked("hookchain: " + reason) }
	tests := []struct {
		name  string
		input string
		want  harness.Reply
	}{
		{"not JSON", `pre_run_command`, refused("the hook input is not valid JSON")},
		{"a key given twice inside tool_info", `{"agent_action_name":"pre_run_command","tool_info":{"command_line":"ls","command_line":"rm -rf /"}}`,
			refused(`the hook input is ambiguous: an object in it has the key "command_line" twice`)},
		{"a key alike but for case to Windsurf's", `{"agent_action_name":"pre_read_code","Tool_Info":{"file_path":"/etc/shadow"},"tool_info":{"file_path":"a"}}`,
			refused(`the hook input has the key "Tool_Info", which Go's encoding/json reads as "tool_info"`)},
		{"a tool_info key alike but for case", `{"agent_action_name":"pre_run_command","tool_info":{"Command_Line":"rm -rf /","command_line":"ls"}}`,
			refused(`the hook input has the key "Command_Line", which Go's encoding/json reads as "command_line"`)},
		{"not an object", `[]`, refused("the hook input is not a Windsurf hook input: not a JSON object")},
		{"no event", `{"tool_info":{"command_line":"ls"}}`, refused("the hook input is not valid: it has no agent_action_name")},
		{"an event Windsurf does not have", `{"agent_action_name":"PreToolUse","tool_info":{}}`,
			refused(`the hook input names the event "PreToolUse", which Windsurf does not have`)},
		{"no tool_info", `{"agent_action_name":"pre_run_command"}`, refused("the pre_run_command hook input is not valid: its tool_info is not an object")},
		{"a command without its command_line", `{"agent_action_name":"pre_run_command","tool_info":{"cwd":"/"}}`,
			refused("the pre_run_command hook input is not valid: it has no command_line")},
		{"a command_line that is not a string", `{"agent_action_name":"pre_run_command","tool_info":{"command_line":["rm","-rf","/"]}}`,
			refused("the pre_run_command hook input is not valid: its command_line is not a string")},
		{"a read without its file", `{"agent_action_name":"pre_read_code","tool_info":{}}`, refused("the pre_read_code hook input is not valid: it has no file_path")},
		{"a write whose edits are not a list", `{"agent_action_name":"pre_write_code","tool_info":{"file_path":"a","edits":"x"}}`,
			refused("the pre_write_code hook input is not valid: its edits are not a list")},
		{"an MCP call without its tool", `{"agent_action_name":"pre_mcp_tool_use","tool_info":{"mcp_server_name":"github"}}`,
			refused("the pre_mcp_tool_use hook input is not valid: it has no mcp_tool_name")},
		{"an MCP call whose names do not make one tool name", `{"agent_action_name":"pre_mcp_tool_use","tool_info":{"mcp_server_name":"git__hub","mcp_tool_name":"push","mcp_tool_arguments":{}}}`,
			refused(`the pre_mcp_tool_use hook input is not valid: its MCP server "git__hub" and tool "push" do not make one tool name`)},
		{"MCP arguments that are not an object", `{"agent_action_name":"pre_mcp_tool_use","tool_info":{"mcp_server_name":"github","mcp_tool_name":"push","mcp_tool_arguments":"x"}}`,
			refused("the pre_mcp_tool_use hook input is not valid: its mcp_tool_arguments are not an object")},
		{"no mcp_result after an MCP call", `{"agent_action_name":"post_mcp_tool_use","tool_info":{"mcp_server_name":"github","mcp_tool_name":"push"}}`,
			refused("the post_mcp_tool_use hook input is not valid: it has no mcp_result")},
		{"a trajectory_id that is not a string", `{"agent_action_name":"pre_read_code","trajectory_id":7,"tool_info":{"file_path":"a"}}`,
			refused("the pre_read_code hook input is not valid: its trajectory_id is not a string")},
		{"an event that is not a tool call", `{"agent_action_name":"pre_user_prompt","tool_info":{"user_prompt":"hi"}}`,
			refused("pre_user_prompt is not a tool call; this hook program judges tool calls only")},
		{"a read is judged", `{"agent_action_name":"pre_read_code","trajectory_id":"t","execution_id":"e","timestamp":"2026-12-02T10:00:00.000Z","model_name":"m","tool_info":{"file_path":"a"}}`, harness.Reply{}},
		{"after a command it is judged without a result", `{"agent_action_name":"post_run_command","tool_info":{"command_line":"ls","cwd":"/"}}`, harness.Reply{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, profiletest.Served(windsurf.Profile(), allowAll, tt.input))
		})
	}
}

// Windsurf blocks on a refusal before the action by its status: through a
// link that reproduces Windsurf, the refusal is a denial with its reason.
func TestARefusalIsADenialToWindsurfBeforeTheAction(t *testing.T) {
	r := windsurf.Refusal("the hook input is larger than 268435456 bytes")
	o, err := windsurf.Decide(command("ls"), process.Result{ExitCode: r.Exit, Stdout: r.Stdout, Stderr: r.Stderr})
	require.NoError(t, err)
	assert.Equal(t, hookchain.Deny("hookchain: the hook input is larger than 268435456 bytes"), o)
	assert.Equal(t, r, windsurf.Halt("the hook input is larger than 268435456 bytes"))
}

// Outcomes a chain never gives Windsurf, answered as blocks all the same.
func TestAnOutcomeWindsurfCannotBeToldIsABlock(t *testing.T) {
	for _, o := range []hookchain.Outcome{hookchain.Modify(json.RawMessage(`{}`), "r"), hookchain.Ask("r"), hookchain.Replace(hookchain.Text("x"), false, "r"), hookchain.Deny(" ")} {
		r := windsurf.OutputFor(command("ls"), o)
		assert.Equal(t, 2, r.Exit, o.Verdict.String())
		assert.Empty(t, r.Stdout)
		got, err := windsurf.Decide(command("ls"), process.Result{ExitCode: r.Exit, Stderr: r.Stderr})
		require.NoError(t, err)
		assert.Equal(t, hookchain.Denied, got.Verdict)
	}
	assert.Equal(t, "hookchain: the chain answered Modified, which Windsurf cannot be told: r\n",
		string(windsurf.OutputFor(command("ls"), hookchain.Modify(json.RawMessage(`{}`), "r")).Stderr))
	assert.Equal(t, "denied by hookchain, whose chain gave no reason\n", string(windsurf.OutputFor(command("ls"), hookchain.Deny(" ")).Stderr))
}

// Serve is the profile's one hook on the given streams.
func TestServeAnswersOnItsStreams(t *testing.T) {
	var stdout, stderr strings.Builder
	c := hookchain.New(profiletest.GoLink("guard", hookchain.BeforeTool, hookchain.Deny("no")))
	code := windsurf.Serve(context.Background(), c, strings.NewReader(windsurfInput(t, command("ls"))), &stdout, &stderr)
	assert.Equal(t, 2, code)
	assert.Empty(t, stdout.String())
	assert.Equal(t, "denied by guard: no\n", stderr.String())
}
