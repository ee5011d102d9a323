package opa_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookchain/hookchain"
)

// An answer that two JSON readers read as two decisions is no decision:
// encoding/json keeps the last of a key given twice and matches a key in
// any case, a JavaScript reader keeps the exact key, gjson the first.
func TestARemoteAnswerWithAKeyTwiceOrTwoKeysAlikeButForCaseIsRefused(t *testing.T) {
	for _, tc := range []struct{ name, body, fault string }{
		{"TheResultTwice", `{"result":{"verdict":"deny","reason":"rm -rf"},"result":{"verdict":"allow"}}`,
			`the answer is ambiguous: an object in it has the key "result" twice`},
		{"TheResultInTwoCases", `{"result":{"verdict":"deny","reason":"rm -rf"},"Result":{"verdict":"allow"}}`,
			`the answer is ambiguous: it has the keys "Result" and "result", which Go's encoding/json reads as one`},
		{"TheDecisionTwice", `{"result":{"verdict":"deny","verdict":"allow"}}`,
			`the answer is ambiguous: an object in it has the key "verdict" twice`},
		{"AKeyTwiceInTheNewInput", `{"result":{"verdict":"modify","input":{"command":"ls","command":"rm -rf /"}}}`,
			`the answer is ambiguous: an object in it has the key "command" twice`},
		{"BytesThatAreNotUTF8", "{\"result\":{\"verdict\":\"modify\",\"input\":{\"command\":\"ls \xff\"}}}",
			`the answer is not valid UTF-8`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			server := fakeServer(t, func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, tc.body) })
			fault := "opa: POST " + server + "/v1/data/hookchain/decision: " + tc.fault
			assertRemoteFails(t, server, fault)
		})
	}

	// Decode's own refusal, with the answer read one way.
	t.Run("TheDecisionInTwoCases", func(t *testing.T) {
		server := fakeServer(t, func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprint(w, `{"result":{"Verdict":"deny","verdict":"allow"}}`)
		})
		assertRemoteFails(t, server, `opa: hookchain/decision is not a decision: the decision document is ambiguous: `+
			`it has the keys "Verdict" and "verdict", which Go's encoding/json reads as one`)
	})
	// OPA answers "result", exactly; any other key is not one.
	t.Run("AResultInAnotherCaseOnly", func(t *testing.T) {
		server := fakeServer(t, func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, `{"Result":{"verdict":"allow"}}`) })
		assertRemoteFails(t, server, "opa: POST "+server+"/v1/data/hookchain/decision: undefined: the policy gave no decision for the call")
	})
}

// assertRemoteFails asks a Remote link at server, through a chain, about
// rm -rf /, and checks that the chain denies it with fault as the link's.
func assertRemoteFails(t *testing.T, server, fault string) {
	t.Helper()
	chain := hookchain.New(hookchain.Before("policy", hookchain.Any(), remote(t, server, "hookchain/decision")))
	assert.Equal(t, hookchain.Outcome{
		Verdict:   hookchain.Denied,
		Reason:    "policy failed and denies on failure: " + fault,
		Trail:     []hookchain.Step{{Name: "policy", Verdict: hookchain.Denied, Fault: fault}},
		DecidedBy: "policy", Cause: hookchain.CauseFailure,
	}, chain.Run(context.Background(), bash(hookchain.BeforeTool, "toolu_rm", `{"command":"rm -rf /"}`)))
}
