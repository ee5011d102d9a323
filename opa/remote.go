package opa

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapt"
)

// Remote returns an interceptor that asks a running OPA server for each
// decision over its REST Data API: POST server/v1/data/PATH with the event
// as {"input": …}, the decision being the response's "result", read by
// [Decode]. server is the server's base URL ("http://127.0.0.1:8181");
// path is slash-separated under data, as in the API ("hookchain/decision").
// Built-in functions fail strictly (the strict-builtin-errors parameter).
//
// Every request, the reading of the answer included, is bounded by
// WithTimeout (DefaultTimeout by default) and by ctx: a caller whose ctx
// ends before the answer is read gets ctx's error, never a decision. The link fails — the
// chain denies unless the link is FailOpen — when the server cannot be
// reached or does not answer in time, answers with a status other than 200
// (its error code and message are quoted), redirects (no redirect is followed, 307 and 308 included: the link asks
// the server it was given, and a 301, 302 or 303 would re-send the call as
// a GET with no input, which the policy's default answers), answers more
// than MaxResponseSize bytes or something that is not JSON, answers what
// two JSON readers would read as two answers (a key given twice in any
// object, two keys alike but for case beside "result" or in the decision
// document, bytes that are not UTF-8), leaves the result undefined
// ([ErrUndefined]: no "result", or a null one), or answers what is not a
// decision. Rego's print output stays on the server, in its logs.
//
// A server URL or path that is not one is an error. The interceptor is
// safe for concurrent use. It takes WithLogger, WithSessionValues,
// WithTimeout and WithHTTPClient.
func Remote(server, path string, opts ...Option) (hookchain.Interceptor, error) {
	o, err := newOptions("Remote", opts)
	if err != nil {
		return nil, err
	}
	base, err := url.Parse(server)
	if err != nil || (base.Scheme != "http" && base.Scheme != "https") || base.Host == "" {
		return nil, fmt.Errorf("opa: Remote: %q is not the http or https URL of an OPA server", server)
	}
	if err := checkPath(path); err != nil {
		return nil, fmt.Errorf("opa: Remote: %w", err)
	}
	endpoint := base.JoinPath("v1", "data", strings.TrimPrefix(path, "/"))
	where := endpoint.Redacted() // for messages, which the model and the logs are shown
	endpoint.RawQuery = "strict-builtin-errors=true"
	target := endpoint.String()
	client := withoutRedirects(o.client)
	return func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		req, err := newRequest(ctx, e, o)
		if err != nil {
			return failed(ctx, o.logger, &e, fmt.Errorf("opa: POST %s: not sent: %w", where, err))
		}
		body, err := req.body()
		if err != nil {
			return failed(ctx, o.logger, &e, fmt.Errorf("opa: POST %s: not sent: %w", where, err))
		}
		if err := ctx.Err(); err != nil {
			return failed(ctx, o.logger, &e, fmt.Errorf("opa: POST %s: not sent: %w", where, err))
		}
		result, err := post(ctx, client, o.timeout, target, body)
		if err == nil {
			err = ctx.Err() // an answer read after the caller went is none
		}
		if err != nil {
			return failed(ctx, o.logger, &e, fmt.Errorf("opa: POST %s: %w", where, err))
		}
		out, err := Decode(e, result)
		if err != nil {
			return failed(ctx, o.logger, &e, fmt.Errorf("opa: %s is not a decision: %w", path, err))
		}
		return out, nil
	}, nil
}

// withoutRedirects is c, or a client of the link's own when c is nil, made
// to follow no redirect. A 301, 302 or 303 re-sends the POST as a GET with
// no body, and OPA then evaluates with no input: the policy's default
// answers, which is usually an allow. A 307 or 308 keeps the body but sends
// the call to a server the link was not given. c itself is left as it is,
// for its other users.
func withoutRedirects(c *http.Client) *http.Client {
	var own http.Client
	if c != nil {
		own = *c
	}
	own.CheckRedirect = refuseRedirect
	return &own
}

func refuseRedirect(next *http.Request, _ []*http.Request) error {
	return fmt.Errorf("the server answered %s, a redirect to %s, and a Remote link follows none: give it the URL the OPA server answers at",
		next.Response.Status, next.URL.Redacted())
}

// body is the Data API's request for r, {"input": r}, strings written as
// they are.
func (r request) body() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(struct {
		Input request `json:"input"`
	}{r}); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// post sends body to the Data API at target and returns the result.
func post(ctx context.Context, client *http.Client, timeout time.Duration, target string, body []byte) (any, error) {
	timedOut := fmt.Errorf("no answer within %v", timeout)
	ctx, cancel := context.WithTimeoutCause(ctx, timeout, timedOut)
	defer cancel()
	hr, err := http.NewRequestWithContext(ctx, http.MethodPost, target, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	hr.Header.Set("Content-Type", "application/json")
	hr.Header.Set("Accept", "application/json")
	resp, err := client.Do(hr)
	if err != nil {
		if context.Cause(ctx) == timedOut {
			return nil, timedOut
		}
		if ue, ok := errors.AsType[*url.Error](err); ok {
			err = ue.Err // the method and URL are the caller's to say
		}
		return nil, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, MaxResponseSize+1))
	if err != nil {
		if context.Cause(ctx) == timedOut { // the timeout bounds the whole answer, body and all
			return nil, timedOut
		}
		return nil, fmt.Errorf("reading the answer: %w", err)
	}
	if len(raw) > MaxResponseSize {
		return nil, fmt.Errorf("the answer is over %d bytes", MaxResponseSize)
	}
	if resp.StatusCode != http.StatusOK {
		return nil, statusError(resp.Status, raw)
	}
	// The answer is read once, one way: a key given twice anywhere in it,
	// or bytes that are not UTF-8, and two keys alike but for case beside
	// "result", are refused rather than left to encoding/json, which keeps
	// the last of two keys and matches "Result" to "result".
	var answer map[string]json.RawMessage
	if err := json.Unmarshal(raw, &answer); err != nil {
		return nil, fmt.Errorf("the answer is not a Data API response: %w", err)
	}
	if f := adapt.Fault(raw); f != "" {
		return nil, errors.New("the answer is " + f)
	}
	if err := caseTwins(answer); err != nil {
		return nil, fmt.Errorf("the answer is ambiguous: %w", err)
	}
	result, ok := answer["result"]
	if !ok || string(result) == "null" {
		return nil, ErrUndefined
	}
	dec := json.NewDecoder(bytes.NewReader(result))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("the answer's result: %w", err)
	}
	return v, nil
}

// statusError quotes an OPA server's error response: its code, message and
// the errors it lists (where in the policy, and what went wrong) when it
// sent one, the start of its body otherwise.
func statusError(status string, raw []byte) error {
	var oe struct {
		Code    string `json:"code"`
		Message string `json:"message"`
		Errors  []struct {
			Code     string `json:"code"`
			Message  string `json:"message"`
			Location *struct {
				File string `json:"file"`
				Row  int    `json:"row"`
			} `json:"location"`
		} `json:"errors"`
	}
	if json.Unmarshal(raw, &oe) == nil && oe.Code != "" {
		msg := fmt.Sprintf("%s: %s: %s", status, oe.Code, oe.Message)
		for _, e := range oe.Errors {
			msg += "; "
			if e.Location != nil {
				msg += fmt.Sprintf("%s:%d: ", e.Location.File, e.Location.Row)
			}
			msg += e.Code + ": " + e.Message
		}
		return errors.New(msg)
	}
	text := strings.TrimSpace(string(raw))
	if text == "" {
		return errors.New(status)
	}
	return fmt.Errorf("%s: %s", status, excerpt(text, 200))
}
