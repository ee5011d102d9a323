//go:build unix

package process_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/internal/testfiles"
	"github.com/hookchain/hookchain/process"
)

// failingOpen is a chain whose one link, guard, asks p and fails open, as
// a Claude Code hook that does not block does.
func failingOpen(p *process.Persistent) *hookchain.Chain {
	return hookchain.New(hookchain.Before("guard", hookchain.Any(), p.Intercept).FailOpen())
}

// standIn is the outcome of a fail-open guard for a call whose failure may
// not be its own: the guard's failure, which denies; fault is its text.
func standIn(fault string) hookchain.Outcome {
	return hookchain.Outcome{Verdict: hookchain.Denied, Reason: "guard failed and denies on failure: " + fault, DecidedBy: "guard", Cause: hookchain.CauseFailure,
		Trail: []hookchain.Step{{Name: "guard", Verdict: hookchain.Denied, Fault: fault}}}
}

// requireNotOwn requires err to be a failure Intercept marked as not the call's
// own, which no failure policy forgives, with the text want.
func requireNotOwn(t *testing.T, err error, want string, msgAndArgs ...any) {
	t.Helper()
	require.Error(t, err, msgAndArgs...)
	assert.True(t, hookchain.IsNotOwn(err), "not marked NotOwn: %v", err)
	assert.Equal(t, want, err.Error(), msgAndArgs...)
}

// callsAsking counts the calls that have their id from a
// persistent hook's process and wait, for their turn to write or, once
// written, for their answer: no statistic shows those not yet written, the
// goroutines' stacks do.
func callsAsking() int {
	waiting := 0
	for _, g := range testfiles.Stacks() {
		lines := strings.Split(g, "\n")
		// The header, then the frame that selects (the runtime's own are
		// left out of a trace).
		if len(lines) > 1 && strings.Contains(lines[0], "[select") &&
			strings.HasPrefix(lines[1], "github.com/hookchain/hookchain/process.(*proc).ask(") {
			waiting++
		}
	}
	return waiting
}

// crashing is the persistent hook in mode crash or crashonce, the crash
// coming after the given delay, or, with "cue", once the test creates the
// returned path with ".cue" added.
func crashing(t *testing.T, mode, after string, edit func(*process.PersistentSpec)) (*process.Persistent, string) {
	return persistent(t, mode, func(s *process.PersistentSpec) {
		s.Env = append(s.Env, "HOOKCHAIN_CRASH_AFTER="+after)
		if edit != nil {
			edit(s)
		}
	})
}

func TestCallsInFlightWhenAnotherCallKillsTheSharedProcessAreAskedAgainOnAFreshOne(t *testing.T) {
	noLeaks(t)
	p, pidPath := crashing(t, "crashonce", "cue", nil)
	chain := failingOpen(p)
	require.NoError(t, p.Start(context.Background()))

	const victims = 4
	outs := make([]hookchain.Outcome, victims+1)
	var wg sync.WaitGroup
	wg.Go(func() { outs[victims] = chain.Run(context.Background(), call("Crash", "x")) })
	require.Eventually(t, func() bool { return p.Stats().InFlight == 1 }, 10*time.Second, time.Millisecond)
	for i := range victims {
		wg.Go(func() { outs[i] = chain.Run(context.Background(), call("Bash", "ls")) })
	}
	// Every victim is sent while the crash is under way: the crash waits
	// for them.
	require.Eventually(t, func() bool { return p.Stats().InFlight == victims+1 }, 10*time.Second, time.Millisecond)
	require.NoError(t, os.WriteFile(pidPath+".cue", nil, 0o600))
	wg.Wait()

	for i, out := range outs {
		assert.Equal(t, hookchain.Outcome{}, out, "call %d is answered by the fresh process, not failed open", i)
	}
	st := p.Stats()
	assert.Equal(t, int64(2), st.Starts)
	assert.Equal(t, int64(victims+1), st.Answered)
}

func TestOneInputThatKeepsKillingTheSharedProcessOpensTheGateForNoOtherCall(t *testing.T) {
	skipInShort(t)
	noLeaks(t)
	p, _ := crashing(t, "crash", "0.3", func(s *process.PersistentSpec) { s.Timeout = 20 * time.Second })
	chain := failingOpen(p)
	require.NoError(t, p.Start(context.Background()))

	const victims = 8
	outs := make([]hookchain.Outcome, victims)
	var wg sync.WaitGroup
	for round := range 2 {
		// A crash, then victims while it is under way; on the fresh
		// process the crash and the victims are asked again, in any order.
		wg.Go(func() { chain.Run(context.Background(), call("Crash", "x")) })
		require.Eventually(t, func() bool { return p.Stats().InFlight >= 1 }, 10*time.Second, time.Millisecond)
		for i := range victims / 2 {
			wg.Go(func() { outs[round*victims/2+i] = chain.Run(context.Background(), call("Bash", "rm -rf /")) })
		}
		wg.Wait()
	}

	shared := regexp.MustCompile(`^guard failed and denies on failure: hook ".*": exited with status 3 before it answered \(call \d+\); stderr: "crashed on call \d+"; ` +
		`denied, as its process served other calls too and the failure may be theirs$`)
	for i, out := range outs {
		if out.Verdict == hookchain.Allowed {
			// The hook's own answer, from a process the crash had not reached.
			assert.Equal(t, hookchain.Outcome{}, out, "victim %d", i)
			continue
		}
		assert.Equal(t, hookchain.Denied, out.Verdict, "victim %d", i)
		assert.Regexp(t, shared, out.Reason, "victim %d", i)
		assert.Equal(t, "guard", out.DecidedBy)
		assert.Equal(t, hookchain.CauseFailure, out.Cause, "victim %d is never a failure that fails open", i)
		require.Len(t, out.Trail, 1)
		assert.Equal(t, hookchain.Denied, out.Trail[0].Verdict)
	}
}

func TestACrashWithNoOtherCallInTheProcessIsTheCallsOwnFailure(t *testing.T) {
	noLeaks(t)
	p, _ := crashing(t, "crash", "0", nil)

	out := failingOpen(p).Run(context.Background(), call("Crash", "x"))

	// As in Claude Code, where a hook that crashes on a call's input does
	// not block it.
	assert.Equal(t, hookchain.Outcome{Trail: []hookchain.Step{{Name: "guard", Verdict: hookchain.Allowed,
		Fault: fmt.Sprintf(`hook %q: exited with status 3 before it answered (call 1); stderr: "crashed on call 1"`, p.String())}}}, out)
}

func TestCallsDuringTheBackoffAfterAnotherCallsCrashAreDeniedNotFailedOpen(t *testing.T) {
	noLeaks(t)
	// A backoff far longer than the call's time, and a time that a loaded
	// machine's start fits in.
	p, _ := crashing(t, "crash", "0", func(s *process.PersistentSpec) {
		s.MinBackoff, s.Timeout = time.Minute, 5*time.Second
	})
	chain := failingOpen(p)
	out := chain.Run(context.Background(), call("Crash", "x"))
	require.Len(t, out.Trail, 1)
	require.Equal(t, hookchain.Allowed, out.Verdict, "the crash was its own: %v", out)

	out = chain.Run(context.Background(), call("Bash", "rm -rf /"))

	require.Len(t, out.Trail, 1)
	assert.Equal(t, standIn(restartingIn(t, errors.New(out.Trail[0].Fault), time.Minute, fmt.Sprintf(`hook %q: is down after it exited with status 3, and starts again in %%s, later than this call can wait; stderr: "crashed on call 1"; `+
		`denied, as the wait for a restart is not this call's failure`, p.String()))), out)
}

func TestAHookThatCannotStartFailsEveryCallAsItsOwnFailureBackoffIncluded(t *testing.T) {
	noLeaks(t)
	p, _ := persistent(t, "exit", func(s *process.PersistentSpec) {
		s.MinBackoff, s.Timeout = time.Minute, 5*time.Second
	})
	chain := failingOpen(p)

	first, second := chain.Run(context.Background(), bashLs), chain.Run(context.Background(), bashLs)

	assert.Equal(t, hookchain.Outcome{Trail: []hookchain.Step{{Name: "guard", Verdict: hookchain.Allowed,
		Fault: fmt.Sprintf(`hook %q: could not start: it exited with status 1 before its hello line; stderr: "no config file"`, p.String())}}}, first)
	require.Len(t, second.Trail, 1)
	assert.Equal(t, hookchain.Outcome{Trail: []hookchain.Step{{Name: "guard", Verdict: hookchain.Allowed,
		Fault: restartingIn(t, errors.New(second.Trail[0].Fault), time.Minute, fmt.Sprintf(`hook %q: is down after it could not start: it exited with status 1 before its hello line, and starts again in %%s, later than this call can wait; stderr: "no config file"`, p.String()))}}}, second)
}

func TestACallTheSharedProcessHeldWhenItTimedOutIsDeniedNotFailedOpen(t *testing.T) {
	skipInShort(t)
	noLeaks(t)
	// The second call is sent once the first is in flight, halfway through
	// the first's time: the first's timeout, which stops the process, comes
	// 3s before the second's, and 3s after the second is sent, margins a
	// loaded machine does not eat. The timeouts are the point, so a wait
	// stands here, not a cue.
	p, _ := persistent(t, "hang", func(s *process.PersistentSpec) { s.Timeout = 6 * time.Second })
	chain := failingOpen(p)
	require.NoError(t, p.Start(context.Background()))

	firstOut := make(chan hookchain.Outcome, 1)
	go func() { firstOut <- chain.Run(context.Background(), bashLs) }()
	require.Eventually(t, func() bool { return p.Stats().InFlight == 1 }, 10*time.Second, time.Millisecond)
	time.Sleep(3 * time.Second)
	second := make(chan hookchain.Outcome, 1)
	go func() { second <- chain.Run(context.Background(), bashLs) }()
	require.Eventually(t, func() bool { return p.Stats().InFlight == 2 }, 10*time.Second, time.Millisecond)
	first := <-firstOut

	assert.Equal(t, standIn(fmt.Sprintf(`hook %q: timed out after 6s (call 1); denied, as its process served other calls too and the failure may be theirs`, p.String())), first)
	out := <-second
	assert.Equal(t, hookchain.Denied, out.Verdict)
	assert.True(t, strings.HasPrefix(out.Reason, "guard failed and denies on failure: "), out.Reason)
	assert.Equal(t, hookchain.CauseFailure, out.Cause)
	require.Len(t, out.Trail, 1)
	assert.Equal(t, hookchain.Denied, out.Trail[0].Verdict)
}

func TestACallAfterCloseOrCutShortByCloseIsDeniedNotFailedOpen(t *testing.T) {
	noLeaks(t)
	p, _ := persistent(t, "hang", nil)
	chain := failingOpen(p)
	require.NoError(t, p.Start(context.Background()))
	inFlight := make(chan hookchain.Outcome, 1)
	go func() { inFlight <- chain.Run(context.Background(), bashLs) }()
	require.Eventually(t, func() bool { return p.Stats().InFlight == 1 }, 10*time.Second, time.Millisecond)

	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	require.ErrorIs(t, p.Close(ctx), context.DeadlineExceeded)

	assert.Equal(t, standIn(fmt.Sprintf(`hook %q: is closed (call 1); denied, as the hook was closed, which is not this call's failure`, p.String())), <-inFlight)
	assert.Equal(t, standIn(fmt.Sprintf(`hook %q: is closed; denied, as the hook was closed, which is not this call's failure`, p.String())),
		chain.Run(context.Background(), bashLs))
}

func TestAnAnswerForACallWhoseRequestWasNotWrittenIsABreachNeverItsAnswer(t *testing.T) {
	noLeaks(t)
	p, pidPath := persistent(t, "ahead", nil)
	require.NoError(t, p.Start(context.Background()))
	first := make(chan error, 1)
	go func() {
		// Far more than a pipe holds, to a hook that reads nothing: the
		// write of call 1 is under way until the hook goes.
		_, err := p.Intercept(context.Background(), call("Bash", strings.Repeat("x", 1<<20)))
		first <- err
	}()
	require.Eventually(t, func() bool { return p.Stats().InFlight == 1 }, 10*time.Second, time.Millisecond)
	second := make(chan hookchain.Outcome, 1)
	go func() {
		out, err := p.Intercept(context.Background(), call("Edit", "x"))
		assert.NoError(t, err)
		second <- out
	}()
	// Call 2 has its id and waits to be written.
	require.Eventually(t, func() bool { return callsAsking() == 1 }, 10*time.Second, time.Millisecond)
	require.NoError(t, os.WriteFile(pidPath+".go", nil, 0o600))

	want := hookchain.Allow()
	want.Reason = "Edit"
	assert.Equal(t, want, <-second, "call 2 is answered by the next process, not by the answer written ahead")
	err := <-first
	assert.Equal(t, process.ProtocolError, kindOf(t, err))
	assert.Equal(t, fmt.Sprintf("hook %q: broke the persistent protocol: it answered call 2 before its request was written (call 1)", p.String()), err.Error())
	assert.Equal(t, int64(2), p.Stats().Starts)
}

func TestAHookThatClosesItsStdoutAndLivesIsTakenDownAtOnce(t *testing.T) {
	noLeaks(t)
	p, pidPath := persistent(t, "closeout", func(s *process.PersistentSpec) { s.Timeout = 3 * time.Second })

	_, err := p.Intercept(context.Background(), bashLs)

	assert.Equal(t, process.ProtocolError, kindOf(t, err), "%v", err)
	assert.Equal(t, fmt.Sprintf("hook %q: broke the persistent protocol: it closed its stdout and kept running (call 1)", p.String()), err.Error())
	requireGroupGone(t, readPid(t, pidPath))
}

func TestMaxInFlightHoldsWhileCallsTimeOut(t *testing.T) {
	skipInShort(t)
	noLeaks(t)
	const limit = 2
	// A timeout that a loaded machine's Bash call is answered well within.
	p, _ := persistent(t, "hold", func(s *process.PersistentSpec) { s.MaxInFlight, s.Timeout = limit, 3*time.Second })
	require.NoError(t, p.Start(context.Background()))

	most := 0
	for range 4 {
		slow := make(chan struct{})
		go func() {
			defer close(slow)
			_, _ = p.Intercept(context.Background(), call("Slow", "x"))
		}()
		// Slow is sent: a call blocks in ask only on its answer here, as
		// no other call is writing.
		require.Eventually(t, func() bool { return callsAsking() == 1 }, 10*time.Second, time.Millisecond)
		out, err := p.Intercept(context.Background(), bashLs)
		if err == nil && out.Verdict == hookchain.Allowed {
			var held int
			_, _ = fmt.Sscan(out.Reason, &held)
			most = max(most, held)
		}
		assert.LessOrEqual(t, p.Stats().InFlight, limit)
		<-slow
	}

	assert.LessOrEqual(t, most, limit, "the hook never holds more calls than MaxInFlight, those whose callers left included")
	assert.Positive(t, most)
}

func TestACallAloneInAProcessThatAnEarlierCallLeftToCrashIsAskedAgainNotFailedOpen(t *testing.T) {
	noLeaks(t)
	p, _ := persistent(t, "crashlater", nil)
	chain := failingOpen(p)
	require.Equal(t, hookchain.Outcome{}, chain.Run(context.Background(), call("Crash", "x")))

	// Sent after Crash was answered, it is the only call the process holds
	// when the crash Crash left behind kills it.
	out := chain.Run(context.Background(), call("Bash", "rm -rf /"))

	assert.Equal(t, hookchain.Outcome{}, out, "answered by the next process, never allowed as a failure")
	st := p.Stats()
	assert.Equal(t, int64(2), st.Starts)
	assert.Equal(t, int64(2), st.Answered)
}

func TestUnderLoadNoCallButACrashItselfIsEverFailedOpenByASharedProcessGoingDown(t *testing.T) {
	skipInShort(t)
	noLeaks(t)
	const goroutines, calls, limit = 200, 4, 16
	p, _ := crashing(t, "crash", "0.05", func(s *process.PersistentSpec) {
		s.MaxInFlight, s.Timeout, s.MinBackoff, s.MaxBackoff = limit, 3*time.Second, 10*time.Millisecond, 50*time.Millisecond
	})
	chain := failingOpen(p)

	var mu sync.Mutex
	wrong := map[string]int{}
	first, most := "", 0
	var wg sync.WaitGroup
	for g := range goroutines {
		wg.Go(func() {
			for i := range calls {
				tool := "Bash"
				if (g*calls+i)%25 == 0 {
					tool = "Crash"
				}
				out := chain.Run(context.Background(), call(tool, "x"))
				inFlight := p.Stats().InFlight
				mu.Lock()
				most = max(most, inFlight)
				switch {
				case tool == "Crash":
				case out.Verdict == hookchain.Allowed && len(out.Trail) == 0:
				case out.Verdict == hookchain.Denied && out.Cause == hookchain.CauseFailure && len(out.Trail) == 1 && out.Trail[0].Verdict == hookchain.Denied &&
					strings.HasPrefix(out.Reason, "guard failed and denies on failure: "):
				default:
					wrong[fmt.Sprintf("%v %v %d steps", out.Verdict, out.Cause, len(out.Trail))]++
					if first == "" {
						first = fmt.Sprintf("%q %+v", out.Reason, out.Trail)
					}
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()

	assert.Empty(t, wrong, "a call other than a crash was failed open; the first: %s", first)
	assert.LessOrEqual(t, most, limit)
	assert.Greater(t, p.Stats().Starts, int64(1), "the crashes took processes down")
}

func TestACallThatWaitedForASlotAndThenRanOutOfTimeIsDeniedNotFailedOpen(t *testing.T) {
	skipInShort(t)
	noLeaks(t)
	p, _ := persistent(t, "hang", func(s *process.PersistentSpec) {
		s.MaxInFlight, s.Timeout, s.MinBackoff = 1, 4*time.Second, time.Millisecond
	})
	chain := failingOpen(p)
	require.NoError(t, p.Start(context.Background()))
	firstOut := make(chan hookchain.Outcome, 1)
	go func() { firstOut <- chain.Run(context.Background(), bashLs) }()
	// The first call holds the one slot; the second is asked halfway
	// through the first's time, so that it waits 2s for the slot and has 2s
	// left once the first times out: margins a loaded machine does not
	// eat. The timeouts are the point, so a wait stands here, not a cue.
	require.Eventually(t, func() bool { return p.Stats().InFlight == 1 }, 10*time.Second, time.Millisecond)
	time.Sleep(2 * time.Second)
	second := make(chan hookchain.Outcome, 1)
	go func() { second <- chain.Run(context.Background(), bashLs) }()

	first := <-firstOut

	assert.Equal(t, hookchain.Outcome{Trail: []hookchain.Step{{Name: "guard", Verdict: hookchain.Allowed,
		Fault: fmt.Sprintf("hook %q: timed out after 4s (call 1)", p.String())}}}, first, "the first was alone in its process: its own failure")
	out := <-second
	assert.Equal(t, hookchain.Denied, out.Verdict)
	assert.Regexp(t, `^guard failed and denies on failure: hook ".*": timed out after 4s( \(call 1\))?; denied, as it spent part of its time waiting on other calls or on a restart, and ran out of it$`, out.Reason)
	require.Len(t, out.Trail, 1)
	assert.Equal(t, hookchain.Denied, out.Trail[0].Verdict)
	assert.Equal(t, hookchain.CauseFailure, out.Cause)
}
