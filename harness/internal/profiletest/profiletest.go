// Package profiletest holds what the tests of every harness profile build
// their cases from: Go links of a fixed answer, the outcomes a one-hook
// chain gives, and hook programs kept in a package's testdata/hooks.
package profiletest

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/process"
)

// HooksDir is the absolute path of the calling package's testdata/hooks,
// so that a hook's working directory does not change which file runs.
func HooksDir(t testing.TB) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("testdata", "hooks"))
	require.NoError(t, err)
	return dir
}

// Hook is the spec of a hook as a CLI's configuration gives it: one
// command line, program run on the script name of testdata/hooks with
// args, within ten seconds.
func Hook(t testing.TB, program, name string, args ...string) process.Spec {
	t.Helper()
	command := strings.Join(append([]string{program, filepath.Join(HooksDir(t), name)}, args...), " ")
	return process.Spec{Shell: command, Timeout: 10 * time.Second}
}

// GoLink is a link named name at hook h that answers o to every call.
func GoLink(name string, h hookchain.Hook, o hookchain.Outcome) hookchain.Link {
	fn := func(context.Context, hookchain.Event) (hookchain.Outcome, error) { return o, nil }
	if h == hookchain.AfterTool {
		return hookchain.After(name, hookchain.Any(), fn)
	}
	return hookchain.Before(name, hookchain.Any(), fn)
}

// DeferToUser is an approver that hands every question back, as a hook
// program's approver does for a CLI that can ask its user.
func DeferToUser() hookchain.Approver {
	return hookchain.Approver{Name: "user", Timeout: time.Minute,
		Answer: func(context.Context, hookchain.Question) (hookchain.Approval, error) {
			return hookchain.Approval{Decision: hookchain.Defer, Reason: "the CLI asks its user"}, nil
		}}
}

// Line is a reply of one line on stdout and exit status 0.
func Line(s string) harness.Reply { return harness.Reply{Stdout: []byte(s + "\n")} }

// Fault is the outcome of a one-link chain whose link "hook" failed open
// with text: the call goes on, and the trail says why.
func Fault(text string) hookchain.Outcome {
	return hookchain.Outcome{Trail: []hookchain.Step{{Name: "hook", Verdict: hookchain.Allowed, Fault: text}}}
}

// Denied is the outcome of a one-link chain whose link "hook" denied the
// call for reason.
func Denied(reason string) hookchain.Outcome {
	return hookchain.Outcome{Verdict: hookchain.Denied, Reason: "denied by hook: " + reason, DecidedBy: "hook", Cause: hookchain.CauseLink,
		Trail: []hookchain.Step{{Name: "hook", Verdict: hookchain.Denied, Reason: reason}}}
}

// Served is the reply of p's one hook for chain c to input, exactly as
// harness.Serve writes it, with nil for a stream left empty.
func Served(p harness.Profile, c *hookchain.Chain, input string) harness.Reply {
	var stdout, stderr bytes.Buffer
	code := harness.Serve(context.Background(), p, c, strings.NewReader(input), &stdout, &stderr)
	r := harness.Reply{Stdout: stdout.Bytes(), Stderr: stderr.Bytes(), Exit: code}
	if len(r.Stdout) == 0 {
		r.Stdout = nil
	}
	if len(r.Stderr) == 0 {
		r.Stderr = nil
	}
	return r
}

// HookServer is an http hook on 127.0.0.1 that answers every request with
// Status and Body — or, when Hang is set, not before the request ends —
// and keeps the last request it was sent.
type HookServer struct {
	*httptest.Server
	Status int
	Body   string
	Hang   bool

	mu      sync.Mutex
	header  http.Header
	request []byte
}

// ServeHook starts a HookServer answering status and body, closed when the
// test ends.
func ServeHook(t testing.TB, status int, body string) *HookServer {
	t.Helper()
	h := &HookServer{Status: status, Body: body}
	h.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		h.mu.Lock()
		h.header, h.request = r.Header.Clone(), b
		h.mu.Unlock()
		if h.Hang {
			<-r.Context().Done() // the client gave up: its timeout, not ours, is what is tested
			return
		}
		w.WriteHeader(h.Status)
		_, _ = io.WriteString(w, h.Body)
	}))
	t.Cleanup(h.Close)
	return h
}

// Request is the last request's headers and body.
func (h *HookServer) Request() (http.Header, []byte) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.header, h.request
}

// Refused is a URL on 127.0.0.1 that nothing listens on.
func Refused(t testing.TB) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	url := "http://" + l.Addr().String() + "/hook"
	require.NoError(t, l.Close())
	return url
}

// Unanswered is an http hook that gets no answer a CLI could read, and
// the fault its link reports.
type Unanswered struct {
	Name    string
	URL     string
	Timeout time.Duration // the hook's; the server outlasts a short one
	Fault   string
}

// NoAnswers are the http hooks that get no answer: a server that answers
// later than the hook's timeout, a redirect (never followed), a refused
// connection — each on loopback, closed when the test ends.
func NoAnswers(t testing.TB) []Unanswered {
	t.Helper()
	hang := ServeHook(t, 200, "")
	hang.Hang = true
	redirect := httptest.NewServer(http.RedirectHandler("https://elsewhere.example/hook", http.StatusTemporaryRedirect))
	t.Cleanup(redirect.Close)
	refused := Refused(t)
	addr := strings.TrimSuffix(strings.TrimPrefix(refused, "http://"), "/hook")
	return []Unanswered{
		{"a server that answers later than the timeout", hang.URL, 200 * time.Millisecond, `hook "` + hang.URL + `": timed out after 200ms`},
		{"a redirect, which is never followed", redirect.URL, 5 * time.Second,
			`hook "` + redirect.URL + `": gave no valid answer: status 307 Temporary Redirect: a redirect to "https://elsewhere.example/hook", which hookchain never follows`},
		{"a refused connection", refused, 5 * time.Second,
			`hook "` + refused + `": i/o with it failed: Post "` + refused + `": dial tcp ` + addr + `: connect: connection refused`},
	}
}
