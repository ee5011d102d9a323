package claudecode

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"
	"unicode/utf8"

	"github.com/tidwall/gjson"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/internal/jsonscan"
	"github.com/hookchain/hookchain/process"
)

// maxHTTPBody bounds an HTTP hook's response body. A larger body is a
// failure and is not parsed, as an oversized stdout is for a command hook.
const maxHTTPBody = 10 << 20

// maxBodyInError bounds how much of an error response is quoted in the failure.
const maxBodyInError = 500

// HTTPHook is a Claude Code "http" hook: a URL that is sent the hook input
// as a POST and answers in its response body with the same JSON a command
// hook prints.
type HTTPHook struct {
	URL     string            // http or https
	Headers map[string]string // sent as given (a settings loader expands variables first)
	Timeout time.Duration     // for the whole request, body included; 0: process.DefaultTimeout, as a command hook's; negative: a mistake
	Client  *http.Client      // nil: http.DefaultClient's transport; whichever, redirects are never followed
}

// timeout is the hook's effective Timeout: a hook left without one is given
// a command hook's minute, so that a server that hangs fails the link, and a
// fail-open one lets the call go on, instead of holding the call for as long
// as the caller's context lasts.
func (h HTTPHook) timeout() time.Duration {
	if h.Timeout == 0 {
		return process.DefaultTimeout
	}
	return h.Timeout
}

// errHTTPTimeout marks the end of an HTTPHook's own Timeout, which a failure
// reports as such, apart from the end of the caller's context.
var errHTTPTimeout = errors.New("the http hook's timeout ran out")

// noRedirects is client, or the default one, told to follow no redirect,
// whatever its own CheckRedirect says. Go follows a 301, 302 or 303 to a POST
// as a GET without a body, and a 307 or 308 to any URL at all: the hook
// input would reach a server as nothing, and its default answer be read as
// the hook's, or go to a host the settings (and allowedHttpHookUrls) never
// named. The 3xx response itself comes back, and is the hook's failure.
func noRedirects(client *http.Client) *http.Client {
	c := http.Client{}
	if client != nil {
		c = *client
	}
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return &c
}

// HTTP returns an interceptor for Claude Code's "http" hook type. It POSTs
// InputFor(e, session) as JSON (Content-Type: application/json) to h.URL
// with h.Headers; the session is s, overridden field by field by the call's
// own (WithSessionInfo). As Claude Code reads the response:
//
//   - 2xx with an empty body is no decision (Allow);
//   - 2xx with a JSON object is an answer, read as a command hook's stdout
//     (see Output.Outcome);
//   - 2xx with any other body (plain text, a JSON array) is a failure, and
//     the text goes nowhere near the model;
//   - a non-2xx status, a failed connection and a timeout are failures;
//   - a redirect is never followed, whatever h.Client would do: it is a
//     failure that names where it pointed, because following it would
//     send the call on as a bodiless GET, or to a URL never configured.
//
// Failures are non-blocking errors in Claude Code: an HTTP hook blocks only
// by answering so in JSON. A body over 10 MiB is read no further: if it
// starts with '{' its decision cannot be known and the call is denied,
// with a reason that says so; otherwise it is a failure, as any other
// body is. So is an answer whose decision two readers would read apart:
// one that gives a key twice, or two of its deciding keys alike but for
// case ({"decision":"block","Decision":"approve"}) is denied, named.
//
// The request, body included, is given h.Timeout, or process.DefaultTimeout
// when it is 0, as a command hook is; its end is the link's failure, which
// names it.
//
// HTTP panics when h.URL is not an absolute http or https URL, or
// h.Timeout is negative; CompileHTTP returns the error instead.
func HTTP(h HTTPHook, s SessionInfo) hookchain.Interceptor { return must(CompileHTTP(h, s)) }

// CompileHTTP is HTTP for hooks read from configuration.
func CompileHTTP(h HTTPHook, s SessionInfo) (hookchain.Interceptor, error) {
	post, err := poster(h, "HTTP")
	if err != nil {
		return nil, err
	}
	return func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		body, err := marshal(InputFor(e, sessionFor(ctx, s)))
		if err != nil {
			return hookchain.Outcome{}, fmt.Errorf("http hook %s: encoding the hook input: %v", h.URL, err)
		}
		body, err = post(ctx, body)
		switch {
		case errors.Is(err, errTooLong) && startsJSON(body):
			return hookchain.Deny(fmt.Sprintf("the http hook's answer is longer than the %d bytes hookchain reads, "+
				"so its decision cannot be known; denied rather than guessed", maxHTTPBody)), nil
		case errors.Is(err, errTooLong):
			return hookchain.Outcome{}, fmt.Errorf("http hook %s: the response body is larger than %d bytes and is not a JSON answer", h.URL, maxHTTPBody)
		case err != nil:
			return hookchain.Outcome{}, err
		}
		if fault := ambiguity(body); fault != "" {
			return hookchain.Deny("the http hook's answer is " + fault + ": its decision cannot be known; denied rather than guessed"), nil
		}
		out, err := answer(e, body, "the response body")
		if err != nil {
			return hookchain.Outcome{}, fmt.Errorf("http hook %s: %v", h.URL, err)
		}
		return persistNotes(ctx, out), nil
	}, nil
}

// ambiguity says what makes a JSON answer mean one thing to one reader and
// another to the next: a key given twice anywhere in it (JavaScript keeps
// the last, other readers the first), or, among the keys that decide (the
// answer's own and hookSpecificOutput's), two alike but for case, which a
// reader that folds case takes for one. "" when there is none, and for a
// body that is not valid JSON, which answer names as it is.
//
// The keys of a replaced output (updatedToolOutput) may differ only in
// case, as a map of HTTP headers does; the updatedInput rule is answer's.
func ambiguity(body []byte) string {
	if !utf8.Valid(body) || !json.Valid(body) {
		return ""
	}
	if fault := jsonscan.Fault(body); fault != "" {
		return fault
	}
	root := gjson.ParseBytes(body)
	for _, obj := range []gjson.Result{root, root.Get("hookSpecificOutput")} {
		if !obj.IsObject() {
			continue
		}
		// The keys alone, as an object, for jsonscan's own rule of case.
		keys := []byte{'{'}
		obj.ForEach(func(k, _ gjson.Result) bool {
			if len(keys) > 1 {
				keys = append(keys, ',')
			}
			keys = append(append(keys, k.Raw...), ":0"...)
			return true
		})
		if fault := jsonscan.InputFault(append(keys, '}'), nil); fault != "" {
			return fault
		}
	}
	return ""
}

// bodyText is an error response's body for an error message.
func bodyText(b []byte) string {
	s := string(bytes.TrimSpace(b))
	if s == "" {
		return "empty body"
	}
	return "body: " + harness.Clip(s, maxBodyInError)
}
