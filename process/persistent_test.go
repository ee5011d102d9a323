//go:build unix

package process_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/internal/testfiles"
	"github.com/hookchain/hookchain/process"
)

// call is a BeforeTool event for tool, with a command as its input.
func call(tool, command string) hookchain.Event {
	in, _ := json.Marshal(map[string]string{"command": command})
	return hookchain.Event{Hook: hookchain.BeforeTool, Tool: tool, Input: in}
}

// noLeaks fails the test, once everything it registered afterwards has been
// cleaned up, if a goroutine it started is still running.
func noLeaks(t *testing.T) {
	t.Helper()
	ignore := goleak.IgnoreCurrent()
	t.Cleanup(func() {
		// goleak's own retries give up after about a second, which a
		// loaded machine can take to let a finished goroutine exit.
		err := goleak.Find(ignore)
		for end := time.Now().Add(10 * time.Second); err != nil && time.Now().Before(end); err = goleak.Find(ignore) {
			time.Sleep(20 * time.Millisecond)
		}
		assert.NoError(t, err)
	})
}

// restartingIn is format with the wait err names for the next start in
// place of its %s, once that wait is seen to be a backoff of limit less the
// moments since it began, whatever a loaded machine made of those: exact
// but for that figure.
func restartingIn(t *testing.T, err error, limit time.Duration, format string) string {
	t.Helper()
	require.Error(t, err)
	m := regexp.MustCompile(`starts again in (\S+), later`).FindStringSubmatch(err.Error())
	require.NotNil(t, m, "no wait in %q", err)
	wait, perr := time.ParseDuration(m[1])
	require.NoError(t, perr)
	assert.LessOrEqual(t, wait, limit, "the wait is the backoff's")
	assert.Greater(t, wait, limit-20*time.Second, "the wait is the backoff's, less the moment since it began")
	return fmt.Sprintf(format, m[1])
}

// persistent starts nothing: it returns the persistent hook testdata/
// persistent.sh runs in mode, with a pid file, closed when the test ends;
// edit adjusts its spec. Its Timeout is a safety net, long enough for a
// loaded machine to restart a process within one call's time: a test of a
// timeout sets its own.
func persistent(t *testing.T, mode string, edit func(*process.PersistentSpec)) (p *process.Persistent, pidPath string) {
	t.Helper()
	pidPath, env := pidFile(t)
	s := process.PersistentSpec{Spec: process.Spec{Args: []string{script(t, "persistent.sh"), mode}, Env: []string{env}, Timeout: 30 * time.Second}}
	if edit != nil {
		edit(&s)
	}
	p, err := process.NewPersistent(s)
	require.NoError(t, err)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = p.Close(ctx)
	})
	return p, pidPath
}

// kindOf is the Kind of err, which must be a *process.Error.
func kindOf(t *testing.T, err error) process.Kind {
	t.Helper()
	perr, ok := errors.AsType[*process.Error](err)
	require.True(t, ok, "want a *process.Error, got %T: %v", err, err)
	return perr.Kind
}

func TestAPersistentHookAnswersManyCallsFromOneProcess(t *testing.T) {
	noLeaks(t)
	p, pidPath := persistent(t, "policy", nil)

	for range 3 {
		out, err := p.Intercept(context.Background(), bashLs)
		require.NoError(t, err)
		assert.Equal(t, hookchain.Allow(), out)
		out, err = p.Intercept(context.Background(), bashRmRf)
		require.NoError(t, err)
		assert.Equal(t, hookchain.Deny("recursive delete"), out)
	}
	pid := readPid(t, pidPath)
	st := p.Stats()
	assert.Equal(t, process.PersistentStats{Starts: 1, Running: true, Answered: 6}, st)

	require.NoError(t, p.Close(context.Background()))
	requireGroupGone(t, pid)
}

func TestAPersistentHookInAChainIsALinkLikeAnyOther(t *testing.T) {
	noLeaks(t)
	p, _ := persistent(t, "policy", nil)
	chain := hookchain.New(hookchain.Before("policy", hookchain.Tool("Bash"), p.Intercept))

	out := chain.Run(context.Background(), bashRmRf)

	assert.Equal(t, hookchain.Denied, out.Verdict)
	assert.Equal(t, "denied by policy: recursive delete", out.Reason)
}

func TestAPersistentHookStartsLazilyOrWhenToldTo(t *testing.T) {
	noLeaks(t)
	lazy, lazyPid := persistent(t, "allow", nil)
	eager, eagerPid := persistent(t, "allow", nil)

	require.NoError(t, eager.Start(context.Background()))

	assert.Equal(t, process.PersistentStats{Starts: 1, Running: true}, eager.Stats())
	readPid(t, eagerPid)
	assert.Equal(t, process.PersistentStats{}, lazy.Stats(), "nothing runs before the first call")
	assert.NoFileExists(t, lazyPid)
	_, err := lazy.Intercept(context.Background(), bashLs)
	require.NoError(t, err)
	assert.Equal(t, int64(1), lazy.Stats().Starts)
}

func TestAPersistentHookThatCannotStartFailsTheCallNamingWhy(t *testing.T) {
	skipInShort(t)
	// Only the silent hook's StartTimeout is short enough to run out, and
	// even that one leaves a loaded machine the time to run the script as
	// far as its pid, which the test reads.
	tests := []struct {
		mode, want   string
		startTimeout time.Duration
	}{
		{"nohello", `could not start: its first line is not a hello (want {"protocol":"hookchain-persistent","version":1}): "{\"verdict\":\"allow\"}"`, time.Minute},
		{"version2", "could not start: it speaks persistent protocol version 2, and this hookchain speaks version 1", time.Minute},
		{"silent", "could not start: it wrote no hello line within 3s", 3 * time.Second},
		{"exit", `could not start: it exited with status 1 before its hello line; stderr: "no config file"`, time.Minute},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			noLeaks(t)
			p, pidPath := persistent(t, tt.mode, func(s *process.PersistentSpec) { s.StartTimeout = tt.startTimeout })

			_, err := p.Intercept(context.Background(), bashLs)

			require.Error(t, err)
			assert.Equal(t, process.StartFailed, kindOf(t, err))
			assert.Equal(t, fmt.Sprintf("hook %q: %s", p.String(), tt.want), err.Error())
			requireGroupGone(t, readPid(t, pidPath))
		})
	}
}

func TestAPersistentHookThatHangsTimesTheCallOutAndIsRestarted(t *testing.T) {
	skipInShort(t)
	noLeaks(t)
	// The next call is asked at once, well inside the backoff, so that it
	// waits for the restart however loaded the machine is; the timeout
	// leaves such a machine the time to start each process.
	p, pidPath := persistent(t, "hang", func(s *process.PersistentSpec) {
		s.Timeout, s.MinBackoff = 3*time.Second, 250*time.Millisecond
	})

	_, err := p.Intercept(context.Background(), bashLs)

	require.Error(t, err)
	assert.Equal(t, process.TimedOut, kindOf(t, err))
	assert.Equal(t, fmt.Sprintf("hook %q: timed out after 3s (call 1)", p.String()), err.Error())
	first := readPid(t, pidPath)

	// The next call times out on the new process, or, on a machine slow
	// enough, before the new process has said hello and been sent it: either
	// way the backoff took from its time, and no policy forgives that.
	_, err = p.Intercept(context.Background(), bashLs)
	require.Error(t, err)
	assert.True(t, hookchain.IsNotOwn(err), "not marked NotOwn: %v", err)
	assert.Regexp(t, "^"+regexp.QuoteMeta(fmt.Sprintf("hook %q: timed out after 3s", p.String()))+
		`( \(call 1\))?`+regexp.QuoteMeta("; denied, as it spent part of its time waiting on other calls or on a restart, and ran out of it")+"$",
		err.Error(), "the next call is asked of a new process, after a backoff that took from its time")
	requireGroupGone(t, first)
	assert.NotEqual(t, first, readPid(t, pidPath))
	assert.Equal(t, int64(2), p.Stats().Starts)
}

func TestTheCallsWaitingOnAHungHookAreAskedAgainOfTheNextProcessAndDeniedWhenItHangsToo(t *testing.T) {
	skipInShort(t)
	noLeaks(t)
	// The second call is asked halfway through the first's time, once the
	// first is in flight: 4s before the first times out, and 4s before it
	// would itself time out after the hook is stopped, margins a loaded
	// machine does not eat. The first call's timeout is the point, so a
	// wait stands here, not a cue.
	p, _ := persistent(t, "hang", func(s *process.PersistentSpec) { s.Timeout = 8 * time.Second })
	require.NoError(t, p.Start(context.Background()))
	type result struct {
		out hookchain.Outcome
		err error
	}
	firstErr := make(chan error, 1)
	go func() {
		_, err := p.Intercept(context.Background(), bashLs)
		firstErr <- err
	}()
	require.Eventually(t, func() bool { return p.Stats().InFlight == 1 }, 10*time.Second, 5*time.Millisecond)
	time.Sleep(4 * time.Second)
	second := make(chan result, 1)
	go func() {
		out, err := p.Intercept(context.Background(), bashLs)
		second <- result{out, err}
	}()

	err := <-firstErr

	// Neither is a failure that a fail-open link would allow: the hook held
	// both, and either could have hung it.
	requireNotOwn(t, err, fmt.Sprintf("hook %q: timed out after 8s (call 1); "+
		"denied, as its process served other calls too and the failure may be theirs", p.String()))
	r := <-second
	requireNotOwn(t, r.err, fmt.Sprintf("hook %q: timed out after 8s (call 1); "+
		"denied, as it spent part of its time waiting on other calls or on a restart, and ran out of it", p.String()),
		"the second call was asked again, of a process that hung as well")
	assert.Equal(t, int64(2), p.Stats().Starts)
}

func TestAPersistentHookThatDiesMidCallFailsTheCallWithItsStatusAndStderr(t *testing.T) {
	noLeaks(t)
	p, pidPath := persistent(t, "die", nil)

	_, err := p.Intercept(context.Background(), bashLs)

	require.Error(t, err)
	assert.Equal(t, process.Exited, kindOf(t, err))
	assert.Equal(t, fmt.Sprintf(`hook %q: exited with status 3 before it answered (call 1); stderr: "giving up on call 1"`, p.String()), err.Error())
	requireGroupGone(t, readPid(t, pidPath))

	_, err = p.Intercept(context.Background(), bashLs)
	assert.Equal(t, process.Exited, kindOf(t, err), "it is started again for the next call")
	assert.Equal(t, int64(2), p.Stats().Starts)
}

func TestAPersistentHookMayAnswerCallsOutOfOrder(t *testing.T) {
	noLeaks(t)
	p, _ := persistent(t, "reverse", nil)
	tools := []string{"Bash", "Edit", "Read", "Write"}

	got := make([]hookchain.Outcome, len(tools))
	errs := make([]error, len(tools))
	var wg sync.WaitGroup
	for i, tool := range tools {
		wg.Go(func() { got[i], errs[i] = p.Intercept(context.Background(), call(tool, "x")) })
	}
	wg.Wait()

	for i, tool := range tools {
		require.NoError(t, errs[i])
		want := hookchain.Allow()
		want.Reason = tool
		assert.Equal(t, want, got[i], "each call gets the answer with its own id")
	}
}

func TestAPersistentHookThatBreaksTheProtocolFailsItsCallsAndIsRestarted(t *testing.T) {
	tests := []struct {
		name, mode string
		calls      int
		kind       process.Kind
		want       string
	}{
		{"an answer for an id no call has had", "unknown", 1, process.ProtocolError,
			"broke the persistent protocol: it answered call 999, which it was never sent (call 1)"},
		{"a line that is not JSON", "notjson", 1, process.ProtocolError,
			`broke the persistent protocol: a line it wrote is not JSON (invalid character 'a' looking for beginning of value): "allow, I suppose" (call 1)`},
		{"a line over the cap", "flood", 1, process.LineTooLong,
			"wrote a line of more than 65536 bytes on stdout (call 1); denied, as output past the cap is not read, and what the hook decided is not known"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			noLeaks(t)
			p, pidPath := persistent(t, tt.mode, func(s *process.PersistentSpec) { s.MaxStdout = 64 << 10 })

			errs := make([]error, tt.calls)
			var wg sync.WaitGroup
			for i := range tt.calls {
				// One after the other, each sent before the next is asked,
				// so that the ids are known.
				require.Eventually(t, func() bool { return p.Stats().InFlight == i }, 10*time.Second, 5*time.Millisecond)
				wg.Go(func() { _, errs[i] = p.Intercept(context.Background(), bashLs) })
			}
			wg.Wait()

			last := errs[tt.calls-1]
			require.Error(t, last)
			assert.Equal(t, tt.kind, kindOf(t, last))
			assert.Equal(t, fmt.Sprintf("hook %q: %s", p.String(), tt.want), last.Error())
			requireGroupGone(t, readPid(t, pidPath))
		})
	}
}

func TestACallsIDAnsweredTwiceBreaksTheProtocolAndTheCallsInFlightAreAskedAgain(t *testing.T) {
	noLeaks(t)
	var logs testfiles.Buffer
	p, pidPath := persistent(t, "twice", func(s *process.PersistentSpec) { s.Logger = slog.New(slog.NewTextHandler(&logs, nil)) })
	first := make(chan hookchain.Outcome, 1)
	go func() {
		out, err := p.Intercept(context.Background(), bashLs)
		assert.NoError(t, err)
		first <- out
	}()
	require.Eventually(t, func() bool { return p.Stats().InFlight == 1 }, 10*time.Second, 5*time.Millisecond)
	pid := readPid(t, pidPath)

	out, err := p.Intercept(context.Background(), call("Edit", "x"))

	require.NoError(t, err)
	want := hookchain.Allow()
	want.Reason = "Edit"
	assert.Equal(t, want, out, "the second call is answered by the next process")
	want.Reason = "Bash"
	assert.Equal(t, want, <-first, "the first answer was the first call's")
	requireGroupGone(t, pid)
	assert.Contains(t, logs.String(), `why="hook \"`+p.String()+`\": broke the persistent protocol: it answered call 1 twice"`)
}

func TestALateAnswerIsDiscardedAndCountedAndTheNextCallIsAnsweredRight(t *testing.T) {
	skipInShort(t)
	noLeaks(t)
	p, pidPath := persistent(t, "late", func(s *process.PersistentSpec) { s.Timeout = 3 * time.Second })

	slow := make(chan error, 1)
	go func() {
		_, err := p.Intercept(context.Background(), call("Slow", "x"))
		slow <- err
	}()
	// Slow is sent first, so that the hook answers a call while Slow waits.
	require.Eventually(t, func() bool { return p.Stats().InFlight == 1 }, 10*time.Second, 5*time.Millisecond)
	out, err := p.Intercept(context.Background(), call("Bash", "ls"))
	require.NoError(t, err)
	assert.Equal(t, "Bash", out.Reason)

	requireNotOwn(t, <-slow, fmt.Sprintf("hook %q: timed out after 3s (call 1); "+
		"denied, as its process served other calls too and the failure may be theirs", p.String()))
	require.NoError(t, os.WriteFile(pidPath+".late", nil, 0o600)) // the answer to Slow, late
	require.Eventually(t, func() bool { return p.Stats().LateAnswers == 1 }, 10*time.Second, 10*time.Millisecond)

	out, err = p.Intercept(context.Background(), call("Edit", "x"))
	require.NoError(t, err)
	assert.Equal(t, "Edit", out.Reason, "the late deny went to no one")
	assert.Equal(t, int64(1), p.Stats().Starts, "a hook that answers other calls is not restarted")
}

func TestAHookThatFloodsStderrIsStillHeardAndOnlyTheEndIsKept(t *testing.T) {
	noLeaks(t)
	p, _ := persistent(t, "stderr", nil)

	out, err := p.Intercept(context.Background(), bashLs)

	require.NoError(t, err)
	assert.Equal(t, "Bash", out.Reason)
}

func TestAHookErrorAnswerIsTheCallsFailure(t *testing.T) {
	noLeaks(t)
	p, _ := persistent(t, "error", nil)
	chain := hookchain.New(hookchain.Before("policy", hookchain.Any(), p.Intercept))

	out := chain.Run(context.Background(), bashLs)

	assert.Equal(t, hookchain.Denied, out.Verdict)
	assert.Equal(t, fmt.Sprintf(`policy failed and denies on failure: hook %q: answered with an error: the policy file is unreadable (call 1)`, p.String()), out.Reason)
}

func TestClosingStopsTheWholeGroupEvenAHookThatIgnoresSIGTERM(t *testing.T) {
	for _, mode := range []string{"grandchild", "ignoreterm"} {
		t.Run(mode, func(t *testing.T) {
			noLeaks(t)
			p, pidPath := persistent(t, mode, func(s *process.PersistentSpec) { s.StopGrace = 200 * time.Millisecond })
			require.NoError(t, p.Start(context.Background()))
			pid := readPid(t, pidPath)

			began := time.Now()
			require.NoError(t, p.Close(context.Background()))

			assert.Less(t, time.Since(began), 2*time.Second)
			requireGroupGone(t, pid)
			if mode == "grandchild" {
				requireGone(t, readPid(t, pidPath+".grandchild"))
			}
			_, err := p.Intercept(context.Background(), bashLs)
			requireNotOwn(t, err, fmt.Sprintf("hook %q: is closed; denied, as the hook was closed, which is not this call's failure", p.String()))
		})
	}
}

func TestCloseWaitsForCallsInFlightUntilItsDeadline(t *testing.T) {
	skipInShort(t)
	noLeaks(t)
	p, pidPath := persistent(t, "late", nil)
	slow := make(chan error, 1)
	go func() {
		_, err := p.Intercept(context.Background(), call("Slow", "x"))
		slow <- err
	}()
	require.Eventually(t, func() bool { return p.Stats().InFlight == 1 }, 10*time.Second, 5*time.Millisecond)

	t.Run("a call that ends before the deadline keeps its answer", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		closed := make(chan error, 1)
		go func() { closed <- p.Close(ctx) }()
		// Slow is answered only once Close is under way, which a new call
		// that is refused shows.
		require.Eventually(t, func() bool {
			_, err := p.Intercept(context.Background(), bashLs)
			return err != nil && strings.Contains(err.Error(), "is closed")
		}, 10*time.Second, 5*time.Millisecond)
		require.NoError(t, os.WriteFile(pidPath+".late", nil, 0o600))
		require.NoError(t, <-closed)
		err := <-slow
		require.NoError(t, err)
	})
	requireGroupGone(t, readPid(t, pidPath))

	q, _ := persistent(t, "hang", nil)
	hung := make(chan error, 1)
	go func() {
		_, err := q.Intercept(context.Background(), bashLs)
		hung <- err
	}()
	require.Eventually(t, func() bool { return q.Stats().InFlight == 1 }, 10*time.Second, 5*time.Millisecond)

	t.Run("a call still in flight at the deadline is denied, named", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		defer cancel()
		err := q.Close(ctx)
		require.ErrorIs(t, err, context.DeadlineExceeded)
		requireNotOwn(t, <-hung, fmt.Sprintf("hook %q: is closed (call 1); denied, as the hook was closed, which is not this call's failure", q.String()))
	})
}

func TestAPersistentHookThatReadsNoneOfItsStdinCannotBlockTheHost(t *testing.T) {
	skipInShort(t)
	noLeaks(t)
	// Long enough for a loaded machine to start the hook within the call's
	// time: a start that outlasted the call would leave the hook running.
	p, pidPath := persistent(t, "deaf", func(s *process.PersistentSpec) { s.Timeout = 3 * time.Second })
	big := call("Bash", string(make([]byte, 1<<20))) // far more than a pipe holds

	_, err := p.Intercept(context.Background(), big)

	assert.Equal(t, process.TimedOut, kindOf(t, err))
	requireGroupGone(t, readPid(t, pidPath))
}

func TestCallsBeyondMaxInFlightWaitForASlotAndNoLonger(t *testing.T) {
	skipInShort(t)
	noLeaks(t)
	p, pidPath := persistent(t, "late", func(s *process.PersistentSpec) { s.MaxInFlight, s.Timeout = 1, time.Minute })
	slow := make(chan error, 1)
	go func() {
		_, err := p.Intercept(context.Background(), call("Slow", "x"))
		slow <- err
	}()
	require.Eventually(t, func() bool { return p.Stats().InFlight == 1 }, 10*time.Second, 5*time.Millisecond)

	// Slow holds the one slot until the test answers it, after this call.
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	_, err := p.Intercept(ctx, bashLs)

	requireNotOwn(t, err, fmt.Sprintf("hook %q: had every one of its 1 slots for calls in flight taken until this call's time ran out; "+
		"denied, as other calls held every slot", p.String()), "other calls' load is not this call's failure")
	require.NoError(t, os.WriteFile(pidPath+".late", nil, 0o600))
	require.NoError(t, <-slow, "the call holding the slot is not disturbed")
	_, err = p.Intercept(context.Background(), bashLs)
	require.NoError(t, err, "the slot is free again")
}

func TestAHookThatKeepsDyingIsRestartedAfterABackoffThatCallsDoNotWaitOutPastTheirDeadline(t *testing.T) {
	noLeaks(t)
	p, _ := persistent(t, "die", func(s *process.PersistentSpec) { s.MinBackoff = time.Minute })
	_, err := p.Intercept(context.Background(), bashLs)
	require.Equal(t, process.Exited, kindOf(t, err))

	ctx, cancel := context.WithTimeout(context.Background(), 40*time.Second)
	defer cancel()
	began := time.Now()
	_, err = p.Intercept(ctx, bashLs)

	// Restarting, not the deadline's TimedOut: the call ended at once
	// rather than wait out its 40s; and denied, since the backoff is not
	// its failure.
	assert.Less(t, time.Since(began), 20*time.Second)
	requireNotOwn(t, err, restartingIn(t, err, time.Minute, fmt.Sprintf(`hook %q: is down after it exited with status 3, and starts again in %%s, later than this call can wait; stderr: "giving up on call 1"; `+
		`denied, as the wait for a restart is not this call's failure`, p.String())))
	assert.Equal(t, int64(1), p.Stats().Starts)
}

func TestAPersistentHookGetsTheEnvironmentOfAOneShotHookAndBeingTold(t *testing.T) {
	noLeaks(t)
	t.Setenv("HOOKCHAIN_TEST_SECRET", "sk-do-not-leak")
	p, _ := persistent(t, "env", func(s *process.PersistentSpec) { s.Env = append(s.Env, "MINE=yes") })

	out, err := p.Intercept(context.Background(), bashLs)

	require.NoError(t, err)
	assert.Equal(t, "persistent=1 secret=unset mine=yes", out.Reason)
}

func TestTwoHundredCallersShareAPersistentHookAndEachGetsItsOwnAnswer(t *testing.T) {
	noLeaks(t)
	const goroutines, calls = 200, 5
	p, _ := persistent(t, "policy", func(s *process.PersistentSpec) { s.MaxInFlight = 8 })
	chain := hookchain.New(hookchain.Before("policy", hookchain.Tool("Bash"), p.Intercept))

	var mu sync.Mutex
	wrong := map[string]int{}
	var most int
	var wg sync.WaitGroup
	for g := range goroutines {
		wg.Go(func() {
			for i := range calls {
				e, want := bashLs, hookchain.Allowed
				if (g+i)%2 == 1 {
					e, want = bashRmRf, hookchain.Denied
				}
				out := chain.Run(context.Background(), e)
				inFlight := p.Stats().InFlight
				mu.Lock()
				most = max(most, inFlight)
				if out.Verdict != want {
					wrong[fmt.Sprintf("%v: %s", out.Verdict, out.Reason)]++
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()

	assert.Empty(t, wrong)
	assert.LessOrEqual(t, most, 8, "never more calls in flight than MaxInFlight")
	st := p.Stats()
	assert.Equal(t, int64(1), st.Starts)
	assert.Equal(t, int64(goroutines*calls), st.Answered)
}

func TestAPersistentHookThatEndsWithoutAnAnswerFailsTheCallWithItsExit(t *testing.T) {
	for _, mode := range []string{"midline", "exit0"} {
		t.Run(mode, func(t *testing.T) {
			noLeaks(t)
			p, pidPath := persistent(t, mode, nil)

			_, err := p.Intercept(context.Background(), bashLs)

			require.Error(t, err)
			assert.Equal(t, process.Exited, kindOf(t, err))
			assert.Equal(t, fmt.Sprintf("hook %q: exited with status 0 before it answered (call 1)", p.String()), err.Error(),
				"half an answer is none")
			requireGroupGone(t, readPid(t, pidPath))
		})
	}
}

func TestAnAnswerLineAtTheCapIsReadAndOneByteOverIsNot(t *testing.T) {
	const limit = 4096
	for _, n := range []int{limit, limit + 1} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			noLeaks(t)
			p, _ := persistent(t, "padded", func(s *process.PersistentSpec) {
				s.MaxStdout = limit
				s.Env = append(s.Env, fmt.Sprintf("HOOKCHAIN_LINE_LEN=%d", n))
			})

			out, err := p.Intercept(context.Background(), bashLs)

			if n == limit {
				require.NoError(t, err)
				assert.Equal(t, hookchain.Allowed, out.Verdict)
				assert.Len(t, out.Reason, limit-len(`{"id":1,"verdict":"allow","reason":""}`))
				return
			}
			assert.Equal(t, process.LineTooLong, kindOf(t, err))
			assert.Equal(t, fmt.Sprintf("hook %q: wrote a line of more than 4096 bytes on stdout (call 1); denied, as output past the cap is not read, and what the hook decided is not known", p.String()), err.Error())
		})
	}
}
