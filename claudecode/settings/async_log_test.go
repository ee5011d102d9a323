package settings

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain/internal/testfiles"
)

// backgroundRecords runs an async hook that fails under a Background built
// with opts, logging to the logger log makes of a buffer, and returns the
// records written, decoded.
func backgroundRecords(t *testing.T, opts BackgroundOptions, log func(*bytes.Buffer) *slog.Logger) []map[string]any {
	t.Helper()
	var buf bytes.Buffer
	opts.Logger = log(&buf)
	bg := NewBackground(opts)
	hook := asyncScript(t, t.TempDir(), "crash.sh", "#!/bin/bash\ncat >/dev/null\necho boom >&2\nexit 3\n", `, "async": true`)
	chainFor(t, `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [`+hook+`]}]}}`, Options{Background: bg}).
		Run(session("s1"), bash("git push"))
	wait(t, bg)
	var records []map[string]any
	for line := range bytes.Lines(buf.Bytes()) {
		var r map[string]any
		require.NoError(t, json.Unmarshal(line, &r), "%s", line)
		records = append(records, r)
	}
	return records
}

func jsonLogger(buf *bytes.Buffer) *slog.Logger { return slog.New(slog.NewJSONHandler(buf, nil)) }

func TestABackgroundHooksRecordNamesTheCallAsEveryRecordDoes(t *testing.T) {
	records := backgroundRecords(t, BackgroundOptions{}, jsonLogger)
	require.Len(t, records, 1)
	assertFailedReport(t, records[0])
}

// A Background given no Logger logs to slog.Default(), as it is when the
// record is written, OnReport or not. Not parallel: it swaps the default.
func TestABackgroundWithoutALoggerLogsToTheDefault(t *testing.T) {
	for _, tt := range []struct {
		name string
		opts BackgroundOptions
	}{
		{"its reports kept for the session", BackgroundOptions{}},
		{"its reports given to OnReport", BackgroundOptions{OnReport: func(Report) {}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			records := backgroundRecords(t, tt.opts, func(buf *bytes.Buffer) *slog.Logger {
				testfiles.DefaultLogTo(t, slog.NewJSONHandler(buf, nil))
				return nil
			})
			require.Len(t, records, 1)
			assertFailedReport(t, records[0])
		})
	}
}

// assertFailedReport holds r to the record of backgroundRecords' hook.
func assertFailedReport(t *testing.T, r map[string]any) {
	t.Helper()
	assert.Greater(t, r["duration"], 0.0, "how long the hook ran, in nanoseconds")
	delete(r, "time")
	delete(r, "duration")
	assert.Equal(t, map[string]any{
		"level": "INFO", "msg": "hookchain background hook ended",
		"link": "crash.sh", "event": "PreToolUse", "session_id": "s1", "tool": "Bash", "call_id": "toolu_1",
		"exit_code": 3.0, "fault": "exited with status 3", "text": "",
	}, r)
}
