package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode/settings"
	"github.com/stretchr/testify/assert"
)

// noProblems is a joined error that holds none.
type noProblems struct{}

func (noProblems) Error() string   { return "something failed" }
func (noProblems) Unwrap() []error { return nil }

func TestEachProblemAJoinedErrorHoldsIsListedOnceOnItsOwnLine(t *testing.T) {
	newline := &settings.Error{File: "two\nlines.json", Line: 3, Col: 9, Where: "PreToolUse[0].hooks[0]", Msg: "a prompt hook asks a model"}
	unknown := &settings.Error{File: "b.json", Line: 6, Col: 18, Where: "PreToolUse[0].hooks[1]", Msg: `unknown handler type "webhook"`}
	build := &hookchain.BuildError{Index: 1, Name: "guard", Kind: hookchain.ErrDuplicateName}
	wrapped := fmt.Errorf("loading the plugin: %w", errors.Join(unknown, build))
	tests := []struct {
		name   string
		err    error
		want   []error
		stderr string
	}{
		{name: "no error is no problem", err: nil, want: nil, stderr: ""},
		{
			name: "a problem whose text holds a newline is one, quoted onto one line",
			err:  errors.Join(newline, unknown),
			want: []error{newline, unknown},
			stderr: `hookchain check: "two\nlines.json:3:9: PreToolUse[0].hooks[0]: a prompt hook asks a model"` + "\n" +
				`hookchain check: b.json:6:18: PreToolUse[0].hooks[1]: unknown handler type "webhook"` + "\n",
		},
		{
			name: "joined errors inside a joined error are listed one each, typed errors among them",
			err:  errors.Join(errors.Join(unknown, build), newline),
			want: []error{unknown, build, newline},
			stderr: `hookchain check: b.json:6:18: PreToolUse[0].hooks[1]: unknown handler type "webhook"` + "\n" +
				`hookchain check: hookchain: two links are named "guard"` + "\n" +
				`hookchain check: "two\nlines.json:3:9: PreToolUse[0].hooks[0]: a prompt hook asks a model"` + "\n",
		},
		{
			name:   "an error that wraps joined ones with words of its own is one problem, and keeps its words",
			err:    wrapped,
			want:   []error{wrapped},
			stderr: `hookchain check: "loading the plugin: b.json:6:18: PreToolUse[0].hooks[1]: unknown handler type \"webhook\"\nhookchain: two links are named \"guard\""` + "\n",
		},
		{
			name:   "a joined error that holds none is still one problem",
			err:    noProblems{},
			want:   []error{noProblems{}},
			stderr: "hookchain check: something failed\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, problems(tt.err))
			var stderr bytes.Buffer
			errOut{"check", &stderr}.printErr(tt.err)
			assert.Equal(t, tt.stderr, stderr.String())
		})
	}
}

func TestEveryCommandNamesEachSettingsProblemOnALineOfItsOwn(t *testing.T) {
	const unsupported = "; remove the hook, or skip unsupported hooks (--skip-unsupported, Options.SkipUnsupported) to run the others without it"
	problems := []string{
		"testdata/settings/runtime.json:5:9: PreToolUse[0].hooks[0]: an agent hook runs a subagent on a model, and none is given (settings.Options.Model; the hookchain CLI has none)" + unsupported,
		"testdata/settings/runtime.json:6:9: PreToolUse[0].hooks[1]: an mcp_tool hook calls a tool of an MCP server, and no MCP client is given (settings.Options.MCP; the hookchain CLI has none)" + unsupported,
	}
	settings := settingsFlags("runtime.json")
	tests := []struct {
		command string
		run     func(t *testing.T) (int, string)
	}{
		{command: "eval", run: func(t *testing.T) (int, string) {
			code, _, stderr := hookchainCmd(t, input(t, "PreToolUse", "Bash", deploy), append([]string{"eval"}, settings...)...)
			return code, stderr
		}},
		{command: "test", run: func(t *testing.T) (int, string) {
			code, _, stderr := hookchainCmd(t, "", append(append([]string{"test"}, settings...), "testdata/none.json")...)
			return code, stderr
		}},
		{command: "serve", run: func(t *testing.T) (int, string) {
			noLeaks(t)
			var stderr bytes.Buffer
			code := serve(context.Background(), append(settings, "--listen", "127.0.0.1:0"), &stderr, nil, nil)
			return code, stderr.String()
		}},
	}
	for _, tt := range tests {
		t.Run(tt.command, func(t *testing.T) {
			code, stderr := tt.run(t)
			assert.Equal(t, exitFailed, code)
			prefix := "hookchain " + tt.command + ": "
			assert.Equal(t, prefix+strings.Join(problems, "\n"+prefix)+"\n", stderr)
		})
	}
}
