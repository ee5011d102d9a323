package hookchain_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hc "github.com/hookchain/hookchain"
)

// namer is a matcher of the user's own that reports tool names: it matches
// the tools in match (every tool when match is nil), says it matches the
// tools in names, and notes every tool it is asked about.
type namer struct {
	names []string
	match []string
	panic bool

	mu    sync.Mutex
	asked []string
}

func (n *namer) Match(e hc.Event) bool {
	n.mu.Lock()
	n.asked = append(n.asked, e.Tool)
	n.mu.Unlock()
	if n.match == nil {
		return true
	}
	for _, t := range n.match {
		if t == e.Tool {
			return true
		}
	}
	return false
}

func (n *namer) ToolNames() []string {
	if n.panic {
		panic("ToolNames broke")
	}
	return n.names
}

func (n *namer) String() string { return fmt.Sprintf("namer(%q)", n.names) }

func callTo(tool string) hc.Event {
	return hc.Event{Hook: hc.BeforeTool, Tool: tool, CallID: "toolu_1", Input: bashIn}
}

// manyTools names more tools than a chain looks through one by one, so
// that its plan hashes the name instead.
var manyTools = []string{"T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8", "T9", "T10"}

func TestAMatcherThatReportsToolNamesIsAskedOnlyAboutThoseTools(t *testing.T) {
	calls := []string{"Read", "Grep", "Bash", "Write", "T1"}
	tests := []struct {
		name   string
		links  func(m hc.Matcher) []hc.Link
		denied []string // the calls the "guard" link denies
	}{
		{"alone in its chain", func(m hc.Matcher) []hc.Link {
			return []hc.Link{hc.Before("guard", m, answering(hc.Deny("no")))}
		}, []string{"Read", "Grep"}},
		{"beside a link for any tool", func(m hc.Matcher) []hc.Link {
			return []hc.Link{hc.Before("any", hc.Any(), answering(hc.Allow())), hc.Before("guard", m, answering(hc.Deny("no")))}
		}, []string{"Read", "Grep"}},
		{"beside links naming more tools than a plan looks through one by one", func(m hc.Matcher) []hc.Link {
			return []hc.Link{hc.Before("many", hc.Tool(manyTools...), answering(hc.Allow())), hc.Before("guard", m, answering(hc.Deny("no")))}
		}, []string{"Read", "Grep"}},
		{"registered at both hooks", func(m hc.Matcher) []hc.Link {
			return []hc.Link{hc.On("guard", m, answering(hc.Deny("no")))}
		}, []string{"Read", "Grep"}},
		{"in an And, which narrows it", func(m hc.Matcher) []hc.Link {
			return []hc.Link{hc.Before("guard", hc.And(hc.Tool("Grep", "Bash"), m), answering(hc.Deny("no")))}
		}, []string{"Grep"}},
		{"in an Or beside a name it does not list", func(m hc.Matcher) []hc.Link {
			return []hc.Link{hc.Before("guard", hc.Or(m, hc.Tool("Bash")), answering(hc.Deny("no")))}
		}, []string{"Read", "Grep", "Bash"}},
		{"in an Or beside a matcher for any tool", func(m hc.Matcher) []hc.Link {
			return []hc.Link{hc.Before("guard", hc.Or(m, hc.InputExists("nope")), answering(hc.Deny("no")))}
		}, []string{"Read", "Grep"}},
		{"under a Not, which matches every call it does not", func(m hc.Matcher) []hc.Link {
			return []hc.Link{hc.Before("guard", hc.Not(m), answering(hc.Deny("no")))}
		}, []string{"Bash", "Write", "T1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := &namer{names: []string{"Read", "Grep"}}
			c := hc.New(tt.links(m)...)
			var denied []string
			for _, tool := range calls {
				out := c.Run(context.Background(), callTo(tool))
				switch out.Verdict {
				case hc.Denied:
					assert.Equal(t, hc.Outcome{Verdict: hc.Denied, Reason: "denied by guard: no", DecidedBy: "guard", Cause: hc.CauseLink,
						Trail: []hc.Step{{Name: "guard", Verdict: hc.Denied, Reason: "no"}}}, out, tool)
					denied = append(denied, tool)
				default:
					assert.Equal(t, hc.Outcome{}, out, tool)
				}
			}
			assert.Equal(t, tt.denied, denied)
			for _, tool := range m.asked {
				assert.Contains(t, []string{"Read", "Grep"}, tool, "the matcher was asked about a tool it does not name")
			}
		})
	}
}

func TestAMatcherThatLeavesOutAToolItMatchesLosesOnlyItsOwnLinkForThatTool(t *testing.T) {
	// liar matches every tool but names only Read: a mistake. Its link is
	// not asked about Bash; every other guard is, and decides.
	liar := &namer{names: []string{"Read"}}
	tests := []struct {
		name  string
		links []hc.Link
		tool  string
		want  hc.Outcome
	}{
		{"the liar's own link, for a tool it names", []hc.Link{hc.Before("liar", liar, answering(hc.Deny("mine")))}, "Read",
			hc.Outcome{Verdict: hc.Denied, Reason: "denied by liar: mine", DecidedBy: "liar", Cause: hc.CauseLink,
				Trail: []hc.Step{{Name: "liar", Verdict: hc.Denied, Reason: "mine"}}}},
		{"the liar's own link, for a tool it leaves out", []hc.Link{hc.Before("liar", liar, answering(hc.Deny("mine")))}, "Bash",
			hc.Outcome{}},
		{"a guard after it for any tool", []hc.Link{
			hc.Before("liar", liar, answering(hc.Deny("mine"))),
			hc.Before("catch-all", hc.Any(), answering(hc.Deny("everyone's"))),
		}, "Bash", hc.Outcome{Verdict: hc.Denied, Reason: "denied by catch-all: everyone's", DecidedBy: "catch-all", Cause: hc.CauseLink,
			Trail: []hc.Step{{Name: "catch-all", Verdict: hc.Denied, Reason: "everyone's"}}}},
		{"a guard after it naming the tool it leaves out", []hc.Link{
			hc.Before("liar", liar, answering(hc.Deny("mine"))),
			hc.Before("bash-guard", hc.Tool("Bash"), answering(hc.Deny("bash's"))),
		}, "Bash", hc.Outcome{Verdict: hc.Denied, Reason: "denied by bash-guard: bash's", DecidedBy: "bash-guard", Cause: hc.CauseLink,
			Trail: []hc.Step{{Name: "bash-guard", Verdict: hc.Denied, Reason: "bash's"}}}},
		{"a guard before it naming the tool it leaves out, among many names", []hc.Link{
			hc.Before("bash-guard", hc.Tool(append([]string{"Bash"}, manyTools...)...), answering(hc.Deny("bash's"))),
			hc.Before("liar", liar, answering(hc.Deny("mine"))),
		}, "Bash", hc.Outcome{Verdict: hc.Denied, Reason: "denied by bash-guard: bash's", DecidedBy: "bash-guard", Cause: hc.CauseLink,
			Trail: []hc.Step{{Name: "bash-guard", Verdict: hc.Denied, Reason: "bash's"}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			liar.asked = nil
			assert.Equal(t, tt.want, hc.New(tt.links...).Run(context.Background(), callTo(tt.tool)))
			if tt.tool != "Read" {
				assert.Empty(t, liar.asked, "the liar is never asked about a tool it leaves out")
			}
		})
	}
}

func TestAMatcherThatReportsNoUsableToolNamesIsAskedAboutEveryCall(t *testing.T) {
	tests := []struct {
		name string
		m    *namer
	}{
		{"nil", &namer{names: nil}},
		{"an empty list", &namer{names: []string{}}},
		{"only empty names", &namer{names: []string{"", ""}}},
		{"a ToolNames that panics", &namer{names: []string{"Read"}, panic: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var c *hc.Chain
			require.NotPanics(t, func() {
				var err error
				c, err = hc.Build(hc.Before("guard", tt.m, answering(hc.Deny("no"))), hc.Before("other", hc.Tool("Other"), answering(hc.Allow())))
				require.NoError(t, err)
			})
			for _, tool := range []string{"Read", "Bash", "Other"} {
				assert.Equal(t, hc.Denied, c.Run(context.Background(), callTo(tool)).Verdict, tool)
			}
			assert.Equal(t, []string{"Read", "Bash", "Other"}, tt.m.asked, "never skipped: a mistake in the names costs asking, not the guard")
		})
	}
}

func TestAMatchersToolNamesAreTakenWhenTheChainIsBuilt(t *testing.T) {
	names := []string{"Read", "Read", "Grep"}
	m := &namer{names: names}
	c := hc.New(hc.Before("guard", m, answering(hc.Deny("no"))))
	names[0], names[2] = "Bash", "Bash" // written after Build: the chain kept its own copy
	m.names = []string{"Write"}

	assert.Equal(t, hc.Denied, c.Run(context.Background(), callTo("Read")).Verdict)
	assert.Equal(t, hc.Denied, c.Run(context.Background(), callTo("Grep")).Verdict)
	assert.Equal(t, hc.Allowed, c.Run(context.Background(), callTo("Bash")).Verdict)
	assert.Equal(t, hc.Allowed, c.Run(context.Background(), callTo("Write")).Verdict)
	assert.Equal(t, []string{"Read", "Grep"}, m.asked)
}

func TestTheBuiltInMatchersReportTheirToolNames(t *testing.T) {
	tests := []struct {
		name string
		m    hc.Matcher
		want []string
	}{
		{"Tool, without repeats", hc.Tool("Read", "Grep", "Read"), []string{"Read", "Grep"}},
		{"a ToolGlob without '*'", hc.ToolGlob("Read | Grep"), []string{"Read", "Grep"}},
		{"a ToolGlob with '*': any tool", hc.ToolGlob("mcp__*"), nil},
		{"a literal ToolRegexp", hc.ToolRegexp("Edit|Write"), []string{"Edit", "Write"}},
		{"a ToolRegexp of many names: any tool", hc.ToolRegexp("mcp__.*"), nil},
		{"an And: what its members share", hc.And(hc.Tool("A", "B"), hc.InputExists("x"), hc.Tool("B", "C")), []string{"B"}},
		{"an And whose members share nothing: no tool", hc.And(hc.Tool("A"), hc.Tool("B")), []string{}},
		{"an And of no names: any tool", hc.And(hc.InputExists("x")), nil},
		{"an Or: every name", hc.Or(hc.Tool("A"), hc.Tool("B", "A")), []string{"A", "B"}},
		{"an Or with a member for any tool: any tool", hc.Or(hc.Tool("A"), hc.Any()), nil},
		{"an And with a matcher of the user's own", hc.And(&namer{names: []string{"A", "B"}}, hc.Tool("B", "C")), []string{"B"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n, ok := tt.m.(hc.ToolNamer)
			require.True(t, ok, "%s is a ToolNamer", tt.m)
			got := n.ToolNames()
			assert.Equal(t, tt.want, got)
			if len(got) > 0 {
				got[0] = "changed"
				assert.Equal(t, tt.want, n.ToolNames(), "the list is the caller's own copy")
			}
		})
	}
}

// forwarding is a matcher of the user's own built on a built-in one, which
// reports the built-in's names as its own.
type forwarding struct{ inner hc.Matcher }

func (f forwarding) Match(e hc.Event) bool { return f.inner.Match(e) && e.CallID != "skip" }
func (f forwarding) ToolNames() []string {
	if n, ok := f.inner.(hc.ToolNamer); ok {
		return n.ToolNames()
	}
	return nil
}

func TestAMatcherOfTheUsersOwnCanForwardABuiltInsToolNames(t *testing.T) {
	asked := map[string]int{}
	var mu sync.Mutex
	guard := func(ctx context.Context, e hc.Event) (hc.Outcome, error) {
		mu.Lock()
		asked[e.Tool]++
		mu.Unlock()
		return hc.Deny("no"), nil
	}
	c := hc.New(hc.Before("guard", forwarding{hc.ToolGlob("Bash|Write")}, guard))
	for _, tool := range []string{"Bash", "Write", "Read"} {
		c.Run(context.Background(), callTo(tool))
	}
	skipped := callTo("Bash")
	skipped.CallID = "skip"
	assert.Equal(t, hc.Outcome{}, c.Run(context.Background(), skipped), "its own Match still decides for the tools it names")
	assert.Equal(t, map[string]int{"Bash": 1, "Write": 1}, asked)
}
