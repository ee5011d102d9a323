package hookchain_test

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hc "github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/internal/testfiles"
)

// recordingHandler keeps every record it is given, for exact assertions on
// levels, messages and attributes (types and order included).
type recordingHandler struct {
	level slog.Level

	mu      sync.Mutex
	records []slog.Record
}

func (h *recordingHandler) Enabled(_ context.Context, l slog.Level) bool { return l >= h.level }

func (h *recordingHandler) Handle(_ context.Context, r slog.Record) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.records = append(h.records, r.Clone())
	return nil
}

func (h *recordingHandler) WithAttrs([]slog.Attr) slog.Handler { panic("not used by LogObserver") }
func (h *recordingHandler) WithGroup(string) slog.Handler      { panic("not used by LogObserver") }

// logLine is a record in a form assert.Equal compares by value.
type logLine struct {
	Level slog.Level
	Msg   string
	Attrs []logAttr
}

type logAttr struct {
	Key   string
	Value any
}

func (h *recordingHandler) lines() []logLine {
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []logLine
	for _, r := range h.records {
		line := logLine{Level: r.Level, Msg: r.Message}
		r.Attrs(func(a slog.Attr) bool {
			line.Attrs = append(line.Attrs, logAttr{a.Key, a.Value.Any()})
			return true
		})
		out = append(out, line)
	}
	return out
}

// reportsOf records what the chain reported, so that expected records can
// carry the exact durations the observer was given.
type reportsOf struct {
	steps []hc.StepReport
	runs  []hc.RunReport
}

func (r *reportsOf) observer() hc.Observer {
	return hc.Observer{
		Step: func(_ context.Context, s hc.StepReport) { r.steps = append(r.steps, s) },
		Run:  func(_ context.Context, x hc.RunReport) { r.runs = append(r.runs, x) },
	}
}

func answer(out hc.Outcome, err error) hc.Interceptor {
	return func(context.Context, hc.Event) (hc.Outcome, error) { return out, err }
}

var (
	logBashIn = json.RawMessage(`{"command":"rm -rf build"}`)
	logPinned = json.RawMessage(`{"command":"rm -rf build","timeout":60}`)
)

func logBefore(in json.RawMessage) hc.Event {
	return hc.Event{Hook: hc.BeforeTool, Tool: "Bash", CallID: "toolu_1", Input: in}
}

func logAfter(out json.RawMessage) hc.Event {
	return hc.Event{Hook: hc.AfterTool, Tool: "Bash", CallID: "toolu_1", Input: logBashIn, Output: out}
}

// stepAttrs and runAttrs spell out a record's attributes in the order the
// observer writes them; duration is filled in from the reports.
func stepAttrs(hook, link, verdict, reason string, fault ...string) []logAttr {
	a := []logAttr{{"hook", hook}, {"tool", "Bash"}, {"call_id", "toolu_1"}, {"link", link}, {"verdict", verdict}, {"reason", reason}}
	for _, f := range fault {
		a = append(a, logAttr{"fault", f})
	}
	return a
}

func runAttrs(hook, verdict, reason string, trail []string, extra ...logAttr) []logAttr {
	a := []logAttr{{"hook", hook}, {"tool", "Bash"}, {"call_id", "toolu_1"}, {"verdict", verdict}, {"reason", reason}, {"trail", trail}}
	return append(a, extra...)
}

func TestTheLogObserverWritesOneRecordPerStepAndOnePerRunAtALevelThatSaysWhatNeedsALook(t *testing.T) {
	type record struct {
		level slog.Level
		attrs []logAttr
	}
	tests := []struct {
		name     string
		links    []hc.Link
		approver *hc.Approver
		event    hc.Event
		steps    []record // in order, each "hookchain step"
		run      record   // "hookchain run"
	}{
		{
			name:  "an ask is info, and so is the approver's refusal, which names who answered",
			links: []hc.Link{hc.Before("push-guard", hc.Any(), answer(hc.Ask("push?"), nil))},
			approver: &hc.Approver{Name: "human", Timeout: time.Second, Answer: func(context.Context, hc.Question) (hc.Approval, error) {
				return hc.Approval{Decision: hc.Refuse, By: "alice", Reason: "not today"}, nil
			}},
			event: logBefore(logBashIn),
			steps: []record{
				{slog.LevelInfo, stepAttrs("before_tool", "push-guard", "ask", "push?")},
				{slog.LevelInfo, append(stepAttrs("before_tool", "human", "deny", "not today"), logAttr{"approver", true}, logAttr{"by", "alice"})},
			},
			run: record{slog.LevelInfo, runAttrs("before_tool", "deny", "refused by alice: not today (asked by push-guard: push?)",
				[]string{"push-guard", "human"}, logAttr{"decided_by", "human"}, logAttr{"cause", "approver"})},
		},
		{
			name:  "an approval is info, and so is the run it approved, for an approval is a decision",
			links: []hc.Link{hc.Before("push-guard", hc.Any(), answer(hc.Ask("push?"), nil))},
			approver: &hc.Approver{Name: "human", Timeout: time.Second, Answer: func(context.Context, hc.Question) (hc.Approval, error) {
				return hc.Approval{Decision: hc.Approve, By: "alice"}, nil
			}},
			event: logBefore(logBashIn),
			steps: []record{
				{slog.LevelInfo, stepAttrs("before_tool", "push-guard", "ask", "push?")},
				{slog.LevelInfo, append(stepAttrs("before_tool", "human", "allow", ""), logAttr{"approver", true}, logAttr{"by", "alice"})},
			},
			run: record{slog.LevelInfo, runAttrs("before_tool", "allow", "",
				[]string{"push-guard", "human"}, logAttr{"decided_by", "human"}, logAttr{"cause", "approver"})},
		},
		{
			name:  "a link named as the approver is told apart from it: only the approver's step says approver",
			links: []hc.Link{hc.Before("human", hc.Any(), answer(hc.Ask("push?"), nil))},
			approver: &hc.Approver{Name: "human", Timeout: time.Second, Answer: func(context.Context, hc.Question) (hc.Approval, error) {
				return hc.Approval{Decision: hc.Approve}, nil
			}},
			event: logBefore(logBashIn),
			steps: []record{
				{slog.LevelInfo, stepAttrs("before_tool", "human", "ask", "push?")},
				{slog.LevelInfo, append(stepAttrs("before_tool", "human", "allow", ""), logAttr{"approver", true})},
			},
			run: record{slog.LevelInfo, runAttrs("before_tool", "allow", "",
				[]string{"human", "human"}, logAttr{"decided_by", "human"}, logAttr{"cause", "approver"})},
		},
		{
			name: "a link that rewrote and asked in one answer is among those that changed the call",
			links: []hc.Link{
				hc.Before("pin-timeout", hc.Any(), answer(hc.Modify(logPinned, "added a 60s timeout"), nil)),
				hc.Before("confirm", hc.Any(), answer(hc.AskAbout(json.RawMessage(`{"command":"rm -rf build","timeout":30}`), "shorter?"), nil)),
			},
			approver: &hc.Approver{Name: "human", Timeout: time.Second, Answer: func(context.Context, hc.Question) (hc.Approval, error) {
				return hc.Approval{Decision: hc.Approve, By: "alice"}, nil
			}},
			event: logBefore(logBashIn),
			steps: []record{
				{slog.LevelInfo, stepAttrs("before_tool", "pin-timeout", "modify", "added a 60s timeout")},
				{slog.LevelInfo, stepAttrs("before_tool", "confirm", "ask", "shorter?")},
				{slog.LevelInfo, append(stepAttrs("before_tool", "human", "allow", ""), logAttr{"approver", true}, logAttr{"by", "alice"})},
			},
			run: record{slog.LevelInfo, runAttrs("before_tool", "modify", "pin-timeout: added a 60s timeout; confirm: shorter?",
				[]string{"pin-timeout", "confirm", "human"}, logAttr{"decided_by", "human"}, logAttr{"cause", "approver"},
				logAttr{"changed_by", []string{"pin-timeout", "confirm"}})},
		},
		{
			name:  "an allow is debug",
			links: []hc.Link{hc.Before("ok", hc.Any(), answer(hc.Allow(), nil))},
			event: logBefore(logBashIn),
			steps: []record{{slog.LevelDebug, stepAttrs("before_tool", "ok", "allow", "")}},
			run:   record{slog.LevelDebug, runAttrs("before_tool", "allow", "", []string{})},
		},
		{
			name:  "a denial is info and names who decided",
			links: []hc.Link{hc.Before("no-rm", hc.Any(), answer(hc.Deny("rm -rf is not allowed here"), nil))},
			event: logBefore(logBashIn),
			steps: []record{{slog.LevelInfo, stepAttrs("before_tool", "no-rm", "deny", "rm -rf is not allowed here")}},
			run: record{slog.LevelInfo, runAttrs("before_tool", "deny", "denied by no-rm: rm -rf is not allowed here",
				[]string{"no-rm"}, logAttr{"decided_by", "no-rm"}, logAttr{"cause", "link"})},
		},
		{
			name:  "a modify is info and names who changed the call",
			links: []hc.Link{hc.Before("pin-timeout", hc.Any(), answer(hc.Modify(logPinned, "added a 60s timeout"), nil))},
			event: logBefore(logBashIn),
			steps: []record{{slog.LevelInfo, stepAttrs("before_tool", "pin-timeout", "modify", "added a 60s timeout")}},
			run: record{slog.LevelInfo, runAttrs("before_tool", "modify", "pin-timeout: added a 60s timeout",
				[]string{"pin-timeout"}, logAttr{"changed_by", []string{"pin-timeout"}})},
		},
		{
			name:  "a replace is info and names who changed the call",
			links: []hc.Link{hc.After("redact", hc.Any(), answer(hc.Replace(hc.Text("[REDACTED]"), false, "an AWS key"), nil))},
			event: logAfter(hc.Text("AKIAIOSFODNN7EXAMPLE")),
			steps: []record{{slog.LevelInfo, stepAttrs("after_tool", "redact", "replace", "an AWS key")}},
			run: record{slog.LevelInfo, runAttrs("after_tool", "replace", "redact: an AWS key",
				[]string{"redact"}, logAttr{"changed_by", []string{"redact"}})},
		},
		{
			name: "a fail-open failure is a warning, and so is the run it did not change",
			links: []hc.Link{
				hc.Before("audit", hc.Any(), answer(hc.Outcome{}, errors.New("audit service down"))).FailOpen(),
				hc.Before("ok", hc.Any(), answer(hc.Allow(), nil)),
			},
			event: logBefore(logBashIn),
			steps: []record{
				{slog.LevelWarn, stepAttrs("before_tool", "audit", "allow", "", "audit service down")},
				{slog.LevelDebug, stepAttrs("before_tool", "ok", "allow", "")},
			},
			run: record{slog.LevelWarn, runAttrs("before_tool", "allow", "",
				[]string{"audit"}, logAttr{"failed", []string{"audit"}})},
		},
		{
			name: "a fail-closed failure is a warning, and so is the denial it led to",
			links: []hc.Link{
				hc.Before("policy", hc.Any(), answer(hc.Outcome{}, errors.New("policy server unreachable"))),
				hc.Before("never-asked", hc.Any(), answer(hc.Allow(), nil)),
			},
			event: logBefore(logBashIn),
			steps: []record{{slog.LevelWarn, stepAttrs("before_tool", "policy", "deny", "", "policy server unreachable")}},
			run: record{slog.LevelWarn, runAttrs("before_tool", "deny", "policy failed and denies on failure: policy server unreachable",
				[]string{"policy"}, logAttr{"decided_by", "policy"}, logAttr{"cause", "failure"}, logAttr{"failed", []string{"policy"}})},
		},
		{
			name: "a guard that refuses a rewritten call is named beside the rewriter",
			links: []hc.Link{
				hc.Before("ok", hc.Any(), answer(hc.Allow(), nil)),
				hc.Before("pin-timeout", hc.Any(), answer(hc.Modify(logPinned, "added a 60s timeout"), nil)),
				hc.Before("no-rm", hc.InputExists("timeout"), answer(hc.Deny("rm -rf is not allowed here"), nil)),
			},
			event: logBefore(logBashIn),
			steps: []record{
				{slog.LevelDebug, stepAttrs("before_tool", "ok", "allow", "")},
				{slog.LevelInfo, stepAttrs("before_tool", "pin-timeout", "modify", "added a 60s timeout")},
				{slog.LevelInfo, stepAttrs("before_tool", "no-rm", "deny", "rm -rf is not allowed here")},
			},
			run: record{slog.LevelInfo, runAttrs("before_tool", "deny", "denied by no-rm: rm -rf is not allowed here",
				[]string{"pin-timeout", "no-rm"}, logAttr{"decided_by", "no-rm"}, logAttr{"cause", "link"}, logAttr{"changed_by", []string{"pin-timeout"}})},
		},
		{
			name:  "the chain's own refusal is an info run with no step and no decider, and says why",
			links: []hc.Link{hc.Before("ok", hc.Any(), answer(hc.Allow(), nil))},
			event: logBefore(json.RawMessage(`{"command":`)),
			run: record{slog.LevelInfo, runAttrs("before_tool", "deny", "hookchain: the input is not valid JSON", []string{},
				logAttr{"cause", "chain"})},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := &recordingHandler{level: slog.LevelDebug}
			var seen reportsOf
			chain := hc.New(tt.links...)
			if tt.approver != nil {
				chain = chain.WithApprover(*tt.approver)
			}
			chain = chain.WithObserver(hc.LogObserver(slog.New(h))).WithObserver(seen.observer())

			chain.Run(context.Background(), tt.event)

			require.Len(t, seen.steps, len(tt.steps))
			require.Len(t, seen.runs, 1)
			var want []logLine
			for i, s := range tt.steps {
				attrs := append(s.attrs, logAttr{"duration", seen.steps[i].Duration})
				want = append(want, logLine{s.level, "hookchain step", attrs})
			}
			attrs := append(tt.run.attrs, logAttr{"duration", seen.runs[0].Duration})
			want = append(want, logLine{tt.run.level, "hookchain run", attrs})
			assert.Equal(t, want, h.lines())
		})
	}
}

func TestTheLogObserverWritesNothingAndAllocatesNothingAtALevelTheLoggerDoesNotHandle(t *testing.T) {
	h := &recordingHandler{level: slog.LevelInfo}
	chain := hc.New(
		hc.Before("ok", hc.Any(), answer(hc.Allow(), nil)),
		hc.Before("no-rm", hc.Tool("Other"), answer(hc.Deny("not asked"), nil)),
	).WithObserver(hc.LogObserver(slog.New(h)))

	out := chain.Run(context.Background(), logBefore(logBashIn))
	require.Equal(t, hc.Outcome{}, out)
	assert.Empty(t, h.lines(), "an allowed call is debug, below the logger's level")

	obs := hc.LogObserver(slog.New(h))
	step := hc.StepReport{Hook: hc.BeforeTool, Tool: "Bash", CallID: "toolu_1", Name: "ok", Duration: time.Microsecond}
	run := hc.RunReport{Event: logBefore(logBashIn), Duration: time.Microsecond}
	ctx := context.Background()
	assert.Zero(t, testing.AllocsPerRun(100, func() { obs.Step(ctx, step) }))
	assert.Zero(t, testing.AllocsPerRun(100, func() { obs.Run(ctx, run) }))
}

func TestTheLogObserverWithANilLoggerWritesToTheDefaultLoggerOfTheMoment(t *testing.T) {
	chain := hc.New(hc.Before("no-rm", hc.Any(), answer(hc.Deny("no"), nil))).WithObserver(hc.LogObserver(nil))

	h := &recordingHandler{level: slog.LevelDebug}
	testfiles.DefaultLogTo(t, h) // after the observer was built
	chain.Run(context.Background(), logBefore(logBashIn))

	lines := h.lines()
	require.Len(t, lines, 2)
	assert.Equal(t, "hookchain step", lines[0].Msg)
	assert.Equal(t, "hookchain run", lines[1].Msg)
}

func TestTheLogObserverSpellsAVerdictWithNoWireWordByItsName(t *testing.T) {
	h := &recordingHandler{level: slog.LevelDebug}
	obs := hc.LogObserver(slog.New(h))
	obs.Step(context.Background(), hc.StepReport{Hook: hc.BeforeTool, Tool: "Bash", Name: "odd", Verdict: hc.Verdict(200)})

	lines := h.lines()
	require.Len(t, lines, 1)
	assert.Equal(t, slog.LevelInfo, lines[0].Level)
	assert.Contains(t, lines[0].Attrs, logAttr{"verdict", "Verdict(200)"})
}

// The log observer writes what each link said and what the chain made of it.
// Here a rewriter pins a timeout and a later guard still refuses the call.
func ExampleLogObserver() {
	logger := slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{
		Level: slog.LevelDebug,
		ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey || a.Key == "duration" {
				return slog.Attr{} // they change from run to run
			}
			return a
		},
	}))
	chain := hc.New(
		hc.Before("pin-timeout", hc.And(hc.Tool("Bash"), hc.Not(hc.InputExists("timeout"))),
			func(ctx context.Context, e hc.Event) (hc.Outcome, error) {
				return hc.Modify(json.RawMessage(`{"command":"rm -rf /","timeout":60}`), "added a 60s timeout"), nil
			}),
		hc.Before("no-rm-root", hc.And(hc.Tool("Bash"), hc.InputMatches("command", `rm -rf /(\s|$)`)),
			func(ctx context.Context, e hc.Event) (hc.Outcome, error) {
				return hc.Deny("deleting the root directory is never right"), nil
			}),
	).WithObserver(hc.LogObserver(logger))

	chain.Run(context.Background(), hc.Event{
		Hook: hc.BeforeTool, Tool: "Bash", CallID: "toolu_01",
		Input: json.RawMessage(`{"command":"rm -rf /"}`),
	})
	// Output:
	// level=INFO msg="hookchain step" hook=before_tool tool=Bash call_id=toolu_01 link=pin-timeout verdict=modify reason="added a 60s timeout"
	// level=INFO msg="hookchain step" hook=before_tool tool=Bash call_id=toolu_01 link=no-rm-root verdict=deny reason="deleting the root directory is never right"
	// level=INFO msg="hookchain run" hook=before_tool tool=Bash call_id=toolu_01 verdict=deny reason="denied by no-rm-root: deleting the root directory is never right" trail="[pin-timeout no-rm-root]" decided_by=no-rm-root cause=link changed_by=[pin-timeout]
}
