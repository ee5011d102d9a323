package copilot

import (
	"fmt"
	"net/netip"
	"os"
	"strings"

	"github.com/hookchain/hookchain/harness"
)

// AllowLocalhost is the variable that lets Copilot send an http hook to
// a plain-http loopback URL; it is read from hookchain's environment, as
// Copilot reads it from its own.
const AllowLocalhost = "COPILOT_HOOK_ALLOW_LOCALHOST"

// httpEntry reads an http hook of event, as Copilot's reference gives
// the rules: "url" http or https, and https when the hook decides a
// permission (preToolUse, permissionRequest), when it lists
// allowedEnvVars, and when the host is not loopback or AllowLocalhost is
// not "1". Copilot rejects a hook that breaks one; hookchain refuses the
// file, so that `hookchain check` never lists a guard Copilot will not
// run. Whether Copilot's loopback exception holds before the call too
// the reference does not say: hookchain infers it does not.
func httpEntry(event string, f harness.Object) (Hook, string, error) {
	e, err := f.HTTPEntry()
	if err != nil {
		return Hook{}, "", err
	}
	h := Hook{HTTP: e}
	if h.Matcher, _, err = f.String("matcher"); err != nil {
		return Hook{}, "", err
	}
	if toolCall(event) {
		if _, err := CompileMatcherFor(event, h.Matcher); err != nil {
			return Hook{}, "", err
		}
	}
	if h.Timeout, err = timeout(f); err != nil {
		return Hook{}, "", err
	}
	if e.Scheme() == "https" {
		return h, "", nil
	}
	switch {
	case strings.EqualFold(event, PreToolUse) || strings.EqualFold(event, "permissionRequest"):
		return Hook{}, "", fmt.Errorf("url %q: Copilot sends a %s hook over https only, as its answer can grant a permission", e.URL, event)
	case len(e.AllowedEnvVars) > 0:
		return Hook{}, "", fmt.Errorf("url %q: Copilot expands allowedEnvVars into the headers of an https request only", e.URL)
	case !loopback(e.Hostname()):
		return Hook{}, "", fmt.Errorf("url %q: Copilot sends http hooks over https, and plain http only to a loopback host", e.URL)
	case os.Getenv(AllowLocalhost) != "1":
		return Hook{}, "", fmt.Errorf("url %q: Copilot sends a plain-http hook to a loopback host only when %s=1", e.URL, AllowLocalhost)
	}
	return h, "", nil
}

// loopback reports whether host is one Copilot's exception names:
// localhost, 127.* or ::1.
func loopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	a, err := netip.ParseAddr(host)
	return err == nil && (a.Is4() && a.As4()[0] == 127 || a == netip.IPv6Loopback())
}
