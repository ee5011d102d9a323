package opa_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/open-policy-agent/opa/v1/logging"
	"github.com/open-policy-agent/opa/v1/runtime"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/hookchaintest"
	"github.com/hookchain/hookchain/opa"
)

// brokenPolicy sits beside the example policy on the test's OPA server:
// decisions that cannot be made.
const brokenPolicy = `package broken

decision := {"verdict": "deny"} if to_number(input.input.command) > 1

not_a_decision := 42
`

// startOPAServer runs a real OPA server on loopback, built from OPA's own
// runtime package, serving the example policy and brokenPolicy. It stops
// when the test ends, leaving nothing running. It returns its base URL and
// the directory its policies are in.
func startOPAServer(t testing.TB) (base, dir string) {
	t.Helper()
	// OPA's server asks for SIGINT and SIGTERM, and os/signal's loop then
	// runs for the life of the process: it is started before the check for
	// goroutines left behind, which would otherwise count it.
	c := make(chan os.Signal, 1)
	signal.Notify(c, syscall.SIGUSR2)
	signal.Stop(c)
	noGoroutineLeft(t)

	dir = t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "hookchain.rego"), []byte(examplePolicy(t)), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "broken.rego"), []byte(brokenPolicy), 0o600))

	params := runtime.NewParams()
	params.Addrs = &[]string{"127.0.0.1:0"}
	params.Paths = []string{dir}
	params.Logger = logging.NewNoOpLogger()
	params.ConsoleLogger = logging.NewNoOpLogger()
	ctx, cancel := context.WithCancel(context.Background())
	rt, err := runtime.NewRuntime(ctx, params)
	require.NoError(t, err)
	served := make(chan error, 1)
	go func() { served <- rt.Serve(ctx) }()
	t.Cleanup(func() {
		cancel()
		select {
		case <-served:
		case <-time.After(10 * time.Second):
			t.Error("the OPA server did not stop within 10s")
		}
	})
	require.Eventually(t, func() bool { return len(rt.Addrs()) > 0 }, 10*time.Second, 5*time.Millisecond, "the OPA server did not listen")
	return "http://" + rt.Addrs()[0], dir
}

func remote(t testing.TB, server, path string, opts ...opa.Option) hookchain.Interceptor {
	t.Helper()
	fn, err := opa.Remote(server, path, append([]opa.Option{opa.WithLogger(quiet)}, opts...)...)
	require.NoError(t, err)
	return fn
}

func TestTheExamplePolicysCasesHoldAgainstAnOPAServer(t *testing.T) {
	server, _ := startOPAServer(t)
	chain := hookchain.New(hookchain.On("policy", hookchain.Any(), remote(t, server, "hookchain/decision")))
	hookchaintest.RunFiles(t, chain, "testdata/cases/*.json")
}

func TestARemoteLinkThatCannotDecideFailsClosed(t *testing.T) {
	server, dir := startOPAServer(t)
	closed := closedPort(t)
	slow := fakeServer(t, func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body) // then the server sees the client go
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
	})
	notOPA := fakeServer(t, func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "<html>hello</html>") })
	gateway := fakeServer(t, func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "upstream down", http.StatusBadGateway)
	})
	answers := func(status int, body string) string {
		return fakeServer(t, func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(status)
			fmt.Fprint(w, body)
		})
	}
	empty, emptyObject, null, nullResult, array := answers(200, ""), answers(200, "{}"), answers(200, "null"),
		answers(200, `{"result":null}`), answers(200, `[{"result":{"verdict":"allow"}}]`)
	noContent := answers(http.StatusNoContent, "")
	trailing := answers(200, `{"result":{"verdict":"deny"}}{"result":{"verdict":"allow"}}`)
	// The headers come at once, and the answer a byte at a time: the
	// timeout bounds the whole of it, not only the wait for the headers.
	trickle := fakeServer(t, func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.WriteHeader(http.StatusOK)
		for _, c := range []byte(`{"result":{"verdict":"allow"}}`) {
			if _, err := w.Write([]byte{c}); err != nil {
				return
			}
			w.(http.Flusher).Flush()
			select {
			case <-r.Context().Done():
				return
			case <-time.After(200 * time.Millisecond): // 6s in all: far past the timeout, however late its timer
			}
		}
	})
	huge := fakeServer(t, func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"result":{"verdict":"allow","reason":"%s"}}`, strings.Repeat("x", opa.MaxResponseSize))
	})

	for _, tc := range []struct {
		name, server, path, fault string
		opts                      []opa.Option
		is                        error
	}{
		{name: "AnUndefinedDecision", server: server, path: "hookchain/nothing",
			fault: "opa: POST " + server + "/v1/data/hookchain/nothing: undefined: the policy gave no decision for the call", is: opa.ErrUndefined},
		{name: "AValueThatIsNotADecision", server: server, path: "broken/not_a_decision",
			fault: "opa: broken/not_a_decision is not a decision: the result is the number 42, not a decision document (an object) or a set of deny messages"},
		{name: "AnEvaluationError", server: server, path: "broken/decision",
			fault: "opa: POST " + server + "/v1/data/broken/decision: 500 Internal Server Error: " +
				"internal_error: error(s) occurred while evaluating query; " +
				filepath.Join(dir, "broken.rego") + `:3: eval_builtin_error: to_number: strconv.ParseFloat: parsing "ls": invalid syntax`},
		{name: "AServerThatIsNotThere", server: closed, path: "hookchain/decision",
			fault: "opa: POST " + closed + "/v1/data/hookchain/decision: dial tcp " + strings.TrimPrefix(closed, "http://") + ": connect: connection refused"},
		{name: "AServerTooSlow", server: slow, path: "hookchain/decision", opts: []opa.Option{opa.WithTimeout(50 * time.Millisecond)},
			fault: "opa: POST " + slow + "/v1/data/hookchain/decision: no answer within 50ms"},
		{name: "AServerThatIsNotOPA", server: notOPA, path: "hookchain/decision",
			fault: "opa: POST " + notOPA + "/v1/data/hookchain/decision: the answer is not a Data API response: invalid character '<' looking for beginning of value"},
		{name: "AnErrorFromAProxy", server: gateway, path: "hookchain/decision",
			fault: "opa: POST " + gateway + "/v1/data/hookchain/decision: 502 Bad Gateway: upstream down"},
		{name: "AnEmptyAnswer", server: empty, path: "hookchain/decision",
			fault: "opa: POST " + empty + "/v1/data/hookchain/decision: the answer is not a Data API response: unexpected end of JSON input"},
		{name: "AnEmptyObject", server: emptyObject, path: "hookchain/decision", is: opa.ErrUndefined,
			fault: "opa: POST " + emptyObject + "/v1/data/hookchain/decision: undefined: the policy gave no decision for the call"},
		{name: "Null", server: null, path: "hookchain/decision", is: opa.ErrUndefined,
			fault: "opa: POST " + null + "/v1/data/hookchain/decision: undefined: the policy gave no decision for the call"},
		{name: "ANullResult", server: nullResult, path: "hookchain/decision", is: opa.ErrUndefined,
			fault: "opa: POST " + nullResult + "/v1/data/hookchain/decision: undefined: the policy gave no decision for the call"},
		{name: "AnArray", server: array, path: "hookchain/decision",
			fault: "opa: POST " + array + "/v1/data/hookchain/decision: the answer is not a Data API response: json: cannot unmarshal array into Go value of type map[string]json.RawMessage"},
		{name: "NoContent", server: noContent, path: "hookchain/decision",
			fault: "opa: POST " + noContent + "/v1/data/hookchain/decision: 204 No Content"},
		{name: "TwoAnswersInOne", server: trailing, path: "hookchain/decision",
			fault: "opa: POST " + trailing + "/v1/data/hookchain/decision: the answer is not a Data API response: invalid character '{' after top-level value"},
		{name: "AnAnswerTrickling", server: trickle, path: "hookchain/decision", opts: []opa.Option{opa.WithTimeout(100 * time.Millisecond)},
			fault: "opa: POST " + trickle + "/v1/data/hookchain/decision: no answer within 100ms"},
		{name: "AnAnswerOverTheCap", server: huge, path: "hookchain/decision",
			fault: "opa: POST " + huge + "/v1/data/hookchain/decision: the answer is over 16777216 bytes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fn := remote(t, tc.server, tc.path, tc.opts...)
			_, err := fn(context.Background(), lsCall)
			require.EqualError(t, err, tc.fault)
			if tc.is != nil {
				assert.ErrorIs(t, err, tc.is)
			}
			chain := hookchain.New(hookchain.Before("policy", hookchain.Any(), fn))
			assert.Equal(t, hookchain.Outcome{
				Verdict:   hookchain.Denied,
				Reason:    "policy failed and denies on failure: " + tc.fault,
				Trail:     []hookchain.Step{{Name: "policy", Verdict: hookchain.Denied, Fault: tc.fault}},
				DecidedBy: "policy", Cause: hookchain.CauseFailure,
			}, chain.Run(context.Background(), lsCall))
		})
	}
}

// What the server is sent is the input document, as Embedded gives it.
func TestARemoteLinkSendsTheEventAsInput(t *testing.T) {
	sent := make(chan string, 1)
	echo := fakeServer(t, func(w http.ResponseWriter, r *http.Request) {
		b := new(strings.Builder)
		_, _ = fmt.Fprint(b, r.Method, " ", r.URL.RequestURI(), " ", r.Header.Get("Content-Type"), "\n")
		body := make([]byte, 1024)
		n, _ := r.Body.Read(body)
		b.Write(body[:n])
		sent <- b.String()
		fmt.Fprint(w, `{"result":{"verdict":"allow"},"decision_id":"d-1"}`)
	})
	fn := remote(t, echo+"/", "/hookchain/decision")
	out, err := fn(context.Background(), bash(hookchain.BeforeTool, "toolu_1", `{"command":"a && b <c>"}`))
	require.NoError(t, err)
	assert.Equal(t, hookchain.Allow(), out)
	assert.Equal(t, "POST /v1/data/hookchain/decision?strict-builtin-errors=true application/json\n"+
		`{"input":{"hook":"before_tool","tool":"Bash","call_id":"toolu_1","input":{"command":"a && b <c>"}}}`+"\n", <-sent)
}

func TestARemoteServerOrPathThatIsNotOneIsAnError(t *testing.T) {
	for _, tc := range []struct {
		name, server, path, err string
	}{
		{"NoScheme", "127.0.0.1:8181", "hookchain/decision", `opa: Remote: "127.0.0.1:8181" is not the http or https URL of an OPA server`},
		{"AnotherScheme", "unix:///run/opa.sock", "hookchain/decision", `opa: Remote: "unix:///run/opa.sock" is not the http or https URL of an OPA server`},
		{"NoHost", "http://", "hookchain/decision", `opa: Remote: "http://" is not the http or https URL of an OPA server`},
		{"AReferenceForAPath", "http://127.0.0.1:8181", "data.hookchain.decision",
			`opa: Remote: "data.hookchain.decision" is not a decision path (want the path under data, slash-separated as in OPA's Data API: "hookchain/decision")`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fn, err := opa.Remote(tc.server, tc.path)
			require.EqualError(t, err, tc.err)
			assert.Nil(t, fn)
		})
	}
}

// fakeServer is an HTTP server on loopback that is not OPA, closed when
// the test ends.
func fakeServer(t *testing.T, h http.HandlerFunc) string {
	t.Helper()
	s := httptest.NewServer(h)
	t.Cleanup(s.Close)
	return s.URL
}

// closedPort is the URL of a loopback port nobody listens on.
func closedPort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := l.Addr().String()
	require.NoError(t, l.Close())
	return "http://" + addr
}

// The server's URL may carry a password (basic auth): a fault names the
// server without it, since the fault is the chain's reason, which the model
// and every log are shown.
func TestARemoteLinksFaultNeverShowsThePasswordInItsURL(t *testing.T) {
	closed := closedPort(t)
	host := strings.TrimPrefix(closed, "http://")
	fn := remote(t, "http://hookchain:s3cret@"+host, "hookchain/decision")
	_, err := fn(context.Background(), lsCall)
	require.EqualError(t, err, "opa: POST http://hookchain:xxxxx@"+host+"/v1/data/hookchain/decision: dial tcp "+host+": connect: connection refused")
}

// Numbers cross the wire with the digits they were written with, both
// ways: a float64 would turn 2^53+1 into 2^53, and a policy would judge,
// or a tool run, a number nobody wrote.
func TestNumbersReachTheServerAndComeBackAsWritten(t *testing.T) {
	sent := make(chan string, 1)
	echo := fakeServer(t, func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		sent <- string(b)
		fmt.Fprint(w, `{"result":{"verdict":"modify","input":{"n":9007199254740993,"z":-0,"e":1E+400}}}`)
	})
	fn := remote(t, echo, "hookchain/decision")
	out, err := fn(context.Background(), bash(hookchain.BeforeTool, "toolu_1", `{"n":9007199254740993,"z":-0,"e":1E+400}`))
	require.NoError(t, err)
	assert.Equal(t, `{"input":{"hook":"before_tool","tool":"Bash","call_id":"toolu_1","input":{"n":9007199254740993,"z":-0,"e":1E+400}}}`+"\n", <-sent)
	assert.Equal(t, hookchain.Modify(json.RawMessage(`{"e":1E+400,"n":9007199254740993,"z":-0}`), ""), out)
}

// An answer nested deeper than encoding/json reads is refused by name,
// never read in part.
func TestARemoteAnswerNestedPastTheCapIsTheLinksFailure(t *testing.T) {
	deep := fakeServer(t, func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"result":{"verdict":"allow","x":`+strings.Repeat("[", 10001)+strings.Repeat("]", 10001)+`}}`)
	})
	_, err := remote(t, deep, "hookchain/decision")(context.Background(), lsCall)
	require.EqualError(t, err, "opa: POST "+deep+"/v1/data/hookchain/decision: the answer is not a Data API response: invalid character '[' exceeded max depth")
}
