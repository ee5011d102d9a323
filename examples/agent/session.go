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

	// Set only when the tool ran.
	ran     bool
	ranWith json.RawMessage  // the input the tool ran with
	said    hookchain.Result // what the tool answered, as the after-chain was shown it
	toolErr error            // the error the wrapped executor returned
	after   hookchain.Outcome

	shown hookchain.Result // what the model sees
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

	// The executor's answer is only what the model sees; the observer is
	// told what each side of the chain decided, and why.
	var reports []hookchain.RunReport
	chain := newChain(gs).WithObserver(hookchain.Observer{
		Run: func(_ context.Context, r hookchain.RunReport) { reports = append(reports, r) },
	})
	execute := chain.Wrap(ws.Execute)

	s := &session{dir: dir, guards: gs}
	for i, c := range script {
		reports = nil
		res, err := execute(ctx, hookchain.Call{
			Tool:  c.tool,
			ID:    fmt.Sprintf("call_%02d", i+1),
			Input: json.RawMessage(c.input),
		})
		t, terr := newTurn(c, reports, res, err)
		if terr != nil {
			return nil, fmt.Errorf("call %d (%s): %w", i+1, c.tool, terr)
		}
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
	if err != nil {
		// Wrap hands back a tool's error when the after-chain let it
		// through; the runtime still owes the model an answer.
		t.shown = hookchain.Result{Output: hookchain.Text(err.Error()), IsError: true}
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

	for i, t := range s.turns {
		fmt.Fprintf(&b, "\n%2d. %s\n", i+1, t.call.intent)
		field(&b, "call", t.call.tool+" "+t.call.input)
		verdict(&b, "before", t.before)
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
			verdict(&b, "after", t.after)
		}
		field(&b, "model sees", result(t.shown))
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

// summary counts what the chain did over the whole session.
func (s *session) summary() string {
	var ran, denied, modified, replaced, errs int
	for _, t := range s.turns {
		if t.ran {
			ran++
		}
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
	return fmt.Sprintf("%s: %d ran, %d denied before running.\n",
		count(len(s.turns), "call"), ran, denied) +
		fmt.Sprintf("%s modified, %s replaced, %s shown to the model.\n",
			count(modified, "input"), count(replaced, "result"), count(errs, "error")) +
		fmt.Sprintf("The workspace holds %s.\n", left)
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

// verdict writes an outcome as its verdict followed by its trail, one link
// per line; a refusal by the chain itself has no trail, only a reason.
func verdict(b *strings.Builder, label string, o hookchain.Outcome) {
	v := fmt.Sprintf("%-8s", o.Verdict)
	if len(o.Trail) == 0 {
		field(b, label, strings.TrimSpace(v+"  "+o.Reason))
		return
	}
	for i, st := range o.Trail {
		text := st.Name
		switch {
		case st.Fault != "":
			text += " failed: " + st.Fault
		case st.Reason != "":
			text += ": " + st.Reason
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
