package peers

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A timing means something only for a policy that holds: each way is shown
// every kind of call, and must answer what the policy says.
func TestEachWayEnforcesThePolicy(t *testing.T) {
	for _, w := range ways(t) {
		for _, c := range allCase {
			for path, call := range map[string]func(string) (string, bool, error){"handler": w.policy, "wire": w.wire} {
				t.Run(w.name+"/"+path+"/"+c.name, func(t *testing.T) {
					text, denied, err := call(c.args)
					require.NoError(t, err)
					wantText, wantDenied := want(c)
					assert.Equal(t, wantDenied, denied)
					if !wantDenied {
						assert.Equal(t, wantText, text)
						assert.NotContains(t, text, secret)
					}
				})
			}
		}
	}
}

// And without the policy, the same path shows what the tool does, so that a
// way whose "bare" path already changed calls would be caught.
func TestEachWaysBarePathChangesNothing(t *testing.T) {
	for _, w := range ways(t) {
		t.Run(w.name, func(t *testing.T) {
			text, denied, err := w.bare(redact.args)
			require.NoError(t, err)
			assert.False(t, denied)
			assert.Contains(t, text, secret)
			text, _, err = w.bare(pin.args)
			require.NoError(t, err)
			assert.Equal(t, "ran make test", text)
		})
	}
}

// BenchmarkOverhead times each framework's call path without the policy and
// with it, per workload; bench/peers/run prints policy minus bare.
func BenchmarkOverhead(b *testing.B) {
	for _, w := range ways(b) {
		for _, wl := range workloads {
			for _, side := range []struct {
				name string
				call func(string) (string, bool, error)
			}{{"bare", w.bare}, {"policy", w.policy}} {
				b.Run(w.name+"/"+wl.name+"/"+side.name, func(b *testing.B) {
					b.ReportAllocs()
					i := 0
					for b.Loop() {
						if _, _, err := side.call(wl.calls[i%len(wl.calls)].args); err != nil {
							b.Fatal(err)
						}
						i++
					}
				})
			}
		}
	}
}
