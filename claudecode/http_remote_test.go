package claudecode

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
)

func TestAnHTTPHooksRedirectIsItsFailureAndNeverResendsTheCall(t *testing.T) {
	var followed atomic.Int32
	target := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		followed.Add(1)
		_, _ = fmt.Fprint(w, `{}`) // an allow, had the redirect been followed
	}))
	defer target.Close()
	clients := map[string]*http.Client{
		"the default client":               nil,
		"a caller's client that follows":   {},
		"a caller's client with a timeout": {Timeout: 5 * time.Second},
	}
	for _, status := range []int{http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther, http.StatusTemporaryRedirect, http.StatusPermanentRedirect} {
		for name, client := range clients {
			t.Run(fmt.Sprintf("%d with %s", status, name), func(t *testing.T) {
				srv := httptest.NewServer(http.RedirectHandler(target.URL+"/elsewhere", status))
				defer srv.Close()
				fn := HTTP(HTTPHook{URL: srv.URL + "/hook", Client: client}, session)
				got, err := fn(context.Background(), before)
				require.EqualError(t, err, fmt.Sprintf("http hook %s/hook: status %d %s: a redirect to %s/elsewhere, which hookchain never follows: "+
					"it would send the call on without its input, or to a URL the settings never named", srv.URL, status, http.StatusText(status), target.URL))
				assert.Equal(t, hookchain.Outcome{}, got)
				assert.Zero(t, followed.Load())
			})
		}
	}
}

func TestAnHTTPHooksAnswerThatGivesAKeyTwiceOrInTwoCasesDenies(t *testing.T) {
	const cannot = ": its decision cannot be known; denied rather than guessed"
	tests := []struct {
		name, body string
		event      hookchain.Event
		want       hookchain.Outcome
	}{
		{"a top-level key in two cases", `{"decision":"block","Decision":"approve"}`, before,
			hookchain.Deny(`the http hook's answer is ambiguous: an object in it has the keys "decision" and "Decision", which Go's encoding/json reads as one` + cannot)},
		{"a top-level key twice", `{"decision":"approve","reason":"ok","decision":"block"}`, after,
			hookchain.Deny(`the http hook's answer is ambiguous: an object in it has the key "decision" twice` + cannot)},
		{"a key of hookSpecificOutput in two cases", `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","PermissionDecision":"allow"}}`, before,
			hookchain.Deny(`the http hook's answer is ambiguous: an object in it has the keys "permissionDecision" and "PermissionDecision", which Go's encoding/json reads as one` + cannot)},
		{"hookSpecificOutput in two cases", `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"},"HookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}`, before,
			hookchain.Deny(`the http hook's answer is ambiguous: an object in it has the keys "hookSpecificOutput" and "HookSpecificOutput", which Go's encoding/json reads as one` + cannot)},
		{"a key twice deep in a replaced output", `{"hookSpecificOutput":{"hookEventName":"PostToolUse","updatedToolOutput":{"a":1,"a":2}}}`, after,
			hookchain.Deny(`the http hook's answer is ambiguous: an object in it has the key "a" twice` + cannot)},
		{"an output's own keys may differ only in case", `{"hookSpecificOutput":{"hookEventName":"PostToolUse","updatedToolOutput":{"ETag":"1","Etag":"2"}}}`, mcpAfter,
			hookchain.Replace(json.RawMessage(`{"ETag":"1","Etag":"2"}`), false, "updatedToolOutput")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := serveHook(t, 200, tt.body)
			got, err := HTTP(HTTPHook{URL: srv.URL}, session)(context.Background(), tt.event)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestAnHTTPHookAnswersAsClaudeCodeReadsItWhateverTheServerSends(t *testing.T) {
	trickle := func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(200)
		for range 1000 { // 20s: far past the timeout, however late its timer
			if _, err := w.Write([]byte(" ")); err != nil {
				return
			}
			w.(http.Flusher).Flush()
			select {
			case <-time.After(20 * time.Millisecond):
			case <-r.Context().Done():
				return
			}
		}
	}
	cut := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "100")
		w.WriteHeader(200)
		_, _ = w.Write([]byte(`{"decision":"block"`))
		conn, _, err := w.(http.Hijacker).Hijack()
		if err == nil {
			_ = conn.Close()
		}
	}
	tests := []struct {
		name    string
		handler http.HandlerFunc
		want    hookchain.Outcome
		fault   string // the failure, after "http hook URL: "
		timeout time.Duration
	}{
		{name: "an empty 200 is no decision", handler: answering(200, ""), want: hookchain.Allow()},
		{name: "a 204 is no decision", handler: answering(204, ""), want: hookchain.Allow()},
		{name: "{} is no decision", handler: answering(200, "{}"), want: hookchain.Allow()},
		{name: "null is text, a failure", handler: answering(200, "null"),
			fault: "a 2xx response must have an empty body or a JSON object, not text: body: null"},
		{name: "HTML is text, a failure", handler: answering(200, "<html><body>Sign in</body></html>"),
			fault: "a 2xx response must have an empty body or a JSON object, not text: body: <html><body>Sign in</body></html>"},
		{name: "a 500 is a failure", handler: answering(500, "boom"), fault: "status 500 Internal Server Error: body: boom"},
		{name: "a body that trickles past the timeout is a failure that says so", handler: trickle, fault: "no answer within 300ms", timeout: 300 * time.Millisecond},
		{name: "a body cut short is a failure", handler: cut, fault: "reading the response: unexpected EOF"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewServer(tt.handler)
			defer srv.Close()
			// Only the trickle's timeout is short enough to run out: a
			// loaded machine must not let it beat an answer.
			timeout := time.Minute
			if tt.timeout != 0 {
				timeout = tt.timeout
			}
			got, err := HTTP(HTTPHook{URL: srv.URL, Timeout: timeout}, session)(context.Background(), before)
			if tt.fault != "" {
				require.EqualError(t, err, "http hook "+srv.URL+": "+tt.fault)
				assert.Equal(t, hookchain.Outcome{}, got)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

// answering is a handler that answers with status and body.
func answering(status int, body string) http.HandlerFunc {
	return func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(status)
		_, _ = fmt.Fprint(w, body)
	}
}
