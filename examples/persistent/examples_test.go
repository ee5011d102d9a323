//go:build unix

package persistent

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/process"
)

func bash(command string) hookchain.Event {
	in, _ := json.Marshal(map[string]string{"command": command})
	return hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", CallID: "toolu_01", Input: in}
}

// policy is what every example answers.
var policy = []struct {
	name  string
	event hookchain.Event
	want  hookchain.Outcome
}{
	{"a recursive delete is denied", bash("rm -rf build"), hookchain.Deny("recursive delete")},
	{"npm is allowed, with a note", bash("npm install"), hookchain.Allow().WithNote("this repository uses pnpm, not npm")},
	{"anything else is allowed", bash("ls"), hookchain.Allow()},
	{"another tool is allowed", hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Read", Input: json.RawMessage(`{"file_path":"rm -rf"}`)}, hookchain.Allow()},
	{"after the call, it allows", hookchain.Event{Hook: hookchain.AfterTool, Tool: "Bash", Input: json.RawMessage(`{"command":"ls"}`), Output: json.RawMessage(`"a\n"`)}, hookchain.Allow()},
}

// need skips the test when the interpreter is not installed.
func need(t *testing.T, program string) string {
	t.Helper()
	path, err := exec.LookPath(program)
	if err != nil {
		t.Skipf("%s is not installed", program)
	}
	return path
}

// goHook builds gohook once for the tests that run it.
var goHook = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "gohook-")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "gohook")
	out, err := exec.Command("go", "build", "-o", bin, "./gohook").CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("go build: %v: %s", err, out)
	}
	return bin, nil
})

func TestMain(m *testing.M) {
	code := m.Run()
	if bin, err := goHook(); err == nil {
		os.RemoveAll(filepath.Dir(bin))
	}
	os.Exit(code)
}

// examples are the example hooks, each as the argv that runs it.
func examples(t *testing.T) map[string][]string {
	t.Helper()
	bin, err := goHook()
	require.NoError(t, err)
	return map[string][]string{
		"guard.py":  {"python3", "guard.py"},
		"guard.js":  {"node", "guard.js"},
		"policy.py": {"python3", "policy.py"},
		"gohook":    {bin},
	}
}

func TestEveryExampleAnswersThePolicyAsAPersistentHook(t *testing.T) {
	for name, argv := range examples(t) {
		t.Run(name, func(t *testing.T) {
			need(t, argv[0])
			p, err := process.NewPersistent(process.PersistentSpec{Spec: process.Spec{Args: argv, Timeout: 10 * time.Second}})
			require.NoError(t, err)
			defer p.Close(context.Background())

			for _, tt := range policy {
				got, err := p.Intercept(context.Background(), tt.event)
				require.NoError(t, err, tt.name)
				assert.Equal(t, tt.want, got, tt.name)
			}
			assert.Equal(t, int64(1), p.Stats().Starts)
		})
	}
}

func TestThePythonModuleAndTheGoHelperAlsoAnswerOneCallARun(t *testing.T) {
	for name, argv := range examples(t) {
		if name == "guard.py" || name == "guard.js" {
			continue // persistent only, to stay short
		}
		t.Run(name, func(t *testing.T) {
			need(t, argv[0])
			native := process.Native(process.Spec{Args: argv, Timeout: 10 * time.Second})
			for _, tt := range policy {
				got, err := native(context.Background(), tt.event)
				require.NoError(t, err, tt.name)
				assert.Equal(t, tt.want, got, tt.name)
			}
		})
	}
}

func TestThePythonModuleAnswersManyCallsAtOnceAndTurnsAnExceptionIntoTheCallsFailure(t *testing.T) {
	need(t, "python3")
	dir := t.TempDir()
	hook := filepath.Join(dir, "hook.py")
	// Each call waits for seven others to be handled with it: eight
	// workers that did not answer at once would break the barrier, and the
	// calls would fail.
	require.NoError(t, os.WriteFile(hook, []byte(`import threading
import hookchain_hook

together = threading.Barrier(8)

def handler(event):
    print("a stray print goes to stderr")
    if event["tool"] == "Boom":
        raise ValueError("no rule for Boom")
    together.wait(timeout=60)
    return hookchain_hook.deny(event["tool"])

hookchain_hook.run(handler, workers=8)
`), 0o644))
	here, err := os.Getwd()
	require.NoError(t, err)
	p, err := process.NewPersistent(process.PersistentSpec{Spec: process.Spec{
		Args: []string{"python3", hook}, Env: []string{"PYTHONPATH=" + here}, Timeout: 10 * time.Second}})
	require.NoError(t, err)
	defer p.Close(context.Background())

	_, err = p.Intercept(context.Background(), hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Boom"})
	require.Error(t, err)
	// stderr is another pipe, read on its own: the print may or may not be
	// in the message by the time the answer is.
	assert.True(t, strings.HasPrefix(err.Error(), fmt.Sprintf(`hook %q: answered with an error: ValueError: no rule for Boom (call 1)`, p.String())), err.Error())

	const calls = 16 // two rounds of eight at the barrier
	var wg sync.WaitGroup
	for i := range calls {
		wg.Go(func() {
			tool := fmt.Sprintf("Tool%d", i)
			got, err := p.Intercept(context.Background(), hookchain.Event{Hook: hookchain.BeforeTool, Tool: tool})
			assert.NoError(t, err)
			assert.Equal(t, hookchain.Deny(tool), got)
		})
	}
	wg.Wait()
}
