package hookchain_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/tidwall/gjson"
	"github.com/tidwall/sjson"

	hc "github.com/hookchain/hookchain"
)

// benchInput is a typical ~200-byte shell call, with the field the guards
// read near the end so that a reader cannot stop early.
var benchInput = json.RawMessage(`{"description":"List the files in the project directory, including hidden ones, to find the configuration","run_in_background":false,"timeout":120000,"command":"ls -la /home/user/project"}`)

// guard is a realistic allowing interceptor: it reads a field of the input,
// as most guards do, and finds nothing to object to.
func guard(_ context.Context, e hc.Event) (hc.Outcome, error) {
	if len(e.Input) == 0 || e.Tool == "" {
		return hc.Deny("no input"), nil
	}
	return hc.Allow(), nil
}

// allowLinks returns n Before links that all allow a Bash call: half match by
// tool name, half by a plain input path over an unescaped string.
func allowLinks(n int) []hc.Link {
	links := make([]hc.Link, n)
	for i := range links {
		m := hc.Tool("Bash")
		if i%2 == 1 {
			m = hc.And(hc.Tool("Bash"), hc.InputMatches("command", `^ls `))
		}
		links[i] = hc.Before(fmt.Sprintf("guard-%d", i), m, guard)
	}
	return links
}

func bashEvent() hc.Event {
	return hc.Event{Hook: hc.BeforeTool, Tool: "Bash", CallID: "toolu_01", Input: benchInput}
}

// Budget: the allow path allocates nothing.
func BenchmarkAllowPath(b *testing.B) {
	for _, n := range []int{1, 10} {
		b.Run(fmt.Sprintf("links=%d", n), func(b *testing.B) {
			c := hc.New(allowLinks(n)...)
			ctx, e := context.Background(), bashEvent()
			b.ReportAllocs()
			for b.Loop() {
				if out := c.Run(ctx, e); out.Verdict != hc.Allowed {
					b.Fatal(out.Reason)
				}
			}
		})
	}
}

// Budget: ten allowing links cost at most 3x calling the same ten
// interceptors directly in a loop. The links match by tool name, so the
// chain's extra work is what it always does: check the event (including
// validating its JSON), dispatch, ask each link and fold its answer.
func BenchmarkTenAllowingLinks(b *testing.B) {
	ctx, e := context.Background(), bashEvent()
	b.Run("chain", func(b *testing.B) {
		links := make([]hc.Link, 10)
		for i := range links {
			links[i] = hc.Before(fmt.Sprintf("guard-%d", i), hc.Tool("Bash"), guard)
		}
		c := hc.New(links...)
		b.ReportAllocs()
		for b.Loop() {
			if out := c.Run(ctx, e); out.Verdict != hc.Allowed {
				b.Fatal(out.Reason)
			}
		}
	})
	b.Run("direct", func(b *testing.B) {
		fns := make([]hc.Interceptor, 10)
		for i := range fns {
			fns[i] = guard
		}
		b.ReportAllocs()
		for b.Loop() {
			for _, fn := range fns {
				if out, err := fn(ctx, e); err != nil || out.Verdict != hc.Allowed {
					b.Fatal(out.Reason, err)
				}
			}
		}
	})
}

// Budget: a link costs nothing at a hook it is not registered for. Ten
// Before links asked after the call, with outputs of growing size, against an
// empty chain.
func BenchmarkAfterCallOnBeforeLinks(b *testing.B) {
	for _, size := range []int{100, 1 << 20} {
		out := hc.Text(strings.Repeat("x", size))
		e := hc.Event{Hook: hc.AfterTool, Tool: "Bash", Input: benchInput, Output: out}
		for _, tc := range []struct {
			name  string
			chain *hc.Chain
		}{
			{"empty", hc.New()},
			{"before-links=10", hc.New(allowLinks(10)...)},
		} {
			b.Run(fmt.Sprintf("output=%d/%s", size, tc.name), func(b *testing.B) {
				ctx := context.Background()
				b.ReportAllocs()
				for b.Loop() {
					if out := tc.chain.Run(ctx, e); out.Verdict != hc.Allowed {
						b.Fatal(out.Reason)
					}
				}
			})
		}
	}
}

// Budget: 100 links for other tools cost at most 2x one link for another tool.
func BenchmarkOffToolLinks(b *testing.B) {
	for _, n := range []int{1, 100} {
		b.Run(fmt.Sprintf("links=%d", n), func(b *testing.B) {
			links := make([]hc.Link, n)
			for i := range links {
				links[i] = hc.Before(fmt.Sprintf("l%d", i), hc.Tool(fmt.Sprintf("mcp__tool_%d", i)), guard)
			}
			c := hc.New(links...)
			ctx, e := context.Background(), bashEvent()
			b.ReportAllocs()
			for b.Loop() {
				if out := c.Run(ctx, e); out.Verdict != hc.Allowed {
					b.Fatal(out.Reason)
				}
			}
		})
	}
}

// Budget: an input-field matcher is at least 5x faster than decoding the
// input into a map to make the same decision.
func BenchmarkInputField(b *testing.B) {
	e := bashEvent()
	b.Run("matcher", func(b *testing.B) {
		m := hc.InputEquals("command", "ls -la /home/user/project")
		b.ReportAllocs()
		for b.Loop() {
			if !m.Match(e) {
				b.Fatal("no match")
			}
		}
	})
	b.Run("encoding-json-map", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var in map[string]any
			if err := json.Unmarshal(e.Input, &in); err != nil {
				b.Fatal(err)
			}
			if s, _ := in["command"].(string); s != "ls -la /home/user/project" {
				b.Fatal("no match")
			}
		}
	})
}

// The change paths: one link rewrites the input before the call, or the
// output after it. They allocate the trail and the reason, and no more.
func BenchmarkChangePaths(b *testing.B) {
	ctx := context.Background()
	b.Run("modify", func(b *testing.B) {
		in := json.RawMessage(`{"command":"ls -la","timeout":10}`)
		c := hc.New(hc.Before("pin-timeout", hc.Tool("Bash"), func(context.Context, hc.Event) (hc.Outcome, error) {
			return hc.Modify(in, "a 10s timeout"), nil
		}))
		e := bashEvent()
		b.ReportAllocs()
		for b.Loop() {
			if out := c.Run(ctx, e); out.Verdict != hc.Modified {
				b.Fatal(out.Reason)
			}
		}
	})
	b.Run("replace", func(b *testing.B) {
		red := hc.Text("[REDACTED]")
		c := hc.New(hc.After("redact", hc.Tool("Bash"), func(context.Context, hc.Event) (hc.Outcome, error) {
			return hc.Replace(red, false, "a credential"), nil
		}))
		e := hc.Event{Hook: hc.AfterTool, Tool: "Bash", Input: benchInput, Output: hc.Text("AKIAIOSFODNN7EXAMPLE")}
		b.ReportAllocs()
		for b.Loop() {
			if out := c.Run(ctx, e); out.Verdict != hc.Replaced {
				b.Fatal(out.Reason)
			}
		}
	})
}

// Wrap around a tool, against calling the tool directly: what a runtime pays
// per call for a chain of ten allowing links at both hooks.
func BenchmarkWrap(b *testing.B) {
	ctx := context.Background()
	result := hc.TextResult("total 0")
	tool := hc.Executor(func(context.Context, hc.Call) (hc.Result, error) { return result, nil })
	call := hc.Call{Tool: "Bash", ID: "toolu_01", Input: benchInput}
	b.Run("direct", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := tool(ctx, call); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("wrapped", func(b *testing.B) {
		links := allowLinks(10)
		for i := range 10 {
			links = append(links, hc.After(fmt.Sprintf("after-%d", i), hc.Tool("Bash"), guard))
		}
		exec := hc.New(links...).Wrap(tool)
		b.ReportAllocs()
		for b.Loop() {
			if res, err := exec(ctx, call); err != nil || res.IsError {
				b.Fatal(err)
			}
		}
	})
}

// The policy bench/peers times beside mcp-go's and the MCP
// go-sdk's middleware — deny rm -rf, pin a missing timeout, redact a secret
// in the result — on its two workloads, so that the hook layer's overhead
// per call can be profiled here: wrapped minus direct, beside the floor
// (floor minus direct).
func BenchmarkPeerPolicy(b *testing.B) {
	const secret = "hunter2"
	bash := hc.Tool("bash")
	chain := hc.New(
		hc.Before("no-rm-rf", hc.And(bash, hc.InputMatches("command", `rm\s+-rf`)),
			func(context.Context, hc.Event) (hc.Outcome, error) { return hc.Deny("destructive command"), nil }),
		hc.Before("pin-timeout", hc.And(bash, hc.Not(hc.InputExists("timeout"))),
			func(_ context.Context, e hc.Event) (hc.Outcome, error) {
				in, err := sjson.SetRawBytes(e.Input, "timeout", []byte(`60`))
				if err != nil {
					return hc.Outcome{}, err
				}
				return hc.Modify(in, "default timeout"), nil
			}),
		hc.After("redact", bash, func(_ context.Context, e hc.Event) (hc.Outcome, error) {
			if bytes.Contains(e.Output, []byte(secret)) {
				return hc.Replace(json.RawMessage(`"TOKEN=[redacted]"`), e.IsError, "a credential"), nil
			}
			return hc.Allow(), nil
		}),
	)
	tool := func(_ context.Context, c hc.Call) (hc.Result, error) {
		if bytes.Contains(c.Input, []byte(`cat .env`)) {
			return hc.Result{Output: json.RawMessage(`"TOKEN=` + secret + `"`)}, nil
		}
		return hc.Result{Output: json.RawMessage(`"ok"`)}, nil
	}
	wrapped := chain.Wrap(tool)
	// floor is the same policy by hand on the same raw JSON, with no chain:
	// wrapped minus floor is what the chain itself costs.
	rmrf := regexp.MustCompile(`rm\s+-rf`)
	floor := func(ctx context.Context, c hc.Call) (hc.Result, error) {
		if c.Tool == "bash" {
			if rmrf.MatchString(gjson.GetBytes(c.Input, "command").String()) {
				return hc.ErrorResult("denied: destructive command"), nil
			}
			if !gjson.GetBytes(c.Input, "timeout").Exists() {
				in, err := sjson.SetRawBytes(c.Input, "timeout", []byte(`60`))
				if err != nil {
					return hc.Result{}, err
				}
				c.Input = in
			}
		}
		res, err := tool(ctx, c)
		if err == nil && c.Tool == "bash" && bytes.Contains(res.Output, []byte(secret)) {
			res = hc.Result{Output: json.RawMessage(`"TOKEN=[redacted]"`), IsError: res.IsError}
		}
		return res, err
	}
	for _, wl := range []struct {
		name   string
		inputs []string
	}{
		{"pass", []string{`{"command":"git status","timeout":30}`}},
		{"mix", []string{`{"command":"git status","timeout":30}`, `{"command":"ls -la"}`, `{"command":"cat .env","timeout":5}`}},
	} {
		calls := make([]hc.Call, len(wl.inputs))
		for i, in := range wl.inputs {
			calls[i] = hc.Call{Tool: "bash", ID: "call-1", Input: json.RawMessage(in)}
		}
		for _, side := range []struct {
			name string
			exec hc.Executor
		}{{"direct", tool}, {"floor", floor}, {"wrapped", wrapped}} {
			b.Run(wl.name+"/"+side.name, func(b *testing.B) {
				b.ReportAllocs()
				ctx := context.Background()
				i := 0
				for b.Loop() {
					if _, err := side.exec(ctx, calls[i%len(calls)]); err != nil {
						b.Fatal(err)
					}
					i++
				}
			})
		}
	}
}
