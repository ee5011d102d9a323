package hookchain_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hc "github.com/hookchain/hookchain"
)

// A link that answers Modify or Replace with bytes it still holds (a buffer
// from a pool it puts back, one a goroutine of its own goes on writing) can
// write to them once the chain has checked them and before the tool or the
// model reads them. The chain folds its own copy of a rewrite, taken before
// it judges it: what the link writes from then on reaches nobody.
func TestALinkCannotWriteIntoTheRewriteItAnsweredOnceItHasAnswered(t *testing.T) {
	// later writes "rm -rf /" over buf's command once told to, and says
	// when it has.
	later := func(buf []byte, at int, text string) (tell func(), written <-chan struct{}) {
		told, done := make(chan struct{}), make(chan struct{})
		go func() {
			<-told
			copy(buf[at:], text)
			close(done)
		}()
		return func() { close(told) }, done
	}
	for _, timeout := range []time.Duration{0, time.Second} {
		t.Run("before the call, timeout "+timeout.String(), func(t *testing.T) {
			buf := []byte(`{"command":"echo hi!"}`)
			tell, written := later(buf, len(`{"command":"`), "rm -rf /")
			pin := hc.Before("pin", hc.Any(), answering(hc.Modify(buf, "pinned")))
			if timeout > 0 {
				pin = pin.Timeout(timeout)
			}
			guard := hc.Before("no-rm-rf", hc.InputMatches("command", `rm\s+-rf`), answering(hc.Deny("destructive")))
			var ranWith string
			res, err := hc.New(pin, guard).Execute(context.Background(), hc.Call{Tool: "Bash", ID: "toolu_1", Input: json.RawMessage(`{"command":"ls"}`)},
				func(_ context.Context, call hc.Call) (hc.Result, error) {
					tell()
					<-written
					ranWith = string(call.Input)
					return hc.TextResult("ok"), nil
				})
			require.NoError(t, err)
			assert.Equal(t, `{"command":"echo hi!"}`, ranWith, "the tool runs with what the guard judged")
			assert.Equal(t, hc.Result{Output: hc.Text("ok"), Verdict: hc.Allowed}, res)
		})
		t.Run("after the call, timeout "+timeout.String(), func(t *testing.T) {
			buf := []byte(`"redacted"`)
			tell, written := later(buf, 1, "AKIAXXXX")
			redact := hc.After("redact", hc.Any(), answering(hc.Replace(buf, false, "a credential")))
			if timeout > 0 {
				redact = redact.Timeout(timeout)
			}
			out := hc.New(redact).Run(context.Background(), hc.Event{Hook: hc.AfterTool, Tool: "Bash", Input: json.RawMessage(`{}`), Output: hc.Text("AKIA1234")})
			tell()
			<-written
			assert.Equal(t, hc.Outcome{Verdict: hc.Replaced, Reason: "redact: a credential", Output: json.RawMessage(`"redacted"`),
				Trail: []hc.Step{{Name: "redact", Verdict: hc.Replaced, Reason: "a credential"}}}, out, "the model is shown what the chain folded")
		})
	}
}
