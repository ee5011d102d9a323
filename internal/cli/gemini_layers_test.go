package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// geminiLayers writes a project's and a user's Gemini settings.json,
// project and user, and returns the project's directory and the home.
func geminiLayers(t *testing.T, project, user string) (string, string) {
	t.Helper()
	dir, home := t.TempDir(), t.TempDir()
	for _, f := range []struct{ root, doc string }{{dir, project}, {home, user}} {
		require.NoError(t, os.MkdirAll(filepath.Join(f.root, ".gemini"), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(f.root, ".gemini", "settings.json"), []byte(f.doc), 0o644))
	}
	return dir, home
}

const geminiGuards = `{"hooks":{"BeforeTool":[{"hooks":[
	{"type":"command","name":"no-rm","command":"echo no rm >&2; exit 2"},
	{"type":"command","command":"echo no ls >&2; exit 2"}]}]}}`

// The user's disabled list leaves the project's hook of that name unrun,
// as Gemini unions the lists of every layer; the hook it does not name
// still judges the call.
func TestEvalWithHarnessGeminiLeavesADisabledHookUnrun(t *testing.T) {
	skipInShort(t)
	tests := []struct {
		name, user, want string
		code             int
	}{
		{
			name: "none disabled: the first hook denies", user: `{}`,
			want: `{"verdict":"deny","reason":"no rm","decided_by":"no-rm","cause":"link","trail":[{"name":"no-rm","verdict":"deny","reason":"no rm"}]}`,
			code: 2,
		},
		{
			name: "disabled by name in hooksConfig", user: `{"hooksConfig":{"disabled":["no-rm"]}}`,
			want: `{"verdict":"deny","reason":"no ls","decided_by":"echo no ls >&2; exit 2","cause":"link","trail":[{"name":"echo no ls >&2; exit 2","verdict":"deny","reason":"no ls"}]}`,
			code: 2,
		},
		{
			name: "both disabled, one by its command in the earlier hooks.disabled", user: `{"hooksConfig":{"disabled":["no-rm"]},"hooks":{"disabled":["echo no ls >&2; exit 2"]}}`,
			want: `{"verdict":"allow"}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir, home := geminiLayers(t, geminiGuards, tt.user)
			in := `{"hook_event_name":"BeforeTool","session_id":"g","cwd":"` + dir + `","tool_name":"run_shell_command","tool_input":{"command":"rm -rf x"}}`
			code, stdout, stderr := hookchainCmd(t, in, "eval", "--harness", "gemini", "--home", home)
			assert.JSONEq(t, tt.want, stdout)
			assert.Empty(t, stderr)
			assert.Equal(t, tt.code, code)
		})
	}
}

// check lists the disabled hook and says why it does not run; a disabled
// list that is not names is an error, and eval refuses rather than guess.
func TestCheckWithHarnessGeminiSaysWhyADisabledHookDoesNotRun(t *testing.T) {
	dir, home := geminiLayers(t, geminiGuards, `{"hooksConfig":{"disabled":["no-rm"]}}`)
	code, _, stderr := hookchainCmd(t, "", "check", "--harness", "gemini", "--project", dir, "--home", home)
	assert.Equal(t, 0, code)
	assert.Equal(t, "hookchain check: "+dir+`/.gemini/settings.json:hooks.BeforeTool[0].hooks[0]: "no-rm" is disabled (hooksConfig.disabled): Gemini does not run it, nor does hookchain`+"\n"+
		"hookchain check: 1 warning, and no error: every hook can run (warnings do not change the exit status)\n", stderr)

	dir, home = geminiLayers(t, geminiGuards, `{"hooksConfig":{"disabled":"no-rm"}}`)
	code, _, stderr = hookchainCmd(t, "", "check", "--harness", "gemini", "--project", dir, "--home", home)
	assert.Equal(t, 1, code)
	assert.Equal(t, "hookchain check: gemini: "+home+"/.gemini/settings.json: hooksConfig.disabled: not a list of hook names\n", stderr)

	in := `{"hook_event_name":"BeforeTool","session_id":"g","cwd":"` + dir + `","tool_name":"run_shell_command","tool_input":{"command":"ls"}}`
	code, stdout, stderr := hookchainCmd(t, in, "eval", "--harness", "gemini", "--home", home)
	assert.Empty(t, stdout)
	assert.Equal(t, "hookchain eval: gemini: "+home+"/.gemini/settings.json: hooksConfig.disabled: not a list of hook names\n", stderr)
	assert.Equal(t, 1, code)
}

// hookchain does not read which folders the user trusts: with folder trust
// on, check says so, and eval still runs the project's hooks, as in a
// trusted folder, rather than leave out guards Gemini may run.
func TestWithGeminisFolderTrustOnCheckWarnsAndEvalRunsTheProjectsHooks(t *testing.T) {
	dir, home := geminiLayers(t, geminiGuards, `{"security":{"folderTrust":{"enabled":true}}}`)
	code, _, stderr := hookchainCmd(t, "", "check", "--harness", "gemini", "--project", dir, "--home", home)
	assert.Equal(t, 0, code)
	assert.Equal(t, "hookchain check: "+home+"/.gemini/settings.json: security.folderTrust.enabled: Gemini runs a project's hooks only in a folder its user trusts "+
		"(~/.gemini/trustedFolders.json), which hookchain does not read: it runs them as in a trusted folder\n"+
		"hookchain check: 1 warning, and no error: every hook can run (warnings do not change the exit status)\n", stderr)

	in := `{"hook_event_name":"BeforeTool","session_id":"g","cwd":"` + dir + `","tool_name":"run_shell_command","tool_input":{"command":"rm -rf x"}}`
	code, stdout, stderr := hookchainCmd(t, in, "eval", "--harness", "gemini", "--home", home)
	assert.JSONEq(t, `{"verdict":"deny","reason":"no rm","decided_by":"no-rm","cause":"link","trail":[{"name":"no-rm","verdict":"deny","reason":"no rm"}]}`, stdout)
	assert.Empty(t, stderr)
	assert.Equal(t, 2, code)
}
