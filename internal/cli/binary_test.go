//go:build unix

package cli

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// build compiles the command into a temporary directory, with the build
// tags given, and returns the binary's path.
func build(t *testing.T, tags ...string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := filepath.Join(t.TempDir(), "hookchain")
	args := []string{"build", "-o", bin}
	if len(tags) > 0 {
		args = append(args, "-tags", strings.Join(tags, ","))
	}
	out, err := exec.Command("go", append(args, "github.com/hookchain/hookchain/cmd/hookchain")...).CombinedOutput()
	require.NoError(t, err, "go build: %s", out)
	return bin
}

// ran is how a run of the binary ended.
type ran struct {
	code           int            // the exit status; -1 when a signal ended it
	signal         syscall.Signal // the signal that ended it, if one did
	stdout, stderr string
}

func wait(t *testing.T, cmd *exec.Cmd, stdout, stderr *bytes.Buffer) ran {
	t.Helper()
	// A run that hangs is a failure of its own, not a test timeout.
	hung := time.AfterFunc(30*time.Second, func() {
		t.Errorf("%s did not end within 30s; killed", cmd)
		_ = cmd.Process.Kill()
	})
	defer hung.Stop()
	err := cmd.Wait()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		require.NoError(t, err)
	}
	r := ran{code: cmd.ProcessState.ExitCode(), stdout: stdout.String(), stderr: stderr.String()}
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		r.signal = ws.Signal()
	}
	return r
}

// noCoreDumps keeps a crash of a child from writing a core file.
func noCoreDumps(t *testing.T) {
	t.Helper()
	var lim syscall.Rlimit
	require.NoError(t, syscall.Getrlimit(syscall.RLIMIT_CORE, &lim))
	lim.Cur = 0
	require.NoError(t, syscall.Setrlimit(syscall.RLIMIT_CORE, &lim))
}

func TestACrashOfTheCommandIsAnErrorNeverTheDenialStatus(t *testing.T) {
	// Go ends a crashed program with exit status 2, which eval uses for
	// "deny" and Claude Code reads as "block".
	noCoreDumps(t)
	bin := build(t, "hookchain_crashtest")
	// A panic of the main goroutine is recovered; anything else ends with
	// the runtime's report, then SIGABRT.
	tests := []struct {
		crash  string
		code   int
		signal syscall.Signal
		stderr string // how stderr starts
		says   string // what else it says
	}{
		{"panic", 1, 0, "hookchain: internal error: panic: crash test\ngoroutine ", "cli.runMain"},
		{"goroutine-panic", -1, syscall.SIGABRT, "panic: crash test in a goroutine\n", "\ngoroutine "},
		{"fatal-error", -1, syscall.SIGABRT, "fatal error: sync: unlock of unlocked mutex\n", "\ngoroutine "},
		{"stack-overflow", -1, syscall.SIGABRT, "runtime: goroutine stack exceeds 1048576-byte limit\n", "fatal error: stack overflow"},
	}
	for _, tt := range tests {
		t.Run(tt.crash, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			cmd := exec.Command(bin, "check", "--settings", "testdata/settings/allow.json")
			cmd.Env = append(os.Environ(), "HOOKCHAIN_CRASHTEST="+tt.crash)
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			require.NoError(t, cmd.Start())
			r := wait(t, cmd, &stdout, &stderr)
			assert.NotEqual(t, 2, r.code)
			assert.Equal(t, tt.code, r.code)
			assert.Equal(t, tt.signal, r.signal)
			assert.Empty(t, r.stdout)
			assert.True(t, strings.HasPrefix(r.stderr, tt.stderr), "stderr: %s", r.stderr)
			assert.Contains(t, r.stderr, tt.says)
		})
	}
}

func TestTheCommandAsBuiltHasNoCrashTrigger(t *testing.T) {
	bin := build(t)
	data, err := os.ReadFile(bin)
	require.NoError(t, err)
	assert.False(t, bytes.Contains(data, []byte("HOOKCHAIN_CRASHTEST")))

	var stdout, stderr bytes.Buffer
	cmd := exec.Command(bin, "help")
	cmd.Env = append(os.Environ(), "HOOKCHAIN_CRASHTEST=panic")
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Start())
	r := wait(t, cmd, &stdout, &stderr)
	assert.Equal(t, ran{code: 0, stdout: usage}, r)
}

func TestSettingsFromADeviceAreRefusedInOneLineByTheCommandAsBuilt(t *testing.T) {
	bin := build(t)
	for _, cmdName := range []string{"check", "eval"} {
		t.Run(cmdName, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			cmd := exec.Command(bin, cmdName, "--settings", "/dev/zero")
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			start := time.Now()
			require.NoError(t, cmd.Start())
			r := wait(t, cmd, &stdout, &stderr)
			assert.Less(t, time.Since(start), 10*time.Second, "/dev/zero is not read to its end")
			assert.Equal(t, ran{code: 1, stderr: "hookchain " + cmdName + ": settings: /dev/zero is a character device, not a regular file\n"}, r)
		})
	}
}

func TestEvalInterruptedExits1WithoutADecision(t *testing.T) {
	bin := build(t)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		name := map[syscall.Signal]string{syscall.SIGINT: "SIGINT", syscall.SIGTERM: "SIGTERM"}[sig]
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			settingsFile, pidFile := sleepingHook(t, dir)

			var stdout, stderr bytes.Buffer
			cmd := exec.Command(bin, "eval", "--settings", settingsFile, "--project", dir)
			cmd.Stdin = strings.NewReader(input(t, "PreToolUse", "Bash", deploy))
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			require.NoError(t, cmd.Start())
			t.Cleanup(func() { _ = cmd.Process.Kill() })

			pid := readPidFile(t, pidFile)

			require.NoError(t, cmd.Process.Signal(sig))
			sent := time.Now()
			r := wait(t, cmd, &stdout, &stderr)
			assert.Less(t, time.Since(sent), 15*time.Second, "far below the hook's sleep 30")
			assert.Equal(t, ran{code: 1, stderr: "hookchain eval: interrupted by " + name + " before the hooks decided\n"}, r)
			assert.Eventually(t, func() bool { return gone(pid) }, 10*time.Second, 10*time.Millisecond, "the hook is still running")
		})
	}
}

// sleepingHook writes, in dir, settings whose one hook, for Bash before
// the call, writes its pid to pidFile and then becomes a sleep that
// outlives any test: only a kill ends it.
func sleepingHook(t *testing.T, dir string) (settingsFile, pidFile string) {
	t.Helper()
	settingsFile, pidFile = filepath.Join(dir, "settings.json"), filepath.Join(dir, "hook.pid")
	hook := `echo $$ > ` + pidFile + `.tmp && mv ` + pidFile + `.tmp ` + pidFile + ` && exec sleep 30`
	require.NoError(t, os.WriteFile(settingsFile, []byte(`{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [`+
		`{"type": "command", "command": `+strconv.Quote(hook)+`}]}]}}`), 0o644))
	return settingsFile, pidFile
}

// gone reports whether the process pid has ended: it does not exist, or is
// a zombie that nobody has reaped yet.
func gone(pid int) bool {
	if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
		return true
	}
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return os.IsNotExist(err)
	}
	// pid (comm) state ...: the state follows the last ')'.
	fields := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
	return len(fields) > 0 && fields[0] == "Z"
}

// An interrupted test run says so, and neither reports the cases the
// interrupt denied as failures, nor rewrites their want, nor leaves a hook
// running.
func TestTestInterruptedExits1AndLeavesNoHookRunning(t *testing.T) {
	bin := build(t)
	for _, update := range []bool{false, true} {
		t.Run(fmt.Sprintf("update=%v", update), func(t *testing.T) {
			dir := t.TempDir()
			settingsFile, pidFile := sleepingHook(t, dir)
			caseFile := filepath.Join(dir, "cases.json")
			cases := `[{"name": "deploy", "event": {"hook": "before_tool", "tool": "Bash", "input": {"command": "make deploy"}}, "want": {"verdict": "allow"}},` +
				`{"name": "ls", "event": {"hook": "before_tool", "tool": "Bash", "input": {"command": "ls"}}, "want": {"verdict": "allow"}}]`
			require.NoError(t, os.WriteFile(caseFile, []byte(cases), 0o644))

			args := []string{"test", "--settings", settingsFile, "--project", dir}
			if update {
				args = append(args, "--update")
			}
			var stdout, stderr bytes.Buffer
			cmd := exec.Command(bin, append(args, caseFile)...)
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			require.NoError(t, cmd.Start())
			t.Cleanup(func() { _ = cmd.Process.Kill() })

			pid := readPidFile(t, pidFile)

			require.NoError(t, cmd.Process.Signal(syscall.SIGINT))
			r := wait(t, cmd, &stdout, &stderr)
			assert.Equal(t, ran{code: 1, stderr: "hookchain test: interrupted by SIGINT before every case had run\n"}, r)
			assert.True(t, gone(pid), "the hook is still running")
			data, err := os.ReadFile(caseFile)
			require.NoError(t, err)
			assert.Equal(t, cases, string(data))
		})
	}
}
