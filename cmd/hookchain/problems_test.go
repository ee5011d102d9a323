package main

import (
	"bytes"
	"errors"
	"fmt"
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
