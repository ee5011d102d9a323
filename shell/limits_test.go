package shell

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"mvdan.cc/sh/v3/syntax"
)

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

func TestACommandPastTheSizeCapIsUnknownWithoutBeingRead(t *testing.T) {
	const size = 10 << 20
	for _, src := range []string{
		"rm -rf $X " + strings.Repeat("a", size),
		"echo '" + strings.Repeat("a", size) + "'",
		"git push $X origin " + strings.Repeat("a", size),
	} {
		t.Run(src[:12], func(t *testing.T) {
			assert.Equal(t, Script{Unknown: []string{
				fmt.Sprintf("too long to read: %d bytes, over the cap of 1048576", len(src))}}, Parse(src))
			e := bash(src)
			for _, m := range []*Matcher{
				Runs("command", "rm", "-r", "-f"),
				Rule("command", "rm -rf *"),
				Rule("command", "git push --force-with-lease origin *"),
			} {
				var matched bool
				bytes := allocated(func() { matched = m.Match(e) })
				assert.True(t, matched, "%v matches what it cannot read", m)
				assert.False(t, m.IfUnknown(false).Match(e), "%v", m)
				assert.Less(t, bytes, uint64(64<<10), "%v allocates %d bytes", m, bytes)
			}
		})
	}
}

func TestACommandJustUnderTheSizeCapIsRead(t *testing.T) {
	src := "rm -rf /tmp/x; echo '" + strings.Repeat("a", maxCommandBytes-32) + "'"
	require.LessOrEqual(t, len(src), maxCommandBytes)
	s := Parse(src)
	assert.Empty(t, s.Unknown)
	assert.True(t, Runs("command", "rm", "-r", "-f").IfUnknown(false).MatchScript(s))
}

// Reading costs memory in proportion to the command: the same text four
// times as long costs about four times as much, however it is built.
func TestReadingACommandCostsMemoryLinearInItsLength(t *testing.T) {
	if testing.Short() {
		t.Skip("seconds of reading long commands; run without -short, as .ci/run does")
	}
	units := map[string]string{
		"commands and substitutions": `x=$(a "$y") && b ${z:-w} | c; `,
		"dynamic arguments":          "rm -rf $X ",
		"a word of substitutions":    "$(a)",
		"wrappers":                   "sudo nice nohup env A=1 ",
		"here-documents":             "cat > f.go <<EOF\nfunc f() { return \"$x\" }\nEOF\n",
		"nested strings":             `bash -c "eval 'rm -rf \$x'"; `,
		"aliases":                    "alias r='ls -la'; r x; ",
		"functions reading input":    "f() { sh; }; echo ls | f; ",
		"git configuration":          "git config remote.o.push +m; git push; ",
		"scripts on the input":       "bash <<< 'ls -la' <<< 'rm -rf /'; ",
		"placeholders":               "find . | xargs -I{} sh -c 'echo {}'; ",
		"env -S":                     "env -S 'A=1 rm\\_-rf\\_/x'; ",
	}
	for name, unit := range units {
		t.Run(name, func(t *testing.T) {
			sizes := []int{maxCommandBytes / 4, maxCommandBytes}
			var cost [2]uint64
			for i, size := range sizes {
				src := strings.Repeat(unit, size/len(unit))
				m := Rule("command", "git push --force-with-lease origin *")
				cost[i] = allocated(func() { m.MatchScript(Parse(src)) })
				if !raceDetector {
					assert.Less(t, cost[i], uint64(400*size), "%d bytes for %d", cost[i], size)
				}
			}
			ratio := float64(cost[1]) / float64(cost[0])
			assert.InDelta(t, 4, ratio, 1.5, "%d then %d bytes", cost[0], cost[1])
		})
	}
}

func TestDeepNestingIsUnknownRatherThanAStackOverflow(t *testing.T) {
	const n = maxCommandBytes / 8
	for name, src := range map[string]string{
		"command substitutions": strings.Repeat("$(", n) + strings.Repeat(")", n),
		"in double quotes":      strings.Repeat(`"$(`, n/2) + strings.Repeat(`)"`, n/2),
		"subshells":             strings.Repeat("(", n) + "rm -rf /" + strings.Repeat(")", n),
		"a pipeline":            strings.Repeat("a|", n) + "rm -rf /",
		"an and-list":           strings.Repeat("a&&", n) + "rm -rf /",
		"ifs":                   strings.Repeat("if a; then ", n/4) + "rm -rf /" + strings.Repeat("; fi", n/4),
		"groups":                strings.Repeat("{ ", n) + "rm -rf /" + strings.Repeat("; }", n),
		"parameter defaults":    "echo " + strings.Repeat("${a:-", n) + strings.Repeat("}", n),
		"arithmetic":            "echo $((" + strings.Repeat("(", n) + "1" + strings.Repeat(")", n) + "))",
		"an arithmetic chain":   "echo $((" + strings.Repeat("1+", n) + "1))",
		"let":                   "let " + strings.Repeat("!", n) + "1",
		"tests":                 "[[ " + strings.Repeat("( ", n) + "a" + strings.Repeat(" )", n) + " ]]",
		"quoted closers":        strings.Repeat("$(echo ')' ", n/4),
		"here-documents":        strings.Repeat("$(cat <<E\n)\nE\n", n/4),
	} {
		t.Run(name, func(t *testing.T) {
			require.LessOrEqual(t, len(src), maxCommandBytes)
			s := Parse(src)
			assert.Contains(t, s.Unknown, "nested too deeply to read: more than 256 levels")
			assert.True(t, Runs("command", "rm", "-r", "-f").MatchScript(s))
		})
	}
}

func TestNestingWithinTheCapIsRead(t *testing.T) {
	src := strings.Repeat("echo $(", 40) + "rm -rf /" + strings.Repeat(")", 40)
	s := Parse(src)
	assert.Empty(t, s.Unknown)
	assert.True(t, Runs("command", "rm", "-r", "-f").IfUnknown(false).MatchScript(s))
}

func TestStringsInStringsPastTheDepthCapAreUnknown(t *testing.T) {
	src := "ls"
	for i := range maxDepth + 4 {
		q, _ := syntax.Quote(src, syntax.LangBash)
		src = []string{"bash -c ", "eval ", "sudo sh -c "}[i%3] + q
	}
	s := Parse(src)
	assert.Contains(t, s.Unknown[0], "nested too deeply: ")
	assert.True(t, Runs("command", "ls").MatchScript(s))
	assert.False(t, Runs("command", "ls").IfUnknown(false).MatchScript(s))
}

func TestATreeDeeperThanTheWalkCapIsUnknown(t *testing.T) {
	// The parser builds 1+1+…+1 in a loop, one tree level an operator;
	// the walk stops where the tree is too deep to descend.
	var x syntax.ArithmExpr = &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: "1"}}}
	for range maxTreeDepth {
		x = &syntax.BinaryArithm{Op: syntax.Add, X: x, Y: &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: "1"}}}}
	}
	var s Script
	w := walker{out: &s, budget: 1 << 20}
	w.stmt(&syntax.Stmt{Cmd: &syntax.ArithmCmd{X: x}}, ctx{})
	assert.Equal(t, []string{"nested too deeply to read: more than 2064 levels of syntax"}, s.Unknown)
}

func TestTooManyWrappersInARowAreUnknown(t *testing.T) {
	src := strings.Repeat("nice ", maxWrappers+8) + "rm -rf /"
	s := Parse(src)
	assert.Equal(t, []string{"more than 32 wrappers in a row: nice"}, s.Unknown)
	assert.Len(t, s.Commands, maxWrappers+1)
	assert.True(t, Runs("command", "rm", "-r", "-f").MatchScript(s))
	assert.True(t, Parse(strings.Repeat("nice ", maxWrappers)+"rm -rf /").Runs("rm", "-r", "-f"))
}

func TestReasonsAreClippedAndCounted(t *testing.T) {
	long := "$X" + strings.Repeat("a", 1000)
	s := Parse(long)
	require.Len(t, s.Unknown, 1)
	assert.Equal(t, "the program is a variable: "+long[:maxReasonBytes-len("the program is a variable: ")]+"…", s.Unknown[0])

	var b strings.Builder
	for i := range 100 {
		fmt.Fprintf(&b, "$X%d; ", i)
	}
	s = Parse(b.String())
	assert.Len(t, s.Unknown, maxReasons+1)
	assert.Equal(t, "and more that cannot be known", s.Unknown[maxReasons])
}

// The work spent on one command line is bounded by budgets, not by what
// the line asks for: past a budget the answer is the fail-closed one,
// and what was spent stays within it, whatever shape the line has.
func TestTheWorkOnOneCommandLineStaysWithinItsBudgetsAndPastThemTheAnswerFailsClosed(t *testing.T) {
	const size = 128 << 10
	fill := func(unit, tail string) string {
		return strings.Repeat(unit, (size-len(tail))/len(unit)) + tail
	}
	aliasFan := "alias e=ls\\;ls\\;ls\\;ls d='e;e;e;e' c='d;d;d;d' b='c;c;c;c' a='b;b;b;b' z='a;a;a;a'; z"
	evalGrowth := "ls"
	for range 4 {
		q, _ := syntax.Quote(evalGrowth, syntax.LangBash)
		evalGrowth = "eval {" + q + "," + q + "}{,}{,}{,}{,}{,}"
	}
	// eval eval … rm: each eval reads the rest as a script again.
	nestedEvals := fill("eval ", "rm -rf /tmp/x")
	for name, c := range map[string]struct {
		src, reason string
	}{
		"a line of brace ranges":         {fill("{1..1024} ", "; rm -rf /tmp/x"), "past the budget of brace expansions for one command line"},
		"a line of brace products":       {fill("{a,b}{c,d}{e,f}{g,h}{i,j}{k,l}{m,n}{o,p}{q,r}{s,t} ", "; rm -rf /tmp/x"), "past the budget of brace expansions for one command line"},
		"brace ranges far too large":     {fill("{1..100000000} ", "; rm -rf /tmp/x"), "past the budget of brace expansions for one command line"},
		"commands of brace ranges":       {fill("echo {1..1024}; ", "rm -rf /tmp/x"), "past the budget of brace expansions for one command line"},
		"brace ranges read by a shell":   {fill("echo {1..1024} | sh; ", "rm -rf /tmp/x"), "past the budget of brace expansions for one command line"},
		"an alias fan-out":               {aliasFan + "; rm -rf /tmp/x", "past the budget of 256 alias expansions for one command line"},
		"alias fan-outs on a long line":  {fill(aliasFan+"; ", "rm -rf /tmp/x"), "past the budget of 256 alias expansions for one command line"},
		"a chain of blank-ended aliases": {"alias a='a a '\n" + fill("a ", "\nrm -rf /tmp/x"), "too large to read: alias a"},
		"eval of growing braces":         {evalGrowth + "; rm -rf /tmp/x", "past the budget of brace expansions for one command line"},
		"nested evals":                   {nestedEvals, "too large to read: eval"},
		"a long line of words":           {fill("rm $X ", ""), ""},
		"a long line of commands":        {fill("ls -la; ", "rm -rf /tmp/x"), ""},
	} {
		t.Run(name, func(t *testing.T) {
			require.LessOrEqual(t, len(c.src), size+len(aliasFan)+32)
			var s Script
			var spent work
			bytes := allocated(func() { s, spent = read(c.src) })
			if c.reason != "" {
				assert.True(t, slices.ContainsFunc(s.Unknown, func(r string) bool { return strings.HasPrefix(r, c.reason) }),
					"no %q in %q", c.reason, s.Unknown)
			}
			assert.True(t, rmR.MatchScript(s), "%q", s.Unknown)
			assert.LessOrEqual(t, spent.braceWords, maxLineBraceWords+len(c.src)/64)
			assert.LessOrEqual(t, spent.aliasReads, maxAliasReads)
			assert.LessOrEqual(t, spent.scriptBytes, 3*len(c.src)+64<<10)
			words := 0
			for _, cmd := range s.Commands {
				words += 1 + len(cmd.Args)
			}
			// Every word read is a byte of script read, or one its braces
			// yield.
			assert.LessOrEqual(t, words, spent.scriptBytes+spent.braceWords, "words read")
			if !raceDetector {
				// The parser spends up to a few hundred bytes a byte of
				// command; the budgets keep the rest within a few MiB.
				assert.Less(t, bytes, uint64(400*len(c.src)+8<<20), "%d bytes", bytes)
			}
		})
	}
}
