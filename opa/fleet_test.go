package opa_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/opa"
)

const lsDenied = `package hookchain

deny contains "ls is off today" if input.input.command == "ls"

default decision := {"verdict": "allow"}

decision := {"verdict": "deny", "reason": concat("; ", deny)} if count(deny) > 0
`

var lsCall = bash(hookchain.BeforeTool, "toolu_ls", `{"command":"ls","timeout":5}`)

// fleetChain is a chain whose one link is f's.
func fleetChain(f *opa.Fleet) *hookchain.Chain {
	return hookchain.New(hookchain.On("policy", hookchain.Any(), f.Intercept))
}

func TestAFleetLinkDeniesUntilItsFirstBundleIsActive(t *testing.T) {
	srv := newFleetServer(t)
	key := newSigningKey(t)
	srv.setDown(true)
	f := startFleet(t, srv, key)
	chain := fleetChain(f)

	fault := "opa: hookchain/decision: no policy yet: the configured bundles have not been activated"
	assert.Equal(t, hookchain.Outcome{
		Verdict:   hookchain.Denied,
		Reason:    "policy failed and denies on failure: " + fault,
		Trail:     []hookchain.Step{{Name: "policy", Verdict: hookchain.Denied, Fault: fault}},
		DecidedBy: "policy", Cause: hookchain.CauseFailure,
	}, chain.Run(context.Background(), lsCall))
	_, err := f.Intercept(context.Background(), lsCall)
	require.ErrorIs(t, err, opa.ErrNotReady)

	srv.publish(buildBundle(t, "v1", examplePolicy(t), key))
	waitReady(t, f)
	assert.Equal(t, hookchain.Outcome{}, chain.Run(context.Background(), lsCall))
	got := chain.Run(context.Background(), bash(hookchain.BeforeTool, "toolu_rm", `{"command":"rm -rf /","timeout":5}`))
	assert.Equal(t, "denied by policy: rm -rf deletes a whole tree; remove files by name", got.Reason)
}

func TestAPolicyChangedOnTheServerChangesDecisionsWithinThePollingInterval(t *testing.T) {
	srv, key, f := readyFleet(t, examplePolicy(t))
	chain := fleetChain(f)
	require.Equal(t, hookchain.Allowed, chain.Run(context.Background(), lsCall).Verdict)

	srv.publish(buildBundle(t, "v2", lsDenied, key))
	changed := time.Now()
	require.Eventually(t, func() bool {
		return chain.Run(context.Background(), lsCall).Verdict == hookchain.Denied
	}, 10*time.Second, 20*time.Millisecond, "the new policy was not in force within 10s of a 1s polling interval")
	t.Logf("the new policy decided %v after it was published (polling every 1s)", time.Since(changed).Round(time.Millisecond))
	assert.Equal(t, "denied by policy: ls is off today", chain.Run(context.Background(), lsCall).Reason)
}

// A bundle that does not verify or does not compile never decides
// anything: the last good bundle keeps deciding.
func TestABadBundleIsRefusedAndTheOldOneKept(t *testing.T) {
	key, stranger := newSigningKey(t), newSigningKey(t)
	for _, tc := range []struct {
		name  string
		build func(t testing.TB) []byte
	}{
		{"SignedWithAnotherKey", func(t testing.TB) []byte { return buildBundle(t, "v2", lsDenied, stranger) }},
		{"NotSigned", func(t testing.TB) []byte { return buildBundle(t, "v2", lsDenied, signingKey{}) }},
		{"OfRegoThatDoesNotCompile", func(t testing.TB) []byte {
			return buildBundle(t, "v2", "package hookchain\n\ndecision := {", key)
		}},
		{"NotABundle", func(testing.TB) []byte { return []byte("<html>a captive portal</html>") }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := newFleetServer(t)
			srv.publish(buildBundle(t, "v1", examplePolicy(t), key))
			f := startFleet(t, srv, key)
			waitReady(t, f)
			chain := fleetChain(f)

			srv.publish(tc.build(t))
			waitForStatus(t, srv, func(b bundleStatus) bool { return b.Code == "bundle_error" && b.ActiveRevision == "v1" })
			gets := srv.bundleGets()
			require.Eventually(t, func() bool { return srv.bundleGets() > gets+1 }, 10*time.Second, 20*time.Millisecond)

			assert.Equal(t, hookchain.Outcome{}, chain.Run(context.Background(), lsCall), "the refused bundle decided")
		})
	}
}

func TestAFleetKeepsDecidingWithTheLastGoodBundleWhileTheServerIsDown(t *testing.T) {
	srv, _, f := readyFleet(t, lsDenied)
	chain := fleetChain(f)

	srv.setDown(true)
	gets := srv.bundleGets()
	require.Eventually(t, func() bool { return srv.bundleGets() > gets+1 }, 10*time.Second, 20*time.Millisecond)
	waitForStatus(t, srv, func(b bundleStatus) bool { return b.HTTPCode == "503" && b.ActiveRevision == "v1" })

	assert.Equal(t, "denied by policy: ls is off today", chain.Run(context.Background(), lsCall).Reason)
}

func TestDecisionLogsReachTheCollectorWithTheCallIDAndTheDecision(t *testing.T) {
	srv, _, f := readyFleet(t, examplePolicy(t))
	chain := fleetChain(f)

	chain.Run(context.Background(), bash(hookchain.BeforeTool, "toolu_rm", `{"command":"rm -rf /","timeout":5}`))
	chain.Run(context.Background(), bash(hookchain.BeforeTool, "toolu_make", `{"command":"make"}`))
	env := bash(hookchain.AfterTool, "toolu_env", `{"command":"env","timeout":5}`)
	env.Output = hookchain.Text("AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\n")
	chain.Run(context.Background(), env)

	var byCall map[string]map[string]any
	require.Eventually(t, func() bool {
		byCall = map[string]map[string]any{}
		for _, event := range srv.decisionLogs() {
			if in, ok := event["input"].(map[string]any); ok {
				byCall[in["call_id"].(string)] = event
			}
		}
		return len(byCall) == 3
	}, 10*time.Second, 20*time.Millisecond, "the decisions were not logged within 10s of a 1s reporting delay")

	rm := byCall["toolu_rm"]
	assert.Equal(t, "hookchain/decision", rm["path"])
	assert.Equal(t, map[string]any{"verdict": "deny", "reason": "rm -rf deletes a whole tree; remove files by name"}, rm["result"])
	assert.Equal(t, map[string]any{"hook": "before_tool", "tool": "Bash", "call_id": "toolu_rm",
		"input": map[string]any{"command": "rm -rf /", "timeout": 5.0}}, rm["input"])
	assert.Equal(t, map[string]any{"hookchain": map[string]any{"revision": "v1"}}, rm["bundles"])
	assert.Equal(t, "platform", rm["labels"].(map[string]any)["team"])
	assert.NotEmpty(t, rm["decision_id"])

	made := byCall["toolu_make"]
	assert.Equal(t, map[string]any{"verdict": "modify", "reason": "added a 60s timeout",
		"input": map[string]any{"command": "make", "timeout": 60.0}}, made["result"])

	// The mask keeps the tool's output on the agent; the redacted result
	// is the policy's, and is logged.
	redacted := byCall["toolu_env"]
	assert.Equal(t, map[string]any{"hook": "after_tool", "tool": "Bash", "call_id": "toolu_env",
		"input": map[string]any{"command": "env", "timeout": 5.0}, "is_error": false}, redacted["input"])
	assert.Equal(t, []any{"/input/output"}, redacted["erased"])
	assert.Equal(t, map[string]any{"verdict": "replace", "reason": "redacted an AWS access key",
		"output": "AWS_ACCESS_KEY_ID=[redacted]\n"}, redacted["result"])
}

// OPA polls with the ETag of the bundle it has: an unchanged bundle is
// answered 304 Not Modified and never downloaded again.
func TestAnUnchangedBundleIsNotDownloadedAgain(t *testing.T) {
	srv, _, f := readyFleet(t, examplePolicy(t))

	require.Eventually(t, func() bool { _, same := srv.bundleAnswers(); return same >= 2 },
		10*time.Second, 20*time.Millisecond, "no poll was answered 304 within 10s of a 1s polling interval")
	sent, _ := srv.bundleAnswers()
	assert.Equal(t, 1, sent, "the unchanged bundle was downloaded again")
	assert.Equal(t, hookchain.Outcome{}, fleetChain(f).Run(context.Background(), lsCall))
}

// A Fleet's Rego print output and the decisions it could not make reach
// the host's logger as Embedded's do, tied to the call.
func TestAFleetsPrintOutputAndFailuresReachTheLogger(t *testing.T) {
	logger, buf := jsonLogger()
	_, _, f := readyFleet(t, `package hookchain

decision := {"verdict": "allow"} if {
	print("asked about", input.tool)
	input.tool != "Write"
}
`, opa.WithLogger(logger))

	_, err := f.Intercept(context.Background(), hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Read", CallID: "toolu_1"})
	require.NoError(t, err)
	_, err = f.Intercept(context.Background(), hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Write", CallID: "toolu_2"})
	require.ErrorIs(t, err, opa.ErrUndefined)

	var ours []string // OPA's own records (downloads, activations) aside
	for _, line := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		if strings.Contains(line, `"msg":"opa `) {
			ours = append(ours, line)
		}
	}
	require.Len(t, ours, 3, buf.String())
	assert.JSONEq(t, `{"level":"INFO","msg":"opa print","text":"asked about Read","location":"/hookchain.rego:4","hook":"before_tool","tool":"Read","call_id":"toolu_1"}`, ours[0])
	assert.JSONEq(t, `{"level":"INFO","msg":"opa print","text":"asked about Write","location":"/hookchain.rego:4","hook":"before_tool","tool":"Write","call_id":"toolu_2"}`, ours[1])
	assert.JSONEq(t, `{"level":"WARN","msg":"opa decision failed","hook":"before_tool","tool":"Write","call_id":"toolu_2",
		"error":"opa: hookchain/decision: undefined: the policy gave no decision for the call"}`, ours[2])
}

func TestStatusReportsNameTheActiveRevision(t *testing.T) {
	srv, key, _ := readyFleet(t, examplePolicy(t))
	waitForStatus(t, srv, func(b bundleStatus) bool { return b.ActiveRevision == "v1" && b.Code == "" })

	srv.publish(buildBundle(t, "v2", lsDenied, key))
	waitForStatus(t, srv, func(b bundleStatus) bool { return b.ActiveRevision == "v2" })
	last := srv.statusReports()[len(srv.statusReports())-1]
	assert.Equal(t, "platform", last["labels"].(map[string]any)["team"])
}

func TestAClosedFleetFailsClosed(t *testing.T) {
	srv := newFleetServer(t)
	key := newSigningKey(t)
	srv.publish(buildBundle(t, "v1", examplePolicy(t), key))
	f, err := opa.NewFleet(context.Background(), srv.config(key), "hookchain/decision", opa.WithLogger(quiet))
	require.NoError(t, err)
	waitReady(t, f)
	require.NoError(t, f.Close(context.Background()))
	require.NoError(t, f.Close(context.Background()), "a second Close")

	_, err = f.Intercept(context.Background(), lsCall)
	require.EqualError(t, err, "opa: hookchain/decision: the fleet link is closed")
	assert.ErrorIs(t, err, opa.ErrClosed)
	assert.True(t, hookchain.IsNotOwn(err), "a closed Fleet is no failure of the call's that FailOpen forgives")
	out := hookchain.New(hookchain.Before("policy", hookchain.Any(), f.Intercept).FailOpen()).Run(context.Background(), lsCall)
	assert.Equal(t, hookchain.Outcome{Verdict: hookchain.Denied, Reason: "policy failed and denies on failure: opa: hookchain/decision: the fleet link is closed",
		DecidedBy: "policy", Cause: hookchain.CauseFailure,
		Trail: []hookchain.Step{{Name: "policy", Verdict: hookchain.Denied, Fault: "opa: hookchain/decision: the fleet link is closed"}}}, out)
}

func TestAFleetConfigurationOPARefusesIsAnError(t *testing.T) {
	for _, tc := range []struct {
		name, config, path, err string
	}{
		{"NotJSONOrYAML", `{"services": `, "hookchain/decision", "opa: NewFleet: yaml: line 1: did not find expected node content"},
		{"ABundleOfAnUnknownService", `{"bundles": {"b": {"service": "nowhere"}}}`, "hookchain/decision",
			`opa: NewFleet: invalid configuration for bundle "b": service name "nowhere" not found`},
		{"NoPath", `{}`, "", `opa: NewFleet: no decision path (want the path under data, slash-separated as in OPA's Data API: "hookchain/decision")`},
		{"AReferenceForAPath", `{}`, "data.hookchain.decision",
			`opa: NewFleet: "data.hookchain.decision" is not a decision path (want the path under data, slash-separated as in OPA's Data API: "hookchain/decision")`},
		{"APathThatClimbs", `{}`, "hookchain/../decision",
			`opa: NewFleet: "hookchain/../decision" is not a decision path (want the path under data, slash-separated as in OPA's Data API: "hookchain/decision")`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			noGoroutineLeft(t)
			f, err := opa.NewFleet(context.Background(), []byte(tc.config), tc.path, opa.WithLogger(quiet))
			require.EqualError(t, err, tc.err)
			assert.Nil(t, f)
		})
	}
}

// bundleStatus is the part of a status report about the hookchain bundle.
type bundleStatus struct {
	ActiveRevision, Code, HTTPCode string
}

// waitForStatus waits for a status report about the hookchain bundle that
// satisfies ok.
func waitForStatus(t *testing.T, srv *fleetServer, ok func(bundleStatus) bool) {
	t.Helper()
	var seen []bundleStatus
	require.Eventually(t, func() bool {
		seen = seen[:0]
		for _, r := range srv.statusReports() {
			bundles, _ := r["bundles"].(map[string]any)
			b, _ := bundles["hookchain"].(map[string]any)
			s := bundleStatus{}
			s.ActiveRevision, _ = b["active_revision"].(string)
			s.Code, _ = b["code"].(string)
			if n, ok := b["http_code"].(float64); ok {
				s.HTTPCode = fmtNumber(n)
			}
			seen = append(seen, s)
			if ok(s) {
				return true
			}
		}
		return false
	}, 10*time.Second, 20*time.Millisecond, "no such status report; seen %+v", seen)
}
