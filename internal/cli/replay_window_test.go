package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestASinceOrUntilIsADurationBeforeNowADateAtMidnightUTCOrATime(t *testing.T) {
	now := time.Date(2026, 12, 2, 19, 30, 0, 0, time.UTC)
	tests := []struct {
		value string
		want  time.Time // zero: refused
	}{
		{"30d", now.AddDate(0, 0, -30)},
		{"0d", now},
		{"12h", now.Add(-12 * time.Hour)},
		{"90m", now.Add(-90 * time.Minute)},
		{"1h30m", now.Add(-90 * time.Minute)},
		{"2026-11-01", time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)},
		{"2026-11-01T10:00:00Z", time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)},
		{"2026-11-01T10:00:00+02:00", time.Date(2026, 11, 1, 8, 0, 0, 0, time.UTC)},
		{"2026-11-01T10:00:00.5Z", time.Date(2026, 11, 1, 10, 0, 0, 5e8, time.UTC)},
		{"", time.Time{}},
		{"d", time.Time{}},
		{"yesterday", time.Time{}},
		{"-3d", time.Time{}},
		{"+3d", time.Time{}},
		{"1.5d", time.Time{}},
		{"-12h", time.Time{}},
		{"+12h", time.Time{}},
		{"30", time.Time{}},
		{"99999999999d", time.Time{}},
		{"2026-13-01", time.Time{}},
		{"2026-11-01 10:00", time.Time{}},
		{"2026-11-01T10:00:00", time.Time{}}, // no zone: which midnight is unsaid
	}
	for _, tt := range tests {
		t.Run(tt.value, func(t *testing.T) {
			got, err := parseWhen(tt.value, now)
			if tt.want.IsZero() {
				assert.Equal(t, errWhen, err)
				assert.True(t, got.IsZero())
				return
			}
			require.NoError(t, err)
			assert.True(t, tt.want.Equal(got), "got %v", got)
		})
	}
}

func TestAWindowTakesACallAtSinceAndLeavesOneAtUntilAndOneWithNoTimeIsIn(t *testing.T) {
	since := time.Date(2026, 5, 21, 10, 0, 0, 0, time.UTC)
	until := since.Add(2 * time.Hour)
	tests := []struct {
		name string
		w    window
		at   time.Time
		want string
	}{
		{"just before since", window{since, until}, since.Add(-time.Nanosecond), notJudgedBeforeSince},
		{"at since", window{since, until}, since, ""},
		{"between", window{since, until}, since.Add(time.Hour), ""},
		{"just before until", window{since, until}, until.Add(-time.Nanosecond), ""},
		{"at until", window{since, until}, until, notJudgedAfterUntil},
		{"no time recorded", window{since, until}, time.Time{}, ""},
		{"since only, long after", window{since: since}, until.AddDate(1, 0, 0), ""},
		{"until only, long before", window{until: until}, since.AddDate(-1, 0, 0), ""},
		{"at since in another zone", window{since, until}, since.In(time.FixedZone("x", 3600)), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.w.outside(tt.at))
		})
	}
}

// timedTranscript writes a Claude Code session of a Bash ls call at each
// time ("": none recorded), named t0, t1, … in order, with its result.
func timedTranscript(t *testing.T, dir, session string, times ...string) string {
	t.Helper()
	var lines []string
	parent := "null"
	for i, at := range times {
		stamp := ""
		if at != "" {
			stamp = fmt.Sprintf(`"timestamp":%q,`, at)
		}
		lines = append(lines,
			fmt.Sprintf(`{"parentUuid":%s,"isSidechain":false,"cwd":%q,"sessionId":%q,"version":"2.1.146","type":"assistant","uuid":"u%d",%s`+
				`"message":{"id":"msg_%d","role":"assistant","content":[{"type":"tool_use","id":"t%d","name":"Bash","input":{"command":"ls"}}]}}`,
				parent, dir, session, i, stamp, i, i),
			fmt.Sprintf(`{"parentUuid":"u%d","isSidechain":false,"cwd":%q,"sessionId":%q,"version":"2.1.146","type":"user","uuid":"r%d",%s`+
				`"message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t%d","content":"a","is_error":false}]}}`,
				i, dir, session, i, stamp, i))
		parent = fmt.Sprintf(`"r%d"`, i)
	}
	path := filepath.Join(dir, session+".jsonl")
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644))
	return path
}

// callIDs are the call ids of a --json run's call lines, in order.
func callIDs(lines []string) []string {
	var ids []string
	for _, l := range lines {
		if _, rest, ok := strings.Cut(l, `"call_id":"`); ok {
			ids = append(ids, rest[:strings.IndexByte(rest, '"')])
		}
	}
	return ids
}

func TestReplaySinceAndUntilReplayTheCallsInTheWindowInOrderAndCountTheOthers(t *testing.T) {
	dir := t.TempDir()
	timedTranscript(t, dir, "s1", "2026-05-21T09:59:59.999Z", "2026-05-21T10:00:00.000Z", "", "2026-05-21T11:00:00.000Z",
		"2026-05-21T12:00:00.000Z", "2026-05-21T13:00:00.000Z")
	timedTranscript(t, dir, "s2", "2026-05-21T11:30:00.000Z", "2026-05-21T08:00:00.000Z", "2026-05-21T11:31:00.000Z")
	window := []string{"--since", "2026-05-21T10:00:00Z", "--until", "2026-05-21T12:00:00Z"}
	tests := []struct {
		name  string
		extra []string
	}{
		{name: "against what happened then"},
		{name: "against a baseline, read twice and counted once", extra: []string{"--baseline-settings", "testdata/settings/allow.json"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"replay", "--json", "--jobs", "2", "--settings", "testdata/settings/allow.json", "--project", testdata(t)}, window...)
			code, stdout, stderr := hookchainCmd(t, "", append(append(args, tt.extra...), dir)...)
			require.Equal(t, 0, code, stderr)
			assert.Empty(t, stderr)
			lines := jsonLines(t, stdout)
			require.Len(t, lines, 6)
			assert.Equal(t, []string{"t1", "t2", "t3", "t0", "t2"}, callIDs(lines[:5]))
			assert.Contains(t, lines[5], `"calls":5,`)
			assert.Contains(t, lines[5], `"sessions":{"s1":3,"s2":2}`)
			assert.Contains(t, lines[5], `"not_judged":{"after --until":2,"before --since":2},`+
				`"window":{"since":"2026-05-21T10:00:00Z","until":"2026-05-21T12:00:00Z","no_time_recorded":1},`)
		})
	}
}

func TestReplayWithAWindowReportsItsCountsAndTheCallsWithNoTime(t *testing.T) {
	dir := t.TempDir()
	timedTranscript(t, dir, "s1", "2026-05-21T09:00:00.000Z", "", "", "2026-05-21T11:00:00.000Z")
	code, stdout, stderr := hookchainCmd(t, "", "replay", "--since", "2026-05-21", "--until", "2026-05-21T10:00:00Z",
		"--settings", "testdata/settings/allow.json", "--project", testdata(t), dir)
	require.Equal(t, 0, code, stderr)
	assert.True(t, strings.HasPrefix(stdout, "replayed 3 calls from 1 file\n"+
		"calls made at or after 2026-05-21T00:00:00Z and before 2026-05-21T10:00:00Z\n"+
		"fidelity: 2 calls with no time recorded replayed: the window could not be checked on them\n\n"), stdout)
	assert.Contains(t, stdout, "\nnot judged:\n       1  after --until\n")
}

func TestReplayWithoutAWindowSaysNothingOfOne(t *testing.T) {
	dir := t.TempDir()
	timedTranscript(t, dir, "s1", "", "2026-05-21T09:00:00.000Z")
	code, stdout, stderr := hookchainCmd(t, "", "replay", "--json", "--settings", "testdata/settings/allow.json", "--project", testdata(t), dir)
	require.Equal(t, 0, code, stderr)
	lines := jsonLines(t, stdout)
	require.Len(t, lines, 3)
	assert.NotContains(t, lines[2], `"window"`)
	assert.Contains(t, lines[2], `"not_judged":{},`)
}

func TestReplayRefusesABadSinceOrUntilNamingTheForms(t *testing.T) {
	dir := t.TempDir()
	file := timedTranscript(t, dir, "s1", "2026-05-21T09:00:00.000Z")
	forms := "want a duration before now (30d, 12h, 90m), a date (2026-11-01: midnight UTC) or a time (2026-11-01T10:00:00Z); see 'hookchain help'\n"
	requireRefusals(t, []string{"replay"}, []refusal{
		{name: "a word", args: []string{"--since", "yesterday", file},
			stderr: `hookchain replay: invalid value "yesterday" for flag -since: ` + forms},
		{name: "a negative duration", args: []string{"--until", "-3d", file},
			stderr: `hookchain replay: invalid value "-3d" for flag -until: ` + forms},
		{name: "a time without its zone", args: []string{"--since", "2026-11-01T10:00:00", file},
			stderr: `hookchain replay: invalid value "2026-11-01T10:00:00" for flag -since: ` + forms},
		{name: "a since not before until", args: []string{"--since", "2026-11-01", "--until", "2026-11-01T00:00:00Z", file},
			stderr: "hookchain replay: --since 2026-11-01T00:00:00Z is not before --until 2026-11-01T00:00:00Z: no call could be replayed\n"},
	})
}
