package copilot_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/harness/copilot"
	"github.com/hookchain/hookchain/harness/internal/profiletest"
)

// Every row of Copilot's reading of an http hook, from a real server on
// loopback, in a chain that runs it as Copilot would: the body read as a
// command hook's stdout, and every failure — before the call as after it
// — letting the call go on, with the failure in the trail.
func TestACopilotHTTPHookInAChainAnswersAsCopilotReadsIt(t *testing.T) {
	none := func(string) hookchain.Outcome { return hookchain.Outcome{} }
	tests := []struct {
		name   string
		status int
		body   string
		event  hookchain.Event
		want   func(url string) hookchain.Outcome
	}{
		{"permissionDecision allow lets the call run", 200, `{"permissionDecision":"allow"}`, shell("ls"), none},
		{"an empty body is no decision", 204, "", shell("ls"), none},
		{"permissionDecision deny denies with its reason", 200, `{"permissionDecision":"deny","permissionDecisionReason":"writes outside the project are not allowed"}`,
			create("/etc/hosts"), func(string) hookchain.Outcome {
				return profiletest.Denied("writes outside the project are not allowed")
			}},
		{"modifiedArgs rewrites the call", 200, `{"permissionDecision":"allow","modifiedArgs":{"command":"terraform plan","description":"run it"}}`,
			shell("terraform apply"), func(string) hookchain.Outcome {
				return hookchain.Outcome{Verdict: hookchain.Modified, Reason: "hook", Input: json.RawMessage(`{"command":"terraform plan","description":"run it"}`),
					Trail: []hookchain.Step{{Name: "hook", Verdict: hookchain.Modified}}}
			}},
		{"additionalContext after the call is a note", 200, `{"additionalContext":"this repository uses pnpm"}`, shellResult("ok"), func(string) hookchain.Outcome {
			return hookchain.Outcome{Notes: []hookchain.Note{{Link: "hook", Text: "this repository uses pnpm"}}}
		}},
		{"a body that is not JSON is none, as Copilot reads stdout", 200, "permission granted", shell("rm -rf /"), none},
		{"an HTML page is none", 200, "<html><body>It works!</body></html>", shell("rm -rf /"), none},
		{"JSON that is not an object says nothing", 200, "null", shell("rm -rf /"), none},
		{"an empty object says nothing", 200, "{}", shell("rm -rf /"), none},
		{"a permissionDecision Copilot does not document denies", 200, `{"permissionDecision":"block"}`, shell("ls"), func(string) hookchain.Outcome {
			return profiletest.Denied(`the hook's permissionDecision "block" is not one Copilot documents; denied rather than guessed`)
		}},
		{"a key given twice denies, whichever one Copilot keeps", 200, `{"permissionDecision":"allow","permissionDecision":"deny"}`, shell("ls"), func(string) hookchain.Outcome {
			return profiletest.Denied(`the hook's answer is ambiguous (the key "permissionDecision" is given twice); denied rather than guessed`)
		}},
		{"a non-2xx status before the call lets it go on, with a deny in its body unread", 500, `{"permissionDecision":"deny"}`, shell("rm -rf /"), func(u string) hookchain.Outcome {
			return profiletest.Fault(`hook "` + u + `": gave no valid answer: status 500 Internal Server Error: body "{\"permissionDecision\":\"deny\"}"`)
		}},
		{"a non-2xx status after the call lets the output go on", 503, "policy engine down\n", shellResult("ok"), func(u string) hookchain.Outcome {
			return profiletest.Fault(`hook "` + u + `": gave no valid answer: status 503 Service Unavailable: body "policy engine down"`)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := profiletest.ServeHook(t, tt.status, tt.body)
			link, err := copilot.HTTPLink("hook", tt.event.Hook, hookchain.Any(), harness.HTTPHook{URL: srv.URL + "/hook", Timeout: 5 * time.Second}, session(t))
			require.NoError(t, err)
			got := hookchain.New(link).Run(context.Background(), tt.event)
			assert.Equal(t, tt.want(srv.URL+"/hook"), got)
		})
	}
}

// What no server answered — a timeout, a redirect, a refused connection —
// lets the call go on in Copilot; built into a plain link, each denies.
func TestACopilotHTTPHookThatGetsNoAnswerFailsOpenAndAPlainLinkFailsClosed(t *testing.T) {
	for _, tt := range profiletest.NoAnswers(t) {
		t.Run(tt.Name, func(t *testing.T) {
			h := harness.HTTPHook{URL: tt.URL, Timeout: tt.Timeout}
			open, err := copilot.HTTPLink("hook", hookchain.BeforeTool, hookchain.Any(), h, session(t))
			require.NoError(t, err)
			assert.Equal(t, profiletest.Fault(tt.Fault), hookchain.New(open).Run(context.Background(), shell("rm -rf /")))

			fn, err := harness.HTTP(copilot.Profile(), h, session(t))
			require.NoError(t, err)
			assert.Equal(t, errored(tt.Fault), hookchain.New(hookchain.Before("hook", hookchain.Any(), fn)).Run(context.Background(), shell("rm -rf /")))
		})
	}
}

// The server is sent what a command hook is given on stdin, as a POST of
// JSON, with the entry's headers, their variables expanded from those
// allowedEnvVars names and no other.
func TestACopilotHTTPHookIsSentCopilotsInputWithItsHeaders(t *testing.T) {
	t.Setenv("POLICY_TOKEN", "s3cret-token")
	t.Setenv("OTHER_SECRET", "never-sent")
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var in map[string]any
		_ = json.NewDecoder(r.Body).Decode(&in)
		_ = json.NewEncoder(w).Encode(map[string]string{"permissionDecision": "deny", "permissionDecisionReason": fmt.Sprintf("%s %s %s|%s|%s|%s",
			r.Method, r.Header.Get("Content-Type"), r.Header.Get("X-Source"), r.Header.Get("X-Other"), in["toolName"], in["toolArgs"])})
	}))
	t.Cleanup(srv.Close)
	file := fmt.Sprintf(`{"version":1,"hooks":{"preToolUse":[{"type":"http","url":%q,
		"headers":{"X-Source":"copilot $POLICY_TOKEN","X-Other":"[${OTHER_SECRET}]"},"allowedEnvVars":["POLICY_TOKEN"],"timeoutSec":5}]}}`, srv.URL)
	hooks, warnings, err := copilot.ParseHooksFile("hooks.json", []byte(file))
	require.NoError(t, err)
	require.Empty(t, warnings)
	require.Len(t, hooks, 1)
	h := hooks[0].Request()
	assert.Equal(t, 5*time.Second, h.Timeout)
	h.Client = srv.Client()
	link, err := copilot.HTTPLink("hook", hookchain.BeforeTool, hookchain.Any(), h, session(t))
	require.NoError(t, err)
	got := hookchain.New(link).Run(context.Background(), shell("ls"))
	assert.Equal(t, profiletest.Denied(`POST application/json copilot s3cret-token|[]|bash|{"command":"ls","description":"run it"}`), got)
}

// Copilot sends an http hook only where its reference says: https, or
// plain http to loopback when COPILOT_HOOK_ALLOW_LOCALHOST=1, and never a
// hook that decides a permission, or carries allowedEnvVars, over plain
// http. A hook it would not send is an error, not a guard listed that
// never runs.
func TestACopilotHTTPHookCopilotWouldNotSendIsAnError(t *testing.T) {
	entry := func(event, url, extra string) string {
		return fmt.Sprintf(`{"version":1,"hooks":{%q:[{"type":"http","url":%q%s}]}}`, event, url, extra)
	}
	tests := []struct {
		name, file, allow, err string
	}{
		{"plain http before the call, even to loopback", entry("preToolUse", "http://127.0.0.1:9/hook", ""), "1",
			`copilot: f.json: hooks.preToolUse[0]: url "http://127.0.0.1:9/hook": Copilot sends a preToolUse hook over https only, as its answer can grant a permission`},
		{"plain http before the call in a PascalCase entry", entry("PreToolUse", "http://localhost:9/hook", ""), "1",
			`copilot: f.json: hooks.PreToolUse[0]: url "http://localhost:9/hook": Copilot sends a PreToolUse hook over https only, as its answer can grant a permission`},
		{"plain http with allowedEnvVars", entry("postToolUse", "http://127.0.0.1:9/hook", `,"allowedEnvVars":["TOKEN"]`), "1",
			`copilot: f.json: hooks.postToolUse[0]: url "http://127.0.0.1:9/hook": Copilot expands allowedEnvVars into the headers of an https request only`},
		{"plain http to a host that is not loopback", entry("postToolUse", "http://hooks.example.com/hook", ""), "1",
			`copilot: f.json: hooks.postToolUse[0]: url "http://hooks.example.com/hook": Copilot sends http hooks over https, and plain http only to a loopback host`},
		{"plain http to loopback without the variable", entry("postToolUse", "http://[::1]:9/hook", ""), "",
			`copilot: f.json: hooks.postToolUse[0]: url "http://[::1]:9/hook": Copilot sends a plain-http hook to a loopback host only when COPILOT_HOOK_ALLOW_LOCALHOST=1`},
		{"a URL that is not http at all", entry("postToolUse", "ftp://hooks.example.com/hook", ""), "1",
			`copilot: f.json: hooks.postToolUse[0]: url "ftp://hooks.example.com/hook" is not an absolute http or https URL`},
		{"no url", `{"version":1,"hooks":{"postToolUse":[{"type":"http"}]}}`, "1",
			`copilot: f.json: hooks.postToolUse[0]: an http hook without a "url"`},
		{"a url that is not a string", `{"version":1,"hooks":{"postToolUse":[{"type":"http","url":7}]}}`, "1",
			`copilot: f.json: hooks.postToolUse[0]: url is not a string`},
		{"allowedEnvVars that is not a list of names", entry("postToolUse", "https://hooks.example.com/hook", `,"allowedEnvVars":"TOKEN"`), "1",
			`copilot: f.json: hooks.postToolUse[0]: allowedEnvVars is not a list of strings`},
		{"a timeout that is not a positive number of seconds", entry("postToolUse", "https://hooks.example.com/hook", `,"timeoutSec":0`), "1",
			`copilot: f.json: hooks.postToolUse[0]: timeoutSec 0 is not a positive number of seconds`},
		{"two headers alike but for case", entry("postToolUse", "https://hooks.example.com/hook", `,"headers":{"Authorization":"a","authorization":"b"}`), "1",
			`copilot: f.json: hooks.postToolUse[0]: headers: "Authorization" and "authorization" are one header, and which value is sent cannot be known`},
		{"a header name that is not a token", entry("postToolUse", "https://hooks.example.com/hook", `,"headers":{"X Key":"a"}`), "1",
			`copilot: f.json: hooks.postToolUse[0]: headers: "X Key" is not a header name`},
		{"a header value with a line break", entry("postToolUse", "https://hooks.example.com/hook", `,"headers":{"X-Key":"a\r\nX-Evil: 1"}`), "1",
			`copilot: f.json: hooks.postToolUse[0]: headers: the value of "X-Key" holds a line break or a NUL`},
		{"headers that are not strings", entry("postToolUse", "https://hooks.example.com/hook", `,"headers":{"X":1}`), "1",
			`copilot: f.json: hooks.postToolUse[0]: headers is not an object of strings`},
		{"plain http to loopback with the variable is read", entry("postToolUse", "http://127.0.0.1:9/hook", ""), "1", ""},
		{"https anywhere is read", entry("preToolUse", "https://hooks.example.com/hook", `,"allowedEnvVars":["TOKEN"]`), "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv(copilot.AllowLocalhost, tt.allow)
			hooks, _, err := copilot.ParseHooksFile("f.json", []byte(tt.file))
			if tt.err == "" {
				require.NoError(t, err)
				assert.Len(t, hooks, 1)
				return
			}
			require.EqualError(t, err, tt.err)
		})
	}
}

// A plain-http loopback hook read from a hooks file is a link of Links,
// with its matcher, failing open.
func TestACopilotHooksFilesHTTPHookIsALinkOfItsChain(t *testing.T) {
	t.Setenv(copilot.AllowLocalhost, "1")
	srv := profiletest.ServeHook(t, 200, `{"modifiedResult":{"resultType":"success","textResultForLlm":"[redacted]"}}`)
	file := fmt.Sprintf(`{"version":1,"hooks":{"postToolUse":[{"type":"http","matcher":"bash","url":%q}]}}`, srv.URL)
	hooks, _, err := copilot.ParseHooksFile("f.json", []byte(file))
	require.NoError(t, err)
	links, err := copilot.Links(hooks, session(t))
	require.NoError(t, err)
	require.Len(t, links, 1)
	chain := hookchain.New(links...)
	got := chain.Run(context.Background(), shellResult("the secret"))
	assert.Equal(t, hookchain.Outcome{Verdict: hookchain.Replaced, Reason: srv.URL, Output: hookchain.Text("[redacted]"),
		Trail: []hookchain.Step{{Name: srv.URL, Verdict: hookchain.Replaced}}}, got)
	_, body := srv.Request()
	var in map[string]any
	require.NoError(t, json.Unmarshal(body, &in))
	assert.Equal(t, map[string]any{"resultType": "success", "textResultForLlm": "the secret"}, in["toolResult"])

	other := hookchain.Event{Hook: hookchain.AfterTool, Tool: "view", Input: json.RawMessage(`{"path":"a"}`), Output: hookchain.Text("x")}
	assert.Equal(t, hookchain.Outcome{}, chain.Run(context.Background(), other), "the matcher selects bash only")
}
