package harness

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/process"
)

// MaxHTTPBody bounds an http hook's response body: what Copilot reads of
// one, and what claudecode reads of Claude Code's (10 MiB).
const MaxHTTPBody = 10 << 20

// maxQuoted bounds how much of a failed response a failure quotes.
const maxQuoted = 500

// HTTPHook is an http hook of a CLI: a URL that is POSTed the hook input
// and answers in its response body with what a command hook would print.
type HTTPHook struct {
	URL     string            // http or https; which of the two a CLI allows is its reader's to check
	Headers map[string]string // sent as given: a reader expands variables first (ExpandHeaders)
	Timeout time.Duration     // for the whole request, body included; 0: process.DefaultTimeout; negative: a mistake
	Client  *http.Client      // nil: http.DefaultClient's transport; whichever, no redirect is followed
}

// errHTTPTimeout marks the end of an HTTPHook's own Timeout, apart from
// the end of the caller's context.
var errHTTPTimeout = errors.New("the http hook's timeout ran out")

// HTTP returns an interceptor that runs an http hook of p's CLI for each
// event it is asked about: p.Input's JSON for the call's session
// (SessionInfoFor(ctx, s)) POSTed to h.URL with h.Headers and
// Content-Type: application/json, and a 2xx response read by p.Read as
// the stdout of a hook that exited 0 — so an empty body, or text, means
// what it means from a command hook of that CLI.
//
// Every other end is a *process.Error whose Command is the URL (its
// password, if it has one, masked), so that a trail reads as a command
// hook's does: TimedOut when h.Timeout runs out, Canceled when the
// caller's context ends first, IOFailed when the connection fails,
// BadAnswer for a non-2xx status or a redirect, and StdoutTooLarge for a
// body over MaxHTTPBody that is not JSON. A larger body that starts as
// JSON is given to p.Read cut at the cap, as a command hook's stdout is,
// so that the CLI's reader denies an answer it cannot read whole rather
// than a link's policy letting it by. A redirect is never followed: Go
// would send a 301, 302 or 303 on as a GET without the input, and a 307
// or 308 to a host the configuration never named. A failure quotes at
// most 500 bytes of the body, with every header value masked, so a server
// that echoes its token back puts none in a trail.
//
// It is an error when h.URL is not an absolute http or https URL or
// h.Timeout is negative.
func HTTP(p Profile, h HTTPHook, s SessionInfo) (hookchain.Interceptor, error) {
	u, err := url.Parse(h.URL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("%s: HTTP: %q is not an http or https URL", p.Name, h.URL)
	}
	if h.Timeout < 0 {
		return nil, fmt.Errorf("%s: HTTP: the Timeout %v is negative", p.Name, h.Timeout)
	}
	timeout := h.Timeout
	if timeout == 0 {
		timeout = process.DefaultTimeout
	}
	name := u.Redacted()
	client := http.Client{}
	if h.Client != nil {
		client = *h.Client
	}
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	headers := make(http.Header, len(h.Headers))
	for k, v := range h.Headers {
		headers.Set(k, v)
	}
	mask := masker(h.Headers)
	return func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		stdin, err := p.Input(e, SessionInfoFor(ctx, s))
		if err != nil {
			return hookchain.Outcome{}, fmt.Errorf("hook %q: encoding the hook input: %w", name, err)
		}
		body, cut, err := post(ctx, &client, h.URL, headers, stdin, timeout)
		if err != nil {
			return hookchain.Outcome{}, httpFailure(ctx, name, timeout, mask, err)
		}
		r := process.Result{Stdout: body, StdoutTruncated: cut}
		out, err := p.Read(e, r)
		if err != nil {
			return hookchain.Outcome{}, failure(name, r, err)
		}
		return out, nil
	}, nil
}

// Why a request got no answer that p.Read could be given.
type (
	statusError struct {
		status, location string
		body             []byte
	}
	tooLargeError struct{}
)

func (e *statusError) Error() string { return "status " + e.status }
func (*tooLargeError) Error() string { return "too large" }

// post sends body and returns the response body of a 2xx answer, cut at
// MaxHTTPBody when it is longer and starts as JSON (cut true).
func post(ctx context.Context, c *http.Client, u string, h http.Header, body []byte, timeout time.Duration) ([]byte, bool, error) {
	ctx, cancel := context.WithTimeoutCause(ctx, timeout, errHTTPTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(body))
	if err != nil {
		return nil, false, err
	}
	req.Header = h.Clone()
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.Do(req)
	if err != nil {
		return nil, false, ended(ctx, err)
	}
	defer resp.Body.Close()
	got, err := io.ReadAll(io.LimitReader(resp.Body, MaxHTTPBody+1))
	if err != nil {
		return nil, false, ended(ctx, err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, false, &statusError{status: resp.Status, location: resp.Header.Get("Location"), body: got}
	}
	if len(got) > MaxHTTPBody {
		if !LooksLikeJSON(string(bytes.TrimLeft(got, " \t\r\n"))) {
			return nil, false, &tooLargeError{}
		}
		return got[:MaxHTTPBody], true, nil
	}
	return got, false, nil
}

// ended is err with the context's end, when it ended, in its place.
func ended(ctx context.Context, err error) error {
	if cause := context.Cause(ctx); cause != nil {
		return cause
	}
	return err
}

// httpFailure is a request's failure, for a call whose context is ctx, as
// a *process.Error naming the URL. It is Canceled only when ctx ended: a
// Client's own timeout is the hook's failure, whatever error says.
func httpFailure(ctx context.Context, name string, timeout time.Duration, mask func(string) string, err error) *process.Error {
	pe := &process.Error{Command: name, ExitCode: -1, Err: err}
	var se *statusError
	switch {
	case ctx.Err() != nil:
		pe.Kind, pe.Err = process.Canceled, context.Cause(ctx)
	case errors.Is(err, errHTTPTimeout):
		pe.Kind, pe.Timeout, pe.Err = process.TimedOut, timeout, context.DeadlineExceeded
	case errors.As(err, &se) && se.location != "" && strings.HasPrefix(se.status, "3"):
		pe.Kind = process.BadAnswer
		pe.Err = fmt.Errorf("status %s: a redirect to %q, which hookchain never follows", se.status, Clip(mask(se.location), maxQuoted))
	case errors.As(err, &se):
		pe.Kind = process.BadAnswer
		pe.Err = fmt.Errorf("status %s: %s", se.status, quoted(mask(string(se.body))))
	case errors.As(err, new(*tooLargeError)):
		pe.Kind, pe.Limit, pe.Err = process.StdoutTooLarge, MaxHTTPBody, nil
	default:
		pe.Kind, pe.Err = process.IOFailed, errors.New(mask(err.Error()))
	}
	return pe
}

// quoted is a failed response's body for a message.
func quoted(body string) string {
	body = strings.TrimSpace(body)
	if body == "" {
		return "an empty body"
	}
	return fmt.Sprintf("body %q", Clip(body, maxQuoted))
}

// masker returns a function that replaces every value of headers in a
// text with the header's name, and every word of one that could be a
// secret alone (the token of "Bearer TOKEN"), so that no secret a request
// carried is quoted back.
func masker(headers map[string]string) func(string) string {
	secret := map[string]string{}
	for k, v := range headers {
		for _, w := range append(strings.Fields(v), v) {
			// A shorter one would mask ordinary words.
			if len(strings.TrimSpace(w)) >= 8 && (secret[w] == "" || k < secret[w]) {
				secret[w] = k
			}
		}
	}
	// The longest first, so that one inside another is not masked in
	// part and the rest shown.
	words := slices.SortedFunc(maps.Keys(secret), func(a, b string) int { return cmp.Or(len(b)-len(a), strings.Compare(a, b)) })
	var pairs []string
	for _, w := range words {
		pairs = append(pairs, w, "["+secret[w]+"]")
	}
	return strings.NewReplacer(pairs...).Replace
}

// Clip shortens s to at most n bytes, on a rune boundary, marking the cut.
func Clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// HTTPLink is Link for an http hook (HTTP): the link that runs h at hook
// at of a chain for the calls m matches, with p's failure policy. Its
// Identity is p's name and event names (the input it sends), h's URL,
// the names of its headers, its timeout and s, so that two links that
// send different requests give their chains different IDs. The headers'
// values are left out: they are a token more often than not, and an ID is
// a digest anyone may test a guess against.
func (p Profile) HTTPLink(name string, at hookchain.Hook, m hookchain.Matcher, h HTTPHook, s SessionInfo) (hookchain.Link, error) {
	fn, err := HTTP(p, h, s)
	if err != nil {
		return hookchain.Link{}, err
	}
	return p.link(name, at, m, fn, fmt.Sprintf("%s\x00%s\x00http\x00%s\x00%v\x00%v\x00%#v",
		p.Name, p.Events[hookchain.BeforeTool], h.URL, slices.Sorted(maps.Keys(h.Headers)), h.Timeout, s))
}
