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
// Claude Code command hook, one process per question, at --jobs 1 and 2.
func BenchmarkReplaySpawnedHooks(b *testing.B) {
	if _, err := exec.LookPath("bash"); err != nil {
		b.Skip("no bash")
	}
	hook := claudecode.Command(process.Spec{Args: []string{"bash", "-c", `cat >/dev/null; exit 0`}}, claudecode.SessionInfo{})
	c := hookchain.New(hookchain.Before("hook", hookchain.Any(), hook))
	calls := sessions(4, 10)
	for _, jobs := range []int{1, 2} {
		b.Run(fmt.Sprintf("jobs=%d", jobs), func(b *testing.B) {
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
