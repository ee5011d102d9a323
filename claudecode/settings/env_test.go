package settings

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/hookchain/hookchain"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// script writes an executable shell script to dir/name.
func script(t *testing.T, dir, name, body string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(path, []byte("#!/bin/sh\n"+body), 0o755))
	return path
}

// denied is the outcome of a call that the link name denied with reason.
func denied(name, reason string) hookchain.Outcome {
	return decided(hookchain.Outcome{Verdict: hookchain.Denied, Reason: "denied by " + name + ": " + reason,
		Trail: []hookchain.Step{{Name: name, Verdict: hookchain.Denied, Reason: reason}}})
}

// guardedBy is a settings document whose one PreToolUse hook runs path,
// with the rest of the document's top-level keys.
func guardedBy(path, rest string) string {
	if rest != "" {
		rest = ", " + rest
	}
	return `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "` + path + `"}]}]}` + rest + `}`
}

func TestTheSettingsEnvReachesCommandHooksALaterFileWinningAndOptionsEnvOverAll(t *testing.T) {
	// "env: Environment variables that will be applied to every session"
	// (settings reference); files merge from user to local, the more
	// specific winning.
	dir := t.TempDir()
	t.Setenv("FROM_USER", "the process")
	env := script(t, dir, "env.sh", `echo "user=$FROM_USER project=$FROM_PROJECT caller=$FROM_CALLER n=$N on=$ON" >&2; exit 2`+"\n")
	user := filepath.Join(dir, "user.json")
	require.NoError(t, os.WriteFile(user, []byte(`{"env": {"FROM_USER": "user", "FROM_PROJECT": "user", "N": 5, "ON": true}}`), 0o644))
	project := filepath.Join(dir, "project.json")
	require.NoError(t, os.WriteFile(project, []byte(guardedBy(env, `"env": {"FROM_PROJECT": "project", "FROM_CALLER": "project"}`)), 0o644))

	s, err := Load(user, project)
	require.NoError(t, err)
	assert.Equal(t, []string{"FROM_USER=user", "FROM_PROJECT=project", "N=5", "ON=true", "FROM_CALLER=project"}, s.Env())
	links, err := s.Links(Options{ProjectDir: dir, Env: []string{"FROM_CALLER=caller"}})
	require.NoError(t, err)
	out := hookchain.New(links...).Run(context.Background(), bash("ls"))
	assert.Equal(t, denied("env.sh", "user=user project=project caller=caller n=5 on=true"), out)
}

func TestAnEnvThatIsNotAnObjectOfStringsIsAnErrorOfTheFileAtItsPlace(t *testing.T) {
	tests := []struct {
		name, doc, want string
	}{
		{name: "an array", doc: `{"env": ["A=1"]}`, want: `s.json:1:9: env: want an object of variable names and string values, got an array`},
		{name: "an object value", doc: `{"env": {"A": {}}}`, want: `s.json:1:15: env.A: want a string, got an object`},
		{name: "null", doc: `{"env": {"A": null}}`, want: `s.json:1:15: env.A: want a string, got null`},
		{name: "a name given twice", doc: "{\"env\": {\"A\": \"1\",\n \"A\": \"2\"}}", want: `s.json:2:2: env.A: the key "A" appears twice`},
		{name: "a name with =", doc: `{"env": {"A=B": "1"}}`, want: `s.json:1:9: env.A=B: "A=B" is not a variable name`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("s.json", []byte(tt.doc))
			require.Error(t, err)
			assert.Equal(t, tt.want, err.Error())
		})
	}
}

func TestThePluginsHooksFileHasNoEnv(t *testing.T) {
	root := t.TempDir()
	env := script(t, root, "env.sh", `echo "A=${A-unset}" >&2; exit 2`+"\n")
	require.NoError(t, os.MkdirAll(filepath.Join(root, "hooks"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(root, "hooks", "hooks.json"), []byte(guardedBy(env, `"env": {"A": "plugin"}`)), 0o644))
	s, err := LoadPlugin(Plugin{Root: root})
	require.NoError(t, err)
	assert.Empty(t, s.Env())
	links, err := s.Links(Options{ProjectDir: root})
	require.NoError(t, err)
	assert.Equal(t, denied("env.sh", "A=unset"), hookchain.New(links...).Run(context.Background(), bash("ls")))
}

func TestTheScrubSwitchKeepsCredentialsFromEveryCommandHook(t *testing.T) {
	// CLAUDE_CODE_SUBPROCESS_ENV_SCRUB=1 "makes Claude Code strip Anthropic
	// and cloud provider credentials from the environment of subprocesses
	// it spawns (Bash tool, hooks, MCP stdio servers)"; GITHUB_TOKEN and
	// GH_TOKEN are kept (claude-code-action v1.0.77).
	dir := t.TempDir()
	show := script(t, dir, "creds.sh", `echo "anthropic=${ANTHROPIC_API_KEY-unset} aws=${AWS_SECRET_ACCESS_KEY-unset} github=${GITHUB_TOKEN-unset}" >&2; exit 2`+"\n")
	t.Setenv("ANTHROPIC_API_KEY", "sk-ant-process")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "aws-process")
	t.Setenv("GITHUB_TOKEN", "gh-process")
	all := "anthropic=sk-ant-process aws=aws-process github=gh-process"
	scrubbed := "anthropic=unset aws=unset github=gh-process"
	tests := []struct {
		name    string
		process string // CLAUDE_CODE_SUBPROCESS_ENV_SCRUB in the process; "" for unset
		env     string // the settings' env
		opts    []string
		want    string
	}{
		{name: "off, every variable is inherited", want: all},
		{name: "on in the process", process: "1", want: scrubbed},
		{name: "on in the settings' env", env: `"env": {"CLAUDE_CODE_SUBPROCESS_ENV_SCRUB": "true"}`, want: scrubbed},
		{name: "a credential the settings set is scrubbed too", process: "1", env: `"env": {"ANTHROPIC_API_KEY": "sk-ant-settings"}`, want: scrubbed},
		{name: "and one the caller sets", process: "yes", opts: []string{"AWS_SECRET_ACCESS_KEY=aws-caller"}, want: scrubbed},
		{name: "0 turns it off", process: "0", want: all},
		{name: "the settings turn off what the process turned on", process: "1", env: `"env": {"CLAUDE_CODE_SUBPROCESS_ENV_SCRUB": "0"}`, want: all},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.process == "" {
				t.Setenv("CLAUDE_CODE_SUBPROCESS_ENV_SCRUB", "")
				os.Unsetenv("CLAUDE_CODE_SUBPROCESS_ENV_SCRUB")
			} else {
				t.Setenv("CLAUDE_CODE_SUBPROCESS_ENV_SCRUB", tt.process)
			}
			chain := chainFor(t, guardedBy(show, tt.env), Options{ProjectDir: dir, Env: tt.opts})
			assert.Equal(t, denied("creds.sh", tt.want), chain.Run(context.Background(), bash("ls")))
		})
	}
}

func TestAnHTTPHooksHeadersReadTheSettingsEnvOverTheProcesss(t *testing.T) {
	// Claude Code applies the settings' env to its own environment, which
	// is where allowedEnvVars are read from.
	got := make(chan string, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got <- r.Header.Get("Authorization") + " " + r.Header.Get("X-Team")
	}))
	defer srv.Close()
	process := map[string]string{"TOKEN": "from-the-process", "TEAM": "process-team"}
	chain := chainFor(t, `{"env": {"TOKEN": "from-the-settings", "SECRET": "never-sent"}, "hooks": {"PreToolUse": [{"hooks": [{"type": "http", "url": "`+srv.URL+`",
	  "headers": {"Authorization": "Bearer $TOKEN$SECRET", "X-Team": "$TEAM"}, "allowedEnvVars": ["TOKEN", "TEAM"]}]}]}}`,
		Options{ProjectDir: t.TempDir(), LookupEnv: func(k string) (string, bool) { v, ok := process[k]; return v, ok }})
	out := chain.Run(context.Background(), bash("ls"))
	assert.Equal(t, hookchain.Outcome{Verdict: hookchain.Allowed}, out)
	assert.Equal(t, "Bearer from-the-settings process-team", <-got, "a variable not in allowedEnvVars is never sent, whoever sets it")
}
