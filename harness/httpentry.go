package harness

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"net/url"
	"slices"
	"strings"
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
		if err := checkHeaders(e.Headers); err != nil {
			return HTTPEntry{}, err
		}
	}
	if v, ok := o["allowedEnvVars"]; ok && string(v) != "null" {
		if err := json.Unmarshal(v, &e.AllowedEnvVars); err != nil {
			return HTTPEntry{}, errors.New("allowedEnvVars is not a list of strings")
		}
	}
	return e, nil
}

// checkHeaders refuses headers no request can carry as written: a name
// that is not an HTTP token, two names alike but for case — one header,
// whose value would be whichever Go set last — and a value with a CR, LF
// or NUL, which would end the header or the request early.
func checkHeaders(headers map[string]string) error {
	seen := map[string]string{}
	for _, k := range slices.Sorted(maps.Keys(headers)) {
		if k == "" || strings.IndexFunc(k, func(r rune) bool { return !isTokenChar(r) }) >= 0 {
			return fmt.Errorf("headers: %q is not a header name", k)
		}
		if other, ok := seen[strings.ToLower(k)]; ok {
			return fmt.Errorf("headers: %q and %q are one header, and which value is sent cannot be known", other, k)
		}
		seen[strings.ToLower(k)] = k
		if strings.ContainsAny(headers[k], "\r\n\x00") {
			return fmt.Errorf("headers: the value of %q holds a line break or a NUL", k)
		}
	}
	return nil
}

// isTokenChar reports whether r may be in a header's name (RFC 9110 tchar).
func isTokenChar(r rune) bool {
	return r < 0x80 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("!#$%&'*+-.^_`|~", r))
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
		h.URL = Expand(e.URL, Allowed(e.AllowedEnvVars, lookup))
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
