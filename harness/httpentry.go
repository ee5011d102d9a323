package harness

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/url"
	"time"
)

// HTTPEntry is an http hook as a CLI's configuration writes it: "url",
// "headers" and "allowedEnvVars", the fields Claude Code, Copilot and
// Qwen share. Its variables are expanded when it is run (Hook), not when
// it is read, so that what is listed (`hookchain check`) shows no secret.
type HTTPEntry struct {
	URL            string            // as written; "" for a hook that is not an http hook
	Headers        map[string]string // as written, before expansion
	AllowedEnvVars []string          // the variables Hook may expand
}

// HTTPEntry reads an http hook's fields from o. It is an error when "url"
// is missing or not an absolute http or https URL, "headers" is not an
// object of strings, or "allowedEnvVars" not a list of names.
func (o Object) HTTPEntry() (HTTPEntry, error) {
	var e HTTPEntry
	raw, _, err := o.String("url")
	switch {
	case err != nil:
		return HTTPEntry{}, err
	case raw == "":
		return HTTPEntry{}, errors.New(`an http hook without a "url"`)
	}
	if u, err := url.Parse(raw); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return HTTPEntry{}, fmt.Errorf("url %q is not an absolute http or https URL", raw)
	}
	e.URL = raw
	if v, ok := o["headers"]; ok && string(v) != "null" {
		if err := json.Unmarshal(v, &e.Headers); err != nil {
			return HTTPEntry{}, errors.New("headers is not an object of strings")
		}
	}
	if v, ok := o["allowedEnvVars"]; ok && string(v) != "null" {
		if err := json.Unmarshal(v, &e.AllowedEnvVars); err != nil {
			return HTTPEntry{}, errors.New("allowedEnvVars is not a list of strings")
		}
	}
	return e, nil
}

// Scheme is the URL's scheme, "http" or "https".
func (e HTTPEntry) Scheme() string {
	u, _ := url.Parse(e.URL)
	return u.Scheme
}

// Hostname is the URL's host without its port.
func (e HTTPEntry) Hostname() string {
	u, _ := url.Parse(e.URL)
	return u.Hostname()
}

// Hook is the request e makes, within timeout, its headers expanded from
// lookup (ExpandHeaders) and, when inURL (Qwen's rule), its URL too.
func (e HTTPEntry) Hook(timeout time.Duration, inURL bool, lookup func(string) (string, bool)) HTTPHook {
	h := HTTPHook{URL: e.URL, Headers: ExpandHeaders(e.Headers, e.AllowedEnvVars, lookup), Timeout: timeout}
	if inURL {
		h.URL = ExpandHeaders(map[string]string{"": e.URL}, e.AllowedEnvVars, lookup)[""]
	}
	return h
}

// Seconds is a hook's timeout given in seconds under key: a positive
// number, fractions allowed; 0 when it gives none.
func (o Object) Seconds(key string) (time.Duration, error) {
	v, ok := o[key]
	if !ok || string(v) == "null" {
		return 0, nil
	}
	var n float64
	if json.Unmarshal(v, &n) != nil || !(n > 0) || n > math.MaxInt32 {
		return 0, fmt.Errorf("%s %s is not a positive number of seconds", key, v)
	}
	return time.Duration(n * float64(time.Second)), nil
}
