package cli

import (
	"fmt"
	"net"
	"net/url"

	"github.com/hookchain/hookchain/claudecode/settings"
)

// Claude Code's settings hold serve's own http hook, and serve loads them
// when it is given no --settings. Loaded, that hook sends each call back to
// serve, which sends it back again, round and round, until a connection
// or a timeout fails: a failure an http hook forgives, as Claude Code does,
// and that Claude Code, waiting meanwhile, forgives too once its own
// timeout passes. So settings holding an http hook at serve's own address
// do not load. A hook that reaches serve another way (a proxy, another
// address of the host) is not seen.

// selfHook is an error naming the first http hook in hooks that serve,
// listening at listen, would send calls to itself, or nil.
func selfHook(hooks []settings.Hook, listen string) error {
	host, port, err := net.SplitHostPort(listen)
	if err != nil {
		return nil
	}
	for _, h := range hooks {
		if h.Type != "http" || (h.Status != settings.Linked && h.Status != settings.Merged) {
			continue
		}
		u, err := url.Parse(h.URL)
		if err != nil || u.Scheme != "http" || portOf(u) != port || !sameHost(u.Hostname(), host) {
			continue
		}
		return fmt.Errorf("the http hook %s (%s[%d].hooks[%d] of %s) is hookchain serve itself: every call would be sent back to it, "+
			"round and round, until a connection or Claude Code's timeout failed and let the call run; load the hooks without it (--settings)",
			h.URL, h.Event, h.Group, h.Index, h.File)
	}
	return nil
}

// portOf is u's port, or its scheme's.
func portOf(u *url.URL) string {
	if p := u.Port(); p != "" {
		return p
	}
	return "80"
}

// sameHost reports whether a request to host could reach a server
// listening on listen's host: the same name, two loopback hosts, or any
// loopback host when the server listens on every interface.
func sameHost(host, listen string) bool {
	loopback := func(h string) bool {
		ip := net.ParseIP(h)
		return h == "localhost" || ip != nil && ip.IsLoopback()
	}
	if host == listen || loopback(host) && loopback(listen) {
		return true
	}
	ip := net.ParseIP(listen)
	return (listen == "" || ip != nil && ip.IsUnspecified()) && loopback(host)
}
