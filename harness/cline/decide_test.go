package cline_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/harness/cline"
	"github.com/hookchain/hookchain/process"
)

// The corners of Cline's reading of stdout, each as Cline's parser and
// validation take it.
func TestClineReadsAHooksStdoutAsItsParserDoes(t *testing.T) {
	allow, fails := hookchain.Allow(), hookchain.Outcome{Reason: "(a failure)"}
	tests := []struct {
		name   string
		stdout string
		exit   int
		want   hookchain.Outcome // fails: a failure
	}{
		{"nothing at exit 0 allows", "", 0, allow},
		{"nothing at exit 1 is a failure", "", 1, fails},
		{"plain text at exit 0 allows", "all good\n", 0, allow},
		{"plain text at exit 2 is a failure: exit 2 means nothing to Cline", "blocked\n", 2, fails},
		{"JSON that is not an object is a valid answer with nothing in it, at any status", `"deny"`, 3, allow},
		{"an array too", `[{"cancel":true}]`, 1, allow},
		{"null is searched like text, and holds no object", "null", 1, fails},
		{"an answer after debug lines", "step 1\n{\"cancel\":true,\"errorMessage\":\"no\"}\n", 0, hookchain.Deny("stop requested: no")},
		{"the last object of several, each on its line", "{\"cancel\":true,\"errorMessage\":\"first\"}\n{\"cancel\":false}\n", 0, allow},
		{"two objects on one line are not JSON, and a failure at exit 1", `{"cancel":true} {"cancel":true}`, 1, fails},
		{"a byte order mark before the object is skipped", "\uFEFF{\"cancel\":true,\"errorMessage\":\"no\"}", 0, hookchain.Deny("stop requested: no")},
		{"shouldContinue makes the answer invalid", `{"shouldContinue":false,"cancel":true}`, 0, allow},
		{"a cancel that is not a boolean is invalid", `{"cancel":1,"errorMessage":"no"}`, 0, allow},
		{"a null cancel is invalid", `{"cancel":null}`, 1, fails},
		{"an errorMessage that is not a string is invalid", `{"cancel":true,"errorMessage":["no"]}`, 0, allow},
		{"a contextModification that is not a string is invalid", `{"cancel":true,"contextModification":{}}`, 5, fails},
		{"cancel without a reason stops all the same", `{"cancel":true,"errorMessage":"  "}`, 0, hookchain.Deny("stop requested")},
		{"errorMessage comes before contextModification as the reason", `{"cancel":true,"errorMessage":" no ","contextModification":"ctx"}`, 0, hookchain.Deny("stop requested: no")},
		{"a blank context is no note", `{"contextModification":" \n"}`, 0, allow},
		{"errorMessage without cancel says nothing", `{"errorMessage":"careful"}`, 0, allow},
		{"unknown fields are ignored", `{"cancel":false,"decision":"block"}`, 0, allow},
		{"a key given twice is denied rather than guessed", `{"cancel":true,"cancel":false}`, 0,
			hookchain.Deny(`the hook's answer is ambiguous: an object in it has the key "cancel" twice; denied rather than guessed`)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := cline.Decide(command("ls"), process.Result{ExitCode: tt.exit, Stdout: []byte(tt.stdout)})
			if tt.want.Reason == fails.Reason {
				var status *harness.StatusError
				require.ErrorAs(t, err, &status)
				assert.Equal(t, tt.exit, status.Code)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

// Cline cuts a long context at 50000 UTF-16 units and says so; the cap on
// stdout bounds what is read, never what is decided.
func TestALongAnswerIsCutAsClineCutsItAndACutStdoutDenies(t *testing.T) {
	long := strings.Repeat("é", cline.MaxContext+10)
	got, err := cline.Decide(command("ls"), process.Result{Stdout: []byte(`{"contextModification":"` + long + `"}`)})
	require.NoError(t, err)
	require.Len(t, got.Notes, 1)
	assert.Equal(t, strings.Repeat("é", cline.MaxContext)+"\n\n[... context truncated due to size limit ...]", got.Notes[0].Text)

	got, err = cline.Decide(command("ls"), process.Result{Stdout: []byte(`{"cancel":false`), StdoutTruncated: true})
	require.NoError(t, err)
	assert.Equal(t, hookchain.Deny("the hook's stdout is longer than the 15 bytes kept, and its answer cannot be read; denied rather than guessed"), got)
}

// The search for the last object is linear: a hook that prints a line of
// braces for every byte it may is read in the time of one pass.
func TestAStdoutOfManyBraceLinesIsReadInOnePass(t *testing.T) {
	stdout := strings.Repeat("}\n", 1<<20) // 2 MiB, a million lines
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, err := cline.Decide(command("ls"), process.Result{ExitCode: 1, Stdout: []byte(stdout)})
		var status *harness.StatusError
		assert.ErrorAs(t, err, &status)
	}()
	select {
	case <-done:
	case <-time.After(time.Minute): // a safety net: a quadratic search takes hours
		t.Fatal("the search for the last object is not linear")
	}
}
