package hookchain_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"regexp/syntax"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain/internal/testfiles"

	hc "github.com/hookchain/hookchain"
)

// call is an event for tool with input, at the hook most matchers are used at.
func call(tool, input string) hc.Event {
	e := hc.Event{Hook: hc.BeforeTool, Tool: tool}
	if input != "" {
		e.Input = json.RawMessage(input)
	}
	return e
}

// matchRow is one question put to one matcher: does it match this call?
type matchRow struct {
	name  string
	m     hc.Matcher
	tool  string
	input string
	want  bool
}

func runMatchRows(t *testing.T, rows []matchRow) {
	t.Helper()
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			tool := r.tool
			if tool == "" {
				tool = "Bash"
			}
			input := []byte(r.input)
			assert.Equal(t, r.want, r.m.Match(call(tool, r.input)), "%v on tool %q, input %s", r.m, tool, r.input)
			assert.Equal(t, r.input, string(input), "a matcher must not write to the input")
		})
	}
}

func TestToolNameMatchers(t *testing.T) {
	runMatchRows(t, []matchRow{
		{"Any matches every tool", hc.Any(), "Bash", `{}`, true},
		{"Any matches an empty input", hc.Any(), "mcp__x__y", "", true},

		{"Tool matches its exact name", hc.Tool("Bash"), "Bash", `{}`, true},
		{"Tool does not fold case", hc.Tool("Bash"), "bash", `{}`, false},
		{"Tool does not match a longer name", hc.Tool("Bash"), "BashOutput", `{}`, false},
		{"Tool does not match a prefix of its name", hc.Tool("Bash"), "Bas", `{}`, false},
		{"Tool with several names matches the first", hc.Tool("Edit", "Write"), "Edit", `{}`, true},
		{"Tool with several names matches the last", hc.Tool("Edit", "Write"), "Write", `{}`, true},
		{"Tool with several names matches none of the others", hc.Tool("Edit", "Write"), "NotebookEdit", `{}`, false},

		{"ToolGlob star at the end matches a suffix", hc.ToolGlob("mcp__github__*"), "mcp__github__create_issue", `{}`, true},
		{"ToolGlob star matches an empty run", hc.ToolGlob("mcp__github__*"), "mcp__github__", `{}`, true},
		{"ToolGlob star at the end needs the whole prefix", hc.ToolGlob("mcp__github__*"), "mcp__github", `{}`, false},
		{"ToolGlob star at the end does not match another server", hc.ToolGlob("mcp__github__*"), "mcp__gitlab__create_issue", `{}`, false},
		{"ToolGlob star at the start matches a prefix", hc.ToolGlob("*_file"), "read_file", `{}`, true},
		{"ToolGlob star at the start still anchors the end", hc.ToolGlob("*_file"), "read_files", `{}`, false},
		{"ToolGlob star in the middle", hc.ToolGlob("mcp__*__delete"), "mcp__fs__delete", `{}`, true},
		{"ToolGlob star in the middle anchors both ends", hc.ToolGlob("mcp__*__delete"), "mcp__fs__delete_all", `{}`, false},
		{"ToolGlob several stars match in order", hc.ToolGlob("a*b*c"), "aXXbYYc", `{}`, true},
		{"ToolGlob several stars backtrack", hc.ToolGlob("a*b*c"), "abcbc", `{}`, true},
		{"ToolGlob several stars need their letters in order", hc.ToolGlob("a*b*c"), "acb", `{}`, false},
		{"ToolGlob several stars still anchor the end", hc.ToolGlob("a*b*c"), "abcab", `{}`, false},
		{"ToolGlob alternatives match a glob branch", hc.ToolGlob("mcp__github__*|Bash"), "mcp__github__push", `{}`, true},
		{"ToolGlob alternatives match an exact branch", hc.ToolGlob("mcp__github__*|Bash"), "Bash", `{}`, true},
		{"ToolGlob an exact branch does not match a longer name", hc.ToolGlob("mcp__github__*|Bash"), "Bashful", `{}`, false},
		{"ToolGlob alternatives match nothing else", hc.ToolGlob("mcp__github__*|Bash"), "Edit", `{}`, false},
		{"ToolGlob ignores spaces around a bar", hc.ToolGlob(" Edit | Write "), "Write", `{}`, true},
		{"ToolGlob ignores spaces before the first bar", hc.ToolGlob(" Edit | Write "), "Edit", `{}`, true},
		{"ToolGlob keeps spaces out of the name", hc.ToolGlob(" Edit | Write "), " Edit", `{}`, false},
		{"ToolGlob star alone matches every tool", hc.ToolGlob("*"), "anything_at_all", `{}`, true},
		{"ToolGlob without a star is an exact name", hc.ToolGlob("Bash"), "Bash", `{}`, true},
		{"ToolGlob without a star does not match a partial name", hc.ToolGlob("Bash"), "Bas", `{}`, false},
		{"ToolGlob without a star does not match inside a name", hc.ToolGlob("Edit|Write"), "NotebookEdit", `{}`, false},
		{"ToolGlob question mark is a plain character", hc.ToolGlob("a?c"), "a?c", `{}`, true},
		{"ToolGlob question mark is not a wildcard", hc.ToolGlob("a?c"), "abc", `{}`, false},
		{"ToolGlob dot is a plain character", hc.ToolGlob("*.*"), "ab", `{}`, false},

		{"ToolRegexp matches the first alternative whole", hc.ToolRegexp("Edit|Write"), "Edit", `{}`, true},
		{"ToolRegexp matches the second alternative whole", hc.ToolRegexp("Edit|Write"), "Write", `{}`, true},
		{"ToolRegexp is anchored at the start", hc.ToolRegexp("Edit|Write"), "NotebookEdit", `{}`, false},
		{"ToolRegexp is anchored at the end", hc.ToolRegexp("Edit|Write"), "Editor", `{}`, false},
		{"ToolRegexp with a wildcard matches the whole name", hc.ToolRegexp("mcp__.*"), "mcp__fs__read", `{}`, true},
		{"ToolRegexp with a wildcard is still anchored", hc.ToolRegexp("mcp__.*"), "x_mcp__fs__read", `{}`, false},
		{"ToolRegexp honours its own flags", hc.ToolRegexp("(?i)bash"), "BASH", `{}`, true},
	})
}

func TestInputMatchers(t *testing.T) {
	runMatchRows(t, []matchRow{
		{"InputEquals a string equals the same string", hc.InputEquals("command", "ls"), "", `{"command":"ls"}`, true},
		{"InputEquals a string does not equal a longer one", hc.InputEquals("command", "ls"), "", `{"command":"ls -la"}`, false},
		{"InputEquals a string does not equal null", hc.InputEquals("command", "ls"), "", `{"command":null}`, false},
		{"InputEquals a string does not equal a missing field", hc.InputEquals("command", "ls"), "", `{}`, false},
		{"InputEquals a string does not equal an array holding it", hc.InputEquals("command", "ls"), "", `{"command":["ls"]}`, false},
		{"InputEquals a string is compared unescaped", hc.InputEquals("s", `a"é`), "", `{"s":"a\"\u00e9"}`, true},
		{"InputEquals follows a nested path", hc.InputEquals("a.b", "x"), "", `{"a":{"b":"x"}}`, true},
		{"InputEquals a nested path needs the nesting", hc.InputEquals("a.b", "x"), "", `{"a.b":"x","b":"x"}`, false},

		{"InputEquals an int equals the same integer", hc.InputEquals("timeout", 30), "", `{"timeout":30}`, true},
		{"InputEquals an int equals a decimal of the same value", hc.InputEquals("timeout", 30), "", `{"timeout":30.0}`, true},
		{"InputEquals an int equals an exponent of the same value", hc.InputEquals("timeout", 30), "", `{"timeout":3e1}`, true},
		{"InputEquals an int does not equal another number", hc.InputEquals("timeout", 30), "", `{"timeout":31}`, false},
		{"InputEquals an int does not equal a fraction near it", hc.InputEquals("timeout", 30), "", `{"timeout":30.5}`, false},
		{"InputEquals an int does not equal its digits as a string", hc.InputEquals("timeout", 30), "", `{"timeout":"30"}`, false},
		{"InputEquals a string of digits does not equal the number", hc.InputEquals("timeout", "30"), "", `{"timeout":30}`, false},
		{"InputEquals a string of digits equals the string", hc.InputEquals("timeout", "30"), "", `{"timeout":"30"}`, true},
		{"InputEquals a negative int64", hc.InputEquals("n", int64(-7)), "", `{"n":-7}`, true},
		{"InputEquals a uint8", hc.InputEquals("n", uint8(200)), "", `{"n":200}`, true},
		{"InputEquals a float equals an integer of the same value", hc.InputEquals("timeout", 30.0), "", `{"timeout":30}`, true},
		{"InputEquals a float equals the same fraction", hc.InputEquals("ratio", 0.25), "", `{"ratio":2.5e-1}`, true},
		{"InputEquals a float32 equals its exact value", hc.InputEquals("ratio", float32(1.5)), "", `{"ratio":1.5}`, true},
		{"InputEquals a float does not equal another", hc.InputEquals("ratio", 0.25), "", `{"ratio":0.26}`, false},

		{"InputEquals a big integer equals itself", hc.InputEquals("id", int64(1<<53+1)), "", `{"id":9007199254740993}`, true},
		{"InputEquals a big integer does not equal the one below", hc.InputEquals("id", int64(1<<53+1)), "", `{"id":9007199254740992}`, false},
		{"InputEquals a big integer does not equal the one above", hc.InputEquals("id", int64(1<<53+1)), "", `{"id":9007199254740994}`, false},
		{"InputEquals a big negative integer equals itself", hc.InputEquals("id", int64(-(1<<53)-1)), "", `{"id":-9007199254740993}`, true},
		{"InputEquals a big negative integer does not equal its neighbour", hc.InputEquals("id", int64(-(1<<53)-1)), "", `{"id":-9007199254740992}`, false},
		{"InputEquals the largest int64 equals itself", hc.InputEquals("id", int64(math.MaxInt64)), "", `{"id":9223372036854775807}`, true},
		{"InputEquals the largest int64 does not equal its neighbour", hc.InputEquals("id", int64(math.MaxInt64)), "", `{"id":9223372036854775806}`, false},

		{"InputEquals a json.Number equals the number", hc.InputEquals("timeout", json.Number("30")), "", `{"timeout":30}`, true},
		{"InputEquals a json.Number equals a decimal of it", hc.InputEquals("timeout", json.Number("30")), "", `{"timeout":30.0}`, true},
		{"InputEquals a json.Number is not a string", hc.InputEquals("timeout", json.Number("30")), "", `{"timeout":"30"}`, false},
		{"InputEquals a fractional json.Number", hc.InputEquals("ratio", json.Number("0.1")), "", `{"ratio":1e-1}`, true},
		{"InputEquals a big json.Number equals itself", hc.InputEquals("id", json.Number("9007199254740993")), "", `{"id":9007199254740993}`, true},
		{"InputEquals a big json.Number does not equal its neighbour", hc.InputEquals("id", json.Number("9007199254740993")), "", `{"id":9007199254740992}`, false},

		{"InputEquals true equals true", hc.InputEquals("dry", true), "", `{"dry":true}`, true},
		{"InputEquals true does not equal false", hc.InputEquals("dry", true), "", `{"dry":false}`, false},
		{"InputEquals true does not equal the string", hc.InputEquals("dry", true), "", `{"dry":"true"}`, false},
		{"InputEquals true does not equal one", hc.InputEquals("dry", true), "", `{"dry":1}`, false},
		{"InputEquals false equals false", hc.InputEquals("dry", false), "", `{"dry":false}`, true},
		{"InputEquals false does not equal a missing field", hc.InputEquals("dry", false), "", `{}`, false},
		{"InputEquals nil equals JSON null", hc.InputEquals("x", nil), "", `{"x":null}`, true},
		{"InputEquals nil does not equal a missing field", hc.InputEquals("x", nil), "", `{}`, false},
		{"InputEquals nil does not equal zero", hc.InputEquals("x", nil), "", `{"x":0}`, false},
		{"InputEquals nil does not equal the string null", hc.InputEquals("x", nil), "", `{"x":"null"}`, false},

		{"InputMatches is not anchored", hc.InputMatches("command", `rm\s+-rf`), "", `{"command":"sudo rm -rf /"}`, true},
		{"InputMatches does not match other text", hc.InputMatches("command", `rm\s+-rf`), "", `{"command":"ls -la"}`, false},
		{"InputMatches anchors only when asked", hc.InputMatches("command", `^ls$`), "", `{"command":"ls -la"}`, false},
		{"InputMatches reads the unescaped string", hc.InputMatches("p", `^a"b$`), "", `{"p":"a\"b"}`, true},
		{"InputMatches never matches a number", hc.InputMatches("n", `5`), "", `{"n":5}`, false},
		{"InputMatches never matches a bool", hc.InputMatches("b", `true`), "", `{"b":true}`, false},
		{"InputMatches never matches null", hc.InputMatches("x", `.*`), "", `{"x":null}`, false},
		{"InputMatches never matches an object", hc.InputMatches("x", `.*`), "", `{"x":{"y":"z"}}`, false},
		{"InputMatches never matches an array of strings", hc.InputMatches("command", `rm`), "", `{"command":["rm"]}`, false},
		{"InputMatches never matches a missing field", hc.InputMatches("x", `.*`), "", `{}`, false},

		{"InputExists sees a present field", hc.InputExists("x"), "", `{"x":1}`, true},
		{"InputExists sees a present but null field", hc.InputExists("x"), "", `{"x":null}`, true},
		{"InputExists does not see a missing field", hc.InputExists("x"), "", `{"y":1}`, false},
		{"InputExists follows a nested path to null", hc.InputExists("a.b"), "", `{"a":{"b":null}}`, true},
		{"InputExists a nested path missing its leaf", hc.InputExists("a.b"), "", `{"a":{}}`, false},
		{"InputExists a nested path through a scalar", hc.InputExists("a.b"), "", `{"a":1}`, false},

		{"a multi-value path matches when any value equals", hc.InputEquals("edits.#.file_path", "/etc/passwd"), "", `{"edits":[{"file_path":"a"},{"file_path":"/etc/passwd"}]}`, true},
		{"a multi-value path does not match when no value equals", hc.InputEquals("edits.#.file_path", "/etc/passwd"), "", `{"edits":[{"file_path":"a"},{"file_path":"b"}]}`, false},
		{"a multi-value path over an empty array does not match", hc.InputEquals("edits.#.file_path", "/etc/passwd"), "", `{"edits":[]}`, false},
		{"a multi-value path can equal null", hc.InputEquals("edits.#.file_path", nil), "", `{"edits":[{"file_path":"a"},{"file_path":null}]}`, true},
		{"a multi-value path matches when any value matches", hc.InputMatches("edits.#.file_path", `^/etc/`), "", `{"edits":[{"file_path":"/home/x"},{"file_path":"/etc/hosts"}]}`, true},
		{"a multi-value path does not match when no value matches", hc.InputMatches("edits.#.file_path", `^/etc/`), "", `{"edits":[{"file_path":"/home/x"},{"file_path":7}]}`, false},
		{"a multi-value path exists when it yields a value", hc.InputExists("edits.#.file_path"), "", `{"edits":[{"x":1},{"file_path":null}]}`, true},
		{"a multi-value path does not exist when it yields none", hc.InputExists("edits.#.file_path"), "", `{"edits":[{"x":1}]}`, false},
		{"a multi-value path over an empty array does not exist", hc.InputExists("edits.#.file_path"), "", `{"edits":[]}`, false},
		{"a query matches when any selected value equals", hc.InputEquals(`edits.#(op=="rm")#.path`, "/"), "", `{"edits":[{"op":"rm","path":"/tmp"},{"op":"rm","path":"/"}]}`, true},
		{"a query ignores values it did not select", hc.InputEquals(`edits.#(op=="rm")#.path`, "/"), "", `{"edits":[{"op":"add","path":"/"},{"op":"rm","path":"/tmp"}]}`, false},
		{"a query that selects nothing does not match", hc.InputEquals(`edits.#(op=="rm")#.path`, "/"), "", `{"edits":[{"op":"add","path":"/"}]}`, false},
		{"a query matches a regexp on any selected value", hc.InputMatches(`edits.#(op=="rm")#.path`, `^/etc`), "", `{"edits":[{"op":"rm","path":"/tmp"},{"op":"rm","path":"/etc/x"}]}`, true},
		{"a query exists when it selects something", hc.InputExists(`edits.#(op=="rm")#`), "", `{"edits":[{"op":"add"},{"op":"rm"}]}`, true},
		{"a query does not exist when it selects nothing", hc.InputExists(`edits.#(op=="rm")#`), "", `{"edits":[{"op":"add"}]}`, false},

		{"an empty input is read as an object", hc.InputExists("@this"), "", "", true},
		{"an empty input has no fields", hc.InputExists("x"), "", "", false},
		{"an empty input has no null fields", hc.InputEquals("x", nil), "", "", false},
		{"an empty input has no strings", hc.InputMatches("x", `.*`), "", "", false},
		{"an empty input yields no values on a multi-value path", hc.InputExists("edits.#.file_path"), "", "", false},
		{"a field missing from an empty input is not there", hc.Not(hc.InputExists("x")), "", "", true},
	})
}

func TestCombinedMatchers(t *testing.T) {
	rmInBash := hc.And(hc.Tool("Bash"), hc.InputMatches("command", `^rm `))
	editOrPath := hc.Or(hc.Tool("Edit"), hc.InputExists("file_path"))
	runMatchRows(t, []matchRow{
		{"And matches when every member does", rmInBash, "Bash", `{"command":"rm -rf /"}`, true},
		{"And does not match when the input member does not", rmInBash, "Bash", `{"command":"ls"}`, false},
		{"And does not match when the tool member does not", rmInBash, "Shell", `{"command":"rm -rf /"}`, false},
		{"Or matches on its first member", editOrPath, "Edit", `{}`, true},
		{"Or matches on its second member", editOrPath, "Write", `{"file_path":"a"}`, true},
		{"Or does not match when no member does", editOrPath, "Write", `{}`, false},
		{"Not inverts a match", hc.Not(hc.Tool("Bash")), "Bash", `{}`, false},
		{"Not inverts a non-match", hc.Not(hc.Tool("Bash")), "Edit", `{}`, true},
		{"And with Not excludes a dry run", hc.And(hc.Any(), hc.Not(hc.InputEquals("dry", true))), "Bash", `{"dry":true}`, false},
		{"And with Not includes a real run", hc.And(hc.Any(), hc.Not(hc.InputEquals("dry", true))), "Bash", `{"dry":false}`, true},
		{"And of two different tools matches neither", hc.And(hc.Tool("Bash"), hc.Tool("Edit")), "Bash", `{}`, false},
		{"And of overlapping tool sets matches the shared tool", hc.And(hc.Tool("Bash", "Edit"), hc.ToolGlob("Edit|Write")), "Edit", `{}`, true},
		{"nested combinators match", hc.Or(hc.And(hc.Tool("Bash"), hc.InputExists("sudo")), hc.Not(hc.ToolGlob("*"))), "Bash", `{"sudo":null}`, true},
		{"nested combinators do not match", hc.Or(hc.And(hc.Tool("Bash"), hc.InputExists("sudo")), hc.Not(hc.ToolGlob("*"))), "Bash", `{}`, false},
	})
}

func TestMatchFuncIsACustomMatcher(t *testing.T) {
	trusted := hc.MatchFunc(func(e hc.Event) bool { return strings.HasPrefix(e.CallID, "trusted-") })
	c := hc.New(hc.Before("untrusted", hc.Not(trusted), func(context.Context, hc.Event) (hc.Outcome, error) {
		return hc.Deny("call is not trusted"), nil
	}))
	ctx := context.Background()

	assert.Equal(t, hc.Outcome{}, c.Run(ctx, hc.Event{Hook: hc.BeforeTool, Tool: "Bash", CallID: "trusted-1"}))
	assert.Equal(t, hc.Outcome{
		Verdict: hc.Denied,
		Reason:  "denied by untrusted: call is not trusted", DecidedBy: "untrusted", Cause: hc.CauseLink,
		Trail: []hc.Step{{Name: "untrusted", Verdict: hc.Denied, Reason: "call is not trusted"}},
	}, c.Run(ctx, hc.Event{Hook: hc.BeforeTool, Tool: "Bash", CallID: "other-1"}))
}

func TestMatchersSeeTheInputAsEarlierLinksLeftIt(t *testing.T) {
	ctx := context.Background()

	t.Run("a later matcher that only matches the rewritten input is asked", func(t *testing.T) {
		rewritten := json.RawMessage(`{"command":"ls","sandbox":true}`)
		var seen json.RawMessage
		c := hc.New(
			hc.Before("sandbox", hc.Any(), func(context.Context, hc.Event) (hc.Outcome, error) {
				return hc.Modify(rewritten, "run in the sandbox"), nil
			}),
			hc.Before("sandboxed-only", hc.InputEquals("sandbox", true), func(_ context.Context, e hc.Event) (hc.Outcome, error) {
				seen = e.Input
				return hc.Deny("saw the sandboxed input"), nil
			}),
		)
		out := c.Run(ctx, call("Bash", `{"command":"ls"}`))
		assert.Equal(t, hc.Outcome{
			Verdict: hc.Denied,
			Reason:  "denied by sandboxed-only: saw the sandboxed input", DecidedBy: "sandboxed-only", Cause: hc.CauseLink,
			Trail: []hc.Step{
				{Name: "sandbox", Verdict: hc.Modified, Reason: "run in the sandbox"},
				{Name: "sandboxed-only", Verdict: hc.Denied, Reason: "saw the sandboxed input"},
			},
		}, out)
		assert.JSONEq(t, string(rewritten), string(seen))
	})

	t.Run("a later matcher that only matched the original input is not asked", func(t *testing.T) {
		rewritten := json.RawMessage(`{"command":"echo no"}`)
		asked := 0
		c := hc.New(
			hc.Before("defuse", hc.Any(), func(context.Context, hc.Event) (hc.Outcome, error) {
				return hc.Modify(rewritten, "replaced rm"), nil
			}),
			hc.Before("no-rm", hc.InputMatches("command", `^rm `), func(context.Context, hc.Event) (hc.Outcome, error) {
				asked++
				return hc.Deny("rm is not allowed"), nil
			}),
		)
		out := c.Run(ctx, call("Bash", `{"command":"rm -rf /"}`))
		assert.Equal(t, hc.Outcome{
			Verdict: hc.Modified,
			Reason:  "defuse: replaced rm",
			Input:   rewritten,
			Trail:   []hc.Step{{Name: "defuse", Verdict: hc.Modified, Reason: "replaced rm"}},
		}, out)
		assert.Zero(t, asked)
	})

	t.Run("a chain shows its links an empty input as an object", func(t *testing.T) {
		var seen string
		c := hc.New(hc.Before("look", hc.InputExists("@this"), func(_ context.Context, e hc.Event) (hc.Outcome, error) {
			seen = string(e.Input)
			return hc.Allow(), nil
		}))
		assert.Equal(t, hc.Outcome{}, c.Run(ctx, call("Bash", "")))
		assert.Equal(t, "{}", seen)
	})
}

func TestMatcherConstructionMistakesPanicWithTheirCause(t *testing.T) {
	tests := []struct {
		name  string
		build func()
		want  string
	}{
		{"Tool with no names", func() { hc.Tool() }, "hookchain: Tool(): no tool names"},
		{"Tool with an empty name", func() { hc.Tool("Bash", "") }, "hookchain: Tool(): empty tool name"},
		{"ToolGlob with an empty pattern", func() { hc.ToolGlob("") }, `hookchain: ToolGlob(""): empty alternative`},
		{"ToolGlob with an empty alternative", func() { hc.ToolGlob("a||b") }, `hookchain: ToolGlob("a||b"): empty alternative`},
		{"ToolGlob with a blank alternative", func() { hc.ToolGlob("a| |b") }, `hookchain: ToolGlob("a| |b"): empty alternative`},
		{"ToolGlob with a trailing bar", func() { hc.ToolGlob("Bash|") }, `hookchain: ToolGlob("Bash|"): empty alternative`},
		{"ToolRegexp with an invalid expression", func() { hc.ToolRegexp("(") }, "hookchain: ToolRegexp(\"(\"): error parsing regexp: missing closing ): `(`"},
		{"InputMatches with an invalid expression", func() { hc.InputMatches("p", "(") }, "hookchain: InputMatches(\"p\", \"(\"): error parsing regexp: missing closing ): `(`"},
		{"InputMatches with an empty path", func() { hc.InputMatches("", "x") }, `hookchain: InputMatches("", "x"): empty path`},
		{"InputEquals with an empty path", func() { hc.InputEquals("", 1) }, `hookchain: InputEquals(""): empty path`},
		{"InputExists with an empty path", func() { hc.InputExists("") }, `hookchain: InputExists(""): empty path`},
		{"InputExists with a gjson literal for a path", func() { hc.InputExists("!true") }, `hookchain: InputExists("!true"): a gjson literal, not a path into the input`},
		{"InputEquals with a gjson literal for a path", func() { hc.InputEquals("!null", nil) }, `hookchain: InputEquals("!null"): a gjson literal, not a path into the input`},
		{"InputMatches with a gjson literal for a path", func() { hc.InputMatches("!false", "x") }, `hookchain: InputMatches("!false", "x"): a gjson literal, not a path into the input`},
		{"InputEquals with a struct", func() { hc.InputEquals("p", struct{}{}) }, `hookchain: InputEquals("p", struct {}{}): cannot compare with a struct {} (want a string, bool, nil, number or json.Number)`},
		{"InputEquals with a map", func() { hc.InputEquals("p", map[string]any{}) }, `hookchain: InputEquals("p", map[string]interface {}{}): cannot compare with a map[string]interface {} (want a string, bool, nil, number or json.Number)`},
		{"InputEquals with a slice", func() { hc.InputEquals("p", []string{"a"}) }, `hookchain: InputEquals("p", []string{"a"}): cannot compare with a []string (want a string, bool, nil, number or json.Number)`},
		{"InputEquals with NaN", func() { hc.InputEquals("p", math.NaN()) }, `hookchain: InputEquals("p", NaN): NaN has no JSON form`},
		{"InputEquals with infinity", func() { hc.InputEquals("p", math.Inf(1)) }, `hookchain: InputEquals("p", +Inf): +Inf has no JSON form`},
		{"InputEquals with an invalid json.Number", func() { hc.InputEquals("p", json.Number("thirty")) }, `hookchain: InputEquals("p", "thirty"): invalid json.Number "thirty"`},
		{"And with no members", func() { hc.And() }, "hookchain: And(): no matchers"},
		{"And with a nil member", func() { hc.And(hc.Any(), nil) }, "hookchain: And(): matcher 1 is nil"},
		{"Or with no members", func() { hc.Or() }, "hookchain: Or(): no matchers"},
		{"Or with a nil member", func() { hc.Or(nil, hc.Any()) }, "hookchain: Or(): matcher 0 is nil"},
		{"Not of nil", func() { hc.Not(nil) }, "hookchain: Not(): nil matcher"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.PanicsWithValue(t, tt.want, tt.build)
		})
	}
}

func TestPatternTwinsReturnTheErrorInsteadOfPanicking(t *testing.T) {
	tests := []struct {
		name    string
		compile func() (hc.Matcher, error)
		want    string
	}{
		{"CompileToolGlob with an empty alternative", func() (hc.Matcher, error) { return hc.CompileToolGlob("a||b") }, `hookchain: ToolGlob("a||b"): empty alternative`},
		{"CompileToolGlob with an empty pattern", func() (hc.Matcher, error) { return hc.CompileToolGlob("") }, `hookchain: ToolGlob(""): empty alternative`},
		{"CompileToolRegexp with an invalid expression", func() (hc.Matcher, error) { return hc.CompileToolRegexp("(") }, "hookchain: ToolRegexp(\"(\"): error parsing regexp: missing closing ): `(`"},
		{"CompileInputMatches with an invalid expression", func() (hc.Matcher, error) { return hc.CompileInputMatches("p", "(") }, "hookchain: InputMatches(\"p\", \"(\"): error parsing regexp: missing closing ): `(`"},
		{"CompileInputMatches with an empty path", func() (hc.Matcher, error) { return hc.CompileInputMatches("", "x") }, `hookchain: InputMatches("", "x"): empty path`},
		{"CompileInputEquals with an empty path", func() (hc.Matcher, error) { return hc.CompileInputEquals("", 1) }, `hookchain: InputEquals(""): empty path`},
		{"CompileInputEquals with a gjson literal for a path", func() (hc.Matcher, error) { return hc.CompileInputEquals("!null", nil) }, `hookchain: InputEquals("!null"): a gjson literal, not a path into the input`},
		{"CompileInputEquals with a value it cannot compare", func() (hc.Matcher, error) { return hc.CompileInputEquals("p", []string{"a"}) },
			`hookchain: InputEquals("p", []string{"a"}): cannot compare with a []string (want a string, bool, nil, number or json.Number)`},
		{"CompileInputEquals with NaN", func() (hc.Matcher, error) { return hc.CompileInputEquals("p", math.NaN()) }, `hookchain: InputEquals("p", NaN): NaN has no JSON form`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := tt.compile()
			assert.Nil(t, m)
			require.EqualError(t, err, tt.want)
		})
	}

	t.Run("a regexp error keeps its cause for errors.As", func(t *testing.T) {
		_, err := hc.CompileInputMatches("p", "(")
		var se *syntax.Error
		require.ErrorAs(t, err, &se)
		assert.Equal(t, syntax.ErrMissingParen, se.Code)
	})

	t.Run("a valid pattern compiles to a working matcher", func(t *testing.T) {
		g, err := hc.CompileToolGlob("mcp__*|Bash")
		require.NoError(t, err)
		assert.True(t, g.Match(call("mcp__fs__read", "")))
		r, err := hc.CompileToolRegexp("Edit|Write")
		require.NoError(t, err)
		assert.False(t, r.Match(call("NotebookEdit", "")))
		m, err := hc.CompileInputMatches("command", `^rm `)
		require.NoError(t, err)
		assert.True(t, m.Match(call("Bash", `{"command":"rm x"}`)))
		e, err := hc.CompileInputEquals("timeout", 30)
		require.NoError(t, err)
		assert.True(t, e.Match(call("Bash", `{"timeout":30.0}`)))
		assert.False(t, e.Match(call("Bash", `{"timeout":31}`)))
	})
}

// ToolRegexp promises anchoring at both ends. An expression that closes the
// group the anchors are wrapped around would otherwise match any name that
// merely starts with one alternative or ends with the other.
func TestToolRegexpRejectsAnExpressionThatWouldEscapeItsAnchors(t *testing.T) {
	const want = "hookchain: ToolRegexp(\"Bash)|(Edit\"): error parsing regexp: unexpected ): `Bash)|(Edit`"
	m, err := hc.CompileToolRegexp("Bash)|(Edit")
	require.EqualError(t, err, want)
	assert.Nil(t, m)
	assert.PanicsWithValue(t, want, func() { hc.ToolRegexp("Bash)|(Edit") })
}

// Integers that a float64 cannot hold are compared as integers; the first
// such integer is 2^53+1, which rounds to 2^53, so 2^53 itself must be
// compared exactly too.
func TestInputEqualsComparesIntegersBeyondFloatPrecisionExactly(t *testing.T) {
	runMatchRows(t, []matchRow{
		{"2^53 does not equal 2^53+1", hc.InputEquals("id", int64(1<<53)), "", `{"id":9007199254740993}`, false},
		{"-2^53 does not equal -2^53-1", hc.InputEquals("id", int64(-(1 << 53))), "", `{"id":-9007199254740993}`, false},
		{"the largest uint64 equals itself", hc.InputEquals("id", uint64(math.MaxUint64)), "", `{"id":18446744073709551615}`, true},
		{"the largest uint64 does not equal its neighbour", hc.InputEquals("id", uint64(math.MaxUint64)), "", `{"id":18446744073709551614}`, false},
		{"a json.Number beyond int64 does not equal its neighbour", hc.InputEquals("id", json.Number("18446744073709551617")), "", `{"id":18446744073709551616}`, false},
	})
}

func TestMatchersDescribeThemselvesForTooling(t *testing.T) {
	tests := []struct {
		m    hc.Matcher
		want string
	}{
		{hc.Any(), "Any()"},
		{hc.Tool("Bash"), `Tool("Bash")`},
		{hc.Tool("Edit", "Write", "Edit"), `Tool("Edit", "Write")`},
		{hc.ToolGlob("mcp__github__*|Bash"), `ToolGlob("mcp__github__*|Bash")`},
		{hc.ToolGlob(" Edit | Write "), `ToolGlob(" Edit | Write ")`},
		{hc.ToolRegexp("Edit|Write"), `ToolRegexp("Edit|Write")`},
		{hc.ToolRegexp(`mcp__\w+`), `ToolRegexp("mcp__\\w+")`},
		{hc.InputEquals("command", "ls"), `InputEquals("command", "ls")`},
		{hc.InputEquals("timeout", 30), `InputEquals("timeout", 30)`},
		{hc.InputEquals("ratio", 0.25), `InputEquals("ratio", 0.25)`},
		{hc.InputEquals("dry", true), `InputEquals("dry", true)`},
		{hc.InputEquals("x", nil), `InputEquals("x", <nil>)`},
		{hc.InputEquals("id", json.Number("30")), `InputEquals("id", json.Number("30"))`},
		{hc.InputEquals("id", "30"), `InputEquals("id", "30")`},
		{hc.InputMatches("command", `^rm\s`), `InputMatches("command", "^rm\\s")`},
		{hc.InputExists("a.b"), `InputExists("a.b")`},
		{hc.And(hc.Tool("Bash"), hc.Not(hc.InputExists("x"))), `And(Tool("Bash"), Not(InputExists("x")))`},
		{hc.Or(hc.Any(), hc.MatchFunc(func(hc.Event) bool { return false })), `Or(Any(), hookchain.MatchFunc)`},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			s, ok := tt.m.(interface{ String() string })
			require.True(t, ok, "%T has no String method", tt.m)
			assert.Equal(t, tt.want, s.String())
		})
	}
}

// countingFirst returns a matcher that counts how often it is evaluated and
// then defers to m. Counting first matters: And stops at its first failing
// member, so a count placed after m would stay at zero whether or not the
// chain dispatched by tool name.
func countingFirst(m hc.Matcher, n *int) hc.Matcher {
	return hc.And(hc.MatchFunc(func(hc.Event) bool { *n++; return true }), m)
}

func TestALinkForOtherToolsIsNeverAsked(t *testing.T) {
	tests := []struct {
		name string
		m    hc.Matcher
	}{
		{"Tool", hc.Tool("Edit")},
		{"Tool with several names", hc.Tool("Edit", "Write")},
		{"ToolGlob without a star", hc.ToolGlob("Edit")},
		{"ToolGlob of exact alternatives", hc.ToolGlob("Write | Edit")},
		{"ToolRegexp of a literal", hc.ToolRegexp("Edit")},
		{"ToolRegexp of literal alternatives", hc.ToolRegexp("Edit|Write")},
		{"ToolRegexp of alternatives sharing a prefix", hc.ToolRegexp("Exec|Edit")},
		{"ToolRegexp of a name and its extension", hc.ToolRegexp("Edit|EditFile")},
		{"ToolRegexp of a small character class", hc.ToolRegexp("Edi[st]")},
		{"ToolRegexp of an optional part", hc.ToolRegexp("(mcp__fs__)?Edit")},
		{"ToolRegexp quoted with \\Q", hc.ToolRegexp(`\QEdit`)},
		{"And containing a Tool", hc.And(hc.Any(), hc.Tool("Edit"))},
		{"Or of Tools", hc.Or(hc.Tool("Edit"), hc.ToolGlob("Write"))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			evaluated, asked := 0, 0
			c := hc.New(hc.Before("edit-only", countingFirst(tt.m, &evaluated), func(context.Context, hc.Event) (hc.Outcome, error) {
				asked++
				return hc.Allow(), nil
			}))

			c.Run(context.Background(), call("Read", `{}`))
			assert.Zero(t, evaluated, "the matcher was evaluated for another tool")
			assert.Zero(t, asked)

			c.Run(context.Background(), call("Edit", `{}`))
			assert.Equal(t, 1, evaluated)
			assert.Equal(t, 1, asked)
		})
	}

	t.Run("And of disjoint tool sets is asked for neither", func(t *testing.T) {
		evaluated := 0
		c := hc.New(hc.Before("never", countingFirst(hc.And(hc.Tool("X"), hc.Tool("Y")), &evaluated), allow))
		c.Run(context.Background(), call("X", `{}`))
		c.Run(context.Background(), call("Y", `{}`))
		assert.Zero(t, evaluated)
	})
}

// Dispatch must only skip links that cannot match: a matcher that names no
// fixed set of tools is evaluated for every call.
func TestALinkThatMayMatchAnyToolIsAlwaysAsked(t *testing.T) {
	tests := []struct {
		name string
		m    hc.Matcher
		tool string
	}{
		{"ToolGlob with a star", hc.ToolGlob("X*"), "Xylophone"},
		{"ToolRegexp with a class", hc.ToolRegexp("X[a-z]+"), "Xyz"},
		{"ToolRegexp ignoring case", hc.ToolRegexp("(?i)x"), "X"},
		{"Not of a Tool", hc.Not(hc.Tool("X")), "Y"},
		{"Or of a Tool and an input matcher", hc.Or(hc.Tool("X"), hc.InputExists("k")), "Y"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			evaluated, asked := 0, 0
			c := hc.New(hc.Before("l", countingFirst(tt.m, &evaluated), func(context.Context, hc.Event) (hc.Outcome, error) {
				asked++
				return hc.Allow(), nil
			}))
			c.Run(context.Background(), call(tt.tool, `{"k":1}`))
			assert.Equal(t, 1, evaluated)
			assert.Equal(t, 1, asked)
		})
	}
}

func TestDispatchKeepsRegistrationOrder(t *testing.T) {
	var order []string
	record := func(name string) hc.Interceptor {
		return func(context.Context, hc.Event) (hc.Outcome, error) {
			order = append(order, name)
			return hc.Allow(), nil
		}
	}
	c := hc.New(
		hc.Before("a-any", hc.Any(), record("a-any")),
		hc.Before("b-x", hc.Tool("X"), record("b-x")),
		hc.After("c-after-x", hc.Tool("X"), record("c-after-x")),
		hc.Before("d-input", hc.InputExists("k"), record("d-input")),
		hc.Before("e-xy", hc.ToolGlob("X|Y"), record("e-xy")),
		hc.Before("f-y", hc.Tool("Y"), record("f-y")),
		hc.On("g-glob", hc.ToolGlob("*"), record("g-glob")),
		hc.Before("h-x", hc.ToolRegexp("X"), record("h-x")),
		hc.Before("i-any", hc.Any(), record("i-any")),
	)
	tests := []struct {
		hook hc.Hook
		tool string
		want []string
	}{
		{hc.BeforeTool, "X", []string{"a-any", "b-x", "d-input", "e-xy", "g-glob", "h-x", "i-any"}},
		{hc.BeforeTool, "Y", []string{"a-any", "d-input", "e-xy", "f-y", "g-glob", "i-any"}},
		{hc.BeforeTool, "Z", []string{"a-any", "d-input", "g-glob", "i-any"}},
		{hc.AfterTool, "X", []string{"c-after-x", "g-glob"}},
		{hc.AfterTool, "Z", []string{"g-glob"}},
	}
	for _, tt := range tests {
		t.Run(tt.hook.String()+" "+tt.tool, func(t *testing.T) {
			order = nil
			out := c.Run(context.Background(), hc.Event{Hook: tt.hook, Tool: tt.tool, Input: json.RawMessage(`{"k":1}`)})
			require.Equal(t, hc.Outcome{}, out)
			assert.Equal(t, tt.want, order)
		})
	}
}

func TestToolKeepsEachOfManyNamesOnceInFirstSeenOrder(t *testing.T) {
	// 100,000 names, each given twice, the repeats in reverse order: a
	// de-duplication that compares every name with every kept one makes
	// 5·10⁹ comparisons here, which no machine does within the bound.
	const n = 100_000
	var (
		names []string
		m     hc.Matcher
	)
	testfiles.GrowsLinearly(t, n, func(n int) func() {
		names = make([]string, 0, 2*n)
		for i := range n {
			names = append(names, "tool_"+strconv.Itoa(i))
		}
		for i := n - 1; i >= 0; i-- {
			names = append(names, names[i])
		}
		return func() { m = hc.Tool(names...) }
	})
	want := `Tool("` + strings.Join(names[:n], `", "`) + `")`

	assert.Equal(t, want, m.(fmt.Stringer).String())
	for _, tool := range []string{"tool_0", "tool_54321", "tool_99999"} {
		assert.True(t, m.Match(call(tool, `{}`)), tool)
	}
	assert.False(t, m.Match(call("tool_100000", `{}`)))
}

func TestAChainOfManyToolNamesBuildsInLinearTime(t *testing.T) {
	// A chain filed by tool name: 20,000 names in one link, beside links
	// for any tool, an And over two large sets and an Or of them. Filing
	// every name against every link's names is 10⁹ comparisons here.
	var c *hc.Chain
	testfiles.GrowsLinearly(t, 20_000, func(n int) func() {
		names := make([]string, n)
		for i := range names {
			names[i] = "tool_" + strconv.Itoa(i)
		}
		return func() {
			c = hc.New(
				hc.Before("audit", hc.Any(), answering(hc.Allow().WithNote("audited"))),
				hc.Before("many", hc.Tool(names...), answering(hc.Deny("one of many"))),
				hc.Before("both", hc.And(hc.Tool(names[:n/2]...), hc.Tool(names[n/4:]...)), answering(hc.Deny("both"))),
				hc.Before("either", hc.Or(hc.Tool("Bash"), hc.Tool(names[n-1])), answering(hc.Deny("either"))),
			)
		}
	})
	ev := func(tool string) hc.Event {
		return hc.Event{Hook: hc.BeforeTool, Tool: tool, Input: json.RawMessage(`{}`)}
	}
	assert.Equal(t, "denied by many: one of many", c.Run(context.Background(), ev("tool_19999")).Reason)
	assert.Equal(t, "denied by either: either", c.Run(context.Background(), ev("Bash")).Reason)
	out := c.Run(context.Background(), ev("Read"))
	assert.Equal(t, hc.Allowed, out.Verdict)
	assert.Equal(t, []hc.Note{{Link: "audit", Text: "audited"}}, out.Notes, "a link for any tool is asked about every tool")
}

// A ToolRegexp with a few names is dispatched by them, and then not asked
// again: its names must be exactly what it matches. A surrogate in the
// expression is no character of a valid name, and must not stand for the
// U+FFFD that string(rune) makes of it.
func TestAToolRegexpWithASurrogateIsAskedOnlyAboutWhatItMatches(t *testing.T) {
	deny := func(context.Context, hc.Event) (hc.Outcome, error) { return hc.Deny("matched"), nil }
	for _, expr := range []string{`[\x{D7FF}-\x{D801}]`, `\x{D800}|Bash`} {
		t.Run(expr, func(t *testing.T) {
			m := hc.ToolRegexp(expr)
			c := hc.New(hc.Before("g", m, deny))
			e := hc.Event{Hook: hc.BeforeTool, Tool: "\uFFFD", Input: json.RawMessage(`{}`)}
			require.False(t, m.Match(e))
			out := c.Run(context.Background(), e)
			assert.Equal(t, hc.Allowed, out.Verdict, out.Reason)
			assert.Empty(t, out.Trail)
		})
	}
	out := hc.New(hc.Before("g", hc.ToolRegexp(`\x{D800}|Bash`), deny)).Run(context.Background(),
		hc.Event{Hook: hc.BeforeTool, Tool: "Bash", Input: json.RawMessage(`{}`)})
	assert.Equal(t, hc.Denied, out.Verdict)
	assert.Equal(t, "denied by g: matched", out.Reason)
	assert.Equal(t, []hc.Step{{Name: "g", Verdict: hc.Denied, Reason: "matched"}}, out.Trail)
	out = hc.New(hc.Before("g", hc.ToolRegexp(`[\x{D7FF}-\x{D801}]`), deny)).Run(context.Background(),
		hc.Event{Hook: hc.BeforeTool, Tool: "\uD7FF", Input: json.RawMessage(`{}`)})
	assert.Equal(t, hc.Denied, out.Verdict)
}
