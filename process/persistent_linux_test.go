package process_test

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/process"
)

func TestAPersistentHookInheritsOnlyStdinStdoutAndStderrAndNoOtherHooksPipes(t *testing.T) {
	noLeaks(t)
	inheritable(t)
	// Several persistent hooks and one-shot hooks start at once; the
	// listing is of ls run by the hook, which inherits what the hook has:
	// 0, 1, 2, and the directory ls reads, 3.
	hooks := make([]*process.Persistent, 4)
	for i := range hooks {
		hooks[i], _ = persistent(t, "fds", nil)
	}
	var wg sync.WaitGroup
	answers := make([]string, len(hooks))
	errs := make([]error, len(hooks))
	for i, p := range hooks {
		wg.Go(func() {
			var out hookchain.Outcome
			out, errs[i] = p.Intercept(context.Background(), bashLs)
			answers[i] = out.Reason
		})
		wg.Go(func() {
			_, err := process.Run(context.Background(), ownDescriptors, []byte("x"))
			assert.NoError(t, err)
		})
	}
	wg.Wait()

	for i := range hooks {
		require.NoError(t, errs[i])
		assert.Equal(t, "0 1 2 3 ", answers[i])
	}
}
