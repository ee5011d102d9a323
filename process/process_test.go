//go:build unix

package process_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain/process"
)

const allowLine = `{"verdict":"allow"}` + "\n"

func TestArgsArriveVerbatimAndAreNeverReadByAShell(t *testing.T) {
	dir := t.TempDir()
	args := []string{
		"; touch pwned",
		"$(touch pwned2)",
		"`touch pwned3`",
		"a b  c",
		"",
		"'single' \"double\" \\ *",
		"> pwned4",
	}
	s := process.Spec{Args: append([]string{script(t, "args.sh")}, args...), Dir: dir}

	res, err := process.Run(context.Background(), s, nil)

	require.NoError(t, err)
	assert.Equal(t, strings.Join(args, "\n")+"\n", string(res.Stdout))
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Empty(t, entries, "an argument was run as shell code")
}

func TestTheShellFormRunsItsLineUnderShC(t *testing.T) {
	s := process.Spec{Shell: `echo one; echo two | tr o 0; echo "$0"`}

	res, err := process.Run(context.Background(), s, nil)

	require.NoError(t, err)
	assert.Equal(t, "one\ntw0\n/bin/sh\n", string(res.Stdout))
}

func TestDirIsTheCommandsWorkingDirectory(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)

	res, err := process.Run(context.Background(), process.Spec{Shell: "pwd -P", Dir: dir}, nil)

	require.NoError(t, err)
	assert.Equal(t, dir+"\n", string(res.Stdout))
}

func TestTheChildGetsTheDocumentedEnvironmentAndNotTheParents(t *testing.T) {
	t.Setenv("HOOKCHAIN_TEST_SECRET", "sk-do-not-leak")
	t.Setenv("LANG", "en_US.UTF-8")
	t.Setenv("TZ", "Europe/Paris")
	s := process.Spec{
		Args: []string{script(t, "env.sh")},
		Env:  []string{"HOOKCHAIN_TEST_VISIBLE=yes", "LANG=C", "TWICE=first", "TWICE=second"},
	}

	res, err := process.Run(context.Background(), s, nil)

	require.NoError(t, err)
	env := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(res.Stdout)), "\n") {
		k, v, _ := strings.Cut(line, "=")
		env[k] = v
	}
	assert.NotContains(t, env, "HOOKCHAIN_TEST_SECRET")
	assert.NotContains(t, string(res.Stdout), "sk-do-not-leak")
	assert.Equal(t, "yes", env["HOOKCHAIN_TEST_VISIBLE"])
	assert.Equal(t, "C", env["LANG"], "Spec.Env overrides the base")
	assert.Equal(t, "second", env["TWICE"], "the later entry wins")
	assert.Equal(t, "Europe/Paris", env["TZ"])
	assert.Equal(t, os.Getenv("PATH"), env["PATH"])

	allowed := map[string]bool{
		"PATH": true, "HOME": true, "USER": true, "LOGNAME": true, "SHELL": true,
		"LANG": true, "LC_ALL": true, "LC_CTYPE": true, "TZ": true, "TMPDIR": true, "TERM": true,
		"HOOKCHAIN_TEST_VISIBLE": true, "TWICE": true,
		"PWD": true, "OLDPWD": true, "SHLVL": true, "_": true, // what sh sets for itself
	}
	for k := range env {
		assert.True(t, allowed[k], "the child saw %s, which it was not given", k)
	}
}

func TestBaseEnvCopiesOnlyTheDocumentedVariablesThatAreSet(t *testing.T) {
	t.Setenv("HOOKCHAIN_TEST_SECRET", "sk-do-not-leak")
	t.Setenv("TZ", "UTC")
	t.Setenv("TERM", "")
	t.Setenv("LC_ALL", "") // so that it is restored at cleanup
	os.Unsetenv("LC_ALL")

	env := process.BaseEnv()

	assert.Contains(t, env, "TZ=UTC")
	assert.Contains(t, env, "TERM=", "an empty value is still set")
	for _, kv := range env {
		assert.False(t, strings.HasPrefix(kv, "HOOKCHAIN_TEST_SECRET="), kv)
		assert.False(t, strings.HasPrefix(kv, "LC_ALL="), "LC_ALL is not set, so it is not copied")
	}
}

func TestTheExitStatusIsTheCallersToReadAndNotAnError(t *testing.T) {
	rows := []struct {
		name   string
		spec   process.Spec
		code   int
		stdout string
		stderr string
	}{
		{"Zero", process.Spec{Args: []string{script(t, "allow.sh")}}, 0, allowLine, ""},
		{"OneWithAnAllowOnStdout", process.Spec{Args: []string{script(t, "exit1.sh")}}, 1, allowLine, "guard: cannot read policy.json\n"},
		{"TwoAsClaudeCodeHooksBlock", process.Spec{Shell: "echo blocked >&2; exit 2"}, 2, "", "blocked\n"},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			res, err := process.Run(context.Background(), row.spec, nil)

			require.NoError(t, err)
			assert.Equal(t, row.code, res.ExitCode)
			assert.Equal(t, row.stdout, string(res.Stdout))
			assert.Equal(t, row.stderr, string(res.Stderr))
		})
	}
}

// failureRow is a command that cannot give a result, and exactly how Run
// must say so.
type failureRow struct {
	name    string
	spec    func(t *testing.T, pidEnv string) process.Spec
	stdin   []byte
	kind    process.Kind
	message func(s process.Spec) string // the exact error text
	group   bool                        // the script writes its pid: its group must be gone
}

func TestEveryFailureNamesTheCommandSaysWhatHappenedAndLeavesNothingRunning(t *testing.T) {
	args := func(name string, more ...string) func(*testing.T, string) process.Spec {
		return func(t *testing.T, pidEnv string) process.Spec {
			return process.Spec{Args: append([]string{script(t, name)}, more...), Env: []string{pidEnv}}
		}
	}
	rows := []failureRow{{
		name: "NotFoundInPATH",
		spec: func(*testing.T, string) process.Spec {
			return process.Spec{Args: []string{"hookchain-no-such-hook"}}
		},
		kind: process.StartFailed,
		message: func(process.Spec) string {
			return `hook "hookchain-no-such-hook": could not start: exec: "hookchain-no-such-hook": executable file not found in $PATH`
		},
	}, {
		name: "NoSuchFile",
		spec: args("missing.sh"),
		kind: process.StartFailed,
		message: func(s process.Spec) string {
			return fmt.Sprintf(`hook %q: could not start: fork/exec %s: no such file or directory (or its #! interpreter is missing)`, s.String(), s.Args[0])
		},
	}, {
		name: "NotExecutable",
		spec: args("notexec.sh"),
		kind: process.StartFailed,
		message: func(s process.Spec) string {
			return fmt.Sprintf(`hook %q: could not start: fork/exec %s: permission denied (is it executable?)`, s.String(), s.Args[0])
		},
	}, {
		name: "NoSuchDir",
		spec: func(t *testing.T, _ string) process.Spec {
			return process.Spec{Args: []string{script(t, "allow.sh")}, Dir: "/nonexistent/hookchain"}
		},
		kind: process.StartFailed,
		message: func(s process.Spec) string {
			return fmt.Sprintf(`hook %q: could not start: its working directory /nonexistent/hookchain: no such file or directory`, s.String())
		},
	}, {
		name: "InvalidSpec",
		spec: func(*testing.T, string) process.Spec {
			return process.Spec{Args: []string{"true"}, Shell: "true"}
		},
		kind: process.InvalidSpec,
		message: func(process.Spec) string {
			return `hook "true": invalid: both Args and Shell are set; give one`
		},
	}, {
		name: "SleepsForeverAndTimesOut",
		spec: func(t *testing.T, pidEnv string) process.Spec {
			// Long enough for a loaded machine to start the script and
			// have it write its stderr and pid, which the test reads.
			s := args("sleep.sh")(t, pidEnv)
			s.Timeout = 3 * time.Second
			return s
		},
		kind: process.TimedOut,
		message: func(s process.Spec) string {
			return fmt.Sprintf(`hook %q: timed out after 3s; stderr: "waiting for a lock"`, s.String())
		},
		group: true,
	}, {
		name: "PrintsTenMegabytesOnStdout",
		spec: args("flood_stdout.sh"),
		kind: process.StdoutTooLarge,
		message: func(s process.Spec) string {
			return fmt.Sprintf(`hook %q: wrote more than 1048576 bytes on stdout`, s.String())
		},
		group: true,
	}, {
		name: "PrintsPastALowerStdoutCap",
		spec: func(t *testing.T, pidEnv string) process.Spec {
			s := args("deny.sh")(t, pidEnv)
			s.MaxStdout = 10
			return s
		},
		kind: process.StdoutTooLarge,
		message: func(s process.Spec) string {
			return fmt.Sprintf(`hook %q: wrote more than 10 bytes on stdout`, s.String())
		},
	}, {
		name: "FloodsStderr",
		spec: args("flood_stderr.sh"),
		kind: process.StderrTooLarge,
		message: func(s process.Spec) string {
			return fmt.Sprintf(`hook %q: wrote more than 65536 bytes on stderr; stderr: "…%s"`, s.String(), strings.Repeat("e", process.ExcerptLen))
		},
		group: true,
	}, {
		name: "IsKilledByASignal",
		spec: args("kill_self.sh"),
		kind: process.Signaled,
		message: func(s process.Spec) string {
			return fmt.Sprintf(`hook %q: was killed by signal SIGKILL; stderr: "about to be killed"`, s.String())
		},
		group: true,
	}}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			t.Parallel()
			pids, pidEnv := pidFile(t)
			s := row.spec(t, pidEnv)
			start := time.Now()

			res, err := process.Run(context.Background(), s, row.stdin)

			// Far below the scripts' sleep 1000, far above the 3s timeout.
			assert.Less(t, time.Since(start), 30*time.Second, "Run must return promptly")
			var perr *process.Error
			require.ErrorAs(t, err, &perr)
			assert.Equal(t, row.kind, perr.Kind)
			assert.Equal(t, s.String(), perr.Command)
			assert.Equal(t, row.message(s), err.Error())
			assert.Equal(t, process.Result{ExitCode: -1}, res, "partial output is never handed on")
			if row.group {
				requireGroupGone(t, readPid(t, pids))
			}
		})
	}
}

func TestATimedOutErrorIsADeadlineExceeded(t *testing.T) {
	s := process.Spec{Args: []string{script(t, "sleep.sh")}, Timeout: 50 * time.Millisecond}

	_, err := process.Run(context.Background(), s, nil)

	assert.ErrorIs(t, err, context.DeadlineExceeded)
}

func TestAHookWhoseGrandchildHoldsStdoutOpenIsAnsweredByTheTimeout(t *testing.T) {
	skipInShort(t)
	pids, pidEnv := pidFile(t)
	s := process.Spec{
		Args: []string{script(t, "grandchild.sh"), "hang"},
		Env:  []string{pidEnv},
		// Long enough for a loaded machine to get the grandchild started
		// and its pid written, which the test reads.
		Timeout: 3 * time.Second,
	}
	start := time.Now()

	_, err := process.Run(context.Background(), s, nil)

	assert.Less(t, time.Since(start), 30*time.Second, "far below the grandchild's sleep 1000")
	assert.EqualError(t, err, fmt.Sprintf(`hook %q: timed out after 3s`, s.String()))
	requireGone(t, readPid(t, pids+".grandchild"))
	requireGroupGone(t, readPid(t, pids))
}

func TestAHookThatExitsWhileItsGrandchildHoldsStdoutIsAnsweredAtOnceAndTheGrandchildKilled(t *testing.T) {
	pids, pidEnv := pidFile(t)
	s := process.Spec{Args: []string{script(t, "grandchild.sh"), "answer"}, Env: []string{pidEnv}}
	start := time.Now()

	res, err := process.Run(context.Background(), s, nil)

	require.NoError(t, err)
	// Far below the default timeout's 60s, far above a loaded machine's start.
	assert.Less(t, time.Since(start), 20*time.Second, "the answer must not wait for the grandchild or the timeout")
	assert.Equal(t, allowLine, string(res.Stdout))
	requireGone(t, readPid(t, pids+".grandchild"))
	requireGroupGone(t, readPid(t, pids))
}

func TestBackgroundChildrenAreKilledOnceTheHookExits(t *testing.T) {
	pids, pidEnv := pidFile(t)
	s := process.Spec{Args: []string{script(t, "background.sh")}, Env: []string{pidEnv}}

	res, err := process.Run(context.Background(), s, nil)

	require.NoError(t, err)
	assert.Equal(t, allowLine, string(res.Stdout))
	requireGone(t, readPid(t, pids+".child"))
	requireGroupGone(t, readPid(t, pids))
}

func TestAProcessThatLeftTheGroupCannotHoldUpTheAnswer(t *testing.T) {
	if _, err := exec.LookPath("setsid"); err != nil {
		t.Skip("needs setsid(1)")
	}
	pids, pidEnv := pidFile(t)
	s := process.Spec{Args: []string{script(t, "escape.sh")}, Env: []string{pidEnv}, Timeout: time.Minute}
	t.Cleanup(func() {
		// Run cannot reach a process outside the group; the test can.
		if b, err := os.ReadFile(pids + ".escaped"); err == nil {
			var pid int
			if _, err := fmt.Sscan(string(b), &pid); err == nil && pid > 1 {
				_ = syscall.Kill(pid, syscall.SIGKILL)
			}
		}
	})
	start := time.Now()

	_, err := process.Run(context.Background(), s, nil)

	assert.Less(t, time.Since(start), 20*time.Second, "far below the timeout's minute")
	var perr *process.Error
	require.ErrorAs(t, err, &perr)
	assert.Equal(t, process.OutputHeld, perr.Kind)
	assert.EqualError(t, err, fmt.Sprintf(`hook %q: exited, but its output was still open 500ms later: a process that left its process group holds it`, s.String()))
	requireGroupGone(t, readPid(t, pids))
}

func TestTheEndOfTheCallersContextKillsTheGroup(t *testing.T) {
	pids, pidEnv := pidFile(t)
	s := process.Spec{Args: []string{script(t, "sleep.sh")}, Env: []string{pidEnv}}
	ctx, cancel := context.WithCancel(context.Background())
	// Once the script has written its stderr and pid, which the test reads.
	whenPid(pids, cancel)
	start := time.Now()

	_, err := process.Run(ctx, s, nil)

	assert.Less(t, time.Since(start), 30*time.Second, "far below the script's sleep 1000")
	assert.ErrorIs(t, err, context.Canceled)
	assert.EqualError(t, err, fmt.Sprintf(`hook %q: stopped because its context ended: context canceled; stderr: "waiting for a lock"`, s.String()))
	requireGroupGone(t, readPid(t, pids))
}

func TestADoneContextStartsNothing(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()

	_, err := process.Run(ctx, process.Spec{Shell: "touch ran", Dir: dir}, nil)

	assert.ErrorIs(t, err, context.Canceled)
	assert.NoFileExists(t, filepath.Join(dir, "ran"))
}

func TestStdinIsWrittenWhileOutputIsRead(t *testing.T) {
	big := bytes.Repeat([]byte("0123456789abcdef"), 10<<20/16) // 10 MiB
	rows := []struct {
		name   string
		script string
	}{
		{"AHookThatNeverReadsItsStdin", "ignore_stdin.sh"},
		{"AHookThatClosesItsStdinEarly", "close_stdin.sh"},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			t.Parallel()
			start := time.Now()

			// A Run that waited for the input to be written would wait out
			// its whole timeout: half of it is far more than a loaded
			// machine needs, and far less than that wait.
			const timeout = 20 * time.Second
			res, err := process.Run(context.Background(), process.Spec{Args: []string{script(t, row.script)}, Timeout: timeout}, big)

			require.NoError(t, err)
			assert.Equal(t, 0, res.ExitCode)
			assert.Equal(t, allowLine, string(res.Stdout))
			assert.Less(t, time.Since(start), timeout/2)
		})
	}
	t.Run("AHookThatEchoesALargeInput", func(t *testing.T) {
		t.Parallel()
		// cat writes as it reads: with the input and the output both far
		// larger than a pipe, only concurrent writing and reading finish.
		in := big[:3<<20]
		res, err := process.Run(context.Background(), process.Spec{Shell: "cat", MaxStdout: 4 << 20}, in)

		require.NoError(t, err)
		assert.True(t, bytes.Equal(in, res.Stdout), "the input came back changed")
	})
}

func TestConcurrentRunsDoNotInterfere(t *testing.T) {
	var wg sync.WaitGroup
	errs := make([]error, 8)
	outs := make([]string, 8)
	for i := range errs {
		wg.Go(func() {
			res, err := process.Run(context.Background(), process.Spec{Shell: fmt.Sprintf("echo %d", i)}, []byte("x"))
			errs[i], outs[i] = err, string(res.Stdout)
		})
	}
	wg.Wait()
	for i := range errs {
		assert.NoError(t, errs[i])
		assert.Equal(t, fmt.Sprintf("%d\n", i), outs[i])
	}
}

func TestErrorsAreErrorsAsProcessError(t *testing.T) {
	_, err := process.Run(context.Background(), process.Spec{Args: []string{"hookchain-no-such-hook"}}, nil)

	var perr *process.Error
	require.True(t, errors.As(err, &perr))
	assert.ErrorIs(t, err, exec.ErrNotFound)
	assert.Equal(t, -1, perr.ExitCode)
}

func TestOutputExactlyAtItsCapIsKeptAndOneByteMoreIsAFailure(t *testing.T) {
	s := process.Spec{Args: []string{script(t, "allow.sh")}, MaxStdout: len(allowLine)}
	res, err := process.Run(context.Background(), s, nil)
	require.NoError(t, err)
	assert.Equal(t, allowLine, string(res.Stdout))

	s.MaxStdout--
	_, err = process.Run(context.Background(), s, nil)
	var perr *process.Error
	require.ErrorAs(t, err, &perr)
	assert.Equal(t, process.StdoutTooLarge, perr.Kind)
	assert.Equal(t, len(allowLine)-1, perr.Limit)

	s = process.Spec{Shell: "printf 12345 >&2", MaxStderr: 5}
	res, err = process.Run(context.Background(), s, nil)
	require.NoError(t, err)
	assert.Equal(t, "12345", string(res.Stderr))
}

func TestInheritAllGivesTheWholeEnvironmentLessWhatUnsetNames(t *testing.T) {
	t.Setenv("CLAUDE_DENY_PATHS", "/etc:/secrets")
	t.Setenv("OTEL_EXPORTER_OTLP_ENDPOINT", "http://collector:4317")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "do-not-pass")
	s := process.Spec{
		Args:    []string{script(t, "env.sh")},
		Inherit: process.InheritAll,
		Unset:   []string{"OTEL_*", "AWS_SECRET_ACCESS_KEY", "ADDED"},
		Env:     []string{"ADDED=by-env", "CLAUDE_DENY_PATHS=/etc"},
	}

	res, err := process.Run(context.Background(), s, nil)

	require.NoError(t, err)
	env := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(res.Stdout)), "\n") {
		k, v, _ := strings.Cut(line, "=")
		env[k] = v
	}
	assert.Equal(t, "/etc", env["CLAUDE_DENY_PATHS"], "Env overrides what is inherited")
	assert.Equal(t, "by-env", env["ADDED"], "Unset keeps back inherited variables, not those Env gives")
	assert.NotContains(t, env, "OTEL_EXPORTER_OTLP_ENDPOINT", "a prefix with '*' unsets every variable it starts")
	assert.NotContains(t, env, "AWS_SECRET_ACCESS_KEY")
	assert.Equal(t, os.Getenv("HOME"), env["HOME"])
}

func TestUnderTruncateTheCapsBoundWhatIsKeptAndTheExitStatusStillComesBack(t *testing.T) {
	rows := []struct {
		name        string
		line        string
		code        int
		stdout      int
		stderr      int
		cutOut      bool
		cutErr      bool
		stdoutStart string
	}{
		{"ALintRunPrintsSixHundredErrorsAndBlocks",
			`i=0; while [ $i -lt 600 ]; do echo "src/app.ts:$i:1 error no-unused-vars: 'x' is defined but never used" >&2; i=$((i+1)); done; exit 2`,
			2, 0, 100, false, true, ""},
		{"StdoutOverTheCap", `head -c 5000 /dev/zero | tr '\0' 'o'; exit 0`, 0, 100, 0, true, false, "ooo"},
		{"WithinTheCapsNothingIsCut", `echo hi; echo there >&2; exit 1`, 1, 3, 6, false, false, "hi"},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			s := process.Spec{Shell: row.line, MaxStdout: 100, MaxStderr: 100, Truncate: true}

			res, err := process.Run(context.Background(), s, nil)

			require.NoError(t, err)
			assert.Equal(t, row.code, res.ExitCode)
			assert.Len(t, res.Stdout, row.stdout)
			assert.Len(t, res.Stderr, row.stderr)
			assert.Equal(t, row.cutOut, res.StdoutTruncated)
			assert.Equal(t, row.cutErr, res.StderrTruncated)
			assert.True(t, strings.HasPrefix(string(res.Stdout), row.stdoutStart))
		})
	}
}

// A program that cancels its runs and exits must not leave their hooks
// behind: Settle returns once every run has killed and reaped its hook.
func TestSettleWaitsUntilEveryCancelledRunHasKilledItsHook(t *testing.T) {
	require.NoError(t, process.Settle(t.Context()), "with nothing running, at once")

	pidPath, env := pidFile(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := process.Run(ctx, process.Spec{Shell: `echo $$ > "$HOOKCHAIN_PIDFILE"; exec sleep 30`, Env: []string{env}}, nil)
		done <- err
	}()
	pid := awaitPid(t, pidPath)

	cancel()
	settle, stop := context.WithTimeout(context.Background(), 5*time.Second)
	defer stop()
	require.NoError(t, process.Settle(settle))
	assert.False(t, alive(pid), "the hook outlived Settle")
	var pe *process.Error
	require.ErrorAs(t, <-done, &pe)
	assert.Equal(t, process.Canceled, pe.Kind)
}
