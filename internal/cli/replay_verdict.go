package cli

import (
	"bytes"
	"encoding/json"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/replay"
)

// The verdicts replay counts a call under: what came of it, before and
// after, in one word.
const (
	verdictAllow   = "allow"
	verdictDeny    = "deny"
	verdictModify  = "modify"
	verdictReplace = "replace"
	verdictAsk     = "ask"
	// verdictFaulted is a call a hook failed on that went on: not judged
	// by that hook, so never counted as allowed (a refused remote http
	// hook, a crash, a timeout of a hook that fails open).
	verdictFaulted = "faulted"
)

// callVerdict is the one word for what the chain made of a call.
func callVerdict(j replay.Judged) string {
	switch {
	case j.Before.Verdict == hookchain.Denied:
		return verdictDeny
	case j.Before.Verdict == hookchain.Asked:
		return verdictAsk
	case j.After != nil && j.After.Verdict == hookchain.Denied:
		return verdictDeny
	case len(faults(j)) > 0:
		return verdictFaulted
	case j.Before.Verdict == hookchain.Modified:
		return verdictModify
	case j.After != nil && j.After.Verdict == hookchain.Replaced:
		return verdictReplace
	}
	return verdictAllow
}

// outcomes are a call's outcomes, before and, when asked, after.
func outcomes(j replay.Judged) []hookchain.Outcome {
	if j.After == nil {
		return []hookchain.Outcome{j.Before}
	}
	return []hookchain.Outcome{j.Before, *j.After}
}

// faults are the steps of a call's outcomes whose link could not answer.
func faults(j replay.Judged) []hookchain.Step {
	var out []hookchain.Step
	for _, o := range outcomes(j) {
		for _, s := range o.Trail {
			if s.Fault != "" {
				out = append(out, s)
			}
		}
	}
	return out
}

// chainItself names the chain as the decider of a refusal no link gave.
const chainItself = "(the chain itself)"

// deciders are who decided a call's verdict: the link that denied, or
// those that rewrote.
func deciders(j replay.Judged, verdict string) []string {
	var names []string
	for _, o := range outcomes(j) {
		switch {
		case (verdict == verdictDeny || verdict == verdictAsk) && (o.Verdict == hookchain.Denied || o.Verdict == hookchain.Asked):
			if o.DecidedBy == "" {
				return []string{chainItself}
			}
			return []string{o.DecidedBy}
		case verdict == verdictModify || verdict == verdictReplace:
			for _, s := range o.Trail {
				if s.Verdict == hookchain.Modified || s.Verdict == hookchain.Replaced {
					names = append(names, s.Name)
				}
			}
		}
	}
	return names
}

// rewrite is what a call's outcomes changed, for telling two policies'
// rewrites apart: the input a Modified before gave and the output a
// Replaced after gave, compacted.
func rewrite(j replay.Judged) string {
	var b bytes.Buffer
	for _, o := range outcomes(j) {
		switch o.Verdict {
		case hookchain.Modified:
			b.WriteString("input:")
			compactTo(&b, o.Input)
		case hookchain.Replaced:
			b.WriteString("\x00output:")
			compactTo(&b, o.Output)
		}
	}
	return b.String()
}

func compactTo(b *bytes.Buffer, raw json.RawMessage) {
	if err := json.Compact(b, raw); err != nil {
		b.Write(raw)
	}
}
