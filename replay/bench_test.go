package replay_test

import (
	"context"
	"fmt"
	"os/exec"
	"slices"
	"testing"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
	"github.com/hookchain/hookchain/process"
	"github.com/hookchain/hookchain/replay"
)

// BenchmarkReplayGoChain replays parsed calls through a Go chain on one
// job: the budget is 200,000 calls/s per core.
func BenchmarkReplayGoChain(b *testing.B) {
	calls := sessions(10, 1000)
	c := guards()
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for b.Loop() {
		t, err := replay.Run(context.Background(), slices.Values(calls), c, func(replay.Judged) error { return nil }, replay.Jobs(1))
		if err != nil {
			b.Fatal(err)
		}
		n += t.Calls
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "calls/s")
	b.ReportMetric(0, "ns/op")
}

// BenchmarkReplaySpawnedHooks replays calls of four sessions through a
// Claude Code command hook, one process per question, at --jobs 1 and 2:
// a bash hook that reads its input with jq, as the hooks people write do
// (its time is CPU: it scales with free cores), and one that waits 20 ms
// for an answer, as a hook that asks a service does (it scales with jobs).
func BenchmarkReplaySpawnedHooks(b *testing.B) {
	for _, tool := range []string{"bash", "jq"} {
		if _, err := exec.LookPath(tool); err != nil {
			b.Skip("no " + tool)
		}
	}
	hooks := []struct{ name, script string }{
		{"jq", `jq -e '.tool_input.command | test("rm -rf") | not' >/dev/null || exit 2`},
		{"waits", `cat >/dev/null; sleep 0.02`},
	}
	calls := sessions(4, 10)
	for _, h := range hooks {
		hook := claudecode.Command(process.Spec{Args: []string{"bash", "-c", h.script}}, claudecode.SessionInfo{})
		c := hookchain.New(hookchain.Before("hook", hookchain.Any(), hook))
		for _, jobs := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/jobs=%d", h.name, jobs), func(b *testing.B) {
				n := 0
				for b.Loop() {
					t, err := replay.Run(context.Background(), slices.Values(calls), c, func(replay.Judged) error { return nil }, replay.Jobs(jobs))
					if err != nil {
						b.Fatal(err)
					}
					n += t.Calls
				}
				b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "calls/s")
				b.ReportMetric(0, "ns/op")
			})
		}
	}
}
