package settings

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/tidwall/gjson"
)

// allowList is one of the settings that bound http hooks: allowedHttpHookUrls
// (the URLs an http hook may be sent to) or httpHookAllowedEnvVars (the
// variables its headers may expand). Claude Code reads both from every
// settings file and merges them: the list is every file's entries, and it
// is set when any file sets it. Unset, it bounds nothing; set and empty, it
// allows nothing. A plugin's hooks.json cannot set either.
type allowList struct {
	files  []string // the files that set it, in load order
	values []string
}

// mergeList is a and b as one list, each entry once: set when either is.
func mergeList(a, b *allowList) *allowList {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	out := &allowList{files: slices.Concat(a.files, b.files)}
	seen := make(map[string]bool, len(a.values)+len(b.values))
	for _, v := range slices.Concat(a.values, b.values) {
		if !seen[v] {
			seen[v] = true
			out.values = append(out.values, v)
		}
	}
	return out
}

// readList reads a top-level list setting of file; what names its entries
// in the error for anything other than an array of strings, null included
// (Claude Code's schema refuses the file then, rather than read it as unset).
func (p *parser) readList(v gjson.Result, key, what string) (*allowList, error) {
	list, ok := stringList(v)
	if !ok {
		return nil, p.at(v, key, "want an array of %s, got %s", what, show(v))
	}
	return &allowList{files: []string{p.file}, values: list}, nil
}

// urlMatches reports whether url matches an allowedHttpHookUrls pattern as
// Claude Code reads one: the whole URL, as written in the hook, must match;
// '*' stands for any text, '/' included, and every other character for
// itself. Each '*' takes the first place the text after it fits, which is
// all a pattern of literal text and stars needs, in linear time.
func urlMatches(pattern, url string) bool {
	parts := strings.Split(pattern, "*")
	first, last := parts[0], parts[len(parts)-1]
	if len(parts) == 1 {
		return url == pattern
	}
	if !strings.HasPrefix(url, first) {
		return false
	}
	rest := url[len(first):]
	for _, part := range parts[1 : len(parts)-1] {
		i := strings.Index(rest, part)
		if i < 0 {
			return false
		}
		rest = rest[i+len(part):]
	}
	return strings.HasSuffix(rest, last)
}

// urlAllowed reports whether list lets an http hook be sent to url.
func urlAllowed(list *allowList, url string) bool {
	if list == nil {
		return true
	}
	return slices.ContainsFunc(list.values, func(p string) bool { return urlMatches(p, url) })
}

// where names the files that set list, for a message.
func (l *allowList) where() string { return strings.Join(l.files, ", ") }

// envAllowed is the hook's allowedEnvVars as httpHookAllowedEnvVars narrows
// it: the names both list, in the hook's order.
func envAllowed(own []string, list *allowList) []string {
	if list == nil {
		return own
	}
	ok := make(map[string]bool, len(list.values))
	for _, name := range list.values {
		ok[name] = true
	}
	out := []string{}
	for _, name := range own {
		if ok[name] {
			out = append(out, name)
		}
	}
	return out
}

// notSent is the link of an http hook whose URL allowedHttpHookUrls does not
// allow. Claude Code sends it nothing and counts each call as the hook's
// error, which does not block; so the link fails each call, without a
// byte sent, and its failure blocks as the hook's onFailure says.
func notSent(url string, list *allowList) hookchain.Interceptor {
	err := fmt.Errorf("http hook %s: not sent: no pattern of allowedHttpHookUrls (set in %s) matches its URL", url, list.where())
	return func(context.Context, hookchain.Event) (hookchain.Outcome, error) { return hookchain.Outcome{}, err }
}

// notSentWarning says, for Hooks and `hookchain check`, that an http hook
// is never sent a call.
func notSentWarning(list *allowList) string {
	return fmt.Sprintf("no pattern of allowedHttpHookUrls (set in %s) matches the URL, so the hook is never sent a call: "+
		`each call it matches goes on with the failure in its trail (or is denied, with "onFailure": "block"), as in Claude Code; `+
		"add a pattern for it, or remove the hook", list.where())
}
