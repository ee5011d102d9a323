package claudecode

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
)

// hookServer is a real HTTP hook on 127.0.0.1 that answers with status and
// body and keeps the last request it was sent.
type hookServer struct {
	*httptest.Server
	mu      sync.Mutex
	method  string
	header  http.Header
	request []byte
}

func serveHook(t *testing.T, status int, body string) *hookServer {
	t.Helper()
	h := &hookServer{}
	h.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		h.mu.Lock()
		h.method, h.header, h.request = r.Method, r.Header.Clone(), b
		h.mu.Unlock()
		w.WriteHeader(status)
		_, _ = io.WriteString(w, body)
	}))
	t.Cleanup(h.Close)
	return h
}

func TestHTTPHooksAnswerInTheResponseBody(t *testing.T) {
	tests := []struct {
		name   string
		status int
		body   string
		event  hookchain.Event
		want   hookchain.Outcome
	}{
		{"an empty 200 allows", 200, "", before, hookchain.Allow()},
		{"a 204 allows", 204, "", before, hookchain.Allow()},
		{"allow in JSON", 200, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}`, before, hookchain.Allow()},
		{"deny in JSON", 200, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"blocked by the policy server"}}`,
			before, hookchain.Deny("blocked by the policy server")},
		{"updatedInput modifies", 200, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"ls","timeout":30}}}`,
			before, hookchain.Modify(json.RawMessage(`{"command":"ls","timeout":30}`), "updatedInput")},
		{"block after the call keeps the output and notes the reason", 200, `{"decision":"block","reason":"contains PII"}`, after, blockedNote("contains PII")},
		{"updatedToolOutput after the call", 200, `{"hookSpecificOutput":{"hookEventName":"PostToolUse","updatedToolOutput":{"stdout":"[redacted]","stderr":"","interrupted":false}}}`,
			after, hookchain.Replace(json.RawMessage(`{"stdout":"[redacted]","stderr":"","interrupted":false}`), false, "updatedToolOutput")},
		{"ask in JSON, with context", 200, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"production database","additionalContext":"prefer the staging database"}}`,
			before, hookchain.Ask("production database").WithNote("prefer the staging database")},
		{"context after a failed call", 200, `{"hookSpecificOutput":{"hookEventName":"PostToolUseFailure","additionalContext":"the service is down for maintenance"}}`,
			failed, hookchain.Allow().WithNote("the service is down for maintenance")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := serveHook(t, tt.status, tt.body)
			fn := HTTP(HTTPHook{URL: srv.URL + "/hook", Headers: map[string]string{"Authorization": "Bearer t0ken"}, Timeout: 5 * time.Second}, session)
			got, err := fn(context.Background(), tt.event)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)

			srv.mu.Lock()
			defer srv.mu.Unlock()
			assert.Equal(t, http.MethodPost, srv.method)
			assert.Equal(t, "application/json", srv.header.Get("Content-Type"))
			assert.Equal(t, "Bearer t0ken", srv.header.Get("Authorization"))
			want, err := marshal(InputFor(tt.event, session))
			require.NoError(t, err)
			assert.Equal(t, string(want), string(srv.request), "the body is the hook input")
		})
	}
}

func TestHTTPHookFailures(t *testing.T) {
	t.Run("a non-2xx status is a failure naming the status and the body", func(t *testing.T) {
		srv := serveHook(t, http.StatusInternalServerError, "policy engine down\n")
		_, err := HTTP(HTTPHook{URL: srv.URL, Timeout: 5 * time.Second}, session)(context.Background(), before)
		require.EqualError(t, err, "http hook "+srv.URL+": status 500 Internal Server Error: body: policy engine down")
	})
	t.Run("a 403 with a deny in its body is still a failure: only a 2xx answers", func(t *testing.T) {
		srv := serveHook(t, http.StatusForbidden, `{"decision":"block","reason":"no"}`)
		_, err := HTTP(HTTPHook{URL: srv.URL}, session)(context.Background(), before)
		require.EqualError(t, err, "http hook "+srv.URL+`: status 403 Forbidden: body: {"decision":"block","reason":"no"}`)
	})
	t.Run("a redirect is not followed, and is a failure", func(t *testing.T) {
		srv := httptest.NewServer(http.RedirectHandler("http://127.0.0.1:1/elsewhere", http.StatusFound))
		defer srv.Close()
		_, err := HTTP(HTTPHook{URL: srv.URL}, session)(context.Background(), before)
		require.Error(t, err)
		assert.Contains(t, err.Error(), "status 302 Found")
	})
	t.Run("a refused connection is a failure", func(t *testing.T) {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		url := "http://" + l.Addr().String() + "/hook"
		require.NoError(t, l.Close())
		_, err = HTTP(HTTPHook{URL: url, Timeout: 5 * time.Second}, session)(context.Background(), before)
		require.Error(t, err)
		assert.True(t, strings.HasPrefix(err.Error(), "http hook "+url+": "), err.Error())
		assert.Contains(t, err.Error(), "connection refused")
	})
	t.Run("an answer later than the timeout is a failure", func(t *testing.T) {
		release := make(chan struct{})
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-release:
			case <-r.Context().Done():
			}
		}))
		defer srv.Close()
		defer close(release)
		start := time.Now()
		_, err := HTTP(HTTPHook{URL: srv.URL, Timeout: 100 * time.Millisecond}, session)(context.Background(), before)
		require.EqualError(t, err, "http hook "+srv.URL+": no answer within 100ms")
		assert.Less(t, time.Since(start), 5*time.Second)
	})
	t.Run("a body that starts like JSON but is not is a failure", func(t *testing.T) {
		srv := serveHook(t, 200, `{"decision":`)
		_, err := HTTP(HTTPHook{URL: srv.URL}, session)(context.Background(), before)
		require.EqualError(t, err, "http hook "+srv.URL+": the response body starts with '{' but is not valid JSON: unexpected end of JSON input")
	})
	t.Run("a JSON body over 10 MiB is an answer that cannot be read, and denies", func(t *testing.T) {
		srv := serveHook(t, 200, `{"decision":"approve","reason":"`+strings.Repeat("x", 10<<20)+`"}`)
		got, err := HTTP(HTTPHook{URL: srv.URL}, session)(context.Background(), before)
		require.NoError(t, err)
		assert.Equal(t, hookchain.Deny("the http hook's answer is longer than the 10485760 bytes hookchain reads, so its decision cannot be known; denied rather than guessed"), got)
	})
	t.Run("a text body over 10 MiB is a failure", func(t *testing.T) {
		srv := serveHook(t, 200, strings.Repeat("x", 10<<20+1))
		_, err := HTTP(HTTPHook{URL: srv.URL}, session)(context.Background(), before)
		require.EqualError(t, err, "http hook "+srv.URL+": the response body is larger than 10485760 bytes and is not a JSON answer")
	})
	t.Run("a 2xx plain-text body is a failure and goes nowhere near the model", func(t *testing.T) {
		// "2xx with any other body, such as plain text: non-blocking error,
		// handled the same as a non-2xx status. Claude Code doesn't add the
		// text to Claude's context" (hooks reference, HTTP response handling).
		srv := serveHook(t, 200, "logged; all good")
		got, err := HTTP(HTTPHook{URL: srv.URL}, session)(context.Background(), before)
		require.EqualError(t, err, "http hook "+srv.URL+": a 2xx response must have an empty body or a JSON object, not text: body: logged; all good")
		assert.Equal(t, hookchain.Outcome{}, got)
	})
}

func TestHTTPHookInAChainFailsClosedOrOpenAsTheLinkSays(t *testing.T) {
	srv := serveHook(t, http.StatusBadGateway, "")
	fn := HTTP(HTTPHook{URL: srv.URL, Timeout: 5 * time.Second}, session)
	fault := "http hook " + srv.URL + ": status 502 Bad Gateway: empty body"

	closed := hookchain.New(hookchain.Before("policy", hookchain.Any(), fn)).Run(context.Background(), before)
	assert.Equal(t, hookchain.Outcome{Verdict: hookchain.Denied, Reason: "policy failed and denies on failure: " + fault, DecidedBy: "policy", Cause: hookchain.CauseFailure,
		Trail: []hookchain.Step{{Name: "policy", Verdict: hookchain.Denied, Fault: fault}}}, closed)

	open := hookchain.New(hookchain.Before("policy", hookchain.Any(), fn).FailOpen()).Run(context.Background(), before)
	assert.Equal(t, hookchain.Outcome{Trail: []hookchain.Step{{Name: "policy", Verdict: hookchain.Allowed, Fault: fault}}}, open)
}

func TestHTTPPanicsOnAURLItCannotPost(t *testing.T) {
	for _, u := range []string{"", "localhost:8080/hook", "ftp://example.com/hook", "http://", "http://a b/"} {
		assert.Panics(t, func() { HTTP(HTTPHook{URL: u}, session) }, u)
	}
}

func TestHTTPHookStoppedByTheCallersContextSaysSo(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer srv.Close()
	defer close(release)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, err := HTTP(HTTPHook{URL: srv.URL, Timeout: time.Minute}, session)(ctx, before)
	require.Error(t, err)
	assert.NotContains(t, err.Error(), "no answer within")
	assert.Contains(t, err.Error(), "context deadline exceeded")
}
