package hookchain_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tidwall/gjson"

	hc "github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/internal/jsonscan"
)

// A fold program is two header bytes followed by up to eight (registration,
// answer) byte pairs, one pair per link. The constants below name the bits so
// that the seeds read as the chains they describe.
const (
	// header byte 0: the hook, the tool and whether the context is done.
	hookBefore  = 0 // 0-2
	hookAfter   = 3 // 3-5
	hookZero    = 6
	hookThree   = 7
	toolX       = 0 << 3
	toolY       = 1 << 3
	toolEmpty   = 3 << 3
	ctxFinished = 7 << 5

	// header byte 1: the event's input and output.
	inNil      = 0
	inEmptyObj = 1
	inObject   = 2
	inArray    = 3
	inString   = 4
	inRaw      = 5 // also 6: the fuzzed bytes
	inBad      = 7
	outNil     = 0 << 3
	outText    = 1 << 3
	outRaw     = 2 << 3
	outBad     = 3 << 3
	outIsError = 1 << 5

	// registration byte.
	regBefore   = 0 // also 3
	regAfter    = 1
	regOn       = 2
	regFailOpen = 1 << 2
	mAny        = 0 << 3
	mToolX      = 1 << 3
	mToolY      = 2 << 3
	mHasBy      = 3 << 3 // InputExists("by"): sees earlier links' rewrites

	// answer byte.
	ansAllow         = 0
	ansDeny          = 1
	ansModifyObject  = 2
	ansModifyEmpty   = 3
	ansModifyBad     = 4
	ansModifyArray   = 5
	ansModifyRaw     = 6
	ansReplace       = 7
	ansReplaceBad    = 8
	ansReplaceRaw    = 9
	ansUnknown       = 10
	ansError         = 11
	ansPanic         = 12
	ansSilentError   = 13
	ansModifyNothing = 14
	ansCancel        = 15 // ends the run's context, then denies
	ansNoReason      = 1 << 4
	ansIsError       = 1 << 5
	ansAskFlag       = 1 << 6 // the link answers Ask instead
	ansNoteFlag      = 1 << 7 // the answer carries a context note

	// ansAsk is the answer of a link whose byte has ansAskFlag set;
	// ansAskAbout, of one whose answer would otherwise have been a Modify:
	// it rewrites the input and asks about it in one answer.
	ansAsk      = 16
	ansAskAbout = 17
)

const maxLinks = 8

type registration uint8

const (
	regAtBefore registration = iota
	regAtAfter
	regAtBoth
)

func (r registration) at(h hc.Hook) bool {
	switch r {
	case regAtBefore:
		return h == hc.BeforeTool
	case regAtAfter:
		return h == hc.AfterTool
	}
	return h == hc.BeforeTool || h == hc.AfterTool
}

// spec is one decoded link: how it is registered and what it answers.
type spec struct {
	name     string
	reg      registration
	failOpen bool
	matcher  int // 0 Any, 1 Tool("X"), 2 Tool("Y"), 3 InputExists("by")
	answer   int
	note     bool // the answer carries the note "note from NAME"
	reason   string
	isError  bool
	payload  json.RawMessage // Modify's input or Replace's output
}

type program struct {
	hook    hc.Hook
	tool    string
	done    bool
	input   json.RawMessage
	output  json.RawMessage
	isError bool
	links   []spec
}

func decodeProgram(prog, raw []byte) program {
	var h0, h1 byte
	if len(prog) > 0 {
		h0 = prog[0]
	}
	if len(prog) > 1 {
		h1 = prog[1]
	}
	p := program{done: h0>>5 == 7, isError: h1&outIsError != 0}
	switch b := h0 & 7; {
	case b < hookAfter:
		p.hook = hc.BeforeTool
	case b < hookZero:
		p.hook = hc.AfterTool
	case b == hookZero:
		p.hook = 0
	default:
		p.hook = 3
	}
	p.tool = [...]string{"X", "Y", "X", ""}[h0>>3&3]
	switch h1 & 7 {
	case inNil:
	case inEmptyObj:
		p.input = json.RawMessage(`{}`)
	case inObject:
		p.input = json.RawMessage(`{"a":1,"by":"caller"}`)
	case inArray:
		p.input = json.RawMessage(`[1]`)
	case inString:
		p.input = json.RawMessage(`"s"`)
	case inRaw, inRaw + 1:
		p.input = json.RawMessage(raw)
	case inBad:
		p.input = json.RawMessage(`{"a":`)
	}
	switch h1 >> 3 & 3 {
	case outNil >> 3:
	case outText >> 3:
		p.output = json.RawMessage(`"tool output"`)
	case outRaw >> 3:
		p.output = json.RawMessage(raw)
	case outBad >> 3:
		p.output = json.RawMessage(`"unterminated`)
	}
	if len(prog) < 2 {
		return p
	}
	for i, rest := 0, prog[2:]; len(rest) >= 2 && i < maxLinks; i, rest = i+1, rest[2:] {
		r, a := rest[0], rest[1]
		s := spec{
			name:     fmt.Sprintf("L%d", i),
			reg:      [...]registration{regAtBefore, regAtAfter, regAtBoth, regAtBefore}[r&3],
			failOpen: r&regFailOpen != 0,
			matcher:  int(r >> 3 & 3),
			answer:   int(a & 15),
			isError:  a&ansIsError != 0,
			note:     a&ansNoteFlag != 0,
		}
		if a&ansNoReason == 0 {
			s.reason = "because " + s.name
		}
		switch s.answer {
		case ansModifyObject:
			s.payload = json.RawMessage(`{"by":"` + s.name + `"}`)
		case ansModifyEmpty:
			s.payload = json.RawMessage(`{}`)
		case ansModifyBad:
			s.payload = json.RawMessage(`{"by"`)
		case ansModifyArray:
			s.payload = json.RawMessage(`["by"]`)
		case ansModifyRaw, ansReplaceRaw:
			s.payload = json.RawMessage(raw)
		case ansReplace:
			s.payload = json.RawMessage(`"replaced by ` + s.name + `"`)
		case ansReplaceBad:
			s.payload = json.RawMessage(`{`)
		}
		if a&ansAskFlag != 0 {
			switch s.answer {
			case ansModifyObject, ansModifyEmpty, ansModifyBad, ansModifyArray, ansModifyRaw:
				s.answer = ansAskAbout
			default:
				s.answer = ansAsk
			}
		}
		p.links = append(p.links, s)
	}
	return p
}

// seen is what one interceptor was shown.
type seen struct {
	name    string
	input   string
	output  string
	isError bool
}

func (s spec) matcherValue() hc.Matcher {
	switch s.matcher {
	case 1:
		return hc.Tool("X")
	case 2:
		return hc.Tool("Y")
	case 3:
		return hc.InputExists("by")
	}
	return hc.Any()
}

func (s spec) interceptor(log *[]seen, cancel context.CancelFunc) hc.Interceptor {
	return func(ctx context.Context, e hc.Event) (hc.Outcome, error) {
		out, err := s.answerTo(ctx, e, log, cancel)
		if s.note {
			out = out.WithNote("note from " + s.name)
		}
		return out, err
	}
}

func (s spec) answerTo(_ context.Context, e hc.Event, log *[]seen, cancel context.CancelFunc) (hc.Outcome, error) {
	*log = append(*log, seen{s.name, string(e.Input), string(e.Output), e.IsError})
	switch s.answer {
	case ansAsk:
		return hc.Ask(s.reason), nil
	case ansAskAbout:
		return hc.AskAbout(s.payload, s.reason), nil
	case ansCancel:
		cancel()
		return hc.Deny(s.reason), nil
	case ansDeny:
		return hc.Deny(s.reason), nil
	case ansModifyObject, ansModifyEmpty, ansModifyBad, ansModifyArray, ansModifyRaw, ansModifyNothing:
		return hc.Modify(s.payload, s.reason), nil
	case ansReplace, ansReplaceBad, ansReplaceRaw:
		return hc.Replace(s.payload, s.isError, s.reason), nil
	case ansUnknown:
		return hc.Outcome{Verdict: 9, Reason: s.reason}, nil
	case ansError:
		if s.isError {
			// The answer that comes with an error is not the link's word.
			return hc.Deny("ignored " + s.name), errors.New("boom in " + s.name)
		}
		return hc.Outcome{}, errors.New("boom in " + s.name)
	case ansPanic:
		panic("oops in " + s.name)
	case ansSilentError:
		return hc.Outcome{}, errors.New("")
	}
	return hc.Allow(), nil
}

func (s spec) link(log *[]seen, cancel context.CancelFunc) hc.Link {
	var l hc.Link
	switch s.reg {
	case regAtBefore:
		l = hc.Before(s.name, s.matcherValue(), s.interceptor(log, cancel))
	case regAtAfter:
		l = hc.After(s.name, s.matcherValue(), s.interceptor(log, cancel))
	default:
		l = hc.On(s.name, s.matcherValue(), s.interceptor(log, cancel))
	}
	if s.failOpen {
		l = l.FailOpen()
	}
	return l
}

// jsonFault is the model's reading of what keeps b from being acceptable
// JSON. It is the chain's own scanner, which FuzzValidJSON holds to
// encoding/json and unicode/utf8 in package jsonscan.
func jsonFault(b []byte) string { return jsonscan.Fault(b) }

// inputFault is jsonFault for an input, which two keys alike but for case
// make ambiguous too.
func inputFault(b []byte) string { return jsonscan.InputFault(b, nil) }

// isJSONObject decides with encoding/json rather than by peeking at bytes,
// so that the model does not share the chain's shortcut.
func isJSONObject(b []byte) bool {
	var m map[string]json.RawMessage
	return json.Unmarshal(b, &m) == nil && m != nil
}

func hasKey(b []byte, key string) bool {
	var m map[string]json.RawMessage
	if json.Unmarshal(b, &m) != nil {
		return false
	}
	_, ok := m[key]
	return ok
}

// model folds the program the slow, obvious way, straight from the table in
// DESIGN.md, and returns the outcome the chain must give and what each asked
// interceptor must have been shown.
func model(p program) (hc.Outcome, []seen) {
	refuse := func(r string) hc.Outcome {
		cause := hc.CauseChain
		if strings.HasPrefix(r, "the context ") {
			cause = hc.CauseCaller
		}
		return hc.Outcome{Verdict: hc.Denied, Reason: "hookchain: " + r, Cause: cause}
	}
	if p.hook != hc.BeforeTool && p.hook != hc.AfterTool {
		return refuse(fmt.Sprintf("unknown hook %d", p.hook)), nil
	}
	registered := false
	for _, s := range p.links {
		registered = registered || s.reg.at(p.hook)
	}
	if !registered {
		return hc.Outcome{}, nil
	}
	input, output, isError := p.input, p.output, p.isError
	if p.tool == "" {
		return refuse("the event has no tool name"), nil
	}
	if !utf8.ValidString(p.tool) {
		return refuse("the tool name is not valid UTF-8"), nil
	}
	if len(input) == 0 {
		input = json.RawMessage(`{}`)
	} else if f := inputFault(input); f != "" {
		return refuse("the input is " + f), nil
	}
	if p.hook == hc.AfterTool {
		if len(output) == 0 {
			output = json.RawMessage(`null`)
		} else if f := jsonFault(output); f != "" {
			return refuse("the output is " + f), nil
		}
	}
	if p.done {
		return refuse("the context is already done: context canceled"), nil
	}

	var (
		trail   []hc.Step
		notes   []hc.Note
		asks    []string
		asked   []seen
		changes []string
		ended   bool // the run's context, ended by an ansCancel link
	)
	for _, s := range p.links {
		if !s.reg.at(p.hook) {
			continue
		}
		switch s.matcher {
		case 1, 2:
			if p.tool != [...]string{"", "X", "Y"}[s.matcher] {
				continue
			}
		case 3:
			if !hasKey(input, "by") {
				continue
			}
		}
		if ended {
			// The context ended at an earlier link that did not fail for it
			// (it cannot happen: such a link is the caller's refusal), or
			// while matching: nobody is asked, and the chain refuses.
			return refuse("the context ended before " + s.name + " was asked: context canceled"), asked
		}
		asked = append(asked, seen{s.name, string(input), string(output), isError})
		verdict, reason, fault := answerOf(p, s, input)
		if s.answer == ansCancel {
			ended = true
		}
		// An answer that is not already a failure, given after the
		// context ended, arrives too late: it is discarded, words and all.
		if ended && s.answer != ansError && s.answer != ansPanic && s.answer != ansSilentError {
			verdict, reason, fault = hc.Allowed, "", "the context ended while it was asked (context canceled)"
		}

		if fault != "" {
			if ended {
				// The caller went away: a denial whatever the link's policy,
				// and the chain's, not the link's.
				trail = append(trail, hc.Step{Name: s.name, Verdict: hc.Denied, Reason: reason, Fault: fault})
				out := refuse("the context ended while " + s.name + " was asked: context canceled")
				out.Trail, out.Notes = trail, notes
				return out, asked
			}
			if s.failOpen {
				trail = append(trail, hc.Step{Name: s.name, Verdict: hc.Allowed, Reason: reason, Fault: fault})
				continue
			}
			trail = append(trail, hc.Step{Name: s.name, Verdict: hc.Denied, Reason: reason, Fault: fault})
			return hc.Outcome{Verdict: hc.Denied, Reason: s.name + " failed and denies on failure: " + fault, Trail: trail, Notes: notes,
				DecidedBy: s.name, Cause: hc.CauseFailure}, asked
		}
		if s.note {
			notes = append(notes, hc.Note{Link: s.name, Text: "note from " + s.name})
		}
		switch verdict {
		case hc.Allowed:
			continue
		case hc.Denied:
			trail = append(trail, hc.Step{Name: s.name, Verdict: hc.Denied, Reason: reason})
			r := "denied by " + s.name
			if reason != "" {
				r += ": " + reason
			}
			return hc.Outcome{Verdict: hc.Denied, Reason: r, Trail: trail, Notes: notes, DecidedBy: s.name, Cause: hc.CauseLink}, asked
		case hc.Asked:
			trail = append(trail, hc.Step{Name: s.name, Verdict: hc.Asked, Reason: reason})
			if s.answer == ansAskAbout {
				input = s.payload // the rewrite stands; the ask is about it
			}
			if reason == "" {
				asks = append(asks, s.name)
			} else {
				asks = append(asks, s.name+": "+reason)
			}
			continue
		case hc.Modified:
			input = s.payload
		case hc.Replaced:
			output, isError = s.payload, s.isError
		}
		trail = append(trail, hc.Step{Name: s.name, Verdict: verdict, Reason: reason})
		if reason == "" {
			changes = append(changes, s.name)
		} else {
			changes = append(changes, s.name+": "+reason)
		}
	}
	if len(asks) > 0 {
		// The chain under test has no approver: approval that was needed
		// and not obtained is a denial.
		trail = append(trail, hc.Step{Name: "approver", Verdict: hc.Denied, Fault: "no approver is configured", Approver: true})
		return hc.Outcome{Verdict: hc.Denied, Trail: trail, Notes: notes, Cause: hc.CauseNoApproval,
			Reason: "approval needed but not obtained: no approver is configured (asked by " + strings.Join(asks, "; ") + ")"}, asked
	}
	if len(changes) == 0 {
		return hc.Outcome{Trail: trail, Notes: notes}, asked
	}
	out := hc.Outcome{Reason: strings.Join(changes, "; "), Trail: trail, Notes: notes}
	if p.hook == hc.BeforeTool {
		out.Verdict, out.Input = hc.Modified, input
	} else {
		out.Verdict, out.Output, out.IsError = hc.Replaced, output, isError
	}
	return out, asked
}

// answerOf is what link s answers, as the model sees it, given the input as
// the links before it left it.
func answerOf(p program, s spec, input json.RawMessage) (verdict hc.Verdict, reason, fault string) {
	switch s.answer {
	case ansAsk:
		verdict, reason = hc.Asked, s.reason
		if p.hook != hc.BeforeTool {
			fault = "asked for approval of a call that has already run"
		}
	case ansAskAbout:
		verdict, reason = hc.Asked, s.reason
		switch {
		case p.hook != hc.BeforeTool:
			fault = "asked for approval of a call that has already run"
		case inputFault(s.payload) != "":
			fault = "answered AskAbout with an input that is " + inputFault(s.payload)
		case isJSONObject(input) && !isJSONObject(s.payload):
			fault = "answered AskAbout with an input that is not a JSON object, for a call whose input is one"
		}
	case ansDeny:
		verdict, reason = hc.Denied, s.reason
	case ansModifyObject, ansModifyEmpty, ansModifyBad, ansModifyArray, ansModifyRaw, ansModifyNothing:
		verdict, reason = hc.Modified, s.reason
		switch {
		case p.hook != hc.BeforeTool:
			fault = "asked to rewrite the input of a call that has already run"
		case inputFault(s.payload) != "":
			fault = "answered Modify with an input that is " + inputFault(s.payload)
		case isJSONObject(input) && !isJSONObject(s.payload):
			fault = "answered Modify with an input that is not a JSON object, for a call whose input is one"
		}
	case ansReplace, ansReplaceBad, ansReplaceRaw:
		verdict, reason = hc.Replaced, s.reason
		switch {
		case p.hook != hc.AfterTool:
			fault = "asked to replace the result of a call that has not run"
		case jsonFault(s.payload) != "":
			fault = "answered Replace with an output that is " + jsonFault(s.payload)
		}
	case ansUnknown:
		verdict, reason, fault = 9, s.reason, "answered with unknown verdict 9"
	case ansError:
		fault = "boom in " + s.name
	case ansPanic:
		fault = "panic: oops in " + s.name
	case ansSilentError:
		fault = "returned an error with no text (*errors.errorString)"
	}
	return verdict, reason, fault
}

// checkInvariants asserts what must hold of any outcome, independently of
// the model, so that a wrong model cannot hide a broken fold.
func checkInvariants(t *testing.T, p program, got hc.Outcome, asked []seen) {
	t.Helper()
	require.LessOrEqual(t, got.Verdict, hc.Asked, "the verdict is one of the five")
	if got.Verdict == hc.Modified {
		require.Equal(t, hc.BeforeTool, p.hook, "Modified only before the call")
		require.True(t, json.Valid(got.Input), "a Modified input is valid JSON")
	}
	if got.Verdict == hc.Replaced {
		require.Equal(t, hc.AfterTool, p.hook, "Replaced only after the call")
		require.True(t, json.Valid(got.Output), "a Replaced output is valid JSON")
	}

	// Who decided, as data: every denial has a cause; only a denial does
	// (the chain under test has no approver); a link's denial or failure
	// names that link, which ends the trail, and nothing else names anyone.
	switch got.Verdict {
	case hc.Denied:
		require.NotEqual(t, hc.CauseNone, got.Cause, "a denial says what caused it")
	default:
		require.Equal(t, hc.CauseNone, got.Cause, "only a denial has a cause here")
	}
	switch got.Cause {
	case hc.CauseLink, hc.CauseFailure:
		require.NotEmpty(t, got.Trail)
		last := got.Trail[len(got.Trail)-1]
		require.Equal(t, last.Name, got.DecidedBy, "the decider ends the trail")
		require.Equal(t, got.Cause == hc.CauseFailure, last.Fault != "", "a failure decides by its fault, a denial by its answer")
	default:
		require.Empty(t, got.DecidedBy, "only a link's denial or failure names a decider here")
	}

	byName := make(map[string]spec, len(p.links))
	index := make(map[string]int, len(p.links))
	for i, s := range p.links {
		byName[s.name], index[s.name] = s, i
	}
	last := -1
	var changes []string
	for i, st := range got.Trail {
		if st.Name == "approver" && i == len(got.Trail)-1 {
			// No approver is configured, so the chain's own step says so.
			require.Equal(t, hc.Step{Name: "approver", Verdict: hc.Denied, Fault: "no approver is configured", Approver: true}, st)
			require.True(t, strings.HasPrefix(got.Reason, "approval needed but not obtained: no approver is configured (asked by "), got.Reason)
			continue
		}
		s, ok := byName[st.Name]
		require.True(t, ok, "trail step %q is a registered link", st.Name)
		require.Greater(t, index[st.Name], last, "the trail is in registration order, each link once")
		last = index[st.Name]
		if st.Fault != "" {
			if st.Verdict == hc.Denied {
				require.Equal(t, len(got.Trail)-1, i, "a denying failure ends the trail")
				require.Equal(t, hc.Denied, got.Verdict)
				if gone := "hookchain: the context ended while " + st.Name + " was asked: context canceled"; got.Reason != gone {
					require.False(t, s.failOpen, "only a fail-closed link denies on its own failure; the caller going away denies whatever the link")
					require.Equal(t, st.Name+" failed and denies on failure: "+st.Fault, got.Reason)
				}
			} else {
				require.Equal(t, hc.Allowed, st.Verdict, "a failure is recorded as Denied or Allowed")
				require.True(t, s.failOpen, "only a fail-open link carries on after failing")
			}
			continue
		}
		switch st.Verdict {
		case hc.Asked:
			require.Equal(t, hc.BeforeTool, p.hook, "a valid ask is made before the call")
			require.Equal(t, hc.Denied, got.Verdict, "an ask with no approver ends denied")
		case hc.Denied:
			require.Equal(t, len(got.Trail)-1, i, "a denial ends the trail")
		case hc.Modified, hc.Replaced:
			if st.Reason == "" {
				changes = append(changes, st.Name)
			} else {
				changes = append(changes, st.Name+": "+st.Reason)
			}
		default:
			require.Failf(t, "an allowing link without a fault is not in the trail", "step %+v", st)
		}
	}

	// A Deny given while the context is live denies the call, whatever came
	// before it; once the context has ended, answers are failures instead.
	for _, a := range asked {
		if byName[a.name].answer == ansCancel {
			break
		}
		if byName[a.name].answer == ansDeny {
			require.Equal(t, hc.Denied, got.Verdict, "%s denied, so the call is denied", a.name)
		}
	}

	switch got.Verdict {
	case hc.Allowed:
		require.Empty(t, got.Reason)
		for _, st := range got.Trail {
			require.Equal(t, hc.Allowed, st.Verdict, "an allowed call has no changes in its trail")
		}
	case hc.Denied:
		ok := strings.HasPrefix(got.Reason, "hookchain: ") || strings.HasPrefix(got.Reason, "denied by ") ||
			strings.Contains(got.Reason, " failed and denies on failure: ") ||
			strings.HasPrefix(got.Reason, "approval needed but not obtained: ")
		require.True(t, ok, "a denial says who denied: %q", got.Reason)
	case hc.Modified, hc.Replaced:
		require.Equal(t, strings.Join(changes, "; "), got.Reason, "a change names every link that changed the call")
	}
	if got.Verdict == hc.Modified {
		var lastModify json.RawMessage
		for _, st := range got.Trail {
			if st.Verdict == hc.Modified && st.Fault == "" {
				lastModify = byName[st.Name].payload
			}
		}
		require.True(t, bytes.Equal(lastModify, got.Input), "a Modified input is the last valid Modify's")
	}
}

func fold(parts ...byte) []byte { return parts }

func FuzzFoldInvariants(f *testing.F) {
	seeds := []struct {
		prog []byte
		raw  string
	}{
		{fold(), ``},
		{fold(hookBefore, inObject), ``},
		{fold(hookBefore|toolX, inObject, regBefore, ansModifyObject, regBefore|mHasBy, ansDeny), ``},
		{fold(hookBefore|toolX, inObject, regBefore, ansModifyObject|ansAskFlag, regBefore|mHasBy, ansAllow|ansNoteFlag), ``},
		{fold(hookAfter|toolX, inObject, regOn, ansModifyArray|ansAskFlag, regOn|regFailOpen, ansModifyBad|ansAskFlag), ``},
		{fold(hookBefore|toolX, inEmptyObj, regBefore|mHasBy, ansDeny, regBefore, ansModifyObject, regBefore|mHasBy, ansAllow), ``},
		{fold(hookBefore|toolY, inObject, regBefore|mToolX, ansDeny, regBefore|mToolY, ansModifyEmpty|ansNoReason, regOn, ansModifyObject), ``},
		{fold(hookBefore, inObject, regBefore|regFailOpen, ansError, regBefore, ansModifyObject, regBefore|regFailOpen, ansPanic), ``},
		{fold(hookBefore, inObject, regBefore, ansModifyArray), ``},
		{fold(hookBefore, inArray, regBefore, ansModifyArray, regBefore, ansModifyObject, regBefore, ansModifyArray), ``},
		{fold(hookBefore, inString, regBefore, ansModifyRaw), `[1, 2]`},
		{fold(hookBefore, inRaw, regBefore, ansModifyRaw), ` {"by": null} `},
		{fold(hookBefore, inRaw, regBefore|mHasBy, ansDeny), `{"b\u0079":1}`},
		{fold(hookBefore, inObject, regBefore, ansModifyNothing), ``},
		{fold(hookBefore, inObject, regBefore, ansModifyBad), ``},
		{fold(hookBefore, inObject, regBefore, ansReplace), ``},
		{fold(hookAfter, inObject|outText, regAfter, ansReplace|ansIsError, regOn, ansReplace|ansNoReason), ``},
		{fold(hookAfter, inObject|outText, regOn, ansModifyObject), ``},
		{fold(hookAfter, inObject|outText, regOn|regFailOpen, ansModifyObject, regAfter, ansReplaceBad|ansNoReason), ``},
		{fold(hookAfter, inObject|outRaw|outIsError, regAfter, ansReplaceRaw), `"raw"`},
		{fold(hookAfter, inObject|outBad, regAfter, ansAllow), ``},
		{fold(hookAfter, inObject|outNil, regBefore, ansDeny), ``},
		{fold(hookBefore, inObject, regBefore, ansUnknown, regBefore, ansDeny), ``},
		{fold(hookBefore, inObject, regBefore|regFailOpen, ansUnknown, regBefore|regFailOpen, ansSilentError, regBefore, ansSilentError), ``},
		{fold(hookBefore, inObject, regBefore, ansPanic|ansNoReason), ``},
		{fold(hookBefore, inObject, regBefore|regFailOpen, ansError|ansIsError, regBefore, ansError|ansIsError), ``},
		{fold(hookBefore, inObject, regBefore|regFailOpen, ansCancel|ansNoReason, regBefore|regFailOpen, ansError, regBefore, ansAllow), ``},
		{fold(hookZero, inObject, regBefore, ansAllow), ``},
		{fold(hookThree, inObject), ``},
		{fold(hookBefore|toolEmpty, inObject, regBefore, ansAllow), ``},
		{fold(hookAfter|toolEmpty, inObject, regBefore, ansAllow), ``},
		{fold(hookBefore, inBad, regBefore, ansAllow), ``},
		{fold(hookBefore|ctxFinished, inObject, regBefore, ansAllow), ``},
		{fold(hookBefore, inObject,
			regBefore, ansModifyObject, regBefore|regFailOpen, ansError, regOn, ansModifyEmpty, regBefore|mHasBy, ansModifyObject|ansNoReason,
			regAfter, ansReplace, regBefore|mToolX, ansAllow, regBefore|regFailOpen, ansReplace, regBefore, ansDeny|ansNoReason,
			regBefore, ansPanic), ``},
	}
	for _, s := range seeds {
		f.Add(s.prog, []byte(s.raw))
	}
	f.Fuzz(func(t *testing.T, prog, raw []byte) {
		p := decodeProgram(prog, raw)
		var log []seen
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		links := make([]hc.Link, len(p.links))
		for i, s := range p.links {
			links[i] = s.link(&log, cancel)
		}
		c := hc.New(links...)
		if p.done {
			cancel()
		}
		got := c.Run(ctx, hc.Event{Hook: p.hook, Tool: p.tool, CallID: "call-1", Input: p.input, Output: p.output, IsError: p.isError})

		want, wantAsked := model(p)
		require.Equal(t, want.Verdict, got.Verdict, "verdict; reason %q", got.Reason)
		require.Equal(t, want.Reason, got.Reason)
		require.Equal(t, want.Trail, got.Trail)
		require.Equal(t, want.Notes, got.Notes, "context notes, in chain order, named")
		require.Equal(t, string(want.Input), string(got.Input))
		require.Equal(t, string(want.Output), string(got.Output))
		require.Equal(t, want.IsError, got.IsError)
		require.Equal(t, wantAsked, log, "each asked link is shown the event as the links before it left it")
		checkInvariants(t, p, got, log)
	})
}

func FuzzVerdictAndHookText(f *testing.F) {
	for _, s := range []string{
		"", "allow", "deny", "modify", "replace", "Allowed", "DENIED", "mOdIfIeD", "replaced",
		"before_tool", "after_tool", "BEFORE_TOOL", " allow", "allow\x00", "Verdict(9)", "Hook(0)", "\xff",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		// A failed decode must leave the receiver as it was, so seed each
		// with a value the input is unlikely to name.
		v := hc.Verdict(200)
		if err := v.UnmarshalText(b); err != nil {
			require.Equal(t, hc.Verdict(200), v, "a failed decode changes nothing")
		} else {
			require.LessOrEqual(t, v, hc.Asked)
			text, err := v.MarshalText()
			require.NoError(t, err)
			var again hc.Verdict
			require.NoError(t, again.UnmarshalText(text))
			require.Equal(t, v, again)
		}

		h := hc.Hook(200)
		if err := h.UnmarshalText(b); err != nil {
			require.Equal(t, hc.Hook(200), h, "a failed decode changes nothing")
		} else {
			require.Contains(t, []hc.Hook{hc.BeforeTool, hc.AfterTool}, h)
			text, err := h.MarshalText()
			require.NoError(t, err)
			require.Equal(t, string(b), string(text), "a hook has one spelling")
			var again hc.Hook
			require.NoError(t, again.UnmarshalText(text))
			require.Equal(t, h, again)
		}

		// Any byte read as a value encodes only if it is a known one, and
		// String never fails.
		if len(b) > 0 {
			_, err := hc.Verdict(b[0]).MarshalText()
			assert.Equal(t, b[0] > byte(hc.Asked), err != nil, "verdict %d", b[0])
			_, err = hc.Hook(b[0]).MarshalText()
			assert.Equal(t, b[0] != byte(hc.BeforeTool) && b[0] != byte(hc.AfterTool), err != nil, "hook %d", b[0])
			assert.NotEmpty(t, hc.Verdict(b[0]).String())
			assert.NotEmpty(t, hc.Hook(b[0]).String())
		}
	})
}

// fuzzPaths are paths of the shapes the matchers treat differently: plain,
// nested, multi-value, query, and gjson's own syntax.
var fuzzPaths = []string{
	"a", "a.b", "a.0", "#", "edits.#.file_path", `edits.#(op=="rm")#.path`, `edits.#(op=="rm").path`,
	"@this", "a|b", "..0", "a\\.b", "*", "a.#.b.#.c",
}

func FuzzInputMatchers(f *testing.F) {
	for _, s := range []struct{ input, path string }{
		{``, "a"},
		{`{}`, "a"},
		{`{"a":"x"}`, "a"},
		{`{"a":{"b":null}}`, "a.b"},
		{`{"edits":[{"file_path":"x","op":"rm","path":"/"}]}`, "edits.#.file_path"},
		{`{"a":`, "a"},
		{`[`, "#"},
		{`{"a":[{"b":[{"c":1}]}]}`, "a.#.b.#.c"},
		{`{"a":"\u00e9\"x"}`, "a"},
		{`{"a":1}{"a":2}`, "..a"},
		{"\xff\xfe", "@reverse"},
		{`{"a":9007199254740993}`, "a"},
		{`"x"`, "@this"},
	} {
		f.Add([]byte(s.input), s.path)
	}
	f.Fuzz(func(t *testing.T, input []byte, path string) {
		paths := fuzzPaths
		if path != "" {
			paths = append(paths[:len(paths):len(paths)], path)
		}
		original := string(input)
		empty := len(input) == 0
		for _, p := range paths {
			if _, err := hc.CompileInputMatches(p, "x"); err != nil {
				// Not a path (empty, or a gjson literal such as "!"): every
				// constructor refuses it, and that refusal is tested elsewhere.
				require.Panics(t, func() { hc.InputExists(p) })
				continue
			}
			exists := hc.InputExists(p)
			matchers := []hc.Matcher{
				hc.InputEquals(p, "x"), hc.InputEquals(p, 1), hc.InputEquals(p, 9007199254740993),
				hc.InputEquals(p, 0.5), hc.InputEquals(p, true), hc.InputEquals(p, nil),
				hc.InputEquals(p, json.Number("-0.0")), hc.InputMatches(p, "x|^$"),
			}
			e := hc.Event{Hook: hc.BeforeTool, Tool: "T", Input: input}
			found := exists.Match(e)
			require.Equal(t, found, exists.Match(e), "a matcher answers the same twice")
			if empty {
				require.Equal(t, found, exists.Match(hc.Event{Input: json.RawMessage(`{}`)}), "an empty input reads as {}")
			}
			for _, m := range matchers {
				got := m.Match(e)
				require.Equal(t, got, m.Match(e), "%v answers the same twice", m)
				if got {
					require.True(t, found, "%v matched a path that %v says is absent", m, exists)
				}
				if empty {
					require.Equal(t, got, m.Match(hc.Event{Input: json.RawMessage(`{}`)}), "an empty input reads as {}")
				}
			}
		}
		require.Equal(t, original, string(input), "a matcher must not write to the input")

		// On valid JSON, a single value equals itself: whatever gjson reads
		// at a plain path, the matchers built from it must match.
		if !json.Valid(input) {
			return
		}
		e := hc.Event{Hook: hc.BeforeTool, Tool: "T", Input: input}
		for _, p := range []string{"a", "a.b", "a.0", path} {
			if _, err := hc.CompileInputMatches(p, "x"); err != nil || strings.Contains(p, "#") {
				continue
			}
			r := gjson.GetBytes(input, p)
			var self hc.Matcher
			switch r.Type {
			case gjson.String:
				// A regexp cannot spell invalid UTF-8, which JSON strings may hold.
				if utf8.ValidString(r.Str) {
					require.True(t, hc.InputMatches(p, "^"+regexp.QuoteMeta(r.Str)+"$").Match(e), "%s at %q matches itself", r.Raw, p)
				}
				self = hc.InputEquals(p, r.Str)
			case gjson.Number:
				if json.Valid([]byte(r.Raw)) {
					self = hc.InputEquals(p, json.Number(r.Raw))
				}
			case gjson.True, gjson.False:
				self = hc.InputEquals(p, r.Bool())
			case gjson.Null:
				if r.Exists() {
					self = hc.InputEquals(p, nil)
				}
			}
			if self != nil {
				require.True(t, self.Match(e), "%v on %s", self, input)
			}
		}
	})
}

// FuzzInputMatchesAgreesWithItsRegexp holds InputMatches, which skips the
// regexp for a value without the expression's literal prefix, to the
// regexp run on every value.
func FuzzInputMatchesAgreesWithItsRegexp(f *testing.F) {
	for _, s := range []struct{ expr, value string }{
		{`rm\s+-rf`, "rm -rf /"}, {`rm\s+-rf`, "git status"}, {`^git (push|pull)`, "git push"},
		{`(?i)RM`, "rm"}, {`a|b`, "b"}, {`x*`, ""}, {`é+`, "café"}, {`\.env$`, "cat .env"},
		{`(?m)^rm`, "ls\nrm x"}, {`rm`, "r\u0000m"},
	} {
		f.Add(s.expr, s.value)
	}
	f.Fuzz(func(t *testing.T, expr, value string) {
		m, err := hc.CompileInputMatches("a", expr)
		if err != nil || !utf8.ValidString(value) {
			return
		}
		input, err := json.Marshal(map[string]string{"a": value})
		require.NoError(t, err)
		want := regexp.MustCompile(expr).MatchString(value)
		require.Equal(t, want, m.Match(hc.Event{Hook: hc.BeforeTool, Tool: "T", Input: input}), "%s on %q", m, value)
	})
}
