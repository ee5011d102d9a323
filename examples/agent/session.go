package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/hookchain/hookchain"
)

// turn is one call of the session and everything that happened to it.
type turn struct {
	call   call
	before hookchain.Outcome

	// Set only when the operator was asked: the question and its answer.
	// A call approved by the session's latch has asks in its trail but was
	// not put to anyone.
	asked    bool
	answered answered

	// Set only when the tool ran.
	ran     bool
	ranWith json.RawMessage  // the input the tool ran with
	said    hookchain.Result // what the tool answered, as the after-chain was shown it
	toolErr error            // the error the wrapped executor returned
	after   hookchain.Outcome

	shown hookchain.Result // what the model sees, notes included
}

// session is a played script.
type session struct {
	dir    string
	guards []guard
	turns  []turn
	left   []string // the workspace's entries at the end
}

// play runs the script in dir through the chain and records every turn.
func play(ctx context.Context, dir string) (*session, error) {
	ws, err := openWorkspace(dir)
	if err != nil {
		return nil, err
	}
	defer ws.Close()
	gs, err := guards(dir)
	if err != nil {
		return nil, err
	}
	op := newOperator(script)

	// The executor's answer is only what the model sees; the observer is
	// told what each side of the chain decided, and why.
	var reports []hookchain.RunReport
	chain := newChain(gs, op).WithObserver(hookchain.Observer{
		Run: func(_ context.Context, r hookchain.RunReport) { reports = append(reports, r) },
	})
	execute := chain.Wrap(ws.Execute)

	// The conversation's session holds what the operator approved "for the
	// session"; every call of the conversation carries it, and it goes when
	// the conversation does.
	ctx = hookchain.WithSession(ctx, hookchain.NewSession())

	s := &session{dir: dir, guards: gs}
	for i, c := range script {
		reports = nil
		id := callID(i)
		res, err := execute(ctx, hookchain.Call{Tool: c.tool, ID: id, Input: json.RawMessage(c.input)})
		t, terr := newTurn(c, reports, res, err)
		if terr != nil {
			return nil, fmt.Errorf("call %d (%s): %w", i+1, c.tool, terr)
		}
		t.answered, t.asked = op.askedAbout(id)
		s.turns = append(s.turns, t)
	}

	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		s.left = append(s.left, e.Name())
	}
	return s, nil
}

// newTurn assembles a turn from the chain's reports for one call: one
// before the call and, when the tool ran, one after it.
func newTurn(c call, reports []hookchain.RunReport, res hookchain.Result, err error) (turn, error) {
	if len(reports) == 0 || len(reports) > 2 || reports[0].Event.Hook != hookchain.BeforeTool {
		return turn{}, fmt.Errorf("the chain reported %d runs, want one before the call and at most one after", len(reports))
	}
	t := turn{call: c, before: reports[0].Outcome, shown: res, toolErr: err}
	if len(reports) == 2 {
		a := reports[1]
		t.ran = true
		t.ranWith = a.Event.Input
		t.said = hookchain.Result{Output: a.Event.Output, IsError: a.Event.IsError}
		t.after = a.Outcome
	}
	if err != nil && t.ran {
		// Wrap hands back a tool's error when the after-chain let it
		// through; the runtime still owes the model an answer. (Before the
		// call, an error means the approval is pending, and Wrap's result
		// already says so.)
		t.shown = hookchain.Result{Output: hookchain.Text(err.Error()), IsError: true, Notes: res.Notes}
	}
	return t, nil
}

// labelWidth is the width of the labels on the left of each turn.
const labelWidth = len("model sees")

// write writes the session for a terminal: plain text, aligned, with the
// workspace's path written as $WORKSPACE so that every run reads the same.
func (s *session) write(w io.Writer) error {
	var b strings.Builder

	fmt.Fprintf(&b, "hookchain demo: a scripted agent session in %s\n", s.dir)
	b.WriteString("The model is a script; the tools and the chain around them are real.\n\n")

	b.WriteString("The chain, asked in this order:\n")
	nameWidth := 0
	for _, g := range s.guards {
		nameWidth = max(nameWidth, len(g.link.Name()))
	}
	for _, g := range s.guards {
		fmt.Fprintf(&b, "    %-*s  %s\n", nameWidth, g.link.Name(), g.about)
	}
	fmt.Fprintf(&b, "Asks go to the %s, played by a script; \"approve all\" lasts for the session.\n", operatorName)

	for i, t := range s.turns {
		fmt.Fprintf(&b, "\n%2d. %s\n", i+1, t.call.intent)
		field(&b, "call", t.call.tool+" "+t.call.input)
		// The asks and the operator's answer come first, as they happen
		// before the chain's verdict; the trail under "before" leaves them
		// out rather than say everything twice.
		asks, rest := splitAsks(t.before.Trail)
		for _, st := range asks {
			field(&b, "asked", st.Name+": "+st.Reason)
		}
		if line := t.operatorLine(); line != "" {
			field(&b, operatorName, line)
		}
		verdict(&b, "before", t.before, rest)
		if !t.ran {
			field(&b, "tool", "not run")
		} else {
			if t.before.Verdict == hookchain.Modified {
				field(&b, "ran with", string(t.ranWith))
			}
			switch {
			case t.toolErr != nil:
				field(&b, "tool error", t.toolErr.Error())
			case t.after.Verdict != hookchain.Allowed:
				// Only worth showing when the model is shown something else.
				field(&b, "tool said", result(t.said))
			}
			verdict(&b, "after", t.after, t.after.Trail)
		}
		field(&b, "model sees", result(t.shown))
		for _, n := range t.shown.Notes {
			field(&b, "note", n.Link+": "+n.Text)
		}
	}

	b.WriteString("\n")
	b.WriteString(s.summary())

	out := strings.ReplaceAll(b.String(), s.dir, "$WORKSPACE")
	if real, err := filepath.EvalSymlinks(s.dir); err == nil && real != s.dir {
		out = strings.ReplaceAll(out, real, "$WORKSPACE")
	}
	_, err := io.WriteString(w, out)
	return err
}

// splitAsks separates the steps of a trail that asked the operator, and the
// operator's answer, from the rest.
func splitAsks(trail []hookchain.Step) (asks, rest []hookchain.Step) {
	for _, st := range trail {
		switch {
		case st.Verdict == hookchain.Asked && st.Fault == "" && st.Name != operatorName:
			asks = append(asks, st)
		case st.Name == operatorName:
		default:
			rest = append(rest, st)
		}
	}
	return asks, rest
}

// operatorStep returns the operator's step in the trail before the call, if
// anybody asked.
func (t turn) operatorStep() (hookchain.Step, bool) {
	for _, st := range t.before.Trail {
		if st.Name == operatorName {
			return st, true
		}
	}
	return hookchain.Step{}, false
}

// operatorLine says how the asks of a turn were answered: by the operator,
// in their words, or by the latch of an earlier "approve all"; "" when
// nobody asked.
func (t turn) operatorLine() string {
	step, ok := t.operatorStep()
	switch {
	case !ok:
		return ""
	case step.Fault != "":
		return "could not answer: " + step.Fault
	case !t.asked:
		// Only the latch approves without asking; it says so in its reason.
		return "not asked: " + step.Reason + " by " + step.By
	}
	a := t.answered.approval
	verb := map[hookchain.Decision]string{
		hookchain.Refuse:     "refused",
		hookchain.Approve:    "approved",
		hookchain.ApproveAll: "approved for the session",
		hookchain.Defer:      "left for later",
	}[a.Decision]
	line := verb + " by " + a.By
	if a.Reason != "" {
		line += ": " + a.Reason
	}
	return line
}

// summary counts what the chain did over the whole session.
func (s *session) summary() string {
	var ran, denied, modified, replaced, errs int
	var asks, approved, refused, latched, unanswered, notes int
	for _, t := range s.turns {
		if t.ran {
			ran++
		}
		if step, ok := t.operatorStep(); ok {
			asks++
			switch {
			case step.Fault != "" || step.Verdict == hookchain.Asked:
				unanswered++
			case !t.asked:
				latched++
			case step.Verdict == hookchain.Allowed:
				approved++
			default:
				refused++
			}
		}
		notes += len(t.shown.Notes)
		switch t.before.Verdict {
		case hookchain.Denied:
			denied++
		case hookchain.Modified:
			modified++
		}
		if t.after.Verdict == hookchain.Replaced {
			replaced++
		}
		if t.shown.IsError {
			errs++
		}
	}
	left := "nothing"
	if len(s.left) > 0 {
		left = strings.Join(s.left, ", ")
	}
	approvals := fmt.Sprintf("%s needed approval: the %s approved %d and refused %d; %d %s approved for the session without asking",
		count(asks, "call"), operatorName, approved, refused, latched, plural(latched, "was", "were"))
	if unanswered > 0 {
		approvals += fmt.Sprintf("; %d went unanswered", unanswered)
	}
	return fmt.Sprintf("%s: %d ran, %d denied before running.\n",
		count(len(s.turns), "call"), ran, denied) +
		approvals + ".\n" +
		fmt.Sprintf("%s modified, %s replaced, %s shown to the model, %s.\n",
			count(modified, "input"), count(replaced, "result"), count(errs, "error"), count(notes, "note")) +
		fmt.Sprintf("The workspace holds %s.\n", left)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func field(b *strings.Builder, label, text string) {
	fmt.Fprintf(b, "    %-*s  %s\n", labelWidth, label, text)
}

// verdict writes an outcome as its verdict followed by steps, those of its
// trail the transcript has not shown already, one link per line. A refusal
// by the chain itself has no trail, only a reason.
func verdict(b *strings.Builder, label string, o hookchain.Outcome, steps []hookchain.Step) {
	v := fmt.Sprintf("%-8s", o.Verdict)
	if len(o.Trail) == 0 {
		field(b, label, strings.TrimSpace(v+"  "+o.Reason))
		return
	}
	if len(steps) == 0 {
		field(b, label, strings.TrimSpace(v))
		return
	}
	for i, st := range steps {
		text := st.Name
		switch {
		case st.Fault != "":
			text += " failed: " + st.Fault
		case st.Reason != "":
			text += ": " + st.Reason
		}
		if st.Fault == "" && st.Verdict != o.Verdict {
			// A rewrite before a refused ask, say: the line must not read
			// as if this link refused.
			text += " (" + st.Verdict.String() + ")"
		}
		if i > 0 {
			label, v = "", strings.Repeat(" ", len(v))
		}
		field(b, label, v+"  "+text)
	}
}

// result writes a result as the model receives it: its JSON, marked when it
// is an error.
func result(r hookchain.Result) string {
	if r.IsError {
		return "error " + string(r.Output)
	}
	return string(r.Output)
}
