package claudecode

import (
	"context"
	"encoding/json"
	"regexp"
	"testing"

	"github.com/hookchain/hookchain"
)

// BenchmarkPolicy is the same policy — refuse a shell command with "rm -rf"
// in it — as an in-process link and as a Claude Code command hook
// (testdata/hooks/no-rm.sh), asked about a call it lets through. The ratio is
// the price of a process per hook per call.
func BenchmarkPolicy(b *testing.B) {
	rmrf := regexp.MustCompile(`rm -rf`)
	inProcess := func(_ context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		var in struct{ Command string }
		if err := json.Unmarshal(e.Input, &in); err != nil {
			return hookchain.Outcome{}, err
		}
		if rmrf.MatchString(in.Command) {
			return hookchain.Deny("refusing '" + in.Command + "'"), nil
		}
		return hookchain.Allow(), nil
	}
	s := SessionInfo{Cwd: b.TempDir()}
	chains := []struct {
		name  string
		chain *hookchain.Chain
	}{
		{"in-process", hookchain.New(hookchain.Before("no-rm", hookchain.Tool("Bash"), inProcess))},
		{"command-hook", hookchain.New(hookchain.Before("no-rm", hookchain.Tool("Bash"), Command(script(b, "no-rm.sh"), s)))},
	}
	e := bash("ls -la")
	for _, c := range chains {
		b.Run(c.name, func(b *testing.B) {
			ctx := context.Background()
			for b.Loop() {
				if out := c.chain.Run(ctx, e); out.Verdict != hookchain.Allowed || len(out.Trail) != 0 {
					b.Fatalf("%+v", out)
				}
			}
		})
	}
}
