package harness_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/process"
)

// A CLI that reads a hook's exit status alone (Kiro, Windsurf) reads
// nothing else: what the hook prints on stdout never decides, and exit 2
// before the call blocks however much stderr was kept.
func TestAnExitStatusAloneDecides(t *testing.T) {
	before := hookchain.Event{Hook: hookchain.BeforeTool, Tool: "shell"}
	after := hookchain.Event{Hook: hookchain.AfterTool, Tool: "shell"}
	tests := []struct {
		name  string
		event hookchain.Event
		run   process.Result
		want  hookchain.Outcome
		fails int // the StatusError's code; 0 for none
	}{
		{"exit 0 with a denial on stdout allows", before, process.Result{Stdout: []byte(`{"decision":"deny"}`)}, hookchain.Allow(), 0},
		{"exit 0 with text on stderr allows", before, process.Result{Stderr: []byte("blocked")}, hookchain.Allow(), 0},
		{"exit 2 blocks with stderr, trimmed", before, process.Result{ExitCode: 2, Stderr: []byte("  no\n\n")}, hookchain.Deny("no"), 0},
		{"exit 2 blocks whatever stdout says", before, process.Result{ExitCode: 2, Stdout: []byte(`{"decision":"allow"}`), Stderr: []byte("no")}, hookchain.Deny("no"), 0},
		{"exit 2 with blank stderr blocks, saying so", before, process.Result{ExitCode: 2, Stderr: []byte(" \n")},
			hookchain.Deny("blocked by a hook that exited with status 2 and gave no reason"), 0},
		{"exit 2 with stderr cut at the cap still blocks", before, process.Result{ExitCode: 2, Stderr: []byte(strings.Repeat("x", 64)), StderrTruncated: true},
			hookchain.Deny(strings.Repeat("x", 64)), 0},
		{"exit 1 fails", before, process.Result{ExitCode: 1, Stderr: []byte("no")}, hookchain.Outcome{}, 1},
		{"exit 3 fails", before, process.Result{ExitCode: 3}, hookchain.Outcome{}, 3},
		{"exit 127 fails", before, process.Result{ExitCode: 127}, hookchain.Outcome{}, 127},
		{"a signal fails", before, process.Result{ExitCode: -1}, hookchain.Outcome{}, -1},
		{"exit 2 after the call fails", after, process.Result{ExitCode: 2, Stderr: []byte("no")}, hookchain.Outcome{}, 2},
		{"exit 0 after the call lets the output go on", after, process.Result{Stdout: []byte(`{"decision":"block"}`)}, hookchain.Allow(), 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := harness.DecideByStatus(tt.event, tt.run)
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

// Such a CLI's hook answers exit 0 for an allow, and exit 2 with the
// reason on stderr for everything else, nothing on stdout.
func TestAnExitStatusAloneAnswers(t *testing.T) {
	assert.Equal(t, harness.Reply{}, harness.ReplyByStatus("X", hookchain.Allow()))
	assert.Equal(t, harness.Reply{Stderr: []byte("no\n"), Exit: 2}, harness.ReplyByStatus("X", hookchain.Deny("no")))
	assert.Equal(t, harness.Reply{Stderr: []byte("denied by hookchain, whose chain gave no reason\n"), Exit: 2}, harness.ReplyByStatus("X", hookchain.Deny(" ")))
	assert.Equal(t, harness.Reply{Stderr: []byte("hookchain: the chain answered Asked, which X cannot be told: r\n"), Exit: 2}, harness.ReplyByStatus("X", hookchain.Ask("r")))
	assert.Equal(t, harness.Reply{Stderr: []byte("r\n"), Exit: 2}, harness.StatusBlock("r"))
}
