package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// noOPA is what the build without OPA answers a policy flag, naming the
// build that has it.
const noOPA = "this build of hookchain has no OPA; run the one that has: go run github.com/hookchain/hookchain/opa/cmd/hookchain@latest, or go install it"

func TestReplayRefusesBadUsageSettingsAndPathsWithStatus1(t *testing.T) {
	dir := t.TempDir()
	file := claudeTranscript(t, dir, "s1", dir, recorded{id: "t1", tool: "Bash", input: bashInput("ls"), content: `"a"`})
	requireRefusals(t, []string{"replay"}, []refusal{
		{name: "a path that does not exist", args: []string{"--settings", "testdata/settings/block.json", filepath.Join(dir, "nope")},
			stderr: "hookchain replay: replay: stat " + filepath.Join(dir, "nope") + ": no such file or directory\n"},
		{name: "settings that do not exist", args: []string{"--settings", filepath.Join(dir, "none.json"), file},
			stderr: "hookchain replay: settings: stat " + filepath.Join(dir, "none.json") + ": no such file or directory\n"},
		{name: "broken settings", args: []string{"--settings", "testdata/settings/broken.json", file},
			stderr: "hookchain replay: testdata/settings/broken.json:4:89: invalid character ']' looking for beginning of value\n"},
		{name: "no jobs", args: []string{"--jobs", "0", file}, stderr: "hookchain replay: --jobs 0: want at least 1\n"},
		{name: "an unknown flag", args: []string{"--no-such-flag", file},
			stderr: "hookchain replay: flag provided but not defined: -no-such-flag; see 'hookchain help'\n"},
		{name: "an OPA policy, to the build without OPA", args: []string{"--opa", "x.rego", file},
			stderr: "hookchain replay: --opa: " + noOPA + "\n"},
		{name: "an OPA baseline, to the build without OPA", args: []string{"--settings", "testdata/settings/allow.json", "--baseline-opa", "x.rego", file},
			stderr: "hookchain replay: --baseline-opa: " + noOPA + "\n"},
	})
}

func TestReplayCountsWhatTheReaderCouldNotReadAndStillFinishes(t *testing.T) {
	dir := t.TempDir()
	file := claudeTranscript(t, dir, "s1", dir, recorded{id: "t1", tool: "Bash", input: bashInput("ls"), content: `"a"`})
	f, err := os.OpenFile(file, os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.WriteString(`{"type":"assistant","uuid":"cut`) // a last line cut short by a crash
	require.NoError(t, err)
	require.NoError(t, f.Close())
	code, stdout, stderr := hookchainCmd(t, "", "replay", "--json", "--settings", "testdata/settings/allow.json", "--project", testdata(t), file)
	require.Equal(t, 0, code, stderr)
	lines := jsonLines(t, stdout)
	require.Len(t, lines, 2)
	assert.Contains(t, lines[1], `"reader_problems":{"bad line":1},"reader_problem_lines":["`+file+`:3: bad line: `)
}

// brokenPipe is a stdout whose reader has gone.
type brokenPipe struct{}

func (brokenPipe) Write([]byte) (int, error) { return 0, syscall.EPIPE }

func TestReplayWhoseOutputCannotBeWrittenStopsWithStatus1(t *testing.T) {
	dir := t.TempDir()
	var calls []recorded
	for i := range 50 {
		calls = append(calls, recorded{id: fmt.Sprint("t", i), tool: "Bash", input: bashInput("ls"), content: `"a"`})
	}
	file := claudeTranscript(t, dir, "s1", dir, calls...)
	for _, format := range [][]string{{"--json"}, nil} {
		var stderr strings.Builder
		code := run(slices.Concat([]string{"replay", "--settings", "testdata/settings/allow.json", "--project", testdata(t)}, format, []string{file}),
			strings.NewReader(""), brokenPipe{}, &stderr)
		assert.Equal(t, 1, code)
		assert.Contains(t, stderr.String(), "broken pipe")
	}
}
