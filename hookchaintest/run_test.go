package hookchaintest_test

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain/hookchaintest"
)

func TestRunPassesCasesThatMatch(t *testing.T) {
	hookchaintest.Run(t, policy(),
		hookchaintest.Case{Name: "rm -rf is denied", Event: rmEvent, Want: rmWant},
		hookchaintest.Case{Name: "ls gets a timeout", Event: lsEvent, Want: lsWant},
		hookchaintest.Case{Name: "keys are redacted", Event: keyEvent, Want: keyWant},
		hookchaintest.Case{Event: flakyEvent, Want: flakyWant}, // runs as "#3"
		hookchaintest.Case{Event: fetchEvent, Want: fetchWant}, // runs as "#4"
	)
	hookchaintest.RunFiles(t, policy(), "testdata/cases/*.json")
}

// A test that fails its *testing.T cannot be observed from the same test, so
// the failures of Run and RunFiles are tested in a child process running
// TestScenario, which is skipped in a normal run.
const scenarioEnv = "HOOKCHAINTEST_SCENARIO"

var scenarios = map[string]func(t *testing.T){
	"mismatch": func(t *testing.T) {
		hookchaintest.Run(t, policy(),
			hookchaintest.Case{Name: "rm -rf is denied", Event: rmEvent, Want: rmWant},
			hookchaintest.Case{Name: "ls is allowed", Event: lsEvent, Want: hookchaintest.Want{}},
		)
	},
	"files":     func(t *testing.T) { hookchaintest.RunFiles(t, policy(), os.Getenv("HOOKCHAINTEST_PATTERN")) },
	"no files":  func(t *testing.T) { hookchaintest.RunFiles(t, policy(), "testdata/case/*.json") },
	"bad files": func(t *testing.T) { hookchaintest.RunFiles(t, policy(), "testdata/bad/*.json") },
	"no cases":  func(t *testing.T) { hookchaintest.Run(t, policy()) },
	"nil chain": func(t *testing.T) { hookchaintest.Run(t, nil, hookchaintest.Case{Name: "x", Event: rmEvent}) },
	"same names": func(t *testing.T) {
		hookchaintest.Run(t, policy(),
			hookchaintest.Case{Name: "same", Event: rmEvent, Want: rmWant},
			hookchaintest.Case{Name: "same", Event: lsEvent, Want: lsWant})
	},
}

func TestScenario(t *testing.T) {
	name := os.Getenv(scenarioEnv)
	if name == "" {
		t.Skip("run in a child process by the tests of failing runs")
	}
	scenarios[name](t)
}

// runScenario runs a scenario in a child process and returns its verbose
// output, with timings and line numbers (which say nothing about the
// contract) blanked, and whether it passed.
func runScenario(t *testing.T, name string, env []string, args ...string) (string, bool) {
	t.Helper()
	require.Contains(t, scenarios, name)
	cmd := exec.Command(os.Args[0], append([]string{"-test.run=^TestScenario$", "-test.v"}, args...)...)
	cmd.Env = append(append(os.Environ(), scenarioEnv+"="+name), env...)
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		require.NoError(t, err)
	}
	out = regexp.MustCompile(`\(\d+\.\d+s\)`).ReplaceAll(out, []byte("(T)"))
	out = regexp.MustCompile(`(\w+\.go):\d+:`).ReplaceAll(out, []byte("$1:N:"))
	// The summary lines name the package and its time; the verdict is
	// returned as a bool instead.
	out = regexp.MustCompile(`(?m)^(PASS|FAIL|ok\t.*|FAIL\t.*)\n`).ReplaceAll(out, nil)
	return string(bytes.TrimSpace(out)), err == nil
}

func TestRunFailsTheSubtestWithTheReport(t *testing.T) {
	out, passed := runScenario(t, "mismatch", nil)
	assert.False(t, passed)
	assert.Equal(t, `=== RUN   TestScenario
=== RUN   TestScenario/rm_-rf_is_denied
=== RUN   TestScenario/ls_is_allowed
    run_test.go:N: case "ls is allowed":
          verdict: want Allowed, got Modified
          reason:  want ""
                   got  "pin-timeout: bounded to 60s"
          trail:   want [], got [pin-timeout]
        chain's trail:
          #0 pin-timeout: Modified, reason "bounded to 60s"
--- FAIL: TestScenario (T)
    --- PASS: TestScenario/rm_-rf_is_denied (T)
    --- FAIL: TestScenario/ls_is_allowed (T)`, out)
}

func TestRunFilesReportsTheFileAndCaseOfAMismatch(t *testing.T) {
	dir := staleCopy(t)
	out, passed := runScenario(t, "files", []string{"HOOKCHAINTEST_PATTERN=" + filepath.Join(dir, "*.json")})
	assert.False(t, passed)
	assert.Equal(t, `=== RUN   TestScenario
=== RUN   TestScenario/other_tools_are_let_through_untouched
=== RUN   TestScenario/rm_-rf_is_denied
    run_test.go:N: case "rm -rf is denied" (DIR/guards.json #0):
          reason:          want "denied by no-rm: dangerous"
                           got  "denied by no-rm: recursive delete"
          decided_by:      want "", got "no-rm"
          cause:           want none, got link
          steps[0].reason: want "dangerous"
                           got  "recursive delete"
        chain's trail:
          #0 no-rm: Denied, reason "recursive delete"
=== RUN   TestScenario/every_Bash_call_gets_a_timeout
    run_test.go:N: case "every Bash call gets a timeout" (DIR/guards.json #1):
          verdict: want Allowed, got Modified
          reason:  want ""
                   got  "pin-timeout: bounded to 60s"
          trail:   want [], got [pin-timeout]
        chain's trail:
          #0 pin-timeout: Modified, reason "bounded to 60s"
=== RUN   TestScenario/guards.json#2
=== RUN   TestScenario/an_AWS_key_is_redacted_from_what_the_model_reads
    run_test.go:N: case "an AWS key is redacted from what the model reads" (DIR/redact.json):
          verdict: want Allowed, got Replaced
          reason:  want ""
                   got  "redact: a credential"
          trail:   want [], got [redact]
        chain's trail:
          #0 redact: Replaced, reason "a credential"
--- FAIL: TestScenario (T)
    --- PASS: TestScenario/other_tools_are_let_through_untouched (T)
    --- FAIL: TestScenario/rm_-rf_is_denied (T)
    --- FAIL: TestScenario/every_Bash_call_gets_a_timeout (T)
    --- PASS: TestScenario/guards.json#2 (T)
    --- FAIL: TestScenario/an_AWS_key_is_redacted_from_what_the_model_reads (T)`, strings.ReplaceAll(out, dir, "DIR"))
}

func TestRunFilesFailsWhenThePatternMatchesNoFile(t *testing.T) {
	out, passed := runScenario(t, "no files", nil)
	assert.False(t, passed)
	assert.Equal(t, `=== RUN   TestScenario
    run_test.go:N: hookchaintest: no file matches "testdata/case/*.json"
--- FAIL: TestScenario (T)`, out)
}

func TestRunFilesFailsOnFilesThatCannotBeLoaded(t *testing.T) {
	out, passed := runScenario(t, "bad files", nil)
	assert.False(t, passed)
	assert.Equal(t, `=== RUN   TestScenario
    run_test.go:N: testdata/bad/malformed.json:4:31: invalid character '}' looking for beginning of object key string
        testdata/bad/misspelled.json:7:3: case #1 "rm -rf is denied": want: unknown field "verdcit"
--- FAIL: TestScenario (T)`, out)
}

func TestRunFailsWithoutCasesOrChainOrWithTwoCasesOfOneName(t *testing.T) {
	for scenario, message := range map[string]string{
		"no cases":   "hookchaintest: Run: no cases",
		"nil chain":  "hookchaintest: Run: nil chain",
		"same names": `hookchaintest: two cases are named "same": case #0 and case #1`,
	} {
		out, passed := runScenario(t, scenario, nil)
		assert.False(t, passed, scenario)
		assert.Equal(t, "=== RUN   TestScenario\n    run_test.go:N: "+message+"\n--- FAIL: TestScenario (T)", out, scenario)
	}
}

func TestTheUpdateFlagRewritesTheFilesAndLogsWhatChanged(t *testing.T) {
	dir := staleCopy(t)
	env := []string{"HOOKCHAINTEST_PATTERN=" + filepath.Join(dir, "*.json")}
	out, passed := runScenario(t, "files", env, "-hookchaintest.update")
	assert.True(t, passed)
	assert.Equal(t, `=== RUN   TestScenario
    run_test.go:N: updated "rm -rf is denied" (DIR/guards.json #0): reason, decided_by, cause, steps[0].reason
    run_test.go:N: updated "every Bash call gets a timeout" (DIR/guards.json #1): verdict, reason, trail
    run_test.go:N: updated "an AWS key is redacted from what the model reads" (DIR/redact.json): verdict, reason, trail
--- PASS: TestScenario (T)`, strings.ReplaceAll(out, dir, "DIR"))
	assert.Equal(t, readFile(t, "testdata/update/guards.json.golden"), readFile(t, filepath.Join(dir, "guards.json")))
	assert.Equal(t, readFile(t, "testdata/update/redact.json.golden"), readFile(t, filepath.Join(dir, "redact.json")))

	out, passed = runScenario(t, "files", env, "-hookchaintest.update")
	assert.True(t, passed)
	assert.Equal(t, `=== RUN   TestScenario
    run_test.go:N: hookchaintest: every case in "DIR/*.json" already matches; no file rewritten
--- PASS: TestScenario (T)`, strings.ReplaceAll(out, dir, "DIR"))

	// Without the flag, the rewritten files pass.
	_, passed = runScenario(t, "files", env)
	assert.True(t, passed)
}
