package qwen

import (
	"time"

	"github.com/hookchain/hookchain/harness"
)

// DefaultHTTPTimeout is the time Qwen gives an http hook whose
// configuration sets none (DEFAULT_HTTP_HOOK_TIMEOUT_SECONDS, 600).
const DefaultHTTPTimeout = 600 * time.Second

// httpHandler reads an http hook, as Qwen's http hook runner takes one:
// "url", "headers", "allowedEnvVars", "name", and a "timeout" in seconds,
// not the milliseconds of a command hook. Its "failMode" is read as a
// command hook's, though Qwen's runner does not say it reads one: a hook
// written to fail closed does, which is the safe reading.
func httpHandler(f harness.Object) (Hook, string, error) {
	e, err := f.HTTPEntry()
	if err != nil {
		return Hook{}, "", err
	}
	h := Hook{HTTP: e}
	if h.Name, _, err = f.String("name"); err != nil {
		return Hook{}, "", err
	}
	if h.Timeout, err = f.Seconds("timeout"); err != nil {
		return Hook{}, "", err
	}
	if h.FailClosed, err = failClosed(f); err != nil {
		return Hook{}, "", err
	}
	return h, "", nil
}

// Request is the request an http hook makes: Qwen expands the variables
// allowedEnvVars names in its headers and its URL, from hookchain's
// environment as Qwen does from its own, and gives it DefaultHTTPTimeout
// when it sets none.
func (h Hook) Request() harness.HTTPHook {
	t := h.Timeout
	if t == 0 {
		t = DefaultHTTPTimeout
	}
	return h.HTTP.Hook(t, true, nil)
}
