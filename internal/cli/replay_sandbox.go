package cli

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"syscall"
	"time"
)

// replayingEnv is set in the environment of every hook replay runs, so
// that a hook can tell a replay from a live session.
const replayingEnv = "HOOKCHAIN_REPLAY"

// sandbox gives the hooks of a replay a scratch HOME and TMPDIR, which it
// removes when done: replaying runs hooks, and hooks have side effects
// (logs appended under ~, notes left in /tmp) that a replay of a month
// must not leave in the user's home. With real, hooks get the user's own.
// It returns what puts the environment back and removes the scratch.
func sandbox(real bool) (restore func(), err error) {
	undo := []func(){setenv(replayingEnv, "1")}
	restore = func() {
		for i := len(undo) - 1; i >= 0; i-- {
			undo[i]()
		}
	}
	if real {
		return restore, nil
	}
	scratch, err := os.MkdirTemp("", "hookchain-replay-")
	if err != nil {
		restore()
		return nil, fmt.Errorf("making the hooks' scratch HOME: %w", err)
	}
	undo = append(undo, func() { _ = os.RemoveAll(scratch) })
	for _, v := range []struct{ name, dir string }{{"HOME", "home"}, {"TMPDIR", "tmp"}} {
		dir := filepath.Join(scratch, v.dir)
		if err := os.Mkdir(dir, 0o700); err != nil {
			restore()
			return nil, fmt.Errorf("making the hooks' scratch %s: %w", v.name, err)
		}
		undo = append(undo, setenv(v.name, dir))
	}
	return restore, nil
}

// errRemote is an http hook's failure to reach a host that is not
// loopback, under a replay without --allow-remote-hooks.
var errRemote = errors.New("not a loopback address: replay sends http hooks to loopback hosts only (--allow-remote-hooks sends them anywhere)")

// loopbackOnly is an HTTP client that connects to loopback addresses only,
// checked on the address dialled, after name resolution: a name that
// resolves elsewhere is refused too, and no proxy is used, because a proxy
// would carry the call to the host anyway.
func loopbackOnly() *http.Client {
	dialer := &net.Dialer{
		Timeout: 30 * time.Second,
		Control: func(_, address string, _ syscall.RawConn) error {
			host, _, err := net.SplitHostPort(address)
			if ip := net.ParseIP(host); err != nil || ip == nil || !ip.IsLoopback() {
				return fmt.Errorf("%s: %w", address, errRemote)
			}
			return nil
		},
	}
	return &http.Client{Transport: &http.Transport{
		Proxy: nil,
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			return dialer.DialContext(ctx, network, addr)
		},
	}}
}
