package cline

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf16"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/internal/jsonscan"
	"github.com/hookchain/hookchain/process"
)

// MaxContext is the length, in JavaScript's UTF-16 units, past which Cline
// cuts a hook's contextModification, adding contextCut.
const MaxContext = 50000

const contextCut = "\n\n[... context truncated due to size limit ...]"

// Decide reads what a Cline hook did about e as Cline reads it, and
// returns the outcome, or the error that makes the run a failure. See the
// package documentation for the table.
func Decide(_ hookchain.Event, r process.Result) (hookchain.Outcome, error) {
	if r.StdoutTruncated {
		// A cap bounds what is read, never what is decided: the cancel may
		// be in what was dropped.
		return hookchain.Deny(fmt.Sprintf("the hook's stdout is longer than the %d bytes kept, and its answer cannot be read; denied rather than guessed", len(r.Stdout))), nil
	}
	a := parse(strings.ToValidUTF8(string(r.Stdout), "\uFFFD"))
	switch {
	case a == nil && r.ExitCode == 0:
		return hookchain.Allow(), nil // no answer: the call goes on
	case a == nil:
		return hookchain.Outcome{}, &harness.StatusError{Code: r.ExitCode}
	case a.ambiguous != "":
		// JavaScript keeps the last of a key given twice; another reader
		// the first: what the hook decided cannot be known.
		return hookchain.Deny("the hook's answer is " + a.ambiguous + "; denied rather than guessed"), nil
	}
	// A valid answer counts whatever the exit status.
	return a.outcome(), nil
}

// answer is a hook's answer as Cline reads it.
type answer struct {
	cancel              bool
	contextModification string
	errorMessage        string
	ambiguous           string // what jsonscan says of an answer that gives a key twice
}

// parse reads stdout as Cline does: the whole of it as JSON; else the
// last object in it, found by counting braces back from its last line
// with a "}" (debug output may come before it). nil is no valid answer:
// nothing that parses, or an object Cline's validation rejects.
func parse(stdout string) *answer {
	var v json.RawMessage
	if err := json.Unmarshal([]byte(stdout), &v); err == nil && string(v) != "null" {
		return validate(v)
	}
	// JSON null fails Cline's first reading as well, and is searched for
	// an object like any text.
	candidate := lastObject(stdout)
	if candidate == "" {
		return nil
	}
	if i := strings.IndexByte(candidate, '{'); i >= 0 {
		candidate = candidate[i:]
	}
	if err := json.Unmarshal([]byte(candidate), &v); err != nil {
		return nil
	}
	return validate(v)
}

// lastObject is the text Cline takes for the last JSON object in stdout:
// lines from the last one with a "}" back to the line where the braces,
// counted from the end, balance, trimmed.
func lastObject(stdout string) string {
	lines := strings.Split(stdout, "\n")
	depth, last, first := 0, -1, 0
	for i := len(lines) - 1; i >= 0; i-- {
		lines[i] = harness.TrimRightJS(lines[i])
		for j := len(lines[i]) - 1; j >= 0; j-- {
			switch lines[i][j] {
			case '}':
				depth++
				if last < 0 {
					last = i
				}
			case '{':
				depth--
			}
		}
		if last >= 0 && depth == 0 {
			first = i
			break
		}
	}
	if last < 0 {
		return ""
	}
	return harness.TrimJS(strings.Join(lines[first:last+1], "\n"))
}

// validate is v as Cline's validation reads it. JSON that is not an
// object answers nothing and is valid; an object is not when it has
// shouldContinue (a field Cline removed), or a cancel that is not a
// boolean, or a contextModification or errorMessage that is not a string
// — null included.
func validate(v json.RawMessage) *answer {
	if v[0] != '{' {
		return &answer{}
	}
	if f := jsonscan.Fault(v); strings.HasPrefix(f, "ambiguous") {
		return &answer{ambiguous: f}
	}
	f, err := harness.Fields(v)
	if err != nil {
		return nil
	}
	if _, ok := f["shouldContinue"]; ok {
		return nil
	}
	var a answer
	if c, ok := f["cancel"]; ok {
		switch string(c) {
		case "true":
			a.cancel = true
		case "false":
		default:
			return nil
		}
	}
	for key, dst := range map[string]*string{"contextModification": &a.contextModification, "errorMessage": &a.errorMessage} {
		if raw, ok := f[key]; ok && (raw[0] != '"' || json.Unmarshal(raw, dst) != nil) {
			return nil
		}
	}
	return &a
}

func (a *answer) outcome() hookchain.Outcome {
	context := a.context()
	if a.cancel {
		// A cancelling hook's context is not given to the model: it is the
		// reason when errorMessage is blank.
		reason := harness.TrimJS(a.errorMessage)
		if reason == "" {
			reason = context
		}
		if reason == "" {
			return hookchain.Deny(harness.StopRequested)
		}
		return hookchain.Deny(harness.StopRequested + ": " + reason)
	}
	if context == "" {
		return hookchain.Allow()
	}
	return hookchain.Allow().WithNote(context)
}

// context is contextModification as Cline gives it to the model: cut past
// MaxContext, then trimmed.
func (a *answer) context() string {
	c := a.contextModification
	if n := len(utf16.Encode([]rune(c))); n > MaxContext {
		c = cutUTF16(c, MaxContext) + contextCut
	}
	return harness.TrimJS(c)
}

// cutUTF16 is the longest start of s of at most n UTF-16 units that ends
// between two characters.
func cutUTF16(s string, n int) string {
	units := 0
	for i, r := range s {
		units += utf16.RuneLen(r)
		if units > n {
			return s[:i]
		}
	}
	return s
}
