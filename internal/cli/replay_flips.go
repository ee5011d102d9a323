package cli

import (
	"strconv"

	"github.com/hookchain/hookchain/replay"
)

// The flips: how a call fares under the policy against the baseline.
const (
	newlyDenied    = "newly denied"
	newlyAllowed   = "newly allowed"
	changedRewrite = "changed rewrite"
)

// decision is what a policy made of a call, as much as a flip compares.
type decision struct {
	denied  bool   // denied (or asked, which no replay can grant)
	rewrite string // see rewrite
}

// decisionOf is a judged call's decision.
func decisionOf(j replay.Judged) decision {
	v := callVerdict(j)
	return decision{denied: v == verdictDeny || v == verdictAsk, rewrite: rewrite(j)}
}

// originalDecision is what happened to a call then, as a decision; false
// when that cannot be compared: a call the user rejected, one interrupted
// or one without a result says nothing about what a policy did.
func originalDecision(c replay.Call) (decision, bool) {
	switch c.Original() {
	case replay.Ran, replay.Errored:
		return decision{}, true
	case replay.Blocked, replay.Denied:
		return decision{denied: true}, true
	}
	return decision{}, false
}

// flip is how now differs from then: "" when it does not.
func flip(then, now decision) string {
	switch {
	case !then.denied && now.denied:
		return newlyDenied
	case then.denied && !now.denied:
		return newlyAllowed
	case !now.denied && then.rewrite != now.rewrite:
		return changedRewrite
	}
	return ""
}

// callKey names a call across two replays of the same files.
func callKey(c replay.Call) string {
	return c.File + "\x00" + strconv.Itoa(c.Line) + "\x00" + c.ID
}
