package harness_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/harness/copilot"
	"github.com/hookchain/hookchain/harness/internal/profiletest"
	"github.com/hookchain/hookchain/harness/qwen"
	"github.com/hookchain/hookchain/process"
)

var shellCall = hookchain.Event{Hook: hookchain.BeforeTool, Tool: "run_shell_command", Input: json.RawMessage(`{"command":"rm -rf /"}`)}

func serve(t *testing.T, handler http.HandlerFunc) string {
	srv := httptest.NewServer(handler)
	t.Cleanup(srv.Close)
	return srv.URL
}

// A body past the cap is never decided in part: one that starts as JSON
// is given to the CLI's reader cut, which denies it; text is a failure.
func TestAnHTTPHooksBodyPastTheCapIsDeniedAsJSONAndAFailureAsText(t *testing.T) {
	if testing.Short() {
		t.Skip("sends two 10 MiB bodies")
	}
	big := strings.Repeat("x", harness.MaxHTTPBody)
	jsonURL := serve(t, func(w http.ResponseWriter, _ *http.Request) {
		_, _ = fmt.Fprint(w, `{"decision":"approve","reason":"`+big+`"}`)
	})
	textURL := serve(t, func(w http.ResponseWriter, _ *http.Request) { _, _ = fmt.Fprint(w, "ok"+big) })

	fn, err := harness.HTTP(qwen.Profile(), harness.HTTPHook{URL: jsonURL, Timeout: 10 * time.Second}, harness.SessionInfo{})
	require.NoError(t, err)
	got, err := fn(context.Background(), shellCall)
	require.NoError(t, err)
	assert.Equal(t, hookchain.Deny(fmt.Sprintf("the hook's answer is longer than the %d bytes kept, and cannot be read; denied rather than guessed", harness.MaxHTTPBody)), got)

	fn, err = harness.HTTP(qwen.Profile(), harness.HTTPHook{URL: textURL, Timeout: 10 * time.Second}, harness.SessionInfo{})
	require.NoError(t, err)
	_, err = fn(context.Background(), shellCall)
	assert.EqualError(t, err, `hook "`+textURL+`": wrote more than 10485760 bytes on stdout`)
	assert.ErrorIs(t, err, process.StdoutTooLarge)
}

// A server that quotes the request's token back in an error, whole or
// without its scheme, puts none of it in the failure, nor does a URL's
// password.
func TestAnHTTPHooksFailureNeverQuotesItsHeadersOrPassword(t *testing.T) {
	u := serve(t, func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = fmt.Fprintf(w, "bad token %s (%s) for %s", r.Header.Get("Authorization"), strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer "), r.Header.Get("X-Key"))
	})
	withPassword := strings.Replace(u, "http://", "http://hook:pa55word@", 1)
	fn, err := harness.HTTP(qwen.Profile(), harness.HTTPHook{URL: withPassword,
		Headers: map[string]string{"Authorization": "Bearer s3cret-token", "X-Key": "k3y-s3cret"}, Timeout: 5 * time.Second}, harness.SessionInfo{})
	require.NoError(t, err)
	_, err = fn(context.Background(), shellCall)
	masked := strings.Replace(u, "http://", "http://hook:xxxxx@", 1)
	assert.EqualError(t, err, `hook "`+masked+`": gave no valid answer: status 401 Unauthorized: body "bad token [Authorization] ([Authorization]) for [X-Key]"`)
}

// The caller's leaving is not the hook's timeout nor its failure: it reads
// as Canceled, and a link that fails open denies all the same.
func TestAnHTTPHookWhoseCallerLeavesIsCanceledAndDeniedThoughItFailsOpen(t *testing.T) {
	srv := profiletest.ServeHook(t, 200, "")
	srv.Hang = true
	link, err := qwen.Profile().HTTPLink("hook", hookchain.BeforeTool, hookchain.Any(), harness.HTTPHook{URL: srv.URL, Timeout: time.Minute}, harness.SessionInfo{})
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for h, _ := srv.Request(); h == nil; h, _ = srv.Request() {
			time.Sleep(time.Millisecond)
		}
		cancel()
	}()
	fault := `hook "` + srv.URL + `": stopped because its context ended: context canceled`
	assert.Equal(t, hookchain.Outcome{Verdict: hookchain.Denied, Reason: "hookchain: the context ended while hook was asked: context canceled", Cause: hookchain.CauseCaller,
		Trail: []hookchain.Step{{Name: "hook", Verdict: hookchain.Denied, Fault: fault}}}, hookchain.New(link).Run(ctx, shellCall))
}

// A body the server cuts short, or whose chunked framing breaks, is a
// failure, never the part that arrived read as the answer.
func TestAnHTTPHooksBodyCutShortIsAFailure(t *testing.T) {
	for name, write := range map[string]func(w http.ResponseWriter){
		"shorter than its Content-Length": func(w http.ResponseWriter) {
			w.Header().Set("Content-Length", "100")
			_, _ = fmt.Fprint(w, `{"decision":"approve"}`)
		},
		"broken chunked framing": func(w http.ResponseWriter) {
			conn, buf, _ := w.(http.Hijacker).Hijack()
			_, _ = buf.WriteString("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{\"dec\r\nzz\r\n")
			_ = buf.Flush()
			_ = conn.Close()
		},
	} {
		t.Run(name, func(t *testing.T) {
			u := serve(t, func(w http.ResponseWriter, _ *http.Request) { write(w) })
			fn, err := harness.HTTP(qwen.Profile(), harness.HTTPHook{URL: u, Timeout: 5 * time.Second}, harness.SessionInfo{})
			require.NoError(t, err)
			_, err = fn(context.Background(), shellCall)
			require.Error(t, err)
			assert.ErrorIs(t, err, process.IOFailed)
			assert.True(t, strings.HasPrefix(err.Error(), `hook "`+u+`": i/o with it failed: `), err.Error())
		})
	}
}

func TestAnHTTPHookIsRefusedForAURLThatIsNotHTTPOrANegativeTimeout(t *testing.T) {
	for _, tt := range []struct {
		hook harness.HTTPHook
		err  string
	}{
		{harness.HTTPHook{URL: "file:///etc/passwd"}, `qwen: HTTP: "file:///etc/passwd" is not an http or https URL`},
		{harness.HTTPHook{URL: "/relative"}, `qwen: HTTP: "/relative" is not an http or https URL`},
		{harness.HTTPHook{URL: "http://127.0.0.1:1", Timeout: -time.Second}, `qwen: HTTP: the Timeout -1s is negative`},
	} {
		_, err := harness.HTTP(qwen.Profile(), tt.hook, harness.SessionInfo{})
		assert.EqualError(t, err, tt.err)
		_, err = qwen.Profile().HTTPLink("hook", hookchain.BeforeTool, hookchain.Any(), tt.hook, harness.SessionInfo{})
		assert.EqualError(t, err, tt.err)
	}
}

// 200 calls at once through one link, each from its own session, each
// answered for itself: no answer reaches another call.
func TestConcurrentCallsThroughOneHTTPLinkEachGetTheirOwnAnswer(t *testing.T) {
	u := serve(t, func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			Session string `json:"session_id"`
		}
		_ = json.NewDecoder(r.Body).Decode(&in)
		_ = json.NewEncoder(w).Encode(map[string]string{"decision": "block", "reason": "session " + in.Session})
	})
	link, err := qwen.Profile().HTTPLink("hook", hookchain.BeforeTool, hookchain.Any(), harness.HTTPHook{URL: u, Timeout: 30 * time.Second}, harness.SessionInfo{ID: "default"})
	require.NoError(t, err)
	chain := hookchain.New(link)
	const n = 200
	got := make([]hookchain.Outcome, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			ctx := harness.WithSessionInfo(context.Background(), harness.SessionInfo{ID: fmt.Sprint("s", i)})
			got[i] = chain.Run(ctx, shellCall)
		})
	}
	wg.Wait()
	for i, o := range got {
		assert.Equal(t, profiletest.Denied(fmt.Sprint("session s", i)), o, i)
	}
}

// Two http links that send different requests — another URL, another
// header, another input — give their chains different IDs; a header's
// value, a token more often than not, is not in the ID.
func TestHTTPLinksThatSendDifferentRequestsGiveTheirChainsDifferentIDs(t *testing.T) {
	chainOf := func(p harness.Profile, h harness.HTTPHook) string {
		l, err := p.HTTPLink("hook", hookchain.BeforeTool, hookchain.Any(), h, harness.SessionInfo{})
		require.NoError(t, err)
		return hookchain.New(l).ID()
	}
	base := harness.HTTPHook{URL: "https://policy.example/hook", Headers: map[string]string{"Authorization": "Bearer one"}}
	id := chainOf(copilot.Profile(), base)
	assert.NotEqual(t, id, chainOf(copilot.Profile(), harness.HTTPHook{URL: "https://policy.example/other", Headers: base.Headers}))
	assert.NotEqual(t, id, chainOf(copilot.Profile(), harness.HTTPHook{URL: base.URL, Headers: map[string]string{"X-Key": "Bearer one"}}))
	assert.NotEqual(t, id, chainOf(copilot.PascalProfile(), base), "a PascalCase entry is sent another input")
	assert.Equal(t, id, chainOf(copilot.Profile(), harness.HTTPHook{URL: base.URL, Headers: map[string]string{"Authorization": "Bearer two"}}))
}

// A Client's own timeout is the hook's failure, not the caller's leaving:
// a link that fails open lets the call go on, with the fault in its trail.
func TestAnHTTPHooksClientTimeoutIsTheHooksFailureNotTheCallers(t *testing.T) {
	srv := profiletest.ServeHook(t, 200, "")
	srv.Hang = true
	h := harness.HTTPHook{URL: srv.URL, Timeout: time.Minute, Client: &http.Client{Timeout: 100 * time.Millisecond}}
	link, err := qwen.Profile().HTTPLink("hook", hookchain.BeforeTool, hookchain.Any(), h, harness.SessionInfo{})
	require.NoError(t, err)
	got := hookchain.New(link).Run(context.Background(), shellCall)
	require.Len(t, got.Trail, 1)
	assert.Equal(t, hookchain.Outcome{Trail: []hookchain.Step{{Name: "hook", Verdict: hookchain.Allowed, Fault: got.Trail[0].Fault}}}, got)
	assert.Equal(t, `hook "`+srv.URL+`": i/o with it failed: Post "`+srv.URL+`": context deadline exceeded (Client.Timeout exceeded while awaiting headers)`, got.Trail[0].Fault)
}
