package opa_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"regexp"
	"runtime"
	"testing"

	"github.com/tidwall/gjson"
	"github.com/tidwall/sjson"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/process"
)

// BenchmarkPolicy puts the example policy in front of the same allowed
// call six ways: evaluated in process by Embedded; by a Fleet, from a
// signed bundle, each decision logged to a collector on loopback; by the
// same Fleet with no decision logs configured, to show what logging costs;
// asked of an OPA server on loopback by Remote; written as a Go
// interceptor; and written in sh as a native process hook
// (testdata/policy.sh). Each is first checked to decide a few calls alike,
// so that the six are one policy.
func BenchmarkPolicy(b *testing.B) {
	server, _ := startOPAServer(b)
	links := []struct {
		name string
		fn   func(b *testing.B) hookchain.Interceptor
	}{
		{"embedded-opa", func(b *testing.B) hookchain.Interceptor { return embeddedExample(b) }},
		{"fleet-opa", func(b *testing.B) hookchain.Interceptor {
			_, _, f := readyFleet(b, examplePolicy(b))
			return f.Intercept
		}},
		{"fleet-opa-unlogged", func(b *testing.B) hookchain.Interceptor {
			srv, key := newFleetServer(b), newSigningKey(b)
			srv.publish(buildBundle(b, "v1", examplePolicy(b), key))
			f := startFleetOn(b, srv.config(key, "decision_logs"))
			waitReady(b, f)
			return f.Intercept
		}},
		{"remote-opa", func(b *testing.B) hookchain.Interceptor { return remote(b, server, "hookchain/decision") }},
		{"in-process-go", func(*testing.B) hookchain.Interceptor { return goPolicy }},
		{"process-hook", func(b *testing.B) hookchain.Interceptor {
			if runtime.GOOS == "windows" {
				b.Skip("the hook is a sh script")
			}
			script, err := filepath.Abs("testdata/policy.sh")
			if err != nil {
				b.Fatal(err)
			}
			return process.Native(process.Spec{Args: []string{script}})
		}},
	}
	for _, l := range links {
		b.Run(l.name, func(b *testing.B) {
			chain := hookchain.New(hookchain.On("policy", hookchain.Any(), l.fn(b)))
			ctx := context.Background()
			for _, c := range []struct {
				event hookchain.Event
				want  string
			}{
				{bash(hookchain.BeforeTool, "toolu_1", `{"command":"rm -rf /","timeout":5}`), "denied by policy: rm -rf deletes a whole tree; remove files by name"},
				{bash(hookchain.BeforeTool, "toolu_2", `{"command":"make"}`), "policy: added a 60s timeout"},
				{passCall, ""},
			} {
				if got := chain.Run(ctx, c.event); got.Reason != c.want {
					b.Fatalf("%s: want %q, got %+v", c.event.Input, c.want, got)
				}
			}
			b.ReportAllocs()
			for b.Loop() {
				if out := chain.Run(ctx, passCall); out.Verdict != hookchain.Allowed {
					b.Fatalf("want Allowed, got %+v", out)
				}
			}
		})
	}
}

// passCall is the call every link allows: a command with a timeout,
// nothing to refuse, ask about or add.
var passCall = bash(hookchain.BeforeTool, "toolu_3", `{"command":"go test ./...","timeout":300}`)

// goPolicy is the example policy's rules written as a Go interceptor.
func goPolicy(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
	switch {
	case e.Hook == hookchain.BeforeTool && e.Tool == "Bash":
		command := gjson.GetBytes(e.Input, "command").String()
		switch {
		case rmRf.MatchString(command):
			return hookchain.Deny("rm -rf deletes a whole tree; remove files by name"), nil
		case gitPush.MatchString(command):
			return hookchain.Ask("git push publishes commits to a shared remote"), nil
		case !gjson.GetBytes(e.Input, "timeout").Exists():
			in, err := sjson.SetBytes(e.Input, "timeout", 60)
			return hookchain.Modify(json.RawMessage(in), "added a 60s timeout"), err
		case npm.MatchString(command):
			return hookchain.Allow().WithNote("this repository uses pnpm, not npm"), nil
		}
	case e.Hook == hookchain.AfterTool:
		var s string
		if json.Unmarshal(e.Output, &s) == nil && awsKey.MatchString(s) {
			return hookchain.Replace(hookchain.Text(awsKey.ReplaceAllString(s, "[redacted]")), e.IsError, "redacted an AWS access key"), nil
		}
	}
	return hookchain.Allow(), nil
}

var (
	rmRf    = regexp.MustCompile(`(^|[;&|(]\s*)rm\s+(-\w*r\w*f|-\w*f\w*r)`)
	gitPush = regexp.MustCompile(`\bgit\s+push\b`)
	npm     = regexp.MustCompile(`^\s*npm\s`)
	awsKey  = regexp.MustCompile(`AKIA[0-9A-Z]{16}`)
)
