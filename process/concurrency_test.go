//go:build unix

package process_test

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookchain/hookchain/process"
)

// parallel runs body(g, i) for i in [0, runs) on each of goroutines
// goroutines. body returns what went wrong, as a short class ("OutputHeld",
// "wrong stdout") and one example; "" for nothing. The result counts each
// class and keeps its first example, so that thousands of failures read as a
// few lines and a test can report them all at once.
func parallel(goroutines, runs int, body func(g, i int) (class, example string)) map[string]string {
	var (
		mu       sync.Mutex
		seen     = map[string]int{}
		examples = map[string]string{}
		wg       sync.WaitGroup
	)
	for g := range goroutines {
		wg.Go(func() {
			for i := range runs {
				if class, example := body(g, i); class != "" {
					mu.Lock()
					seen[class]++
					if _, ok := examples[class]; !ok {
						examples[class] = example
					}
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	report := map[string]string{}
	for class, n := range seen {
		report[class] = fmt.Sprintf("%d times, first: %s", n, examples[class])
	}
	return report
}

// errorClass is the Kind of a *process.Error, or the error's text.
func errorClass(err error) string {
	if perr, ok := errors.AsType[*process.Error](err); ok {
		return perr.Kind.String()
	}
	return err.Error()
}

func TestHundredsOfParallelChildlessHooksAreNeverReportedHeld(t *testing.T) {
	skipInShort(t)
	const goroutines, runs = 200, 15
	ctx := context.Background()

	failures := parallel(goroutines, runs, func(g, i int) (string, string) {
		word := strconv.Itoa(g*runs + i)
		res, err := process.Run(ctx, process.Spec{Args: []string{"/bin/echo", word}}, []byte("x"))
		switch {
		case err != nil:
			return errorClass(err), err.Error()
		case res.ExitCode != 0 || string(res.Stdout) != word+"\n" || len(res.Stderr) != 0:
			return "wrong result", fmt.Sprintf("exit %d, stdout %q, stderr %q", res.ExitCode, res.Stdout, res.Stderr)
		}
		return "", ""
	})

	assert.Empty(t, failures, "of %d runs", goroutines*runs)
}
