package opa_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
	"github.com/hookchain/hookchain/opa"
)

func bash(hook hookchain.Hook, id, input string) hookchain.Event {
	return hookchain.Event{Hook: hook, Tool: "Bash", CallID: id, Input: json.RawMessage(input)}
}

// The example policy on real OPA, through a chain, for the four things it
// is there to show.
func TestTheExamplePolicyDecidesEachCallAsItSays(t *testing.T) {
	chain := hookchain.New(hookchain.On("policy", hookchain.Any(), embeddedExample(t)))
	redactMe := bash(hookchain.AfterTool, "toolu_04", `{"command":"env","timeout":5}`)
	redactMe.Output = hookchain.Text("AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\n")

	for _, tc := range []struct {
		name  string
		event hookchain.Event
		want  hookchain.Outcome
	}{
		{"RmRfIsDenied", bash(hookchain.BeforeTool, "toolu_01", `{"command":"cd build && rm -fr .","timeout":5}`), hookchain.Outcome{
			Verdict: hookchain.Denied, Reason: "denied by policy: rm -rf deletes a whole tree; remove files by name",
			Trail:     []hookchain.Step{{Name: "policy", Verdict: hookchain.Denied, Reason: "rm -rf deletes a whole tree; remove files by name"}},
			DecidedBy: "policy", Cause: hookchain.CauseLink,
		}},
		{"ATimeoutIsAdded", bash(hookchain.BeforeTool, "toolu_02", `{"command":"go test ./...","description":"run <the> tests"}`), hookchain.Outcome{
			Verdict: hookchain.Modified, Reason: "policy: added a 60s timeout",
			Input: json.RawMessage(`{"command":"go test ./...","description":"run <the> tests","timeout":60}`),
			Trail: []hookchain.Step{{Name: "policy", Verdict: hookchain.Modified, Reason: "added a 60s timeout"}},
		}},
		{"GitPushIsPutToAPerson", bash(hookchain.BeforeTool, "toolu_03", `{"command":"git push origin main"}`), hookchain.Outcome{
			Verdict: hookchain.Denied,
			Reason:  "approval needed but not obtained: no approver is configured (asked by policy: git push publishes commits to a shared remote)",
			Trail: []hookchain.Step{
				{Name: "policy", Verdict: hookchain.Asked, Reason: "git push publishes commits to a shared remote"},
				{Name: "approver", Verdict: hookchain.Denied, Fault: "no approver is configured", Approver: true},
			},
			Cause: hookchain.CauseNoApproval,
		}},
		{"ASecretIsRedacted", redactMe, hookchain.Outcome{
			Verdict: hookchain.Replaced, Reason: "policy: redacted an AWS access key",
			Output: hookchain.Text("AWS_ACCESS_KEY_ID=[redacted]\n"),
			Trail:  []hookchain.Step{{Name: "policy", Verdict: hookchain.Replaced, Reason: "redacted an AWS access key"}},
		}},
		{"AnythingElseIsAllowed", bash(hookchain.BeforeTool, "toolu_05", `{"command":"ls","timeout":5}`), hookchain.Outcome{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, chain.Run(context.Background(), tc.event))
		})
	}
}

func TestAPolicyThatCannotDecideFailsTheLinkClosed(t *testing.T) {
	for _, tc := range []struct {
		name, query, policy, fault string
		is                         error
	}{
		{
			name:   "AnUndefinedDecision",
			query:  "data.p.decision",
			policy: `package p` + "\n" + `decision := {"verdict": "allow"} if input.tool == "Read"`,
			fault:  "opa: data.p.decision: undefined: the policy gave no decision for the call",
			is:     opa.ErrUndefined,
		},
		{
			name:   "ADecisionOfTheWrongShape",
			query:  "data.p.decision",
			policy: `package p` + "\n" + `decision := {"allow": true}`,
			fault:  `opa: data.p.decision is not a decision: the decision document has no "verdict"`,
		},
		{
			name:   "ABooleanForADecision",
			query:  "data.p.allow",
			policy: `package p` + "\n" + `default allow := false`,
			fault:  "opa: data.p.allow is not a decision: the result is the boolean false, not a decision document (an object) or a set of deny messages",
		},
		{
			name:   "AnUnknownDecision",
			query:  "data.p.decision",
			policy: `package p` + "\n" + `decision := {"verdict": "permit"}`,
			fault:  `opa: data.p.decision is not a decision: unknown "verdict" "permit" (want allow, deny, modify, replace or ask)`,
		},
		{
			name:   "ADecisionWithTwoKeysAlikeButForCase",
			query:  "data.p.decision",
			policy: `package p` + "\n" + `decision := {"Verdict": "deny", "verdict": "allow"}`,
			fault: `opa: data.p.decision is not a decision: the decision document is ambiguous: ` +
				`it has the keys "Verdict" and "verdict", which Go's encoding/json reads as one`,
		},
		{
			name:   "ADecisionThatGivesTheVerdictUnderBothNames",
			query:  "data.p.decision",
			policy: `package p` + "\n" + `decision := {"verdict": "deny", "decision": "allow"}`,
			fault:  `opa: data.p.decision is not a decision: the decision document gives both "verdict" and its old name "decision"`,
		},
		{
			name:   "ABuiltinThatFails",
			query:  "data.p.decision",
			policy: `package p` + "\n" + `decision := {"verdict": "deny", "reason": "too long"} if to_number(input.input.command) > 3`,
			fault:  `opa: evaluating data.p.decision: p.rego:2: eval_builtin_error: to_number: strconv.ParseFloat: parsing "ls": invalid syntax`,
		},
		{
			name:   "RulesThatDisagree",
			query:  "data.p.decision",
			policy: `package p` + "\n" + `decision := {"verdict": "allow"}` + "\n" + `decision := {"verdict": "deny"} if input.tool == "Bash"`,
			fault: "opa: evaluating data.p.decision: p.rego:3: eval_conflict_error: rule data.p.decision produced conflicting values:\n" +
				`  {"verdict": "allow"} at p.rego:2` + "\n" +
				`  {"verdict": "deny"} at p.rego:3`,
		},
		{
			name:   "AQueryWithSeveralValues",
			query:  "data.p.tools[_]",
			policy: `package p` + "\n" + `tools := [{"verdict": "allow"}, {"verdict": "deny"}]`,
			fault:  "opa: data.p.tools[_] has 2 values for the call; a decision is one",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fn, err := opa.Embedded(tc.query, map[string]string{"p.rego": tc.policy}, opa.WithLogger(quiet))
			require.NoError(t, err)
			_, err = fn(context.Background(), bash(hookchain.BeforeTool, "toolu_01", `{"command":"ls"}`))
			require.EqualError(t, err, tc.fault)
			if tc.is != nil {
				assert.ErrorIs(t, err, tc.is)
			}

			chain := hookchain.New(hookchain.Before("policy", hookchain.Any(), fn))
			got := chain.Run(context.Background(), bash(hookchain.BeforeTool, "toolu_01", `{"command":"ls"}`))
			assert.Equal(t, hookchain.Outcome{
				Verdict:   hookchain.Denied,
				Reason:    "policy failed and denies on failure: " + tc.fault,
				Trail:     []hookchain.Step{{Name: "policy", Verdict: hookchain.Denied, Fault: tc.fault}},
				DecidedBy: "policy", Cause: hookchain.CauseFailure,
			}, got)
		})
	}
}

// What the policy is given is what encoding/json reads, and no more: an
// input nested past its cap is refused by name rather than read at a cost
// that grows with its depth, and an object that gives a key twice — which
// the chain refuses before asking — is refused by a link called alone.
func TestAnInputThePolicyCannotBeGivenFailsTheLinkClosed(t *testing.T) {
	deep := `{"command":"ls","x":` + strings.Repeat("[", 10001) + strings.Repeat("]", 10001) + `}`
	for _, tc := range []struct {
		name, input, fault string
	}{
		{"NestedDeeperThanEncodingJSONReads", deep,
			"opa: data.hookchain.decision: not evaluated: the event's input is not valid JSON: invalid character '[' exceeded max depth"},
		{"AKeyGivenTwice", `{"command":"ls","x":{"command":"rm -rf /","command":"ls"}}`,
			`opa: data.hookchain.decision: not evaluated: the event's input is ambiguous: an object in it has the key "command" twice`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := embeddedExample(t)(context.Background(), bash(hookchain.BeforeTool, "toolu_01", tc.input))
			require.EqualError(t, err, tc.fault)
		})
	}

	chain := hookchain.New(hookchain.Before("policy", hookchain.Any(), embeddedExample(t)))
	fault := "opa: data.hookchain.decision: not evaluated: the event's input is not valid JSON: invalid character '[' exceeded max depth"
	assert.Equal(t, hookchain.Outcome{
		Verdict:   hookchain.Denied,
		Reason:    "policy failed and denies on failure: " + fault,
		Trail:     []hookchain.Step{{Name: "policy", Verdict: hookchain.Denied, Fault: fault}},
		DecidedBy: "policy", Cause: hookchain.CauseFailure,
	}, chain.Run(context.Background(), bash(hookchain.BeforeTool, "toolu_01", deep)))
}

// Everything that can be found out before the first call is: a policy that
// does not compile is an error from Embedded, never a link that fails on
// every call.
func TestAPolicyThatDoesNotCompileIsRefusedAtConstruction(t *testing.T) {
	for _, tc := range []struct {
		name, query, policy, err string
	}{
		{"ASyntaxError", "data.p.decision", "package p\ndecision := {", "opa: Embedded: 2 errors occurred\n" +
			"p.rego:2: rego_parse_error: unexpected eof token\n\tdecision := {\n\t            ^\n" +
			"p.rego:2: rego_parse_error: unexpected eof token: expected rule value term (e.g., decision := <VALUE> { ... })\n\tdecision := {\n\t            ^"},
		{"AnUnknownFunction", "data.p.decision", "package p\ndecision := lower_case(input.tool)",
			"opa: Embedded: bundle activation failed: 1 error occurred: p.rego:2: rego_type_error: undefined function lower_case"},
		{"AQueryThatDoesNotParse", "data.p.[", "package p",
			"opa: Embedded: query \"data.p.[\": 1 error occurred: 1:8: rego_parse_error: unexpected [ token: expected identifier\n\tdata.p.[\n\t       ^"},
		{"AQueryOfTwoExpressions", "data.p.a; data.p.b", "package p", `opa: Embedded: query "data.p.a; data.p.b" has 2 expressions; a decision is the value of one`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fn, err := opa.Embedded(tc.query, map[string]string{"p.rego": tc.policy}, opa.WithLogger(quiet))
			require.EqualError(t, err, tc.err)
			assert.Nil(t, fn)
		})
	}
}

func TestOptionsAreRefusedWhereTheyDoNotApply(t *testing.T) {
	policy := map[string]string{"p.rego": "package p\ndecision := {\"verdict\": \"allow\"}"}
	embedded := func(opts ...opa.Option) error {
		_, err := opa.Embedded("data.p.decision", policy, opts...)
		return err
	}
	remote := func(opts ...opa.Option) error {
		_, err := opa.Remote("http://127.0.0.1:8181", "p/decision", opts...)
		return err
	}
	fleet := func(opts ...opa.Option) error {
		f, err := opa.NewFleet(context.Background(), []byte(`{}`), "p/decision", opts...)
		if f != nil {
			_ = f.Close(context.Background())
		}
		return err
	}
	for _, tc := range []struct {
		name string
		err  error
		want string
	}{
		{"ATimeoutForEmbedded", embedded(opa.WithTimeout(time.Second)),
			"opa: Embedded: WithTimeout applies to Remote and NewFleet only; bound an Embedded link with the chain's Link.Timeout"},
		{"AClientForEmbedded", embedded(opa.WithHTTPClient(http.DefaultClient)), "opa: Embedded: WithHTTPClient applies to Remote only"},
		{"AClientForAFleet", fleet(opa.WithHTTPClient(nil)), "opa: WithHTTPClient(nil) (given to NewFleet)"},
		{"AClientForAFleetThatIsNotNil", fleet(opa.WithHTTPClient(http.DefaultClient)), "opa: NewFleet: WithHTTPClient applies to Remote only"},
		{"DataForAFleet", fleet(opa.WithData(map[string]any{})), "opa: NewFleet: WithData applies to Embedded only; a Fleet's data comes from its bundles"},
		{"DataForRemote", remote(opa.WithData(map[string]any{})), "opa: Remote: WithData applies to Embedded only; a Remote server has its own"},
		{"ANilSessionValues", remote(opa.WithSessionValues(nil)), "opa: WithSessionValues(nil) (given to Remote)"},
		{"ATimeoutThatIsNotPositive", remote(opa.WithTimeout(0)), "opa: WithTimeout(0s): must be positive (given to Remote)"},
		{"ANilOption", embedded(nil), "opa: Embedded: a nil Option"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.EqualError(t, tc.err, tc.want)
		})
	}
}

// A policy reads the event as the chain has left it, and the session as
// the runtime gave it.
func TestThePolicyIsGivenTheEventAndTheSessionAsInput(t *testing.T) {
	echo := map[string]string{"echo.rego": `package echo
decision := {"verdict": "allow", "note": json.marshal(input)}`}
	fn, err := opa.Embedded("data.echo.decision", echo, opa.WithLogger(quiet),
		opa.WithSessionValues(func(ctx context.Context) map[string]any {
			return map[string]any{"user": "alice", "cwd": "/override"}
		}))
	require.NoError(t, err)
	plain, err := opa.Embedded("data.echo.decision", echo, opa.WithLogger(quiet))
	require.NoError(t, err)

	conversation := claudecode.WithSessionInfo(context.Background(), claudecode.SessionInfo{
		ID: "s-1", Cwd: "/work/app", PermissionMode: "plan",
		Extra: map[string]json.RawMessage{"agent_id": json.RawMessage(`"a-7"`), "depth": json.RawMessage(`2.50`)},
	})
	afterCall := hookchain.Event{Hook: hookchain.AfterTool, Tool: "Read", CallID: "toolu_9", Input: json.RawMessage(`{"file_path":"a.go","limit":1e3}`)}

	for _, tc := range []struct {
		name  string
		fn    hookchain.Interceptor
		ctx   context.Context
		event hookchain.Event
		want  string
	}{
		{"BeforeTheCall", plain, context.Background(), bash(hookchain.BeforeTool, "toolu_1", `{"command":"ls -l"}`),
			`{"hook":"before_tool","tool":"Bash","call_id":"toolu_1","input":{"command":"ls -l"}}`},
		{"AnEmptyInputIsAnEmptyObject", plain, context.Background(), hookchain.Event{Hook: hookchain.BeforeTool, Tool: "now"},
			`{"hook":"before_tool","tool":"now","call_id":"","input":{}}`},
		{"AfterTheCallWithNoOutput", plain, context.Background(), afterCall,
			`{"hook":"after_tool","tool":"Read","call_id":"toolu_9","input":{"file_path":"a.go","limit":1000},"output":null,"is_error":false}`},
		{"WithTheRuntimesSession", plain, conversation, bash(hookchain.BeforeTool, "toolu_2", `{"command":"ls"}`),
			`{"hook":"before_tool","tool":"Bash","call_id":"toolu_2","input":{"command":"ls"},
			  "session":{"id":"s-1","cwd":"/work/app","permission_mode":"plan","agent_id":"a-7","depth":2.5}}`},
		{"WithTheHostsSessionValuesOnTop", fn, conversation, bash(hookchain.BeforeTool, "toolu_3", `{"command":"ls"}`),
			`{"hook":"before_tool","tool":"Bash","call_id":"toolu_3","input":{"command":"ls"},
			  "session":{"id":"s-1","cwd":"/override","permission_mode":"plan","agent_id":"a-7","depth":2.5,"user":"alice"}}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := tc.fn(tc.ctx, tc.event)
			require.NoError(t, err)
			require.Len(t, out.Notes, 1)
			assert.JSONEq(t, tc.want, out.Notes[0].Text)
		})
	}

	t.Run("AfterTheCallWithAnErrorResult", func(t *testing.T) {
		e := afterCall
		e.Output, e.IsError = hookchain.Text("no such file"), true
		out, err := plain(context.Background(), e)
		require.NoError(t, err)
		assert.JSONEq(t, `{"hook":"after_tool","tool":"Read","call_id":"toolu_9","input":{"file_path":"a.go","limit":1000},"output":"no such file","is_error":true}`, out.Notes[0].Text)
	})
}

func TestWithDataGivesThePolicyItsDataDocument(t *testing.T) {
	fn, err := opa.Embedded("data.p.deny", map[string]string{"p.rego": `package p
deny contains sprintf("%s is not an approved host", [input.input.host]) if not input.input.host in data.hosts`},
		opa.WithLogger(quiet), opa.WithData(map[string]any{"hosts": []any{"github.com", "proxy.golang.org"}}))
	require.NoError(t, err)
	call := func(host string) hookchain.Outcome {
		out, err := fn(context.Background(), hookchain.Event{Hook: hookchain.BeforeTool, Tool: "fetch", Input: json.RawMessage(`{"host":"` + host + `"}`)})
		require.NoError(t, err)
		return out
	}
	assert.Equal(t, hookchain.Allow(), call("github.com"))
	assert.Equal(t, hookchain.Deny("example.com is not an approved host"), call("example.com"))
}

// Rego's print calls and the decisions a link could not make reach the
// host's logger, tied to the call.
func TestPrintOutputAndFailuresReachTheLogger(t *testing.T) {
	logger, buf := jsonLogger()
	fn, err := opa.Embedded("data.p.decision", map[string]string{"p.rego": `package p
decision := {"verdict": "allow"} if {
	print("asked about", input.tool)
	input.tool != "Write"
}`}, opa.WithLogger(logger))
	require.NoError(t, err)

	_, err = fn(context.Background(), hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Read", CallID: "toolu_1"})
	require.NoError(t, err)
	_, err = fn(context.Background(), hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Write", CallID: "toolu_2"})
	require.Error(t, err)

	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	require.Len(t, lines, 3, buf.String())
	assert.JSONEq(t, `{"level":"INFO","msg":"opa print","text":"asked about Read","location":"p.rego:3","hook":"before_tool","tool":"Read","call_id":"toolu_1"}`, lines[0])
	assert.JSONEq(t, `{"level":"INFO","msg":"opa print","text":"asked about Write","location":"p.rego:3","hook":"before_tool","tool":"Write","call_id":"toolu_2"}`, lines[1])
	assert.JSONEq(t, `{"level":"WARN","msg":"opa decision failed","hook":"before_tool","tool":"Write","call_id":"toolu_2",
		"error":"opa: data.p.decision: undefined: the policy gave no decision for the call"}`, lines[2])
}

// One prepared query serves every goroutine of the host at once, each
// call getting its own answer.
func TestOneEmbeddedLinkDecidesManyConcurrentCallsAlike(t *testing.T) {
	chain := hookchain.New(hookchain.On("policy", hookchain.Any(), embeddedExample(t)))
	calls := []struct {
		event  hookchain.Event
		reason string
	}{
		{bash(hookchain.BeforeTool, "", `{"command":"rm -rf /","timeout":1}`), "denied by policy: rm -rf deletes a whole tree; remove files by name"},
		{bash(hookchain.BeforeTool, "", `{"command":"make"}`), "policy: added a 60s timeout"},
		{bash(hookchain.BeforeTool, "", `{"command":"ls","timeout":1}`), ""},
	}
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for g := range 64 {
		wg.Go(func() {
			for i := range 40 {
				c := calls[(g+i)%len(calls)]
				e := c.event
				e.CallID = fmt.Sprintf("toolu_%d_%d", g, i)
				if got := chain.Run(context.Background(), e); got.Reason != c.reason {
					errs <- fmt.Errorf("%s: want %q, got %q", e.Input, c.reason, got.Reason)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// A policy that runs too long is stopped: the chain's Timeout ends the
// evaluation, not only the wait for it.
func TestAnEmbeddedLinkStopsEvaluatingWhenItsTimeoutRunsOut(t *testing.T) {
	noGoroutineLeft(t)
	fn, err := opa.Embedded("data.p.decision", map[string]string{"p.rego": `package p
slow if {
	some i in numbers.range(1, 20000)
	some j in numbers.range(1, 20000)
	i * j < 0
}
decision := {"verdict": "allow"} if not slow`}, opa.WithLogger(quiet))
	require.NoError(t, err)
	chain := hookchain.New(hookchain.Before("policy", hookchain.Any(), fn).Timeout(50 * time.Millisecond))

	start := time.Now()
	got := chain.Run(context.Background(), bash(hookchain.BeforeTool, "toolu_1", `{"command":"ls"}`))
	assert.Equal(t, hookchain.Denied, got.Verdict)
	assert.Equal(t, "policy failed and denies on failure: timed out after 50ms", got.Reason)
	assert.Less(t, time.Since(start), 10*time.Second)
	// noGoroutineLeft then waits for the evaluation's goroutines to end:
	// OPA saw the context end and stopped.
}
