package kiro_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/harness/kiro"
	"github.com/hookchain/hookchain/process"
)

// Kiro reads a tool hook's exit status and nothing else: what it prints on
// stdout never decides, and exit 2 blocks however much stderr was kept.
func TestKiroReadsAHooksExitStatusAlone(t *testing.T) {
	tests := []struct {
		name  string
		event hookchain.Event
		run   process.Result
		want  hookchain.Outcome
		fails int // the StatusError's code; 0 for none
	}{
		{"exit 0 with a denial on stdout allows", shell("ls"), process.Result{Stdout: []byte(`{"permissionDecision":"deny"}`)}, hookchain.Allow(), 0},
		{"exit 0 with text on stderr allows", shell("ls"), process.Result{Stderr: []byte("blocked")}, hookchain.Allow(), 0},
		{"exit 2 blocks with stderr, trimmed", shell("ls"), process.Result{ExitCode: 2, Stderr: []byte("  no\n\n")}, hookchain.Deny("no"), 0},
		{"exit 2 blocks whatever stdout says", shell("ls"), process.Result{ExitCode: 2, Stdout: []byte(`{"decision":"allow"}`), Stderr: []byte("no")}, hookchain.Deny("no"), 0},
		{"exit 2 with blank stderr blocks, saying so", shell("ls"), process.Result{ExitCode: 2, Stderr: []byte(" \n")},
			hookchain.Deny("blocked by a hook that exited with status 2 and gave no reason"), 0},
		{"exit 2 with stderr cut at the cap still blocks", shell("ls"), process.Result{ExitCode: 2, Stderr: []byte(strings.Repeat("x", 64)), StderrTruncated: true},
			hookchain.Deny(strings.Repeat("x", 64)), 0},
		{"exit 1 fails", shell("ls"), process.Result{ExitCode: 1, Stderr: []byte("no")}, hookchain.Outcome{}, 1},
		{"exit 127 fails", shell("ls"), process.Result{ExitCode: 127}, hookchain.Outcome{}, 127},
		{"a signal fails", shell("ls"), process.Result{ExitCode: -1}, hookchain.Outcome{}, -1},
		{"exit 2 after the call fails", shellResult("ok"), process.Result{ExitCode: 2, Stderr: []byte("no")}, hookchain.Outcome{}, 2},
		{"exit 0 after the call lets the output go on", shellResult("ok"), process.Result{Stdout: []byte(`{"decision":"block"}`)}, hookchain.Allow(), 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := kiro.Decide(tt.event, tt.run)
			if tt.fails != 0 {
				var status *harness.StatusError
				require.ErrorAs(t, err, &status)
				assert.Equal(t, tt.fails, status.Code)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

// What Kiro writes, decoded, is the call it was written for.
func TestAnInputKiroWritesDecodesToItsCall(t *testing.T) {
	s := harness.SessionInfo{Cwd: "/work/app"}
	for _, e := range []hookchain.Event{shell("ls"), write("/work/app/a.go"), shellResult("ok"),
		{Hook: hookchain.AfterTool, Tool: "@git/status", Input: []byte(`{}`), Output: []byte(`{"success":false,"result":["no repo"]}`), IsError: true}} {
		b, err := kiro.Profile().Input(e, s)
		require.NoError(t, err)
		got, session, err := kiro.Profile().Decode(b)
		require.NoError(t, err, string(b))
		assert.Equal(t, s, session)
		assert.Equal(t, e.Hook, got.Hook)
		assert.Equal(t, e.Tool, got.Tool)
		assert.JSONEq(t, string(e.Input), string(got.Input))
		assert.Equal(t, e.IsError, got.IsError)
	}
}
