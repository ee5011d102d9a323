package hookchain

import (
	"context"
	"log/slog"
)

// LogObserver returns an Observer that writes what the chain does to l: one
// record for every link the chain asks (allows included) and one for every
// run. A nil l writes to slog.Default(), as it is when the record is written.
//
// Attribute names are stable, so that queries and alerts can be written
// against them. Step records have the message "hookchain step":
//
//	attribute  value
//	hook       "before_tool" or "after_tool"
//	tool       the tool's name as the model called it
//	call_id    the tool-use id ("" when the runtime has none)
//	link       the step's Name: the link's registered name, or the approver's
//	verdict    what the link answered, as its wire word: "allow", "deny",
//	           "modify", "replace", "ask"; a failure carries the verdict it led to
//	reason     the link's own words ("" when it gave none)
//	approver   true on the approver's step, whose name a link may share;
//	           present only then
//	by         the approver's step: who answered; present only when given
//	fault      why the link could not answer; present only when it failed
//	duration   how long the link took to answer (a time.Duration)
//
// Run records have the message "hookchain run":
//
//	attribute   value
//	hook        as above ("Hook(N)" for an event the chain refused for its hook)
//	tool        as above
//	call_id     as above
//	verdict     the chain's answer, as its wire word
//	reason      the Outcome's Reason: who decided and why
//	trail       the names of the links in the Outcome's Trail, in chain order
//	            (a []string; empty when nobody changed, refused or failed)
//	decided_by  Outcome.DecidedBy: the link whose denial or failure stopped
//	            the chain, or the approver; absent when empty
//	cause       Outcome.Cause as its word ("link", "failure", "approver",
//	            "no_approval", "chain", "caller"); absent when none
//	changed_by  the links that changed the call, in order (RunReport.ChangedBy:
//	            those that rewrote and asked in one answer included);
//	            present only when some did
//	failed      the links that could not answer, in order, fail-open ones
//	            included; present only when some did
//	duration    how long the whole run took
//
// Levels say what needs a look. A failure is a warning, and so is a run in
// which any link failed, even one that failed open and changed nothing: a
// guard that cannot answer is a problem whatever it led to. A denial, a
// change, an approver's answer (an approval too, and the run it approved),
// and anything else a link can say is Info; a link's allow is Debug, and so
// is a run that every link allowed and nobody approved, so a logger at the
// default Info level shows every call a link or the approver decided, and
// none of the calls that went through untouched.
//
// To keep the names apart from the host's own, give LogObserver a logger
// with a group: l.WithGroup("hookchain"). A record at a level l does not
// handle costs one Enabled call and nothing else.
func LogObserver(l *slog.Logger) Observer {
	logger := func() *slog.Logger {
		if l != nil {
			return l
		}
		return slog.Default()
	}
	return Observer{
		Step: func(ctx context.Context, r StepReport) {
			l := logger()
			level := stepLevel(r)
			if !l.Enabled(ctx, level) {
				return
			}
			attrs := make([]slog.Attr, 0, 9)
			attrs = append(attrs,
				slog.String("hook", r.Hook.String()),
				slog.String("tool", r.Tool),
				slog.String("call_id", r.CallID),
				slog.String("link", r.Name),
				slog.String("verdict", verdictWord(r.Verdict)),
				slog.String("reason", r.Reason),
			)
			if r.Approver {
				attrs = append(attrs, slog.Bool("approver", true))
			}
			if r.By != "" {
				attrs = append(attrs, slog.String("by", r.By))
			}
			if r.Fault != "" {
				attrs = append(attrs, slog.String("fault", r.Fault))
			}
			attrs = append(attrs, slog.Duration("duration", r.Duration))
			l.LogAttrs(ctx, level, "hookchain step", attrs...)
		},
		Run: func(ctx context.Context, r RunReport) {
			l := logger()
			trail := r.Outcome.Trail
			level := runLevel(r.Outcome)
			if !l.Enabled(ctx, level) {
				return
			}
			names := make([]string, len(trail))
			var failed []string
			for i, s := range trail {
				names[i] = s.Name
				if s.Fault != "" {
					failed = append(failed, s.Name)
				}
			}
			attrs := make([]slog.Attr, 0, 11)
			attrs = append(attrs,
				slog.String("hook", r.Event.Hook.String()),
				slog.String("tool", r.Event.Tool),
				slog.String("call_id", r.Event.CallID),
				slog.String("verdict", verdictWord(r.Outcome.Verdict)),
				slog.String("reason", r.Outcome.Reason),
				slog.Any("trail", names),
			)
			if by := r.Outcome.DecidedBy; by != "" {
				attrs = append(attrs, slog.String("decided_by", by))
			}
			if c := r.Outcome.Cause; c != CauseNone {
				attrs = append(attrs, slog.String("cause", c.String()))
			}
			if r.ChangedBy != nil {
				attrs = append(attrs, slog.Any("changed_by", r.ChangedBy))
			}
			if failed != nil {
				attrs = append(attrs, slog.Any("failed", failed))
			}
			attrs = append(attrs, slog.Duration("duration", r.Duration))
			l.LogAttrs(ctx, level, "hookchain run", attrs...)
		},
	}
}

func stepLevel(r StepReport) slog.Level {
	switch {
	case r.Fault != "":
		return slog.LevelWarn
	case r.Verdict == Allowed && !r.Approver:
		return slog.LevelDebug
	}
	return slog.LevelInfo
}

func runLevel(out Outcome) slog.Level {
	for _, s := range out.Trail {
		if s.Fault != "" {
			return slog.LevelWarn
		}
	}
	if out.Verdict == Allowed && out.Cause == CauseNone {
		// Every link allowed and nobody approved: nothing was decided.
		return slog.LevelDebug
	}
	return slog.LevelInfo
}

// verdictWord is the verdict as log queries spell it: its wire word, or its
// String form for a verdict that has none, so that a record is never lost
// to an encoding error.
func verdictWord(v Verdict) string {
	if b, err := v.MarshalText(); err == nil {
		return string(b)
	}
	return v.String()
}
