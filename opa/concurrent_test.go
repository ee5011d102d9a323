package opa_test

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/opa"
)

// An agent asks its links from many goroutines at once; a link that races
// would crash the agent or, worse, answer one call with another's decision.
func TestTwoHundredCallersAtOnceEachGetTheirOwnDecision(t *testing.T) {
	server, _ := startOPAServer(t) // first: it starts the signal loop the fleet's check would count
	// The fleet decides one call at a time: under -race on two cores, the
	// last callers' wait behind the others' is longer than the default.
	_, _, fleet := readyFleet(t, examplePolicy(t), opa.WithTimeout(30*time.Second))
	links := []struct {
		name string
		fn   hookchain.Interceptor
	}{
		{"embedded", embeddedExample(t)},
		{"fleet", fleet.Intercept},
		{"remote", remote(t, server, "hookchain/decision", opa.WithTimeout(30*time.Second))},
	}
	rmrf := hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", CallID: "c", Input: json.RawMessage(`{"command":"rm -rf /","timeout":5}`)}
	ls := hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", CallID: "c", Input: json.RawMessage(`{"command":"ls","timeout":5}`)}
	for _, l := range links {
		t.Run(l.name, func(t *testing.T) {
			want := map[bool]hookchain.Outcome{}
			for _, deny := range []bool{true, false} {
				e := ls
				if deny {
					e = rmrf
				}
				out, err := l.fn(context.Background(), e)
				if !assert.NoError(t, err) {
					return
				}
				want[deny] = out
			}
			assert.Equal(t, hookchain.Denied, want[true].Verdict)
			assert.Equal(t, hookchain.Allowed, want[false].Verdict)
			var wg sync.WaitGroup
			for g := range 200 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for i := range 10 {
						deny := (g+i)%2 == 0
						e := ls
						if deny {
							e = rmrf
						}
						out, err := l.fn(context.Background(), e)
						if !assert.NoError(t, err) || !assert.Equal(t, want[deny], out) {
							return
						}
					}
				}()
			}
			wg.Wait()
		})
	}
}
