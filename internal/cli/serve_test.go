//go:build unix

package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/hookchain/hookchain/claudecode"
	"github.com/hookchain/hookchain/internal/testfiles"
)

// guardHook is a persistent hook in sh: it denies recursive deletes,
// rewrites `make test` to carry a timeout, notes that npm is pnpm here,
// takes half a second to deny a `sleep` (and, told so, longer: see hold),
// and after the call replaces an output holding a secret. It writes its pid
// next to itself.
const guardHook = `#!/bin/sh
echo $$ > "$CLAUDE_PROJECT_DIR/guard.pid"
printf '{"protocol":"hookchain-persistent","version":1}\n'
while IFS= read -r req; do
	id=${req#'{"id":'}; id=${id%%,*}
	case $req in
	*'"hook":"after_tool"'*SECRET*) printf '{"id":%s,"verdict":"replace","reason":"a secret","output":"[redacted]"}\n' "$id" ;;
	*'"hook":"after_tool"'*) printf '{"id":%s,"verdict":"allow"}\n' "$id" ;;
	*sleep*)
		: > "$CLAUDE_PROJECT_DIR/asked"
		while [ -e "$CLAUDE_PROJECT_DIR/hold" ]; do sleep 0.01; done
		sleep 0.5; printf '{"id":%s,"verdict":"deny","reason":"slept on it"}\n' "$id" ;;
	*'rm -rf'*) printf '{"id":%s,"verdict":"deny","reason":"recursive delete"}\n' "$id" ;;
	*'"command":"make test"'*) printf '{"id":%s,"verdict":"modify","reason":"a timeout","input":{"command":"make test","timeout":60}}\n' "$id" ;;
	*'npm '*) printf '{"id":%s,"verdict":"allow","note":"this repository uses pnpm, not npm"}\n' "$id" ;;
	*) printf '{"id":%s,"verdict":"allow"}\n' "$id" ;;
	esac
done
`

// askHook is a Claude Code command hook, run once per call, that asks
// about pushes.
const askHook = `#!/bin/sh
case $(cat) in
*'git push'*) printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"pushes to a shared remote"}}\n' ;;
esac
`

const serveSettings = `{"hooks":{
  "PreToolUse": [{"matcher": "Bash", "hooks": [
    {"type": "command", "command": "sh \"$CLAUDE_PROJECT_DIR\"/guard.sh", "persistent": true, "timeout": 5},
    {"type": "command", "command": "sh \"$CLAUDE_PROJECT_DIR\"/ask.sh", "timeout": 5}
  ]}],
  "PostToolUse": [{"hooks": [
    {"type": "command", "command": "sh \"$CLAUDE_PROJECT_DIR\"/guard.sh", "persistent": true, "timeout": 5}
  ]}]
}}`

// noLeaks fails the test, once everything it registered afterwards has been
// cleaned up, if a goroutine it started is still running.
func noLeaks(t *testing.T) {
	t.Helper()
	ignore := goleak.IgnoreCurrent()
	t.Cleanup(func() {
		// goleak's own retries give up after about a second, which a
		// loaded machine can take to let a finished goroutine exit.
		err := goleak.Find(ignore)
		for end := time.Now().Add(10 * time.Second); err != nil && time.Now().Before(end); err = goleak.Find(ignore) {
			time.Sleep(20 * time.Millisecond)
		}
		assert.NoError(t, err)
	})
}

// hold keeps the hooks of project that look at it (guard.sh, on a call to
// sleep) from answering a call they were asked until the returned release
// is called, and returns too a wait for the first such call to be asked.
func hold(t *testing.T, project string) (asked func(), release func()) {
	t.Helper()
	held := filepath.Join(project, "hold")
	require.NoError(t, os.WriteFile(held, nil, 0o644))
	asked = func() {
		t.Helper()
		require.Eventually(t, func() bool {
			_, err := os.Stat(filepath.Join(project, "asked"))
			return err == nil
		}, 20*time.Second, 5*time.Millisecond, "no hook was asked")
	}
	return asked, func() { require.NoError(t, os.Remove(held)) }
}

// served is a serve running in the test.
type served struct {
	url     string
	project string
	logs    *testfiles.Buffer
	hup     chan os.Signal
	stop    context.CancelFunc
	code    chan int
}

// project writes the hooks and the settings into a new project directory.
func newProject(t *testing.T) string {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "guard.sh"), []byte(guardHook), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "ask.sh"), []byte(askHook), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "hookchain.json"), []byte(serveSettings), 0o644))
	return dir
}

// startServe runs serve on the project with args added, and stops it when
// the test ends.
func startServe(t *testing.T, project string, args ...string) *served {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	s := &served{project: project, logs: &testfiles.Buffer{}, hup: make(chan os.Signal, 1), stop: cancel, code: make(chan int, 1)}
	addr := make(chan net.Addr, 1)
	all := append([]string{"--settings", filepath.Join(project, "hookchain.json"), "--project", project, "--listen", "127.0.0.1:0"}, args...)
	go func() {
		s.code <- serve(ctx, all, s.logs, s.hup, func(a net.Addr) { addr <- a })
		close(addr)
	}()
	a, ok := <-addr
	require.True(t, ok, "serve did not start: %s", s.logs)
	s.url = "http://" + a.String()
	t.Cleanup(func() {
		cancel()
		select {
		case <-s.code:
		case <-time.After(10 * time.Second):
			t.Error("serve did not stop")
		}
	})
	return s
}

// client sends no request over a kept-alive connection, so that nothing of
// it outlives a test.
var client = &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: 10 * time.Second}

// post sends a hook input as Claude Code does: POST, a JSON body,
// Content-Type application/json, and the headers the settings give.
func post(t *testing.T, url string, body string, headers ...string) (int, string, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := client.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, resp.Header.Get("Content-Type"), string(b)
}

// claudeInput is a hook input with every field Claude Code sends for event.
func claudeInput(project, event, tool, toolInput, extra string) string {
	s := fmt.Sprintf(`{"session_id":"9f1c2d3e-4a5b-6c7d-8e9f-0a1b2c3d4e5f","transcript_path":"/home/dev/.claude/projects/-work-repo/9f1c2d3e.jsonl",`+
		`"cwd":%q,"permission_mode":"default","hook_event_name":%q,"tool_name":%q,"tool_input":%s,"tool_use_id":"toolu_01ABCDEF"`,
		project, event, tool, toolInput)
	if extra != "" {
		s += "," + extra
	}
	return s + "}"
}

func TestServeAnswersClaudeCodesHTTPHooksWithTheFoldOfItsSettings(t *testing.T) {
	noLeaks(t)
	project := newProject(t)
	s := startServe(t, project)
	pre := func(command string) string {
		return claudeInput(project, "PreToolUse", "Bash", fmt.Sprintf(`{"command":%q,"description":"run it"}`, command), "")
	}
	tests := []struct {
		name, body, want string
	}{
		{"a denial", pre("rm -rf /tmp/build"),
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"denied by guard.sh@PreToolUse[0].hooks[0]: recursive delete"}}`},
		{"a rewrite", claudeInput(project, "PreToolUse", "Bash", `{"command":"make test"}`, ""),
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"make test","timeout":60}}}`},
		{"a note", pre("npm install"),
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"guard.sh@PreToolUse[0].hooks[0]: this repository uses pnpm, not npm"}}`},
		{"an ask, put to Claude Code's user", pre("git push origin main"),
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"approval pending (asked by ask.sh: pushes to a shared remote)"}}`},
		{"an allow: an empty body", pre("ls"), ``},
		{"after the call, a replaced output, as Bash's stdout: Claude Code ignores text for Bash", claudeInput(project, "PostToolUse", "Bash", `{"command":"cat .env"}`,
			`"tool_response":{"stdout":"TOKEN=SECRET","stderr":"","interrupted":false,"isImage":false}`),
			`{"hookSpecificOutput":{"hookEventName":"PostToolUse","updatedToolOutput":{"stdout":"[redacted]","stderr":"","interrupted":false}}}`},
		{"after the call, nothing to say", claudeInput(project, "PostToolUse", "Read", `{"file_path":"/work/a.go"}`,
			`"tool_response":{"type":"text","file":{"filePath":"/work/a.go","content":"package a"}}`), ``},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, contentType, body := post(t, s.url+"/", tt.body)

			assert.Equal(t, http.StatusOK, status)
			assert.Equal(t, "application/json", contentType)
			assert.Equal(t, tt.want, strings.TrimSuffix(body, "\n"))
			if body == "" {
				return
			}
			// The answer is Claude Code's hook output, as Claude Code reads it.
			out, err := claudecode.ParseOutput([]byte(body))
			require.NoError(t, err)
			require.NotNil(t, out)
			var in claudecode.Input
			require.NoError(t, json.Unmarshal([]byte(tt.body), &in))
			e, err := in.Event()
			require.NoError(t, err)
			_, err = out.Outcome(e)
			require.NoError(t, err)
		})
	}

	t.Run("GET /healthz says what runs", func(t *testing.T) {
		resp, err := client.Get(s.url + "/healthz")
		require.NoError(t, err)
		defer resp.Body.Close()
		var health struct {
			Status     string
			Generation int
			Hooks      int
			Persistent []struct {
				Command  string
				Running  bool
				Starts   int
				Answered int
			}
		}
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&health))
		assert.Equal(t, http.StatusOK, resp.StatusCode)
		assert.Equal(t, "ok", health.Status)
		assert.Equal(t, 0, health.Generation)
		assert.Equal(t, 3, health.Hooks)
		require.Len(t, health.Persistent, 1, "one process for the command, at both events")
		assert.True(t, health.Persistent[0].Running)
		assert.Equal(t, 1, health.Persistent[0].Starts)
		assert.Equal(t, 7, health.Persistent[0].Answered)
	})

	pid := readPidFile(t, filepath.Join(project, "guard.pid"))
	s.stop()
	assert.Equal(t, exitOK, <-s.code)
	s.code <- exitOK // for the cleanup
	requireProcessGone(t, pid)
	logs := s.logs.String()
	assert.Contains(t, logs, `msg="hookchain run" hook=before_tool tool=Bash call_id=toolu_01ABCDEF verdict=deny`, "decisions are logged through LogObserver")
	assert.Contains(t, logs, `msg="hookchain serve: stopped"`)
}

// raw sends request, as written, on a connection of its own, and returns
// the status and the body of the answer: no redirect is followed, and no
// method or path is cleaned up on the way.
func raw(t *testing.T, url, request string) (int, string) {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(url, "http://"))
	require.NoError(t, err)
	defer conn.Close()
	_, err = io.WriteString(conn, request)
	require.NoError(t, err)
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, string(b)
}

// block is serve's answer for a request it did not judge.
func block(reason string) string {
	return `{"decision":"block","reason":"hookchain: ` + reason + `"}` + "\n"
}

const (
	notFound    = "not found: hookchain serve takes Claude Code's hook inputs at POST / (or /claude)"
	notAllowed  = "method not allowed: hookchain serve takes Claude Code's hook inputs at POST / (or /claude)"
	noToken     = "unauthorized: the request does not carry hookchain serve's bearer token"
	notToolStop = `{"continue":false,"stopReason":"hookchain: claudecode: hook_event_name \"Stop\" is not a tool-call event (want PreToolUse, PostToolUse or PostToolUseFailure); hookchain serve judges tool calls only"}` + "\n"
)

func TestServeAnswersEveryRequestItDoesNotJudgeWithANamedBlock(t *testing.T) {
	noLeaks(t)
	s := startServe(t, newProject(t), "--max-body", "1000")
	big := `{"x":"` + strings.Repeat("a", 1000) + `"}`
	request := func(method, target, body string) string {
		return fmt.Sprintf("%s %s HTTP/1.1\r\nHost: hookchain\r\nContent-Type: application/json\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s", method, target, len(body), body)
	}
	tests := []struct {
		name, request, want string
	}{
		{"a body that is not JSON", request("POST", "/", `{"hook_event_name":`),
			block("the hook input is not a Claude Code hook input: unexpected end of JSON input")},
		{"a body over the cap", request("POST", "/", big), block("the hook input is larger than 1000 bytes")},
		{"an event that is not a tool call stops Claude Code, which cannot be told to block it",
			request("POST", "/", `{"hook_event_name":"Stop","session_id":"s"}`), notToolStop},
		{"GET /", request("GET", "/", ""), block(notAllowed)},
		{"PUT /", request("PUT", "/", "{}"), block(notAllowed)},
		{"DELETE /", request("DELETE", "/", ""), block(notAllowed)},
		{"POST to another path", request("POST", "/hooks", "{}"), block(notFound)},
		{"POST to a path that is not clean, which is not redirected", request("POST", "//", "{}"), block(notFound)},
		{"POST /healthz", request("POST", "/healthz", "{}"), block(notFound)},
		{"GET /healthz/", request("GET", "/healthz/", ""), block(notFound)},
		{"OPTIONS *, which Go's server would answer itself", request("OPTIONS", "*", ""), block(notFound)},
		{"POST in absolute form", request("POST", "http://hookchain/other", "{}"), block(notFound)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, body := raw(t, s.url, tt.request)

			assert.Equal(t, http.StatusOK, status)
			assert.Equal(t, tt.want, body)
		})
	}
}

func TestServeBlocksABodyItCannotRead(t *testing.T) {
	noLeaks(t)
	s := startServe(t, newProject(t))
	conn, err := net.Dial("tcp", strings.TrimPrefix(s.url, "http://"))
	require.NoError(t, err)
	defer conn.Close()
	// "zz" is no chunk size: the body breaks off unread, and an HTTP error
	// would let Claude Code run the call.
	_, err = io.WriteString(conn, "POST / HTTP/1.1\r\nHost: hookchain\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n")
	require.NoError(t, err)

	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)

	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, `{"decision":"block","reason":"hookchain: reading the hook input: invalid byte in chunk length"}`+"\n", string(b))
}

func TestServeWantsATokenOffLoopbackAndBlocksEveryRequestWithoutIt(t *testing.T) {
	noLeaks(t)
	project := newProject(t)
	var stderr bytes.Buffer
	code := serve(context.Background(), []string{"--settings", filepath.Join(project, "hookchain.json"), "--listen", "0.0.0.0:0"}, &stderr, nil, nil)
	assert.Equal(t, exitFailed, code)
	assert.Equal(t, "hookchain serve: 0.0.0.0:0 is not a loopback address: a server others can reach needs --token (or --token-file)\n", stderr.String())

	s := startServe(t, project, "--token", "s3cret-t0ken")
	body := claudeInput(project, "PreToolUse", "Bash", `{"command":"rm -rf /"}`, "")
	for _, header := range []string{"", "Bearer wrong", "s3cret-t0ken", "Bearer s3cret-t0ken2", "Bearer  s3cret-t0ken", "Basic s3cret-t0ken"} {
		status, contentType, got := post(t, s.url+"/", body, "Authorization", header)
		assert.Equal(t, http.StatusOK, status, "Authorization: %q", header)
		assert.Equal(t, "application/json", contentType)
		assert.Equal(t, block(noToken), got, "Authorization: %q", header)
	}
	for _, target := range []string{"/?token=s3cret-t0ken", "/?access_token=s3cret-t0ken", "/hooks", "/healthz"} {
		status, got := raw(t, s.url, "POST "+target+" HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}")
		assert.Equal(t, http.StatusOK, status, target)
		assert.Equal(t, block(noToken), got, "a token in the query is no token: %s", target)
	}
	status, _, got := post(t, s.url+"/", body, "Authorization", "Bearer s3cret-t0ken")
	assert.Equal(t, http.StatusOK, status)
	assert.Equal(t, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"denied by guard.sh@PreToolUse[0].hooks[0]: recursive delete"}}`+"\n", got)
}

// health is GET /healthz with the headers given.
func health(t *testing.T, url string, headers ...string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url+"/healthz", nil)
	require.NoError(t, err)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := client.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, string(b)
}

func TestServeShowsWhatRunsOnlyToARequestWithTheToken(t *testing.T) {
	noLeaks(t)
	project := newProject(t)
	s := startServe(t, project, "--token", "s3cret-t0ken")

	for _, header := range []string{"", "Bearer wrong"} {
		status, got := health(t, s.url, "Authorization", header)
		assert.Equal(t, http.StatusOK, status)
		assert.Equal(t, `{"status":"ok"}`+"\n", got, "no settings paths, no command lines: Authorization %q", header)
	}
	// Everything but the time of the load, which the clock says, once the
	// persistent hook, started in the background, is up.
	loadedAt := regexp.MustCompile(`"loaded_at":"[^"]+"`)
	want := `{"status":"ok","generation":0,"hooks":3,"settings":["` + filepath.Join(project, "hookchain.json") + `"],"loaded_at":"…",` +
		`"persistent":[{"command":"sh \"$CLAUDE_PROJECT_DIR\"/guard.sh","running":true,"starts":1,"answered":0,"late_answers":0}]}` + "\n"
	var status int
	var got string
	assert.Eventually(t, func() bool {
		status, got = health(t, s.url, "Authorization", "Bearer s3cret-t0ken")
		got = loadedAt.ReplaceAllString(got, `"loaded_at":"…"`)
		return got == want
	}, 10*time.Second, 5*time.Millisecond)
	assert.Equal(t, http.StatusOK, status)
	assert.Equal(t, want, got)
}

func TestServeReadsTheTokenFileAgainWhenItChanges(t *testing.T) {
	noLeaks(t)
	project := newProject(t)
	tokenFile := filepath.Join(t.TempDir(), "token")
	require.NoError(t, os.WriteFile(tokenFile, []byte("first-t0ken\n"), 0o600))
	s := startServe(t, project, "--token-file", tokenFile, "--watch", "20ms")
	rm := claudeInput(project, "PreToolUse", "Bash", `{"command":"rm -rf /"}`, "")
	denied := `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"denied by guard.sh@PreToolUse[0].hooks[0]: recursive delete"}}` + "\n"
	answer := func(token string) string {
		_, _, got := post(t, s.url+"/", rm, "Authorization", "Bearer "+token)
		return got
	}
	require.Equal(t, denied, answer("first-t0ken"))

	require.NoError(t, os.WriteFile(tokenFile, []byte("second-t0ken\n"), 0o600))
	require.Eventually(t, func() bool { return answer("second-t0ken") == denied }, 5*time.Second, 10*time.Millisecond, "the new token is taken")
	assert.Equal(t, block(noToken), answer("first-t0ken"), "the old token is not")

	// A token file that cannot be read lets no token through: not the
	// last one read, and not none.
	require.NoError(t, os.Remove(tokenFile))
	require.Eventually(t, func() bool { return answer("second-t0ken") != denied }, 5*time.Second, 10*time.Millisecond)
	assert.Equal(t, block("unauthorized: no token is taken until the token file is fixed: stat "+tokenFile+": no such file or directory"), answer("second-t0ken"))
	assert.Equal(t, block("unauthorized: no token is taken until the token file is fixed: stat "+tokenFile+": no such file or directory"), answer(""))
	assert.Contains(t, s.logs.String(), `level=ERROR msg="hookchain serve: the token file cannot be used; every request is blocked until it can"`)

	require.NoError(t, os.WriteFile(tokenFile, []byte("third-t0ken"), 0o600))
	require.Eventually(t, func() bool { return answer("third-t0ken") == denied }, 5*time.Second, 10*time.Millisecond)
}

func TestServeReloadsChangedSettingsAndKeepsTheOldOnesWhenTheNewDoNotLoad(t *testing.T) {
	noLeaks(t)
	project := newProject(t)
	s := startServe(t, project, "--watch", "20ms")
	settingsFile := filepath.Join(project, "hookchain.json")
	rm := claudeInput(project, "PreToolUse", "Bash", `{"command":"rm -rf /"}`, "")
	generation := func() int {
		resp, err := client.Get(s.url + "/healthz")
		require.NoError(t, err)
		defer resp.Body.Close()
		var h struct{ Generation int }
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&h))
		return h.Generation
	}
	oldPid := readPidFile(t, filepath.Join(project, "guard.pid"))

	// No hooks at all: rm -rf goes through.
	require.NoError(t, os.WriteFile(settingsFile, []byte(`{"hooks":{}}`), 0o644))
	require.Eventually(t, func() bool { return generation() == 1 }, 5*time.Second, 10*time.Millisecond)
	_, _, body := post(t, s.url+"/", rm)
	assert.Equal(t, "", body)
	requireProcessGone(t, oldPid) // the retired settings' hooks are stopped

	// Broken: the previous settings stay.
	require.NoError(t, os.WriteFile(settingsFile, []byte(`{"hooks":{"PreToolUse":[{"hooks":[{"type":"command"}]}]}}`), 0o644))
	require.Eventually(t, func() bool { return strings.Contains(s.logs.String(), "the settings did not load") }, 5*time.Second, 10*time.Millisecond)
	assert.Equal(t, 1, generation())
	assert.Contains(t, s.logs.String(), `level=ERROR msg="hookchain serve: the settings did not load; the previous ones stay in force" trigger="a settings file changed" generation=1 error="`)

	// SIGHUP reloads too.
	require.NoError(t, os.WriteFile(settingsFile, []byte(serveSettings), 0o644))
	require.Eventually(t, func() bool { return generation() == 2 }, 5*time.Second, 10*time.Millisecond)
	s.hup <- syscall.SIGHUP
	require.Eventually(t, func() bool { return generation() == 3 }, 5*time.Second, 10*time.Millisecond)
	_, _, body = post(t, s.url+"/", rm)
	assert.Contains(t, body, `"permissionDecision":"deny"`)
}

func TestServeLetsRequestsInFlightFinishWhenItStops(t *testing.T) {
	noLeaks(t)
	project := newProject(t)
	s := startServe(t, project)
	asked, release := hold(t, project)
	slow := make(chan string, 1)
	go func() {
		status, _, body := post(t, s.url+"/", claudeInput(project, "PreToolUse", "Bash", `{"command":"sleep 1"}`, ""))
		slow <- strconv.Itoa(status) + " " + body
	}()
	asked() // the request is with the hook

	s.stop()
	// The hook answers only once serve is stopping.
	require.Eventually(t, func() bool { return strings.Contains(s.logs.String(), "shutting down") }, 10*time.Second, 5*time.Millisecond)
	release()

	assert.Equal(t, `200 {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"denied by guard.sh@PreToolUse[0].hooks[0]: slept on it"}}`+"\n", <-slow)
	assert.Equal(t, exitOK, <-s.code)
	s.code <- exitOK
	requireProcessGone(t, readPidFile(t, filepath.Join(project, "guard.pid")))
}

// readPidFile waits for a hook to write its pid to path, and returns it.
// The wait is long: on a loaded machine a hook may take seconds to start.
func readPidFile(t *testing.T, path string) int {
	t.Helper()
	var pid int
	require.Eventually(t, func() bool {
		b, err := os.ReadFile(path)
		if err != nil {
			return false
		}
		pid, err = strconv.Atoi(strings.TrimSpace(string(b)))
		return err == nil
	}, 20*time.Second, 5*time.Millisecond, "no pid in %s: the hook did not start", path)
	return pid
}

func requireProcessGone(t *testing.T, pid int) {
	t.Helper()
	require.Eventually(t, func() bool { return gone(pid) }, 5*time.Second, 10*time.Millisecond, "process %d is still running", pid)
}

func TestTheServeCommandReloadsOnSIGHUPAndFinishesItsRequestsOnSIGTERM(t *testing.T) {
	bin := build(t)
	project := newProject(t)
	settingsFile := filepath.Join(project, "hookchain.json")
	cmd := exec.Command(bin, "serve", "--settings", settingsFile, "--project", project, "--listen", "127.0.0.1:0", "--watch", "0")
	logs := &testfiles.Buffer{}
	cmd.Stderr = logs
	require.NoError(t, cmd.Start())
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-exited
	})
	listening := regexp.MustCompile(`msg="hookchain serve: listening" addr=(\S+)`)
	var url string
	require.Eventually(t, func() bool {
		m := listening.FindStringSubmatch(logs.String())
		if m != nil {
			url = "http://" + m[1] + "/"
		}
		return m != nil
	}, 10*time.Second, 10*time.Millisecond, "%s", logs)
	rm := claudeInput(project, "PreToolUse", "Bash", `{"command":"rm -rf /"}`, "")

	_, _, body := post(t, url, rm)
	assert.Contains(t, body, `"permissionDecision":"deny"`)

	require.NoError(t, os.WriteFile(settingsFile, []byte(`{"hooks":{}}`), 0o644))
	require.NoError(t, cmd.Process.Signal(syscall.SIGHUP))
	require.Eventually(t, func() bool { return strings.Contains(logs.String(), `trigger=SIGHUP generation=1 hooks=0`) }, 10*time.Second, 10*time.Millisecond, "%s", logs)
	_, _, body = post(t, url, rm)
	assert.Equal(t, "", body, "the new settings have no hooks")

	require.NoError(t, os.WriteFile(settingsFile, []byte(serveSettings), 0o644))
	require.NoError(t, cmd.Process.Signal(syscall.SIGHUP))
	require.Eventually(t, func() bool { return strings.Contains(logs.String(), `trigger=SIGHUP generation=2 hooks=3`) }, 10*time.Second, 10*time.Millisecond, "%s", logs)
	pid := readPidFile(t, filepath.Join(project, "guard.pid"))
	asked, release := hold(t, project)
	slow := make(chan string, 1)
	go func() {
		_, _, body := post(t, url, claudeInput(project, "PreToolUse", "Bash", `{"command":"sleep 1"}`, ""))
		slow <- body
	}()
	asked() // the request is with the hook
	require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
	// The hook answers only once serve is stopping.
	require.Eventually(t, func() bool { return strings.Contains(logs.String(), "shutting down") }, 10*time.Second, 10*time.Millisecond, "%s", logs)
	release()

	assert.Contains(t, <-slow, `"permissionDecisionReason":"denied by guard.sh@PreToolUse[0].hooks[0]: slept on it"`)
	select {
	case err := <-exited:
		require.NoError(t, err, "%s", logs)
		exited <- nil
	case <-time.After(10 * time.Second):
		t.Fatalf("serve did not exit after SIGTERM: %s", logs)
	}
	requireProcessGone(t, pid)
	assert.Contains(t, logs.String(), `msg="hookchain serve: stopped"`)
}

func TestCheckSaysWhichHooksArePersistent(t *testing.T) {
	project := newProject(t)
	var stdout, stderr bytes.Buffer
	code := run([]string{"check", "--json", "--settings", filepath.Join(project, "hookchain.json"), "--project", project}, nil, &stdout, &stderr)

	require.Equal(t, exitOK, code, stderr.String())
	var listed struct {
		Hooks []struct {
			Hook       string
			Persistent bool
		}
	}
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &listed))
	got := map[string]bool{}
	for _, h := range listed.Hooks {
		got[h.Hook] = h.Persistent
	}
	assert.Equal(t, map[string]bool{"PreToolUse[0].hooks[0]": true, "PreToolUse[0].hooks[1]": false, "PostToolUse[0].hooks[0]": true}, got)
}

func TestServeBlocksAHookInputThatClaudeCodeAndGoWouldReadAsTwoCalls(t *testing.T) {
	noLeaks(t)
	project := newProject(t)
	s := startServe(t, project)
	tests := []struct{ name, extra, want string }{
		// Go's decoder keeps TOOL_INPUT's ls; Claude Code runs tool_input's rm -rf /.
		{"TOOL_INPUT", `"TOOL_INPUT":{"command":"ls"}`,
			`the hook input has the key \"TOOL_INPUT\", which Go's encoding/json reads as \"tool_input\"`},
		{"Tool_Name", `"Tool_Name":"Read"`,
			`the hook input has the key \"Tool_Name\", which Go's encoding/json reads as \"tool_name\"`},
		{"Hook_Event_Name", `"Hook_Event_Name":"PostToolUse"`,
			`the hook input has the key \"Hook_Event_Name\", which Go's encoding/json reads as \"hook_event_name\"`},
		{"tool_input twice", `"tool_input":{"command":"ls"}`,
			`the hook input is ambiguous: an object in it has the key \"tool_input\" twice`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body := claudeInput(project, "PreToolUse", "Bash", `{"command":"rm -rf /"}`, tt.extra)

			status, contentType, got := post(t, s.url+"/", body)

			assert.Equal(t, http.StatusOK, status)
			assert.Equal(t, "application/json", contentType)
			assert.Equal(t, `{"decision":"block","reason":"hookchain: claudecode: `+tt.want+`"}`+"\n", got)
		})
	}
}

func TestAPanicWhileAnsweringIsABlockNotADroppedConnection(t *testing.T) {
	// No settings loaded: answering dereferences a nil generation.
	var logs bytes.Buffer
	s := newServer(common{}, serveConfig{maxBody: 1000, readTimeout: time.Second}, "", slog.New(slog.NewTextHandler(&logs, nil)))
	w := httptest.NewRecorder()

	s.handler().ServeHTTP(w, httptest.NewRequest(http.MethodPost, "/", strings.NewReader(`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{}}`)))

	assert.Equal(t, http.StatusOK, w.Code)
	assert.Equal(t, block("internal error: runtime error: invalid memory address or nil pointer dereference"), w.Body.String())
	assert.Contains(t, logs.String(), `level=ERROR msg="hookchain serve: internal error"`)
}

// slowThenGuard runs a one-shot hook, slow.sh, before the persistent
// guard, so that a request asks the guard well after it came: slow.sh says
// it was asked, and answers once the test lets it (see hold).
const slowThenGuard = `{"hooks":{"PreToolUse": [{"matcher": "Bash", "hooks": [
  {"type": "command", "command": "sh \"$CLAUDE_PROJECT_DIR\"/slow.sh", "timeout": 60},
  {"type": "command", "command": "sh \"$CLAUDE_PROJECT_DIR\"/guard.sh", "persistent": true, "timeout": 5}
]}]}}`

// inFlight posts body in the background, once the persistent guard is up,
// and gives the answer as "STATUS BODY", or the error, once the request is
// with a hook that hold holds.
func inFlight(t *testing.T, s *served, asked func(), body string) <-chan string {
	t.Helper()
	require.Eventually(t, func() bool { return strings.Contains(s.logs.String(), "hookchain persistent hook started") }, 10*time.Second, 5*time.Millisecond)
	answer := make(chan string, 1)
	go func() {
		req, _ := http.NewRequest(http.MethodPost, s.url+"/", strings.NewReader(body))
		resp, err := client.Do(req)
		if err != nil {
			answer <- err.Error()
			return
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if err != nil {
			answer <- err.Error()
			return
		}
		answer <- strconv.Itoa(resp.StatusCode) + " " + string(b)
	}()
	asked()
	return answer
}

func TestAReloadNeverEndsTheHooksOfARequestStillBeingAnswered(t *testing.T) {
	noLeaks(t)
	project := newProject(t)
	require.NoError(t, os.WriteFile(filepath.Join(project, "hookchain.json"), []byte(slowThenGuard), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(project, "slow.sh"), []byte(`cat >/dev/null
: > "$CLAUDE_PROJECT_DIR/asked"
while [ -e "$CLAUDE_PROJECT_DIR/hold" ]; do sleep 0.01; done
`), 0o755))
	// The old settings' hooks used to be stopped once the shutdown timeout
	// had passed, answered or not; the guard, asked after it, was closed,
	// and its failure let rm -rf / through.
	s := startServe(t, project, "--shutdown-timeout", "50ms", "--watch", "0")
	asked, release := hold(t, project)
	answer := inFlight(t, s, asked, claudeInput(project, "PreToolUse", "Bash", `{"command":"rm -rf /"}`, ""))

	s.hup <- syscall.SIGHUP
	// The guard is asked once the reload is done and the old settings'
	// shutdown timeout has run out ten times over.
	require.Eventually(t, func() bool { return strings.Contains(s.logs.String(), "trigger=SIGHUP generation=1") }, 10*time.Second, 5*time.Millisecond)
	time.Sleep(500 * time.Millisecond)
	release()

	assert.Equal(t, `200 {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"denied by guard.sh: recursive delete"}}`+"\n", <-answer)
	assert.Contains(t, s.logs.String(), "trigger=SIGHUP generation=1")
}

func TestARequestCutOffAtTheShutdownTimeoutIsBlockedNotDropped(t *testing.T) {
	noLeaks(t)
	project := newProject(t)
	s := startServe(t, project, "--shutdown-timeout", "100ms")
	asked, _ := hold(t, project) // the guard never answers: the shutdown timeout ends the request
	answer := inFlight(t, s, asked, claudeInput(project, "PreToolUse", "Bash", `{"command":"sleep 1"}`, ""))

	s.stop()

	assert.Equal(t, "200 "+block("shutting down: the request was cut off at --shutdown-timeout (100ms)"), <-answer)
	assert.Equal(t, exitOK, <-s.code)
	s.code <- exitOK
	requireProcessGone(t, readPidFile(t, filepath.Join(project, "guard.pid")))
}

func TestARequestThatComesWhileServeStopsIsBlocked(t *testing.T) {
	noLeaks(t)
	project := newProject(t)
	s := startServe(t, project)
	asked, release := hold(t, project) // the guard answers once the late request is blocked
	slow := inFlight(t, s, asked, claudeInput(project, "PreToolUse", "Bash", `{"command":"sleep 1"}`, ""))

	s.stop()
	require.Eventually(t, func() bool { return strings.Contains(s.logs.String(), "shutting down") }, 10*time.Second, 5*time.Millisecond)
	status, _, got := post(t, s.url+"/", claudeInput(project, "PreToolUse", "Bash", `{"command":"ls"}`, ""))
	release()

	assert.Equal(t, http.StatusOK, status)
	assert.Equal(t, block("shutting down: hookchain serve is stopping and judges no new call"), got)
	assert.Equal(t, `200 {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"denied by guard.sh@PreToolUse[0].hooks[0]: slept on it"}}`+"\n", <-slow)
	assert.Equal(t, exitOK, <-s.code)
	s.code <- exitOK
}

func TestABodyCutShortOrTooSlowIsBlocked(t *testing.T) {
	noLeaks(t)
	s := startServe(t, newProject(t), "--read-timeout", "200ms")
	send := func(t *testing.T, request string, closeWrite bool) string {
		conn, err := net.Dial("tcp", strings.TrimPrefix(s.url, "http://"))
		require.NoError(t, err)
		defer conn.Close()
		_, err = io.WriteString(conn, request)
		require.NoError(t, err)
		if closeWrite {
			require.NoError(t, conn.(*net.TCPConn).CloseWrite())
		}
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		require.NoError(t, err)
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		return strconv.Itoa(resp.StatusCode) + " " + string(b)
	}
	const short = "POST / HTTP/1.1\r\nHost: hookchain\r\nContent-Length: 100\r\n\r\n{\"hook_event_name\":"

	t.Run("cut short", func(t *testing.T) {
		assert.Equal(t, "200 "+block("reading the hook input: unexpected EOF"), send(t, short, true))
	})
	t.Run("never finished", func(t *testing.T) {
		assert.Equal(t, "200 "+block("reading the hook input: it did not arrive within --read-timeout (200ms)"), send(t, short, false))
	})
	t.Run("a hook slower than the read timeout is still waited for", func(t *testing.T) {
		status, _, got := post(t, s.url+"/", claudeInput(s.project, "PreToolUse", "Bash", `{"command":"sleep 1"}`, ""))
		assert.Equal(t, http.StatusOK, status)
		assert.Equal(t, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"denied by guard.sh@PreToolUse[0].hooks[0]: slept on it"}}`+"\n", got)
	})
}

func TestUnderLoadAndReloadsEveryCallIsJudgedByTheGuard(t *testing.T) {
	noLeaks(t)
	project := newProject(t)
	s := startServe(t, project, "--shutdown-timeout", "1ms", "--watch", "0")
	rm := claudeInput(project, "PreToolUse", "Bash", `{"command":"rm -rf /"}`, "")
	const want = `200 {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"denied by guard.sh@PreToolUse[0].hooks[0]: recursive delete"}}` + "\n"
	var wg sync.WaitGroup
	answers := make(chan string, 200)
	for range 200 {
		wg.Go(func() {
			req, _ := http.NewRequest(http.MethodPost, s.url+"/", strings.NewReader(rm))
			resp, err := client.Do(req)
			if err != nil {
				answers <- err.Error()
				return
			}
			defer resp.Body.Close()
			b, _ := io.ReadAll(resp.Body)
			answers <- strconv.Itoa(resp.StatusCode) + " " + string(b)
		})
	}
	for range 5 {
		s.hup <- syscall.SIGHUP
		time.Sleep(20 * time.Millisecond)
	}
	wg.Wait()
	close(answers)
	for got := range answers {
		require.Equal(t, want, got)
	}
}
