package settings

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
	"github.com/tidwall/gjson"
)

// anchor is where a path rule's pattern starts.
type anchor uint8

const (
	fromCwd    anchor = iota // "path", "./path": the working directory
	fromRoot                 // "//path": the file system's root
	fromHome                 // "~/path": the home directory
	fromSource               // "/path": the directory the settings belong to
)

// pathRule is a compiled path rule: "Edit(src/**)".
type pathRule struct {
	text    string   // the pattern as written
	tools   []string // the tools it applies to
	anchor  anchor
	glob    string // the pattern from its anchor, in doublestar's syntax
	dirOnly bool   // the pattern ends in '/'
}

// dirs are the directories a path rule is resolved against.
type dirs struct {
	cwd, home, source string
}

func pathCondition(rule, name, pattern string) (condition, error) {
	if strings.TrimSpace(pattern) == "" {
		return condition{}, fmt.Errorf("the if rule %q has an empty pattern: write %q for every call", rule, name)
	}
	r := &pathRule{text: pattern, tools: ruleTools(name)}
	p := pattern
	switch {
	case strings.HasPrefix(p, "//"):
		r.anchor, p = fromRoot, p[2:]
	case strings.HasPrefix(p, "~/"):
		r.anchor, p = fromHome, p[2:]
	case strings.HasPrefix(p, "/"):
		r.anchor, p = fromSource, p[1:]
	default:
		p = strings.TrimPrefix(p, "./")
	}
	if strings.HasSuffix(p, "/") {
		r.dirOnly, p = true, strings.TrimRight(p, "/")
	}
	// gitignore: a pattern with no slash left matches at any depth.
	if r.anchor == fromCwd && !strings.Contains(p, "/") {
		p = "**/" + p
	}
	if p == "" {
		p = "**"
	}
	if !doublestar.ValidatePattern(p) {
		return condition{}, fmt.Errorf("the if rule %q: %q is not a valid path pattern", rule, pattern)
	}
	r.glob = p
	c := condition{tools: hookchain.Tool(r.tools...), path: r}
	if len(r.tools) == 1 {
		c.tool = r.tools[0]
	}
	return c, nil
}

// String is the rule as check shows it: Path("src/**").
func (r *pathRule) String() string { return "Path(" + strconv.Quote(r.text) + ")" }

// matches reports whether the path that call e names is one the rule
// matches, from directories d.
func (r *pathRule) matches(e hookchain.Event, d dirs) bool {
	field, ok := fileTools[e.Tool]
	if !ok {
		return false
	}
	v := gjson.GetBytes(e.Input, field)
	path := v.String()
	isDir := field == "path" // Grep and Glob name the directory they search
	switch {
	case v.Type == gjson.String && path != "":
	case isDir && !v.Exists():
		path = d.cwd
	default:
		// A call with no path a rule can be checked against: the hook
		// runs, since whether it should cannot be told.
		return true
	}
	if strings.HasPrefix(path, "~/") && d.home != "" {
		path = filepath.Join(d.home, path[2:])
	}
	if !filepath.IsAbs(path) {
		if d.cwd == "" {
			return true
		}
		path = filepath.Join(d.cwd, path)
	}
	base := d.cwd
	switch r.anchor {
	case fromRoot:
		base = "/"
	case fromHome:
		base = d.home
	case fromSource:
		base = d.source
	}
	if base == "" {
		return true // an anchor that cannot be placed cannot rule the hook out
	}
	rel, err := filepath.Rel(base, filepath.Clean(path))
	if err != nil || rel == ".." || strings.HasPrefix(rel, "../") {
		return false
	}
	if rel == "." {
		rel = ""
	}
	segments := strings.Split(filepath.ToSlash(rel), "/")
	// gitignore: a pattern that matches a directory matches what is in it.
	for i := len(segments); i >= 1; i-- {
		if r.dirOnly && i == len(segments) && !isDir {
			continue
		}
		if ok, _ := doublestar.Match(r.glob, strings.Join(segments[:i], "/")); ok {
			return true
		}
	}
	return false
}

// processPaths is a path rule resolved against the process's working
// directory and home, for CompileIf.
type processPaths struct{ r *pathRule }

func (m processPaths) Match(e hookchain.Event) bool {
	cwd, _ := os.Getwd()
	home, _ := os.UserHomeDir()
	return m.r.matches(e, dirs{cwd: cwd, home: home, source: cwd})
}

func (m processPaths) String() string { return m.r.String() }

// gate is a path rule as a link checks it: against the call's working
// directory (the call's session, or def's), the home directory and the
// settings' own directory.
type gate struct {
	r      *pathRule
	def    claudecode.SessionInfo
	home   string
	source string
}

func (g gate) allows(ctx context.Context, e hookchain.Event) bool {
	cwd := g.def.Cwd
	if s, ok := claudecode.SessionInfoFrom(ctx); ok && s.Cwd != "" {
		cwd = s.Cwd
	}
	return g.r.matches(e, dirs{cwd: cwd, home: g.home, source: g.source})
}

func domainCondition(rule, content string) (condition, error) {
	host, ok := strings.CutPrefix(content, "domain:")
	host = strings.TrimSpace(host)
	switch {
	case !ok:
		return condition{}, &UnsupportedError{Rule: rule, Why: "a WebFetch rule names a domain, WebFetch(domain:example.com)"}
	case host == "":
		return condition{}, fmt.Errorf("the if rule %q names no domain: write \"WebFetch\" for every fetch", rule)
	case host == "*":
		return condition{tool: "WebFetch", tools: hookchain.Tool("WebFetch")}, nil
	}
	return condition{tool: "WebFetch", tools: hookchain.Tool("WebFetch"), input: domainMatcher(strings.TrimSuffix(strings.ToLower(host), "."))}, nil
}

// domainMatcher matches WebFetch calls to a host, as Claude Code's
// WebFetch(domain:…) rules do.
type domainMatcher string

func (m domainMatcher) Match(e hookchain.Event) bool {
	u, err := url.Parse(gjson.GetBytes(e.Input, "url").String())
	if err != nil || u.Hostname() == "" {
		return true // a URL that cannot be read: the hook runs
	}
	return hostMatches(string(m), strings.TrimSuffix(strings.ToLower(u.Hostname()), "."))
}

func (m domainMatcher) String() string { return "Domain(" + strconv.Quote(string(m)) + ")" }

// hostMatches matches host against pattern: a leading "*." is any number of
// labels (at least one), and any other '*' stands within one label.
func hostMatches(pattern, host string) bool {
	if rest, ok := strings.CutPrefix(pattern, "*."); ok {
		labels := strings.Split(host, ".")
		for i := 1; i < len(labels); i++ {
			if hostMatches(rest, strings.Join(labels[i:], ".")) {
				return true
			}
		}
		return false
	}
	pl, hl := strings.Split(pattern, "."), strings.Split(host, ".")
	if len(pl) != len(hl) {
		return false
	}
	for i := range pl {
		if ok, _ := filepath.Match(pl[i], hl[i]); !ok {
			return false
		}
	}
	return true
}
