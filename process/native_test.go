//go:build unix

package process_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/process"
)

var (
	bashLs   = hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", CallID: "toolu_1", Input: json.RawMessage(`{"command":"ls"}`)}
	bashRmRf = hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", CallID: "toolu_2", Input: json.RawMessage(`{"command":"rm -rf /"}`)}
	readErr  = hookchain.Event{Hook: hookchain.AfterTool, Tool: "Read", CallID: "toolu_3", Input: json.RawMessage(`{"file_path":".env"}`),
		Output: hookchain.Text("token=sk-123 is invalid"), IsError: true}
)

// guard is how the chain rows register a native hook: one link named
// "guard", asked before or after the call.
func guard(at hookchain.Hook, spec process.Spec) *hookchain.Chain {
	if at == hookchain.AfterTool {
		return hookchain.New(hookchain.After("guard", hookchain.Any(), process.Native(spec)))
	}
	return hookchain.New(hookchain.Before("guard", hookchain.Any(), process.Native(spec)))
}

// failedClosed is the chain's outcome when the guard could not answer.
func failedClosed(fault string) hookchain.Outcome {
	return hookchain.Outcome{
		Verdict: hookchain.Denied,
		Reason:  "guard failed and denies on failure: " + fault, DecidedBy: "guard", Cause: hookchain.CauseFailure,
		Trail: []hookchain.Step{{Name: "guard", Verdict: hookchain.Denied, Fault: fault}},
	}
}

func TestANativeHookInAChainDecidesTheCall(t *testing.T) {
	rows := []struct {
		name   string
		script string
		event  hookchain.Event
		spec   func(s *process.Spec)
		want   func(cmd string) hookchain.Outcome
	}{{
		name: "AllowCarriesOnAndNamesNobody", script: "allow.sh", event: bashLs,
		want: func(string) hookchain.Outcome { return hookchain.Outcome{} },
	}, {
		name: "DenyStopsTheCallInTheHooksWords", script: "deny.sh", event: bashRmRf,
		want: func(string) hookchain.Outcome {
			return hookchain.Outcome{
				Verdict: hookchain.Denied,
				Reason:  "denied by guard: rm -rf is not allowed here", DecidedBy: "guard", Cause: hookchain.CauseLink,
				Trail: []hookchain.Step{{Name: "guard", Verdict: hookchain.Denied, Reason: "rm -rf is not allowed here"}},
			}
		},
	}, {
		name: "ModifyRewritesTheInput", script: "modify.sh", event: bashLs,
		want: func(string) hookchain.Outcome {
			return hookchain.Outcome{
				Verdict: hookchain.Modified,
				Reason:  "guard: pinned a timeout",
				Input:   json.RawMessage(`{"command":"ls","timeout":10}`),
				Trail:   []hookchain.Step{{Name: "guard", Verdict: hookchain.Modified, Reason: "pinned a timeout"}},
			}
		},
	}, {
		name: "ReplaceRewritesTheResultAndKeepsItAnError", script: "replace.sh", event: readErr,
		want: func(string) hookchain.Outcome {
			return hookchain.Outcome{
				Verdict: hookchain.Replaced,
				Reason:  "guard: redacted a token",
				Output:  json.RawMessage(`"token=[redacted]"`),
				IsError: true,
				Trail:   []hookchain.Step{{Name: "guard", Verdict: hookchain.Replaced, Reason: "redacted a token"}},
			}
		},
	}, {
		name: "AnExitStatusOfOneFailsClosedDespiteTheAllowOnStdout", script: "exit1.sh", event: bashLs,
		want: func(cmd string) hookchain.Outcome {
			return failedClosed(fmt.Sprintf(`hook %q: exited with status 1; stderr: "guard: cannot read policy.json"`, cmd))
		},
	}, {
		name: "SilenceIsNotConsent", script: "silent.sh", event: bashLs,
		want: func(cmd string) hookchain.Outcome {
			return failedClosed(fmt.Sprintf(`hook %q: gave no valid answer: stdout is empty: a native hook must print its verdict, and silence is not consent`, cmd))
		},
	}, {
		name: "GarbageOnStdoutFailsClosed", script: "garbage.sh", event: bashLs,
		want: func(cmd string) hookchain.Outcome {
			return failedClosed(fmt.Sprintf(`hook %q: gave no valid answer: stdout is not JSON (invalid character 'L' looking for beginning of value): "Looks good to me!"`, cmd))
		},
	}, {
		name: "TwoAnswersAreNoAnswer", script: "two_answers.sh", event: bashLs,
		want: func(cmd string) hookchain.Outcome {
			return failedClosed(fmt.Sprintf(`hook %q: gave no valid answer: stdout holds more than one JSON value: "{\"verdict\":\"allow\"}" is followed by "{\"verdict\":\"deny\"}"`, cmd))
		},
	}, {
		name: "TenMegabytesOnStdoutFailClosed", script: "flood_stdout.sh", event: bashLs,
		want: func(cmd string) hookchain.Outcome {
			return failedClosed(fmt.Sprintf(`hook %q: wrote more than 1048576 bytes on stdout; denied, as output past the cap is not read, and what the hook decided is not known`, cmd))
		},
	}, {
		name: "AHookThatSleepsForeverFailsClosedOnTime", script: "sleep.sh", event: bashLs,
		// Long enough for a loaded machine to have the script write its stderr.
		spec: func(s *process.Spec) { s.Timeout = 3 * time.Second },
		want: func(cmd string) hookchain.Outcome {
			return failedClosed(fmt.Sprintf(`hook %q: timed out after 3s; stderr: "waiting for a lock"`, cmd))
		},
	}, {
		name: "ANotExecutableHookFailsClosed", script: "notexec.sh", event: bashLs,
		want: func(cmd string) hookchain.Outcome {
			return failedClosed(fmt.Sprintf(`hook %q: could not start: fork/exec %s: permission denied (is it executable?)`, cmd, cmd))
		},
	}, {
		name: "AskWithoutAnApproverIsDeniedForWantOfApproval", script: "ask.sh", event: bashLs,
		want: func(string) hookchain.Outcome {
			return hookchain.Outcome{
				Verdict: hookchain.Denied,
				Reason:  "approval needed but not obtained: no approver is configured (asked by guard: pushes to a shared remote)", Cause: hookchain.CauseNoApproval,
				Trail: []hookchain.Step{
					{Name: "guard", Verdict: hookchain.Asked, Reason: "pushes to a shared remote"},
					{Name: "approver", Approver: true, Verdict: hookchain.Denied, Fault: "no approver is configured"},
				},
				Notes: []hookchain.Note{{Link: "guard", Text: "CI runs on every push"}},
			}
		},
	}, {
		name: "AnAskAfterTheCallIsTheChainsFailureAndItsContextIsVoid", script: "ask.sh", event: readErr,
		want: func(string) hookchain.Outcome {
			out := failedClosed("asked for approval of a call that has already run")
			out.Trail[0].Reason = "pushes to a shared remote"
			return out
		},
	}, {
		name: "ANoteBeforeTheCallIsTheOutcomesUnderTheLinksName", script: "note.sh", event: bashLs,
		want: func(string) hookchain.Outcome {
			return hookchain.Outcome{Notes: []hookchain.Note{{Link: "guard", Text: "this repository uses pnpm"}}}
		},
	}, {
		name: "ANoteAfterTheCall", script: "note.sh", event: readErr,
		want: func(string) hookchain.Outcome {
			return hookchain.Outcome{Notes: []hookchain.Note{{Link: "guard", Text: "the token in this result is revoked"}}}
		},
	}, {
		name: "AModifyAfterTheCallIsTheChainsFailure", script: "modify.sh", event: readErr,
		want: func(string) hookchain.Outcome {
			out := failedClosed("asked to rewrite the input of a call that has already run")
			out.Trail[0].Reason = "pinned a timeout" // its words stand beside the fault
			return out
		},
	}}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			t.Parallel()
			spec := process.Spec{Args: []string{script(t, row.script)}}
			if row.spec != nil {
				row.spec(&spec)
			}

			got := guard(row.event.Hook, spec).Run(context.Background(), row.event)

			assert.Equal(t, row.want(spec.String()), got)
		})
	}
}

func TestANativeAskIsPutToTheChainsApproverAboutTheFinalInput(t *testing.T) {
	var question hookchain.Question
	chain := hookchain.New(
		hookchain.Before("guard", hookchain.Any(), process.Native(process.Spec{Args: []string{script(t, "ask.sh")}})),
		hookchain.Before("pin", hookchain.Any(), process.Native(process.Spec{Args: []string{script(t, "modify.sh")}})),
	).WithApprover(hookchain.Approver{Name: "operator", Timeout: 5 * time.Second,
		Answer: func(_ context.Context, q hookchain.Question) (hookchain.Approval, error) {
			question = q
			return hookchain.Approval{Decision: hookchain.Approve, By: "alice", Reason: "release day"}, nil
		}})

	got := chain.Run(context.Background(), bashLs)

	assert.Equal(t, hookchain.Outcome{
		Verdict: hookchain.Modified,
		Reason:  "pin: pinned a timeout",
		Input:   json.RawMessage(`{"command":"ls","timeout":10}`),
		Trail: []hookchain.Step{
			{Name: "guard", Verdict: hookchain.Asked, Reason: "pushes to a shared remote"},
			{Name: "pin", Verdict: hookchain.Modified, Reason: "pinned a timeout"},
			{Name: "operator", Approver: true, Verdict: hookchain.Allowed, By: "alice", Reason: "release day"},
		},
		Notes:     []hookchain.Note{{Link: "guard", Text: "CI runs on every push"}},
		DecidedBy: "operator", Cause: hookchain.CauseApprover,
	}, got)
	assert.Equal(t, hookchain.Question{
		Tool: "Bash", CallID: "toolu_1", Input: json.RawMessage(`{"command":"ls","timeout":10}`),
		Asks:        []hookchain.Asking{{Link: "guard", Message: "pushes to a shared remote"}},
		RewrittenBy: []string{"pin"},
	}, question)
}

func TestAFailOpenNativeHookIsReportedAndTheCallGoesOn(t *testing.T) {
	spec := process.Spec{Args: []string{script(t, "silent.sh")}}
	chain := hookchain.New(hookchain.Before("audit", hookchain.Any(), process.Native(spec)).FailOpen())

	got := chain.Run(context.Background(), bashLs)

	fault := fmt.Sprintf(`hook %q: gave no valid answer: stdout is empty: a native hook must print its verdict, and silence is not consent`, spec.String())
	assert.Equal(t, hookchain.Outcome{Trail: []hookchain.Step{{Name: "audit", Verdict: hookchain.Allowed, Fault: fault}}}, got)
}

func TestTheHookReceivesTheRequestExactlyAsEncoded(t *testing.T) {
	native := process.Native(process.Spec{Args: []string{script(t, "echo_request.sh")}})
	big := strings.Repeat("x", 200<<10) // far more than a pipe holds
	rows := []struct {
		name  string
		event hookchain.Event
	}{
		{"BeforeTheCall", hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", CallID: "toolu_9",
			Input: json.RawMessage(`{"command":"echo '<b>' && ls | wc -l","note":"` + big + `"}`)}},
		{"BeforeTheCallWithNoInput", hookchain.Event{Hook: hookchain.BeforeTool, Tool: "mcp__github__list_issues"}},
		{"AfterTheCall", hookchain.Event{Hook: hookchain.AfterTool, Tool: "Read", CallID: "toolu_10",
			Input: json.RawMessage(`{"file_path":"a.txt"}`), Output: hookchain.Text("line 1\nline \"2\""), IsError: true}},
		{"AfterACallThatReturnedNothing", hookchain.Event{Hook: hookchain.AfterTool, Tool: "Write", Input: json.RawMessage(`{}`)}},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			want, err := process.EncodeRequest(row.event)
			require.NoError(t, err)

			out, err := native(context.Background(), row.event)

			require.NoError(t, err)
			var got json.RawMessage
			if row.event.Hook == hookchain.BeforeTool {
				require.Equal(t, hookchain.Modified, out.Verdict)
				var in struct{ Request json.RawMessage }
				require.NoError(t, json.Unmarshal(out.Input, &in))
				got = in.Request
			} else {
				require.Equal(t, hookchain.Replaced, out.Verdict)
				got = out.Output
			}
			assert.Equal(t, strings.TrimSuffix(string(want), "\n"), string(got))
		})
	}
}

func TestALaterHookSeesTheRewrittenInputAndCanStillDenyIt(t *testing.T) {
	pin := process.Native(process.Spec{Args: []string{script(t, "modify.sh")}})
	echo := process.Native(process.Spec{Args: []string{script(t, "echo_request.sh")}})
	deny := process.Native(process.Spec{Args: []string{script(t, "deny.sh")}})

	t.Run("TheSecondHookIsSentTheFirstHooksInput", func(t *testing.T) {
		got := hookchain.New(
			hookchain.Before("pin", hookchain.Any(), pin),
			hookchain.Before("echo", hookchain.Any(), echo),
		).Run(context.Background(), bashLs)

		require.Equal(t, hookchain.Modified, got.Verdict)
		var in struct{ Request process.Request }
		require.NoError(t, json.Unmarshal(got.Input, &in))
		assert.JSONEq(t, `{"command":"ls","timeout":10}`, string(in.Request.Input))
		assert.Equal(t, "pin: pinned a timeout; echo", got.Reason)
	})
	t.Run("ADenyAfterARewriteStopsTheCall", func(t *testing.T) {
		got := hookchain.New(
			hookchain.Before("pin", hookchain.Any(), pin),
			hookchain.Before("guard", hookchain.Tool("Bash"), deny),
		).Run(context.Background(), bashLs)

		assert.Equal(t, hookchain.Outcome{
			Verdict: hookchain.Denied,
			Reason:  "denied by guard: rm -rf is not allowed here", DecidedBy: "guard", Cause: hookchain.CauseLink,
			Trail: []hookchain.Step{
				{Name: "pin", Verdict: hookchain.Modified, Reason: "pinned a timeout"},
				{Name: "guard", Verdict: hookchain.Denied, Reason: "rm -rf is not allowed here"},
			},
		}, got)
	})
}

func TestAPolicyScriptDecidesByTheRequest(t *testing.T) {
	chain := guard(hookchain.BeforeTool, process.Spec{Args: []string{script(t, "policy.sh")}})

	assert.Equal(t, hookchain.Outcome{}, chain.Run(context.Background(), bashLs))
	assert.Equal(t, "denied by guard: recursive delete", chain.Run(context.Background(), bashRmRf).Reason)
}

func TestALinkTimeoutShorterThanTheSpecsKillsTheHookToo(t *testing.T) {
	skipInShort(t)
	pids, pidEnv := pidFile(t)
	spec := process.Spec{Args: []string{script(t, "sleep.sh")}, Env: []string{pidEnv}}
	// Long enough for a loaded machine to have the script write its pid,
	// which the test reads; far below the Spec's default minute.
	chain := hookchain.New(hookchain.Before("guard", hookchain.Any(), process.Native(spec)).Timeout(3 * time.Second))
	start := time.Now()

	got := chain.Run(context.Background(), bashLs)

	assert.Less(t, time.Since(start), 30*time.Second)
	assert.Equal(t, failedClosed("timed out after 3s"), got)
	requireGroupGone(t, readPid(t, pids))
}

func TestNativePanicsOnASpecThatCannotRun(t *testing.T) {
	assert.PanicsWithValue(t, `process: Native(""): neither Args nor Shell is set`, func() { process.Native(process.Spec{}) })
}

func TestANativeAnswerCutAtItsCapUnderTruncateIsNoAnswer(t *testing.T) {
	// The first 19 bytes are an allow of their own; the whole of stdout is
	// two answers, which is none.
	spec := process.Spec{Shell: `cat >/dev/null; printf '{"verdict":"allow"}{"verdict":"deny"}'`, MaxStdout: 19, Truncate: true}

	got := guard(hookchain.BeforeTool, spec).Run(context.Background(), bashRmRf)

	assert.Equal(t, failedClosed(fmt.Sprintf("hook %q: wrote more than 19 bytes on stdout; denied, as output past the cap is not read, and what the hook decided is not known", spec.String())), got)
}

func TestANativeHooksAnswerOverTheCapIsDeniedEvenByAGuardThatFailsOpen(t *testing.T) {
	for _, truncate := range []bool{false, true} {
		t.Run(fmt.Sprintf("Truncate=%v", truncate), func(t *testing.T) {
			spec := process.Spec{Args: []string{script(t, "flood_stdout.sh")}, Truncate: truncate}
			chain := hookchain.New(hookchain.Before("guard", hookchain.Any(), process.Native(spec)).FailOpen())

			got := chain.Run(context.Background(), bashLs)

			assert.Equal(t, failedClosed(fmt.Sprintf(`hook %q: wrote more than 1048576 bytes on stdout; denied, as output past the cap is not read, and what the hook decided is not known`, spec.String())), got)
		})
	}
}
