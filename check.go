package hookchain

import (
	"context"
	"unicode/utf8"

	"github.com/hookchain/hookchain/internal/jsonscan"
)

// check normalises the event and returns why the chain refuses it, if it
// does. A refusal happens before any link is asked: a link must never be
// shown input it cannot trust to be what the tool will run with. An event
// whose tool and input were already checked (inputChecked: the same call's
// run before it) is not read again there.
//
// When it reads the input it leaves in ix what it learnt of the input's
// shape.
func (c *Chain) check(ctx context.Context, done <-chan struct{}, e *Event, ix *jsonscan.Index, inputChecked bool) (Cause, string) {
	// Bytes that are not UTF-8 are refused, not read: a decoder that turns
	// them into U+FFFD would show links a tool name or a command other than
	// the one the tool receives, and a mangled name matches no guard.
	if e.Tool == "" {
		return CauseChain, "the event has no tool name"
	}
	if !inputChecked && !validName(e.Tool) {
		return CauseChain, "the tool name is not valid UTF-8"
	}
	if len(e.Input) == 0 {
		e.Input = emptyInput
	} else if !inputChecked {
		if f := jsonscan.InputFault(e.Input, ix); f != "" {
			return CauseChain, "the input is " + f
		}
	}
	if e.Hook == AfterTool {
		if len(e.Output) == 0 {
			e.Output = nullOutput
		} else if f := jsonscan.Fault(e.Output); f != "" {
			return CauseChain, "the output is " + f
		}
	}
	if isDone(done) {
		return CauseCaller, "the context is already done: " + ctx.Err().Error()
	}
	return CauseNone, ""
}

// validName is utf8.ValidString for a tool name, which is nearly always a
// few bytes of ASCII: those are read in a loop short enough to inline, and
// only a name with another byte in it is handed to utf8.
func validName(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return utf8.ValidString(s)
		}
	}
	return true
}

// refuse writes the chain's own denial, given when it will not ask anyone.
// The trail is empty and DecidedBy too, because no link decided; the reason
// says the chain did, and the cause why. It is written through out, and not
// inlined, so that the runs that never refuse do not carry its code.
//
//go:noinline
func refuse(out *Outcome, cause Cause, reason string) {
	*out = Outcome{Verdict: Denied, Reason: "hookchain: " + reason, Cause: cause}
}

// isDone reports whether done, a context's Done channel, is closed. A nil
// channel (context.Background) never is, and costs nothing to ask.
func isDone(done <-chan struct{}) bool {
	if done == nil {
		return false
	}
	select {
	case <-done:
		return true
	default:
		return false
	}
}
