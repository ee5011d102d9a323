//go:build linux

package process_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tidwall/sjson"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
	"github.com/hookchain/hookchain/process"
)

// soakEnv enables TestSoak: a duration ("30s"), or any other non-empty value
// for a minute.
const soakEnv = "HOOKCHAIN_SOAK"

// soakCase is one kind of call the soak test makes, and the outcome it must
// get every time.
type soakCase struct {
	name  string
	event hookchain.Event
	want  hookchain.Outcome
}

// TestSoak calls one chain that mixes in-process and process links from 200
// goroutines for a while, checks every outcome, and then checks that the
// goroutines, descriptors and child processes it used are all gone. It
// prints its throughput and latency, which are figures to read, never a
// reason to fail.
func TestSoak(t *testing.T) {
	if testing.Short() {
		t.Skip("a soak test is not short")
	}
	length := soakDuration(t)
	const goroutines = 200
	chain, cases := soakChain(t)

	// Every case once, so that what a first call sets up for good (the
	// runtime's timers, os/exec's lookups) is counted in the baseline.
	for _, c := range cases {
		require.Equal(t, c.want, chain.Run(context.Background(), c.event), c.name)
	}
	before := soakCountsNow(t)

	var (
		mu        sync.Mutex
		wrong     = map[string]int{}
		latencies = make([][]time.Duration, len(cases))
		wg        sync.WaitGroup
	)
	deadline := time.Now().Add(length)
	start := time.Now()
	for g := range goroutines {
		wg.Go(func() {
			mine := make([][]time.Duration, len(cases))
			for i := g; time.Now().Before(deadline); i++ {
				k := i % len(cases)
				c := cases[k]
				began := time.Now()
				got := chain.Run(context.Background(), c.event)
				mine[k] = append(mine[k], time.Since(began))
				if !assert.ObjectsAreEqual(c.want, got) {
					mu.Lock()
					wrong[fmt.Sprintf("%s: %+v", c.name, got)]++
					mu.Unlock()
				}
			}
			mu.Lock()
			for k := range mine {
				latencies[k] = append(latencies[k], mine[k]...)
			}
			mu.Unlock()
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	after := soakSettle(t, before)

	var all []time.Duration
	for k, c := range cases {
		all = append(all, latencies[k]...)
		p50, p99 := percentiles(latencies[k])
		t.Logf("%-28s %7d calls  p50 %-10v p99 %v", c.name, len(latencies[k]), p50, p99)
	}
	p50, p99 := percentiles(all)
	t.Logf("%d goroutines for %v: %d calls, %.0f calls/s, p50 %v, p99 %v, %d wrong outcomes",
		goroutines, elapsed.Round(time.Millisecond), len(all), float64(len(all))/elapsed.Seconds(), p50, p99, soakWrong(wrong))
	t.Logf("goroutines %d -> %d, open descriptors %d -> %d, child processes %d -> %d",
		before.goroutines, after.goroutines, before.fds, after.fds, before.children, after.children)

	assert.Empty(t, wrong, "every call must get its outcome")
	assert.LessOrEqual(t, after.goroutines, before.goroutines, "goroutines left behind")
	assert.LessOrEqual(t, after.fds, before.fds, "descriptors left open")
	assert.LessOrEqual(t, after.children, before.children, "child processes left behind")
}

func soakDuration(t *testing.T) time.Duration {
	v := os.Getenv(soakEnv)
	if v == "" {
		t.Skipf("set %s=30s (or any other duration) to run the soak test", soakEnv)
	}
	if d, err := time.ParseDuration(v); err == nil && d > 0 {
		return d
	}
	return time.Minute
}

func soakWrong(wrong map[string]int) int {
	n := 0
	for _, w := range wrong {
		n += w
	}
	return n
}

func percentiles(d []time.Duration) (p50, p99 time.Duration) {
	if len(d) == 0 {
		return 0, 0
	}
	s := slices.Clone(d)
	slices.Sort(s)
	at := func(q float64) time.Duration { return s[min(len(s)-1, int(q*float64(len(s))))] }
	return at(0.50).Round(time.Microsecond), at(0.99).Round(time.Microsecond)
}

// soakChain is a chain of in-process links (an allow, a rewrite, a timed
// link that answers in time and one that never does) and process links (a
// native hook in sh, a Claude Code command hook that blocks with exit
// status 2, failing open as Claude Code's do), and one call of each kind
// with the outcome it must get.
func soakChain(t *testing.T) (*hookchain.Chain, []soakCase) {
	allow := func(context.Context, hookchain.Event) (hookchain.Outcome, error) { return hookchain.Allow(), nil }
	pin := func(_ context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		in, err := sjson.SetBytes(e.Input, "timeout", 10)
		return hookchain.Modify(in, "pinned a timeout"), err
	}
	stall := func(ctx context.Context, _ hookchain.Event) (hookchain.Outcome, error) {
		<-ctx.Done()
		return hookchain.Allow(), nil
	}
	redact := func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Replace(hookchain.Text("token=[redacted]"), false, "redacted a token"), nil
	}
	frozen := "cat >/dev/null; echo 'deploys are frozen' >&2; exit 2"
	kept, err := process.NewPersistent(process.PersistentSpec{Spec: process.Spec{Args: []string{script(t, "persistent.sh"), "policy"}}})
	require.NoError(t, err)
	t.Cleanup(func() { _ = kept.Close(context.Background()) })
	chain := hookchain.New(
		hookchain.Before("allow", hookchain.Any(), allow),
		hookchain.Before("pin-timeout", hookchain.Tool("Bash"), pin),
		hookchain.Before("quick", hookchain.Any(), allow).Timeout(5*time.Second),
		hookchain.Before("stall", hookchain.Tool("Slow"), stall).Timeout(20*time.Millisecond).FailOpen(),
		hookchain.Before("policy", hookchain.Tool("Bash"), process.Native(process.Spec{Args: []string{script(t, "policy.sh")}})),
		hookchain.Before("deploy-freeze", hookchain.Tool("Deploy"),
			claudecode.Command(process.Spec{Shell: frozen}, claudecode.SessionInfo{Cwd: t.TempDir()})).FailOpen(),
		hookchain.Before("kept-policy", hookchain.Tool("Edit"), kept.Intercept),
		hookchain.After("redact", hookchain.Tool("Read"), redact),
	)
	before := func(tool, input string) hookchain.Event {
		return hookchain.Event{Hook: hookchain.BeforeTool, Tool: tool, CallID: "toolu_soak", Input: json.RawMessage(input)}
	}
	pinned := hookchain.Step{Name: "pin-timeout", Verdict: hookchain.Modified, Reason: "pinned a timeout"}
	cases := []soakCase{{
		name:  "Bash allowed by sh, rewritten",
		event: before("Bash", `{"command":"ls"}`),
		want: hookchain.Outcome{Verdict: hookchain.Modified, Input: json.RawMessage(`{"command":"ls","timeout":10}`),
			Reason: "pin-timeout: pinned a timeout", Trail: []hookchain.Step{pinned}},
	}, {
		name:  "Bash denied by sh",
		event: before("Bash", `{"command":"rm -rf build"}`),
		want: hookchain.Outcome{Verdict: hookchain.Denied, Reason: "denied by policy: recursive delete", DecidedBy: "policy", Cause: hookchain.CauseLink,
			Trail: []hookchain.Step{pinned, {Name: "policy", Verdict: hookchain.Denied, Reason: "recursive delete"}}},
	}, {
		name:  "Deploy denied by exit 2",
		event: before("Deploy", `{"target":"prod"}`),
		want: hookchain.Outcome{Verdict: hookchain.Denied, Reason: "denied by deploy-freeze: deploys are frozen", DecidedBy: "deploy-freeze", Cause: hookchain.CauseLink,
			Trail: []hookchain.Step{{Name: "deploy-freeze", Verdict: hookchain.Denied, Reason: "deploys are frozen"}}},
	}, {
		name:  "Edit allowed by a persistent hook",
		event: before("Edit", `{"file_path":"a.go"}`),
		want:  hookchain.Outcome{},
	}, {
		name:  "Edit denied by a persistent hook",
		event: before("Edit", `{"file_path":"rm -rf"}`),
		want: hookchain.Outcome{Verdict: hookchain.Denied, Reason: "denied by kept-policy: recursive delete", DecidedBy: "kept-policy", Cause: hookchain.CauseLink,
			Trail: []hookchain.Step{{Name: "kept-policy", Verdict: hookchain.Denied, Reason: "recursive delete"}}},
	}, {
		name:  "Read allowed in process",
		event: before("Read", `{"file_path":"a.txt"}`),
		want:  hookchain.Outcome{},
	}, {
		name:  "Slow timed out, fails open",
		event: before("Slow", `{}`),
		want: hookchain.Outcome{Trail: []hookchain.Step{
			{Name: "stall", Verdict: hookchain.Allowed, Fault: "timed out after 20ms"}}},
	}, {
		name: "Read result replaced",
		event: hookchain.Event{Hook: hookchain.AfterTool, Tool: "Read", CallID: "toolu_soak",
			Input: json.RawMessage(`{"file_path":".env"}`), Output: hookchain.Text("token=abc")},
		want: hookchain.Outcome{Verdict: hookchain.Replaced, Output: hookchain.Text("token=[redacted]"),
			Reason: "redact: redacted a token", Trail: []hookchain.Step{{Name: "redact", Verdict: hookchain.Replaced, Reason: "redacted a token"}}},
	}}
	return chain, cases
}

// soakCounts is what a run of hooks must give back: goroutines, open
// descriptors and child processes.
type soakCounts struct{ goroutines, fds, children int }

func soakCountsNow(t *testing.T) soakCounts {
	t.Helper()
	fds, err := os.ReadDir("/proc/self/fd")
	require.NoError(t, err)
	return soakCounts{runtime.NumGoroutine(), len(fds), len(childrenOf(os.Getpid()))}
}

// soakSettle counts again until every count is back to its baseline, or
// for thirty seconds: a goroutine that has done its work still has to be
// scheduled to end, and a loaded machine under the race detector may take
// seconds to get to it.
func soakSettle(t *testing.T, base soakCounts) soakCounts {
	t.Helper()
	var now soakCounts
	for end := time.Now().Add(30 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		now = soakCountsNow(t)
		if now.goroutines <= base.goroutines && now.fds <= base.fds && now.children <= base.children || time.Now().After(end) {
			return now
		}
	}
}

// childrenOf lists the processes whose parent is pid, zombies included: a
// child that Run did not reap is left behind as much as a live one.
func childrenOf(pid int) []int {
	entries, _ := os.ReadDir("/proc")
	var kids []int
	for _, e := range entries {
		child, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// "pid (comm) state ppid ...", where comm may hold anything.
		s := string(b)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if len(f) > 1 && f[1] == strconv.Itoa(pid) {
			kids = append(kids, child)
		}
	}
	return kids
}
