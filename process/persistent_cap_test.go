//go:build unix

package process_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain/process"
)

// An answer past the cap may be a denial, or a rewrite of an input the
// agent made long: a fail-open guard must not let the call through
// because its answer could not be read.
func TestAnAnswerLineOverTheCapIsDeniedEvenByAGuardThatFailsOpen(t *testing.T) {
	noLeaks(t)
	const limit = 4096
	p, _ := persistent(t, "padded", func(s *process.PersistentSpec) {
		s.MaxStdout = limit
		s.Env = append(s.Env, fmt.Sprintf("HOOKCHAIN_LINE_LEN=%d", limit+1))
	})

	_, err := p.Intercept(context.Background(), bashLs)
	fault := fmt.Sprintf("hook %q: wrote a line of more than 4096 bytes on stdout (call 1); denied, as output past the cap is not read, and what the hook decided is not known", p.String())
	requireNotOwn(t, err, fault)
	assert.Equal(t, process.LineTooLong, kindOf(t, err))

	out := failingOpen(p).Run(context.Background(), bashLs)
	require.Len(t, out.Trail, 1)
	assert.Equal(t, standIn(fmt.Sprintf("hook %q: wrote a line of more than 4096 bytes on stdout (call 1); denied, as output past the cap is not read, and what the hook decided is not known", p.String())), out)
}
