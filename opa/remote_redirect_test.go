package opa_test

import (
	"context"
	"fmt"
	"net/http"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/opa"
)

// A redirect in front of OPA (http to https, a moved path) once turned the
// POST into a GET with no body: the policy saw no input and its default
// allowed everything, rm -rf / included. 307 and 308 keep the body, but
// send it to a server the link was not given. No redirect is followed,
// whoever's client sends the request.
func TestARedirectIsTheLinksFailureNeverAnAllow(t *testing.T) {
	var reached atomic.Int32
	allowAll := fakeServer(t, func(w http.ResponseWriter, r *http.Request) {
		reached.Add(1)
		fmt.Fprint(w, `{"result":{"verdict":"allow"}}`)
	})
	rmrf := bash(hookchain.BeforeTool, "toolu_rm", `{"command":"rm -rf /"}`)
	clients := []struct {
		name string
		opts []opa.Option
	}{
		{"ItsOwnClient", nil},
		{"AClientOfTheCallers", []opa.Option{opa.WithHTTPClient(&http.Client{})}},
		{"AClientThatFollowsEveryRedirect", []opa.Option{opa.WithHTTPClient(&http.Client{
			CheckRedirect: func(*http.Request, []*http.Request) error { return nil },
		})}},
		{"TheDefaultClient", []opa.Option{opa.WithHTTPClient(http.DefaultClient)}},
	}
	for _, code := range []int{http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther,
		http.StatusTemporaryRedirect, http.StatusPermanentRedirect} {
		for _, c := range clients {
			t.Run(fmt.Sprintf("%d/%s", code, c.name), func(t *testing.T) {
				reached.Store(0)
				moved := fakeServer(t, func(w http.ResponseWriter, r *http.Request) {
					http.Redirect(w, r, allowAll+r.URL.RequestURI(), code)
				})
				fault := fmt.Sprintf("opa: POST %s/v1/data/hookchain/decision: the server answered %d %s, a redirect to "+
					"%s/v1/data/hookchain/decision?strict-builtin-errors=true, and a Remote link follows none: "+
					"give it the URL the OPA server answers at", moved, code, http.StatusText(code), allowAll)
				fn := remote(t, moved, "hookchain/decision", c.opts...)
				chain := hookchain.New(hookchain.Before("policy", hookchain.Any(), fn))
				assert.Equal(t, hookchain.Outcome{
					Verdict:   hookchain.Denied,
					Reason:    "policy failed and denies on failure: " + fault,
					Trail:     []hookchain.Step{{Name: "policy", Verdict: hookchain.Denied, Fault: fault}},
					DecidedBy: "policy", Cause: hookchain.CauseFailure,
				}, chain.Run(context.Background(), rmrf))
				assert.Zero(t, reached.Load(), "the request went where the redirect pointed")
			})
		}
	}
}

// The link takes the caller's client as it is for everything but
// redirects, and leaves it as it was: another user of the client still
// follows them.
func TestARemoteLinkLeavesTheCallersClientAsItWas(t *testing.T) {
	follow := func(*http.Request, []*http.Request) error { return nil }
	c := &http.Client{CheckRedirect: follow}
	_ = remote(t, "http://127.0.0.1:8181", "hookchain/decision", opa.WithHTTPClient(c))
	require.NotNil(t, c.CheckRedirect)
	assert.Nil(t, c.CheckRedirect(nil, nil))
	assert.Nil(t, http.DefaultClient.CheckRedirect)
}
