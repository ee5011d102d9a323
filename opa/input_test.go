package opa_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
)

// The chain refuses, before any link is asked, an input that two readers
// would read as two calls; a link called on its own refuses it too,
// rather than hand the policy one reading and the tool another. An OPA
// server reads a key given twice as encoding/json does, keeping the last.
func TestAnEventTwoReadersWouldReadApartIsRefusedByEveryLinkCalledAlone(t *testing.T) {
	var reached atomic.Int32
	allowAll := fakeServer(t, func(w http.ResponseWriter, r *http.Request) {
		reached.Add(1)
		fmt.Fprint(w, `{"result":{"verdict":"allow"}}`)
	})
	_, _, fleet := readyFleet(t, examplePolicy(t))
	links := []struct {
		name, prefix string
		fn           hookchain.Interceptor
	}{
		{"Embedded", "opa: data.hookchain.decision: not evaluated: ", embeddedExample(t)},
		{"Fleet", "opa: hookchain/decision: not evaluated: ", fleet.Intercept},
		{"Remote", "opa: POST " + allowAll + "/v1/data/hookchain/decision: not sent: ", remote(t, allowAll, "hookchain/decision")},
	}
	afterWith := func(output string) hookchain.Event {
		e := bash(hookchain.AfterTool, "toolu_1", `{"command":"ls","timeout":5}`)
		e.Output = json.RawMessage(output)
		return e
	}
	for _, tc := range []struct {
		name  string
		event hookchain.Event
		fault string
	}{
		{"AKeyGivenTwice", bash(hookchain.BeforeTool, "toolu_1", `{"command":"ls","timeout":5,"command":"rm -rf /"}`),
			`the event's input is ambiguous: an object in it has the key "command" twice`},
		{"TwoKeysAlikeButForCase", bash(hookchain.BeforeTool, "toolu_1", `{"command":"rm -rf /","Command":"ls","timeout":5}`),
			`the event's input is ambiguous: an object in it has the keys "command" and "Command", which Go's encoding/json reads as one`},
		{"BytesThatAreNotUTF8", bash(hookchain.BeforeTool, "toolu_1", "{\"command\":\"rm -rf /\xff\",\"timeout\":5}"),
			"the event's input is not valid UTF-8"},
		{"AnInputThatIsNotJSON", bash(hookchain.BeforeTool, "toolu_1", `{"command":`),
			"the event's input is not valid JSON"},
		{"AnOutputWithAKeyGivenTwice", afterWith(`{"secret":"AKIAIOSFODNN7EXAMPLE","secret":"none"}`),
			`the event's output is ambiguous: an object in it has the key "secret" twice`},
		{"AnOutputThatIsNotUTF8", afterWith("\"AKIAIOSFODNN7EXAMPLE\xff\""),
			"the event's output is not valid UTF-8"},
	} {
		for _, l := range links {
			t.Run(tc.name+"/"+l.name, func(t *testing.T) {
				reached.Store(0)
				out, err := l.fn(context.Background(), tc.event)
				require.EqualError(t, err, l.prefix+tc.fault)
				assert.Equal(t, hookchain.Outcome{}, out)
				assert.Zero(t, reached.Load(), "the server was asked")
			})
		}
	}
}

// What the runtime says about the session is part of what the policy
// decides by (who the agent is, what mode it runs in): a value of it that
// cannot be read fails the link, where leaving it out would show the
// policy a session without it.
func TestASessionValueThatCannotBeReadFailsTheLink(t *testing.T) {
	var reached atomic.Int32
	allowAll := fakeServer(t, func(w http.ResponseWriter, r *http.Request) {
		reached.Add(1)
		fmt.Fprint(w, `{"result":{"verdict":"allow"}}`)
	})
	links := []struct {
		name, prefix string
		fn           hookchain.Interceptor
	}{
		{"Embedded", "opa: data.hookchain.decision: not evaluated: ", embeddedExample(t)},
		{"Remote", "opa: POST " + allowAll + "/v1/data/hookchain/decision: not sent: ", remote(t, allowAll, "hookchain/decision")},
	}
	for _, tc := range []struct{ name, value, fault string }{
		{"NotJSON", `{"role":`, `the session's "agent_type" is not valid JSON`},
		{"AKeyGivenTwice", `{"role":"reviewer","role":"admin"}`, `the session's "agent_type" is ambiguous: an object in it has the key "role" twice`},
		{"NotUTF8", "\"review\xffer\"", `the session's "agent_type" is not valid UTF-8`},
	} {
		for _, l := range links {
			t.Run(tc.name+"/"+l.name, func(t *testing.T) {
				reached.Store(0)
				ctx := claudecode.WithSessionInfo(context.Background(), claudecode.SessionInfo{
					ID: "s-1", Extra: map[string]json.RawMessage{"agent_type": json.RawMessage(tc.value)},
				})
				out, err := l.fn(ctx, lsCall)
				require.EqualError(t, err, l.prefix+tc.fault)
				assert.Equal(t, hookchain.Outcome{}, out)
				assert.Zero(t, reached.Load(), "the server was asked")
			})
		}
	}
}
