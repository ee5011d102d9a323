package shell

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"mvdan.cc/sh/v3/syntax"
)

// treeDepth is how deeply the parser nested the tree of f: the depth of
// the syntax tree, where the left operand of an arithmetic operator, which
// the parser builds in a loop, is not a level.
func treeDepth(f *syntax.File) int {
	most := 0
	var walk func(n syntax.Node, d int)
	walk = func(n syntax.Node, d int) {
		most = max(most, d)
		syntax.Walk(n, func(c syntax.Node) bool {
			if c == nil || c == n {
				return c == n
			}
			next := d + 1
			if b, ok := n.(*syntax.BinaryArithm); ok && c == b.X {
				next = d
			}
			walk(c, next)
			return false
		})
	}
	walk(f, 0)
	return most
}

func TestNestingBoundsTheParsersDepth(t *testing.T) {
	for _, src := range []string{
		"ls",
		"a | b | c && d || e",
		"$(a $(b $(c)))",
		"echo \"$(a \"$(b)\")\"",
		"if a; then if b; then c; fi; fi",
		"while a; do for x in y; do case $x in a) (b);; esac; done; done",
		"f() { { a; }; }",
		"function f { g; }",
		"echo $((1 + (2 * (3 - 4))))",
		"a[1+2]=x; echo ${a[1+2]} ${x:1:2}",
		"let a=1+2+3",
		"[[ ( a && ( b || ! c ) ) ]]",
		"cat <<EOF\n$(a $(b))\nEOF",
		"cat <<'EOF'\n$(a $(b))\nEOF",
		"`a \\`b\\``",
		"coproc x { a; }",
		"${ a; }",
	} {
		t.Run(src, func(t *testing.T) {
			f, err := parse(src)
			if !assert.NoError(t, err) {
				return
			}
			n, over := nesting(src, maxNesting)
			assert.False(t, over)
			assert.LessOrEqual(t, treeDepth(f), 8*n+16, "scanned %d", n)
		})
	}
}

func TestDeepNestingIsCaughtBeforeParsing(t *testing.T) {
	const n = 100000
	for name, src := range map[string]string{
		"command substitutions": strings.Repeat("$(", n) + strings.Repeat(")", n),
		"subshells":             strings.Repeat("(", n) + "a" + strings.Repeat(")", n),
		"a pipeline":            strings.Repeat("a|", n) + "a",
		"an and-list":           strings.Repeat("a&&", n) + "a",
		"ifs":                   strings.Repeat("if ", n) + "a" + strings.Repeat("; then a; fi", n),
		"parameter defaults":    "echo " + strings.Repeat("${a:-", n) + strings.Repeat("}", n),
		"arithmetic":            "echo $((" + strings.Repeat("(", n) + "1" + strings.Repeat(")", n) + "))",
		"unary arithmetic":      "echo $((" + strings.Repeat("!", n) + "1))",
		"let":                   "let " + strings.Repeat("!", n) + "1",
		"a subscript":           "a[" + strings.Repeat("-", n) + "1]=x",
		"tests":                 "[[ " + strings.Repeat("( ", n) + "a" + strings.Repeat(" )", n) + " ]]",
		"double quotes":         strings.Repeat(`"$(`, n) + strings.Repeat(`)"`, n),
		"groups":                strings.Repeat("{ ", n) + "a" + strings.Repeat("; }", n),
		"quoted closers":        strings.Repeat("$(echo ')' ", n),
		"here-documents":        strings.Repeat("$(cat <<E\n)\nE\n", n),
		"functions":             strings.Repeat("function f { ", n),
	} {
		t.Run(name, func(t *testing.T) {
			assert.True(t, nestedTooDeeply(src, maxNesting))
		})
	}
}

// FuzzNestingBoundsTheParser checks the scan against the parser: whatever
// the parser accepts, it nests no deeper than the scan says.
func FuzzNestingBoundsTheParser(f *testing.F) {
	seedCommands(f)
	f.Add("cat <<EOF\n$(a $(b))\nEOF")
	f.Add("case x in a) $(b);; esac")
	f.Add("${x:-(} $(a)")
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 4096 {
			return
		}
		done := make(chan bool)
		var n int
		go func() {
			n, _ = nesting(src, 1<<30)
			close(done)
		}()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatalf("scan hangs")
		}
		p := syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.RecoverErrors(8))
		file, _ := p.Parse(strings.NewReader(src), "")
		if file == nil {
			return
		}
		if d := treeDepth(file); d > 8*n+16 {
			t.Fatalf("the tree is %d deep, the scan said %d", d, n)
		}
	})
}
