//go:build unix

package process_test

import (
	"context"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/process"
)

// The benchmarks below run one hook program both ways: spawned for every
// call (Native), and started once and asked over its pipes (Persistent).
// The program is the same file each time — examples/persistent/policy.py,
// built on the hookchain_hook module, and examples/persistent/gohook, built
// on process.HookMain — which serves whichever way it is started.

func BenchmarkPythonHook(b *testing.B) {
	if _, err := exec.LookPath("python3"); err != nil {
		b.Skip("python3 is not installed")
	}
	dir, err := filepath.Abs("../examples/persistent")
	if err != nil {
		b.Fatal(err)
	}
	spec := process.Spec{Args: []string{"python3", "policy.py"}, Dir: dir, Timeout: 30 * time.Second}
	benchmarkBothWays(b, spec)
}

func BenchmarkGoHook(b *testing.B) {
	bin := filepath.Join(b.TempDir(), "gohook")
	if out, err := exec.Command("go", "build", "-o", bin, "../examples/persistent/gohook").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v: %s", err, out)
	}
	benchmarkBothWays(b, process.Spec{Args: []string{bin}, Timeout: 30 * time.Second})
}

func benchmarkBothWays(b *testing.B, spec process.Spec) {
	b.Run("spawned", func(b *testing.B) {
		benchmarkAllowed(b, hookchain.New(hookchain.Before("policy", hookchain.Tool("Bash"), process.Native(spec))))
	})
	b.Run("persistent", func(b *testing.B) {
		p, err := process.NewPersistent(process.PersistentSpec{Spec: spec})
		if err != nil {
			b.Fatal(err)
		}
		defer p.Close(context.Background())
		if err := p.Start(context.Background()); err != nil {
			b.Fatal(err)
		}
		benchmarkAllowed(b, hookchain.New(hookchain.Before("policy", hookchain.Tool("Bash"), p.Intercept)))
	})
}
