//go:build unix

package process_test

import (
	"context"
	"log/slog"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain/internal/testfiles"
)

// A persistent hook given no Logger logs to slog.Default(), as it is when
// the record is written. Not parallel: it swaps the default.
func TestAPersistentHookWithoutALoggerLogsToTheDefault(t *testing.T) {
	noLeaks(t)
	p, _ := persistent(t, "allow", nil)
	var logs testfiles.Buffer
	testfiles.DefaultLogTo(t, slog.NewTextHandler(&logs, nil)) // after the hook was built
	_, err := p.Intercept(context.Background(), bashLs)
	require.NoError(t, err)
	assert.Contains(t, logs.String(), `level=INFO msg="hookchain persistent hook started" command=`)
}
