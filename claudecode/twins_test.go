package claudecode

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/process"
)

func TestAHookConstructorsTwinReturnsTheErrorItsPanickingFormPanicsWith(t *testing.T) {
	tests := []struct {
		name    string
		compile func() (any, error)
		build   func()
		want    string
	}{
		{"Command of no program",
			func() (any, error) { return CompileCommand(process.Spec{}, session) },
			func() { Command(process.Spec{}, session) },
			"claudecode: Command: neither Args nor Shell is set"},
		{"Command with a NUL in its shell line",
			func() (any, error) { return CompileCommand(process.Spec{Shell: "rm\x00"}, session) },
			func() { Command(process.Spec{Shell: "rm\x00"}, session) },
			"claudecode: Command: the Shell line contains a NUL byte"},
		{"PermissionCommand of an empty program",
			func() (any, error) { return CompilePermissionCommand(process.Spec{Args: []string{""}}, session) },
			func() { PermissionCommand(process.Spec{Args: []string{""}}, session) },
			"claudecode: PermissionCommand: the program, Args[0], is empty"},
		{"HTTP with no URL",
			func() (any, error) { return CompileHTTP(HTTPHook{}, session) },
			func() { HTTP(HTTPHook{}, session) },
			`claudecode: HTTP: "" is not an http or https URL`},
		{"HTTP with a URL of another scheme",
			func() (any, error) { return CompileHTTP(HTTPHook{URL: "ftp://example.com/hook"}, session) },
			func() { HTTP(HTTPHook{URL: "ftp://example.com/hook"}, session) },
			`claudecode: HTTP: "ftp://example.com/hook" is not an http or https URL`},
		{"HTTP with a URL without a host",
			func() (any, error) { return CompileHTTP(HTTPHook{URL: "http://"}, session) },
			func() { HTTP(HTTPHook{URL: "http://"}, session) },
			`claudecode: HTTP: "http://" is not an http or https URL`},
		{"HTTP with a negative Timeout",
			func() (any, error) {
				return CompileHTTP(HTTPHook{URL: "http://127.0.0.1/hook", Timeout: -time.Second}, session)
			},
			func() { HTTP(HTTPHook{URL: "http://127.0.0.1/hook", Timeout: -time.Second}, session) },
			`claudecode: HTTP: the Timeout -1s is negative`},
		{"PermissionHTTP with a negative Timeout",
			func() (any, error) {
				return CompilePermissionHTTP(HTTPHook{URL: "http://127.0.0.1/hook", Timeout: -time.Second}, session)
			},
			func() { PermissionHTTP(HTTPHook{URL: "http://127.0.0.1/hook", Timeout: -time.Second}, session) },
			`claudecode: PermissionHTTP: the Timeout -1s is negative`},
		{"PermissionHTTP with a relative URL",
			func() (any, error) { return CompilePermissionHTTP(HTTPHook{URL: "localhost:8080/hook"}, session) },
			func() { PermissionHTTP(HTTPHook{URL: "localhost:8080/hook"}, session) },
			`claudecode: PermissionHTTP: "localhost:8080/hook" is not an http or https URL`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fn, err := tt.compile()
			require.EqualError(t, err, tt.want)
			assert.Nil(t, fn)
			assert.PanicsWithValue(t, tt.want, tt.build)
		})
	}
}

func TestAToolCallHookFromATwinAnswersAsOneFromItsPanickingFormDoes(t *testing.T) {
	srv := serveHook(t, 200, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"blocked by the policy server"}}`)
	refuseRm, s := script(t, "no-rm.sh"), project(t)
	tests := []struct {
		name    string
		compile func() (hookchain.Interceptor, error)
		build   func() hookchain.Interceptor
		want    map[string]hookchain.Outcome // by command
	}{
		{"Command",
			func() (hookchain.Interceptor, error) { return CompileCommand(refuseRm, s) },
			func() hookchain.Interceptor { return Command(refuseRm, s) },
			map[string]hookchain.Outcome{"rm -rf /": hookchain.Deny("refusing 'rm -rf /'"), "ls": hookchain.Allow()}},
		{"HTTP",
			func() (hookchain.Interceptor, error) {
				return CompileHTTP(HTTPHook{URL: srv.URL, Timeout: 5 * time.Second}, s)
			},
			func() hookchain.Interceptor { return HTTP(HTTPHook{URL: srv.URL, Timeout: 5 * time.Second}, s) },
			map[string]hookchain.Outcome{"rm -rf /": hookchain.Deny("blocked by the policy server"), "ls": hookchain.Deny("blocked by the policy server")}},
	}
	ask := func(fn hookchain.Interceptor, command string) (hookchain.Outcome, error) {
		return fn(context.Background(), bash(command))
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { sameAnswers(t, tt.compile, tt.build, ask, tt.want) })
	}
}

func TestAPermissionHookFromATwinAnswersAsOneFromItsPanickingFormDoes(t *testing.T) {
	srv := serveHook(t, 200, `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}`)
	s := project(t)
	spec := process.Spec{Args: []string{"bash", "-c", denyRm}, Timeout: 10 * time.Second}
	tests := []struct {
		name    string
		compile func() (PermissionHook, error)
		build   func() PermissionHook
		want    map[string]PermissionAnswer // by command
	}{
		{"PermissionCommand",
			func() (PermissionHook, error) { return CompilePermissionCommand(spec, s) },
			func() PermissionHook { return PermissionCommand(spec, s) },
			map[string]PermissionAnswer{"rm -rf /": {Behavior: "deny", Message: "no rm in " + s.ProjectDir}, "ls": {}}},
		{"PermissionHTTP",
			func() (PermissionHook, error) {
				return CompilePermissionHTTP(HTTPHook{URL: srv.URL, Timeout: 5 * time.Second}, s)
			},
			func() PermissionHook { return PermissionHTTP(HTTPHook{URL: srv.URL, Timeout: 5 * time.Second}, s) },
			map[string]PermissionAnswer{"rm -rf /": {Behavior: "allow"}, "ls": {Behavior: "allow"}}},
	}
	ask := func(fn PermissionHook, command string) (PermissionAnswer, error) {
		return fn(context.Background(), hookchain.Question{Tool: "Bash", Input: json.RawMessage(`{"command":"` + command + `"}`)})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { sameAnswers(t, tt.compile, tt.build, ask, tt.want) })
	}
}

// sameAnswers holds a hook built by compile and one built by build to
// answering each command (put by ask) as want says.
func sameAnswers[H, A any](t *testing.T, compile func() (H, error), build func() H, ask func(H, string) (A, error), want map[string]A) {
	t.Helper()
	compiled, err := compile()
	require.NoError(t, err)
	for form, hook := range map[string]H{"compiled": compiled, "built": build()} {
		for command, w := range want {
			got, err := ask(hook, command)
			require.NoError(t, err, "%s, %s", form, command)
			assert.Equal(t, w, got, "%s, %s", form, command)
		}
	}
}
