package claudecode

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"

	"github.com/hookchain/hookchain/harness"
)

// errTooLong marks a response body past maxHTTPBody; poster returns what
// it read with it, so that the caller can tell an answer whose decision
// cannot be known (it starts with '{') from text.
var errTooLong = errors.New("the response body is too long")

// poster sends a body to an http hook and returns the response body of a
// 2xx answer: the request half of HTTP and PermissionHTTP, whose answers
// differ. Every other end — a redirect, which is never followed, a non-2xx
// status, a body that is not empty or a JSON object, a timeout — is an
// error naming the URL; a body over 10 MiB is one wrapping errTooLong,
// returned with its first 10 MiB and a byte. The request is bounded by
// h.timeout(). It is an error, naming caller, when h.URL is not an absolute
// http or https URL or h.Timeout is negative.
func poster(h HTTPHook, caller string) (func(ctx context.Context, body []byte) ([]byte, error), error) {
	u, err := url.Parse(h.URL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("claudecode: %s: %q is not an http or https URL", caller, h.URL)
	}
	if h.Timeout < 0 {
		return nil, fmt.Errorf("claudecode: %s: the Timeout %v is negative", caller, h.Timeout)
	}
	timeout := h.timeout()
	client := noRedirects(h.Client)
	headers := make(http.Header, len(h.Headers))
	for k, v := range h.Headers {
		headers.Set(k, v)
	}
	return func(ctx context.Context, body []byte) ([]byte, error) {
		fail := func(format string, args ...any) ([]byte, error) {
			return nil, fmt.Errorf("http hook %s: "+format, append([]any{h.URL}, args...)...)
		}
		ctx, cancel := context.WithTimeoutCause(ctx, timeout, errHTTPTimeout)
		defer cancel()
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, h.URL, bytes.NewReader(body))
		if err != nil {
			return fail("%v", err)
		}
		req.Header = headers.Clone()
		req.Header.Set("Content-Type", "application/json")
		resp, err := client.Do(req)
		if err != nil {
			if errors.Is(context.Cause(ctx), errHTTPTimeout) {
				return fail("no answer within %v", timeout)
			}
			return fail("%v", err)
		}
		defer resp.Body.Close()
		got, err := io.ReadAll(io.LimitReader(resp.Body, maxHTTPBody+1))
		if err != nil {
			if errors.Is(context.Cause(ctx), errHTTPTimeout) {
				return fail("no answer within %v", timeout)
			}
			return fail("reading the response: %v", err)
		}
		if loc := resp.Header.Get("Location"); resp.StatusCode >= 300 && resp.StatusCode <= 399 && loc != "" {
			return fail("status %s: a redirect to %s, which hookchain never follows: "+
				"it would send the call on without its input, or to a URL the settings never named", resp.Status, harness.Clip(loc, maxBodyInError))
		}
		if resp.StatusCode < 200 || resp.StatusCode > 299 {
			return fail("status %s: %s", resp.Status, bodyText(got))
		}
		if len(got) > maxHTTPBody {
			return got, fmt.Errorf("http hook %s: the response body is larger than %d bytes: %w", h.URL, maxHTTPBody, errTooLong)
		}
		if trimmed := bytes.TrimSpace(got); len(trimmed) > 0 && trimmed[0] != '{' {
			return fail("a 2xx response must have an empty body or a JSON object, not text: %s", bodyText(got))
		}
		return got, nil
	}, nil
}
