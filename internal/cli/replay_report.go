package cli

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/replay"
)

// summary is what a replay found, as the last line of --json prints it
// and the report without --json shows it.
type summary struct {
	Files         int            `json:"files"`
	HistoryRoots  []string       `json:"history_roots,omitempty"` // the CLIs' histories read, when no PATH was given
	Calls         int            `json:"calls"`
	Verdicts      map[string]int `json:"verdicts"`
	DecidingHooks map[string]int `json:"deciding_hooks"`
	Tools         map[string]int `json:"tools"`
	Sessions      map[string]int `json:"sessions"`
	Originals     map[string]int `json:"originals"`
	NotJudged     map[string]int `json:"not_judged"`
	Window        *windowed      `json:"window,omitempty"` // --since and --until
	HookFaults    map[string]int `json:"hook_faults"`
	Problems      map[string]int `json:"reader_problems"`
	ProblemLines  []string       `json:"reader_problem_lines,omitempty"` // the first of them, file:line: kind: detail
	ReadErrors    []string       `json:"read_errors,omitempty"`          // files that could not be read to their end
	Flips         *flips         `json:"flips,omitempty"`
	Stopped       string         `json:"stopped,omitempty"` // why the replay ended before the last call: an interrupt

	// Not in the JSON: the calls the report without --json lists.
	denied, rewritten []listed
	flipped           []listed
}

// flips count the calls whose fate differs from the baseline's.
type flips struct {
	Against      string         `json:"against"` // "original": what happened then; "baseline settings"
	NewlyDenied  int            `json:"newly_denied"`
	NewlyAllowed int            `json:"newly_allowed"`
	Changed      int            `json:"changed_rewrite"`
	Unchanged    int            `json:"unchanged"`
	NotCompared  map[string]int `json:"not_compared,omitempty"` // by original, against it
}

// listed is one call the report names, with where it is.
type listed struct {
	where, tool, id, what string
	input                 string // the call's input, shown under it; "" for none
}

// The reasons a call was not judged whole.
const (
	notJudgedNoResult   = "no result recorded: the after-call hooks were not asked"
	notJudgedFaulted    = "a hook failed and the call went on: not judged by that hook"
	notJudgedIncomplete = "result incomplete (a preview or cut): after-call hooks judged less than the model saw"
)

func newSummary() *summary {
	return &summary{Verdicts: map[string]int{}, DecidingHooks: map[string]int{}, Tools: map[string]int{},
		Sessions: map[string]int{}, Originals: map[string]int{}, NotJudged: map[string]int{}, HookFaults: map[string]int{},
		Problems: map[string]int{}}
}

// maxListed bounds the calls of each list the report names; the counts
// are whole.
const maxListed = 50

// add counts one judged call, whose flip (against the baseline) is f.
func (s *summary) add(j replay.Judged, f string, full bool) {
	s.Calls++
	v := callVerdict(j)
	s.Verdicts[v]++
	for _, d := range deciders(j, v) {
		s.DecidingHooks[d]++
	}
	s.Tools[j.Call.Tool]++
	session := j.Call.Session
	if session == "" {
		session = j.Call.File
	}
	s.Sessions[session]++
	s.Originals[string(j.Call.Original())]++
	switch {
	case j.Call.Result == nil && v != verdictDeny && v != verdictAsk:
		s.NotJudged[notJudgedNoResult]++
	case j.After != nil && j.Call.Result.Incomplete:
		s.NotJudged[notJudgedIncomplete]++
	}
	if v == verdictFaulted {
		s.NotJudged[notJudgedFaulted]++
	}
	for _, st := range faults(j) {
		s.HookFaults[st.Name]++
	}
	at := listed{where: fmt.Sprintf("%s:%d", j.Call.File, j.Call.Line), tool: j.Call.Tool, id: j.Call.ID}
	at.input = callText(j, full)
	switch v {
	case verdictDeny, verdictAsk:
		at.what = reasonOf(j, hookchain.Denied, hookchain.Asked)
		s.denied = appendListed(s.denied, at)
	case verdictModify, verdictReplace:
		at.what = reasonOf(j, hookchain.Modified, hookchain.Replaced)
		s.rewritten = appendListed(s.rewritten, at)
	}
	if f != "" {
		at.what, at.input = f+": "+at.input, ""
		s.flipped = appendListed(s.flipped, at)
	}
}

func appendListed(l []listed, at listed) []listed {
	if len(l) >= maxListed {
		return l
	}
	return append(l, at)
}

// reasonOf is the reason of the first of a call's outcomes with one of
// the verdicts.
func reasonOf(j replay.Judged, verdicts ...hookchain.Verdict) string {
	for _, o := range outcomes(j) {
		if slices.Contains(verdicts, o.Verdict) {
			return o.Reason
		}
	}
	return ""
}

// maxShown is how much of a call's input the report shows, unless --full.
const maxShown = 160

// callText is the call's input, cut to maxShown characters unless full.
func callText(j replay.Judged, full bool) string {
	text := string(j.Call.Input)
	if r := []rune(text); !full && len(r) > maxShown {
		text = string(r[:maxShown]) + "…"
	}
	return text
}

// addStats counts what the readers met.
func (s *summary) addStats(st replay.Stats) {
	for k, n := range st.Counts {
		s.Problems[string(k)] += n
	}
	for _, p := range st.Problems {
		if len(s.ProblemLines) < maxListed {
			s.ProblemLines = append(s.ProblemLines, p.String())
		}
	}
}

// addFlip counts one call's flip, or that it could not be compared.
func (s *summary) addFlip(f string, compared bool, original replay.Original) {
	switch {
	case !compared:
		s.Flips.NotCompared[string(original)]++
	case f == newlyDenied:
		s.Flips.NewlyDenied++
	case f == newlyAllowed:
		s.Flips.NewlyAllowed++
	case f == changedRewrite:
		s.Flips.Changed++
	default:
		s.Flips.Unchanged++
	}
}

// write prints the report people read.
func (s *summary) write(w io.Writer) {
	fmt.Fprintf(w, "replayed %s from %s\n", count(s.Calls, "call"), count(s.Files, "file"))
	if len(s.HistoryRoots) > 0 {
		fmt.Fprintf(w, "read from %s (no PATH given): what the CLIs kept; Claude Code deletes\n"+
			"transcripts after cleanupPeriodDays (30 days by default): few calls here is not few calls made\n", strings.Join(s.HistoryRoots, ", "))
	}
	if t := s.Window; t != nil {
		fmt.Fprintf(w, "calls made %s\n", t.span())
		if t.NoTime > 0 {
			fmt.Fprintf(w, "fidelity: %s with no time recorded replayed: the window could not be checked on them\n", count(t.NoTime, "call"))
		}
	}
	if s.Stopped != "" {
		fmt.Fprintf(w, "stopped early: %s; what follows counts the calls replayed before\n", s.Stopped)
	}
	fmt.Fprintf(w, "\nverdicts: %s\n", inline(s.Verdicts))
	section(w, "by deciding hook", s.DecidingHooks)
	section(w, "by tool", s.Tools)
	section(w, "by session", s.Sessions)
	section(w, "what happened then", s.Originals)
	calls(w, "denied", s.denied, s.Verdicts[verdictDeny]+s.Verdicts[verdictAsk])
	calls(w, "rewritten", s.rewritten, s.Verdicts[verdictModify]+s.Verdicts[verdictReplace])
	section(w, "not judged", s.NotJudged)
	section(w, "hook faults", s.HookFaults)
	section(w, "reader problems", s.Problems)
	for _, p := range s.ProblemLines {
		fmt.Fprintf(w, "  %s\n", p)
	}
	for _, e := range s.ReadErrors {
		fmt.Fprintf(w, "unreadable: %s\n", e)
	}
	if f := s.Flips; f != nil {
		fmt.Fprintf(w, "\nflips against %s: newly denied %d, newly allowed %d, changed rewrite %d, unchanged %d\n",
			f.Against, f.NewlyDenied, f.NewlyAllowed, f.Changed, f.Unchanged)
		if len(f.NotCompared) > 0 {
			fmt.Fprintf(w, "  not compared: %s\n", inline(f.NotCompared))
		}
		for _, l := range s.flipped {
			fmt.Fprintf(w, "  %s  %s %s  %s\n", l.where, l.tool, l.id, l.what)
		}
	}
}

// section prints counts by key, most first, under a title; nothing when
// there are none.
func section(w io.Writer, title string, counts map[string]int) {
	if len(counts) == 0 {
		return
	}
	fmt.Fprintf(w, "\n%s:\n", title)
	for _, k := range byCount(counts) {
		fmt.Fprintf(w, "  %6d  %s\n", counts[k], k)
	}
}

// calls prints a list of calls, saying how many it leaves out.
func calls(w io.Writer, title string, l []listed, total int) {
	if total == 0 {
		return
	}
	fmt.Fprintf(w, "\n%s (%d):\n", title, total)
	for _, c := range l {
		fmt.Fprintf(w, "  %s  %s %s  %s\n", c.where, c.tool, c.id, c.what)
		if c.input != "" {
			fmt.Fprintf(w, "      %s\n", c.input)
		}
	}
	if total > len(l) {
		fmt.Fprintf(w, "  … and %d more (--json lists every call)\n", total-len(l))
	}
}

// inline is counts on one line, most first: "10 allow, 3 deny".
func inline(counts map[string]int) string {
	var parts []string
	for _, k := range byCount(counts) {
		parts = append(parts, fmt.Sprintf("%d %s", counts[k], k))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// byCount is the keys of counts, most first, then by name.
func byCount(counts map[string]int) []string {
	keys := slices.Sorted(maps.Keys(counts))
	slices.SortStableFunc(keys, func(a, b string) int { return counts[b] - counts[a] })
	return keys
}
