//go:build unix

package cli

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain/claudecode/settings"
)

// freePort is a loopback port nothing listens on now.
func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// Settings that hold serve's own http hook — the file Claude Code reads,
// loaded because no --settings was given — would send every call back to
// serve, round and round, until a connection or Claude Code's timeout
// failed and the call ran: they do not load.
func TestSettingsThatSendCallsBackToServeItselfDoNotLoad(t *testing.T) {
	for _, url := range []string{"http://127.0.0.1:%d/", "http://localhost:%d/", "http://[::1]:%d/hooks"} {
		t.Run(url, func(t *testing.T) {
			noLeaks(t)
			project := newProject(t)
			port := freePort(t)
			self := fmt.Sprintf(url, port)
			settings := `{"hooks":{"PreToolUse":[{"hooks":[{"type":"http","url":"` + self + `"}]}]}}`
			require.NoError(t, os.WriteFile(filepath.Join(project, "hookchain.json"), []byte(settings), 0o644))
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			defer cancel()
			var stderr bytes.Buffer

			code := serve(ctx, []string{"--settings", filepath.Join(project, "hookchain.json"), "--listen", "127.0.0.1:" + strconv.Itoa(port)}, &stderr, nil, nil)

			assert.Equal(t, exitFailed, code)
			assert.Equal(t, "hookchain serve: the http hook "+self+" (PreToolUse[0].hooks[0] of "+filepath.Join(project, "hookchain.json")+
				") is hookchain serve itself: every call would be sent back to it, round and round, until a connection or Claude Code's timeout failed and let the call run; load the hooks without it (--settings)\n", stderr.String())
		})
	}
}

func TestOnlyAnHTTPHookThatCouldReachServesOwnAddressIsServeItself(t *testing.T) {
	tests := []struct {
		listen, url string
		self        bool
	}{
		{"127.0.0.1:8377", "http://127.0.0.1:8377/", true},
		{"127.0.0.1:8377", "http://127.0.0.2:8377/", true},
		{"localhost:80", "http://127.0.0.1/", true},
		{"0.0.0.0:8377", "http://localhost:8377/", true},
		{":8377", "http://[::1]:8377/", true},
		{"127.0.0.1:8377", "http://127.0.0.1:8378/", false},
		{"127.0.0.1:8377", "https://127.0.0.1:8377/", false},
		{"127.0.0.1:8377", "http://policy.example:8377/", false},
	}
	for _, tt := range tests {
		t.Run(tt.listen+" "+tt.url, func(t *testing.T) {
			hooks := []settings.Hook{
				{Type: "http", URL: tt.url, Status: settings.Disabled},
				{Type: "command", Command: tt.url, Status: settings.Linked},
				{Type: "http", URL: tt.url, Status: settings.Linked, File: "s.json", Event: "PostToolUse", Group: 1, Index: 2},
			}
			err := selfHook(hooks, tt.listen)
			if !tt.self {
				assert.NoError(t, err)
				return
			}
			assert.EqualError(t, err, "the http hook "+tt.url+" (PostToolUse[1].hooks[2] of s.json) is hookchain serve itself: every call would be sent back to it, "+
				"round and round, until a connection or Claude Code's timeout failed and let the call run; load the hooks without it (--settings)")
		})
	}
}
