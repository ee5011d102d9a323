package casefile

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// A want says what the outcome's reason must be in one of three ways:
// exactly (Reason), by a part of it (ReasonContains) or by a pattern
// (ReasonMatches). The reason is the sentence for people, and its wording
// may improve (see hookchain.Outcome); a case that pins only the part that
// matters keeps passing when the rest is reworded, while DecidedBy and
// Cause, which programs read, are still compared exactly.

// reasonWant is what a want says of the reason: the text a report shows,
// and whether a reason satisfies it.
type reasonWant struct {
	text  string
	holds func(reason string) bool
}

// wantedReason reads what w says of the reason. A want that gives more
// than one way, or a pattern that is not a regular expression, is an
// error, and its text says so: it can never be satisfied.
func wantedReason(w Want) (reasonWant, error) {
	var ways, texts []string
	var holds func(string) bool
	add := func(way, text string, h func(string) bool) {
		ways, texts, holds = append(ways, way), append(texts, text), h
	}
	if w.Reason != "" || w.ReasonContains == "" && w.ReasonMatches == "" {
		add("reason", strconv.Quote(w.Reason), func(r string) bool { return r == w.Reason })
	}
	if w.ReasonContains != "" {
		add("reason_contains", "containing "+strconv.Quote(w.ReasonContains),
			func(r string) bool { return strings.Contains(r, w.ReasonContains) })
	}
	var bad error
	if w.ReasonMatches != "" {
		text := "matching " + patternText(w.ReasonMatches)
		re, err := regexp.Compile(w.ReasonMatches)
		if err != nil {
			bad = fmt.Errorf("want.reason_matches: %w", err)
			add("reason_matches", text+" ("+err.Error()+")", nil)
		} else {
			add("reason_matches", text, re.MatchString)
		}
	}
	text := strings.Join(texts, " and ")
	if len(ways) > 1 {
		return reasonWant{text: text + " (give only one)"}, oneWay(ways)
	}
	if bad != nil {
		return reasonWant{text: text}, bad
	}
	return reasonWant{text, holds}, nil
}

// oneWay is the error of a want that says the reason in several ways: it
// would be satisfied by one and not the other.
func oneWay(ways []string) error {
	return fmt.Errorf("want gives %s: give only one", strings.Join(ways, " and "))
}

// patternText shows a regular expression as Go source usually holds one,
// between backquotes, so that its backslashes read as they are.
func patternText(expr string) string {
	if strconv.CanBackquote(expr) {
		return "`" + expr + "`"
	}
	return strconv.Quote(expr)
}

// decodeReason reads a want's reason keys. Beyond what wantedReason
// refuses, a file may not give two keys even when one is empty, nor an
// empty part or pattern, which every reason would satisfy.
func decodeReason(in wantIn) (exact, contains, matches string, err error) {
	var given []string
	for _, k := range []struct {
		name string
		v    *string
	}{{"reason", in.Reason}, {"reason_contains", in.ReasonContains}, {"reason_matches", in.ReasonMatches}} {
		if k.v != nil {
			given = append(given, k.name)
		}
		if k.v != nil && *k.v == "" && k.name != "reason" {
			return "", "", "", fmt.Errorf(`want.%s is empty, which every reason satisfies: to want no reason, write "reason": ""`, k.name)
		}
	}
	if len(given) > 1 {
		return "", "", "", oneWay(given)
	}
	deref := func(p *string) string {
		if p == nil {
			return ""
		}
		return *p
	}
	exact, contains, matches = deref(in.Reason), deref(in.ReasonContains), deref(in.ReasonMatches)
	if _, err := wantedReason(Want{ReasonMatches: matches}); err != nil {
		return "", "", "", err
	}
	return exact, contains, matches, nil
}

// keepReason returns w, taken from an outcome whose reason is got, with
// old's part or pattern in place of the exact reason when it still holds:
// update mode rewrites what changed, and the author chose to pin only that.
func keepReason(w, old Want, got string) Want {
	if old.ReasonContains == "" && old.ReasonMatches == "" {
		return w
	}
	if rw, err := wantedReason(old); err != nil || !rw.holds(got) {
		return w
	}
	w.Reason, w.ReasonContains, w.ReasonMatches = "", old.ReasonContains, old.ReasonMatches
	return w
}
