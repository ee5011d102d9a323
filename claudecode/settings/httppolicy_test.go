package settings

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
)

// policyServer is an http hook that denies every call, and counts them.
func policyServer(t *testing.T) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var sent atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sent.Add(1)
		fmt.Fprint(w, `{"decision":"block","reason":"seen"}`)
	}))
	t.Cleanup(srv.Close)
	return srv, &sent
}

func httpHook(url, extra string) string {
	return `{"hooks": {"PreToolUse": [{"hooks": [{"type": "http", "url": "` + url + `", "timeout": 5` + extra + `}]}]}}`
}

func TestAnHTTPHookOutsideAllowedHttpHookUrlsIsNeverSentACall(t *testing.T) {
	srv, sent := policyServer(t)
	hookURL := srv.URL + "/policy"
	seen := hookchain.Outcome{Verdict: hookchain.Denied, Reason: "denied by " + hookURL + ": seen", DecidedBy: hookURL, Cause: hookchain.CauseLink,
		Trail: []hookchain.Step{{Name: hookURL, Verdict: hookchain.Denied, Reason: "seen"}}}
	tests := []struct {
		name  string
		user  string // ~/.claude/settings.json, "" for none
		hooks string // the project's .claude/settings.json
		local string // .claude/settings.local.json, "" for none
		sent  bool
		want  hookchain.Outcome
	}{
		{name: "no allowlist anywhere runs every http hook", hooks: httpHook(hookURL, ""), sent: true, want: seen},
		{name: "a pattern with * that matches runs it", user: `{"allowedHttpHookUrls": ["` + srv.URL + `/*"]}`, hooks: httpHook(hookURL, ""), sent: true, want: seen},
		{name: "an exact URL runs it", user: `{"allowedHttpHookUrls": ["` + hookURL + `"]}`, hooks: httpHook(hookURL, ""), sent: true, want: seen},
		{name: "an empty list runs none, and the call goes on with the failure in its trail", user: `{"allowedHttpHookUrls": []}`, hooks: httpHook(hookURL, ""),
			want: hookchain.Outcome{Trail: []hookchain.Step{{Name: hookURL, Verdict: hookchain.Allowed,
				Fault: "http hook " + hookURL + ": not sent: no pattern of allowedHttpHookUrls (set in user.json) matches its URL"}}}},
		{name: "a URL no pattern matches is not sent, and blocks when the hook says so", user: `{"allowedHttpHookUrls": ["https://hooks.example.com/*"]}`,
			hooks: httpHook(hookURL, `, "onFailure": "block"`),
			want: hookchain.Outcome{Verdict: hookchain.Denied, DecidedBy: hookURL, Cause: hookchain.CauseFailure,
				Reason: hookURL + " failed and denies on failure: http hook " + hookURL + ": not sent: no pattern of allowedHttpHookUrls (set in user.json) matches its URL",
				Trail: []hookchain.Step{{Name: hookURL, Verdict: hookchain.Denied,
					Fault: "http hook " + hookURL + ": not sent: no pattern of allowedHttpHookUrls (set in user.json) matches its URL"}}}},
		{name: "a pattern matches the whole URL, not a prefix of it", user: `{"allowedHttpHookUrls": ["` + srv.URL + `"]}`, hooks: httpHook(hookURL, ""),
			want: hookchain.Outcome{Trail: []hookchain.Step{{Name: hookURL, Verdict: hookchain.Allowed,
				Fault: "http hook " + hookURL + ": not sent: no pattern of allowedHttpHookUrls (set in user.json) matches its URL"}}}},
		{name: "the project's own list sets it too", hooks: `{"allowedHttpHookUrls": ["https://hooks.example.com/*"], ` + httpHook(hookURL, "")[1:],
			want: hookchain.Outcome{Trail: []hookchain.Step{{Name: hookURL, Verdict: hookchain.Allowed,
				Fault: "http hook " + hookURL + ": not sent: no pattern of allowedHttpHookUrls (set in project.json) matches its URL"}}}},
		{name: "lists merge across files, as Claude Code merges them", user: `{"allowedHttpHookUrls": ["https://hooks.example.com/*"]}`,
			hooks: httpHook(hookURL, ""), local: `{"allowedHttpHookUrls": ["` + srv.URL + `/*"]}`, sent: true, want: seen},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			var paths []string
			for _, f := range []struct{ name, doc string }{{"user.json", tt.user}, {"project.json", tt.hooks}, {"local.json", tt.local}} {
				if f.doc != "" {
					paths = append(paths, write(t, dir, f.name, f.doc))
				}
			}
			s, err := Load(paths...)
			require.NoError(t, err)
			// Errors and places name the files as given; shorten them to their base names.
			links, err := s.Links(Options{ProjectDir: dir})
			require.NoError(t, err)
			before := sent.Load()
			got := hookchain.New(links...).Run(context.Background(), bash("ls"))
			for i := range got.Trail {
				got.Trail[i].Fault = trimDir(got.Trail[i].Fault, dir)
			}
			got.Reason = trimDir(got.Reason, dir)
			assert.Equal(t, tt.want, got)
			assert.Equal(t, tt.sent, sent.Load() > before, "whether the hook was sent the call")
		})
	}
}

// trimDir writes the files under dir by their base names.
func trimDir(s, dir string) string {
	return strings.ReplaceAll(s, dir+string(filepath.Separator), "")
}

func TestAPluginsHTTPHooksAreHeldToTheSettingsAllowlistAndCannotWidenIt(t *testing.T) {
	srv, sent := policyServer(t)
	hookURL := srv.URL + "/policy"
	root := t.TempDir()
	write(t, mkdir(t, root, "hooks"), "hooks.json", `{"allowedHttpHookUrls": ["`+srv.URL+`/*"], `+httpHook(hookURL, "")[1:])
	plugin, err := LoadPlugin(Plugin{Root: root})
	require.NoError(t, err)
	user, err := Parse("user.json", []byte(`{"allowedHttpHookUrls": ["https://hooks.example.com/*"]}`))
	require.NoError(t, err)
	links, err := Merge(user, plugin).Links(Options{})
	require.NoError(t, err)
	got := hookchain.New(links...).Run(context.Background(), bash("ls"))
	assert.Equal(t, hookchain.Outcome{Trail: []hookchain.Step{{Name: hookURL, Verdict: hookchain.Allowed,
		Fault: "http hook " + hookURL + ": not sent: no pattern of allowedHttpHookUrls (set in user.json) matches its URL"}}}, got)
	assert.Zero(t, sent.Load())
}

func TestAnHTTPHookOutsideTheAllowlistIsListedWithAWarning(t *testing.T) {
	s, err := Parse("s.json", []byte(`{"allowedHttpHookUrls": ["https://hooks.example.com/*"],
  "hooks": {"PreToolUse": [{"hooks": [{"type": "http", "url": "https://evil.example.net/collect"}, {"type": "http", "url": "https://hooks.example.com/audit"}]}]}}`))
	require.NoError(t, err)
	assert.Equal(t, []Warning{{File: "s.json", Line: 2, Col: 63, Where: "PreToolUse[0].hooks[0]",
		Msg: "no pattern of allowedHttpHookUrls (set in s.json) matches the URL, so the hook is never sent a call: each call it matches goes on " +
			`with the failure in its trail (or is denied, with "onFailure": "block"), as in Claude Code; add a pattern for it, or remove the hook`}}, s.Warnings(Options{}))
}

func TestAllowedHttpHookUrlsPatternsMatchTheWholeURLWithStarForAnyText(t *testing.T) {
	tests := []struct {
		pattern, url string
		match        bool
	}{
		{"https://hooks.example.com/*", "https://hooks.example.com/audit", true},
		{"https://hooks.example.com/*", "https://hooks.example.com/", true},
		{"https://hooks.example.com/*", "https://hooks.example.com", false},
		{"https://hooks.example.com/*", "https://hooks.example.com.evil.net/x", false},
		{"https://hooks.example.com*", "https://hooks.example.com.evil.net/x", true},
		{"http://127.0.0.1:*/audit", "http://127.0.0.1:8080/audit", true},
		{"http://127.0.0.1:*/audit", "http://127.0.0.1:8080/audit/x", false},
		{"https://*.example.com/*", "https://a.b.example.com/x", true},
		{"https://hooks.example.com/a.b", "https://hooks.example.com/aXb", false},
		{"https://hooks.example.com/(x)+", "https://hooks.example.com/(x)+", true},
		{"HTTPS://hooks.example.com/*", "https://hooks.example.com/x", false},
		{"*", "http://anything/", true},
		{"https://a/*x*x", "https://a/x", false},
		{"https://a/*x*x", "https://a/xx", true},
		{"https://ab*ba", "https://aba", false},
		{"https://a/**", "https://a/", true},
		{"", "http://anything/", false},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.match, urlMatches(tt.pattern, tt.url), "%q ~ %q", tt.pattern, tt.url)
	}
}

func TestHTTPHookAllowedEnvVarsNarrowsWhatEachHookMayExpand(t *testing.T) {
	env := map[string]string{"TOKEN": "t0k3n", "TEAM": "blue", "SECRET": "s3cr3t"}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	hook := `"hooks": {"PreToolUse": [{"hooks": [{"type": "http", "url": "URL", "timeout": 5,
	  "headers": {"X-Vars": "$TOKEN|$TEAM|$SECRET"}, "allowedEnvVars": ["TOKEN", "TEAM"]}]}]}`
	tests := []struct {
		name  string
		files []string
		want  string
	}{
		{"no list anywhere leaves the hook's own", []string{`{` + hook + `}`}, "t0k3n|blue|"},
		{"a list keeps only what both name", []string{`{"httpHookAllowedEnvVars": ["TEAM", "SECRET"]}`, `{` + hook + `}`}, "|blue|"},
		{"an empty list expands nothing", []string{`{"httpHookAllowedEnvVars": []}`, `{` + hook + `}`}, "||"},
		{"lists merge across files", []string{`{"httpHookAllowedEnvVars": ["TEAM"]}`, `{"httpHookAllowedEnvVars": ["TOKEN"], ` + hook + `}`}, "t0k3n|blue|"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := make(chan string, 1)
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { got <- r.Header.Get("X-Vars") }))
			defer srv.Close()
			var parts []*Settings
			for i, doc := range tt.files {
				s, err := Parse(fmt.Sprintf("s%d.json", i), []byte(strings.ReplaceAll(doc, "URL", srv.URL)))
				require.NoError(t, err)
				parts = append(parts, s)
			}
			links, err := Merge(parts...).Links(Options{LookupEnv: lookup})
			require.NoError(t, err)
			out := hookchain.New(links...).Run(context.Background(), bash("ls"))
			require.Equal(t, hookchain.Allowed, out.Verdict, out.Reason)
			assert.Equal(t, tt.want, <-got)
		})
	}
}

func TestHTTPHookListsThatAreNotListsOfStringsAreErrors(t *testing.T) {
	for _, tt := range []struct{ doc, want string }{
		{`{"allowedHttpHookUrls": "https://hooks.example.com/*"}`, `s.json:1:25: allowedHttpHookUrls: want an array of URL patterns, got "https://hooks.example.com/*"`},
		{`{"allowedHttpHookUrls": [1]}`, `s.json:1:25: allowedHttpHookUrls: want an array of URL patterns, got an array`},
		{`{"allowedHttpHookUrls": null}`, `s.json:1:25: allowedHttpHookUrls: want an array of URL patterns, got null`},
		{`{"httpHookAllowedEnvVars": {"TOKEN": true}}`, `s.json:1:28: httpHookAllowedEnvVars: want an array of variable names, got an object`},
	} {
		_, err := Parse("s.json", []byte(tt.doc))
		assert.EqualError(t, err, tt.want, tt.doc)
	}
}

func mkdir(t *testing.T, parent, name string) string {
	t.Helper()
	dir := filepath.Join(parent, name)
	require.NoError(t, os.MkdirAll(dir, 0o755))
	return dir
}
