package settings

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/hookchain/hookchain"
	"github.com/stretchr/testify/assert"
)

func TestAGuardThatExitsTwoDeniesEveryCallFromHundredsOfGoroutines(t *testing.T) {
	if testing.Short() {
		t.Skip("seconds of processes; run without -short, as .ci/run does")
	}
	const goroutines, calls = 200, 15
	const guard = "echo 'deploys are frozen' >&2; exit 2"
	// The default options: a hook's failure is reported and the call goes
	// on, so a run misread as a failure would let the call through.
	chain := chainFor(t, `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [
	  {"type": "command", "command": "`+guard+`"}
	]}]}}`, Options{ProjectDir: t.TempDir()})
	want := hookchain.Outcome{Verdict: hookchain.Denied,
		Reason:    "denied by " + guard + ": deploys are frozen",
		DecidedBy: guard, Cause: hookchain.CauseLink,
		Trail: []hookchain.Step{{Name: guard, Verdict: hookchain.Denied, Reason: "deploys are frozen"}}}

	var (
		mu     sync.Mutex
		wrong  = map[string]int{} // each wrong outcome, by how it reads
		denied int
		wg     sync.WaitGroup
	)
	for g := range goroutines {
		wg.Go(func() {
			for i := range calls {
				got := chain.Run(context.Background(), bash(fmt.Sprintf("make deploy-%d-%d", g, i)))
				mu.Lock()
				if assert.ObjectsAreEqual(want, got) {
					denied++
				} else {
					wrong[fmt.Sprintf("%+v", got)]++
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()

	assert.Empty(t, wrong)
	assert.Equal(t, goroutines*calls, denied)
}
