package settings

import (
	"errors"
	"fmt"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
	"github.com/hookchain/hookchain/process"
)

// Options say how settings become links.
type Options struct {
	// ProjectDir is the project's root directory. It is the default for
	// Session.ProjectDir (CLAUDE_PROJECT_DIR) and Session.Cwd, where
	// command hooks run.
	ProjectDir string
	// Session is what the hooks are told about the conversation.
	Session claudecode.SessionInfo
	// FailClosed makes every hook's failure block the call, as
	// "onFailure": "block" does for one hook. Without it a failure is
	// reported in the trail and the call goes on, as in Claude Code.
	FailClosed bool
	// SkipUnsupported leaves out the hooks a chain cannot run (prompt,
	// agent and mcp_tool hooks, async and once hooks) instead of refusing
	// the settings; Hooks lists them as Skipped.
	SkipUnsupported bool
	// HTTPClient sends http hooks' requests; nil is claudecode's default,
	// which does not follow redirects.
	HTTPClient *http.Client
	// LookupEnv resolves the variables an http hook's headers name; nil is
	// os.LookupEnv. Only variables the hook lists in allowedEnvVars are
	// looked up.
	LookupEnv func(name string) (string, bool)
}

// grace is how much longer a link waits than its hook's own timeout, so
// that a hook that outruns its time is reported by what ran it (which names
// the command and shows its stderr) rather than by the chain's bare
// "timed out".
const grace = time.Second

// Links builds one link for each hook of a tool-call event, in the order the
// files give them: files in the order loaded, then groups and handlers in
// the order written. PreToolUse hooks are Before links; PostToolUse and
// PostToolUseFailure hooks are After links, for calls that succeeded and
// calls whose result is an error respectively.
//
// Each link is named after the hook's command as written in the settings,
// or an http hook's URL; where that text would name two links (the same
// command under PreToolUse and PostToolUse, say), each is named by its
// place, "PreToolUse[0].hooks[1]", and where even that is ambiguous because
// several files are loaded, by its file and place,
// ".claude/settings.json:PreToolUse[0].hooks[1]". Names are unique.
//
// A hook registered twice for one event (the same command, or the same
// URL, in two groups or two files) runs once per call, as in Claude Code:
// as the link of its first occurrence, asked about every call any of its
// groups matches, and blocking on failure if any occurrence says so.
//
// Command hooks run their command with /bin/sh -c (or bash -c, when the
// handler says "shell": "bash"; directly, without a shell, when it gives
// args) in Session.Cwd, with CLAUDE_PROJECT_DIR set; see claudecode.Command.
// Http hooks POST to their URL, with the variables of their headers
// expanded; see claudecode.HTTP. Each link gets its hook's timeout (a
// second more, so that the hook's own deadline speaks first) and fails
// open unless the hook says "onFailure": "block" or opts.FailClosed is set.
//
// Links returns an error naming every hook it cannot build (see Hooks):
// never a chain without one of its hooks.
func (s *Settings) Links(opts Options) ([]hookchain.Link, error) {
	p := s.plan(opts)
	if err := errors.Join(p.errs...); err != nil {
		return nil, err
	}
	return p.links, nil
}

// Hooks describes every handler in the settings, in file order, and what
// Links(opts) makes of it: its link's name, or why it has none.
func (s *Settings) Hooks(opts Options) []Hook {
	return s.plan(opts).hooks
}

// Chain loads the settings files at paths and builds a chain of their
// hooks: Load, then Links, then hookchain.Build, so that nothing in a
// settings file can make it panic.
func Chain(opts Options, paths ...string) (*hookchain.Chain, error) {
	s, err := Load(paths...)
	if err != nil {
		return nil, err
	}
	links, err := s.Links(opts)
	if err != nil {
		return nil, err
	}
	return hookchain.Build(links...)
}

// plan is what Links and Hooks report: one Hook per handler, the links, and
// every error that stops the links from being used.
type plan struct {
	hooks []Hook
	links []hookchain.Link
	errs  []error
}

// candidate is a link to be: the first occurrence of a hook, and the
// matchers of every occurrence.
type candidate struct {
	first    int // index into entries
	matchers []hookchain.Matcher
	block    bool
}

// plan decides, for each handler in file order, what becomes of it; then
// names the links and builds them.
func (s *Settings) plan(opts Options) plan {
	p := plan{hooks: make([]Hook, len(s.entries))}
	var cands []*candidate
	byKey := map[string]int{}             // entry key -> index into cands
	candOf := make([]int, len(s.entries)) // entry -> index into cands, or -1
	for i := range s.entries {
		e := &s.entries[i]
		h := e.hook
		candOf[i] = -1
		switch {
		case e.ignored != "":
			h.Status, h.Reason = Ignored, e.ignored
		case e.problem != nil:
			h.Status, h.Reason = Invalid, e.problem.Msg
			p.errs = append(p.errs, e.problem)
		case s.disable != nil && s.disable.on:
			h.Status, h.Reason = Disabled, "disableAllHooks is set in "+s.disable.file
		case e.unsupported != "" && opts.SkipUnsupported:
			h.Status, h.Reason = Skipped, e.unsupported
		case e.unsupported != "":
			h.Status, h.Reason = Refused, e.unsupported
			p.errs = append(p.errs, &Error{File: h.File, Line: e.line, Col: e.col, Where: h.Where(),
				Msg: e.unsupported + ", which a chain does not have (skip unsupported hooks to run the others)"})
		default:
			h.Block = h.Block || opts.FailClosed
			ci, seen := byKey[e.key()]
			if !seen {
				ci = len(cands)
				byKey[e.key()] = ci
				cands = append(cands, &candidate{first: i})
				h.Status = Linked
			} else {
				first := s.entries[cands[ci].first].hook
				h.Status, h.Reason = Merged, fmt.Sprintf("the same hook as %s in %s, run once per call", first.Where(), first.File)
				h.Timeout = first.Timeout // the first occurrence's link runs it
			}
			c := cands[ci]
			c.matchers = append(c.matchers, e.matcher)
			c.block = c.block || h.Block
			candOf[i] = ci
		}
		p.hooks[i] = h
	}

	names := s.names(cands)
	for ci, c := range cands {
		link, err := s.link(&s.entries[c.first], names[ci], c, opts)
		if err != nil {
			p.errs = append(p.errs, err)
			continue
		}
		p.links = append(p.links, link)
	}
	for i, ci := range candOf {
		if ci >= 0 {
			p.hooks[i].Name, p.hooks[i].Block = names[ci], cands[ci].block
		}
	}
	if len(p.errs) > 0 {
		p.links = nil
	}
	return p
}

// key is what makes two hooks of one event the same handler: Claude Code
// runs a command once per call however many groups register it, and an
// http hook once per URL.
func (e *entry) key() string {
	h := e.hook
	if h.Type == "http" {
		return h.Event + "\x00http\x00" + h.URL
	}
	return h.Event + "\x00command\x00" + e.shell + "\x00" + h.Command + "\x00" + strings.Join(h.Args, "\x00")
}

// names gives each candidate a unique link name: its text, else its place,
// else its file and place.
func (s *Settings) names(cands []*candidate) []string {
	text := func(c *candidate) string {
		h := s.entries[c.first].hook
		if h.Type == "http" {
			return h.URL
		}
		return h.Command
	}
	place := func(c *candidate) string { return s.entries[c.first].hook.Where() }
	count := func(f func(*candidate) string) map[string]int {
		n := map[string]int{}
		for _, c := range cands {
			n[f(c)]++
		}
		return n
	}
	texts := count(text)
	places := map[string]int{}
	for _, c := range cands {
		if texts[text(c)] > 1 {
			places[place(c)]++
		}
	}
	names := make([]string, len(cands))
	taken := map[string]bool{}
	for i, c := range cands {
		name := text(c)
		if texts[name] > 1 {
			name = place(c)
			if places[name] > 1 {
				name = s.entries[c.first].hook.File + ":" + name
			}
		}
		// Only a command written to look like another hook's place could
		// still collide; a number keeps New from panicking on it.
		for base, n := name, 2; taken[name]; n++ {
			name = fmt.Sprintf("%s#%d", base, n)
		}
		taken[name] = true
		names[i] = name
	}
	return names
}

func (s *Settings) link(e *entry, name string, c *candidate, opts Options) (hookchain.Link, error) {
	session := opts.Session
	if session.ProjectDir == "" {
		session.ProjectDir = opts.ProjectDir
	}
	if session.Cwd == "" {
		session.Cwd = session.ProjectDir
	}
	h := e.hook
	var fn hookchain.Interceptor
	switch h.Type {
	case "http":
		fn = claudecode.HTTP(claudecode.HTTPHook{
			URL:     h.URL,
			Headers: expandHeaders(h.Headers, e.allowed, opts.LookupEnv),
			Timeout: h.Timeout,
			Client:  opts.HTTPClient,
		}, session)
	default:
		spec := process.Spec{Shell: h.Command, Timeout: h.Timeout}
		switch {
		case h.Args != nil:
			spec.Shell, spec.Args = "", append([]string{h.Command}, h.Args...)
		case e.shell == "bash":
			spec.Shell, spec.Args = "", []string{"bash", "-c", h.Command}
		}
		if err := spec.Validate(); err != nil {
			return hookchain.Link{}, &Error{File: h.File, Line: e.line, Col: e.col, Where: h.Where(), Msg: err.Error()}
		}
		fn = claudecode.Command(spec, session)
	}
	m := c.matchers[0]
	if len(c.matchers) > 1 {
		m = hookchain.Or(c.matchers...)
	}
	var l hookchain.Link
	if e.at == hookchain.BeforeTool {
		l = hookchain.Before(name, m, fn)
	} else {
		l = hookchain.After(name, m, fn)
	}
	l = l.Timeout(h.Timeout + grace)
	if !c.block {
		l = l.FailOpen()
	}
	return l, nil
}

// expandHeaders interpolates $NAME and ${NAME} in header values, as Claude
// Code does: a variable listed in allowed is replaced by its value (empty
// when unset), and any other reference by nothing, so that a settings file
// can never read a secret it did not declare.
func expandHeaders(headers map[string]string, allowed []string, lookup func(string) (string, bool)) map[string]string {
	if headers == nil {
		return nil
	}
	if lookup == nil {
		lookup = os.LookupEnv
	}
	ok := map[string]bool{}
	for _, a := range allowed {
		ok[a] = true
	}
	out := make(map[string]string, len(headers))
	for k, v := range headers {
		out[k] = expand(v, func(name string) string {
			if !ok[name] {
				return ""
			}
			val, _ := lookup(name)
			return val
		})
	}
	return out
}

// expand replaces $NAME and ${NAME}, where NAME is a letter or '_'
// followed by letters, digits and '_'. A '$' that starts no such reference
// is kept as written.
func expand(s string, value func(string) string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '$' {
			b.WriteByte(s[i])
			continue
		}
		rest := s[i+1:]
		braced := strings.HasPrefix(rest, "{")
		if braced {
			rest = rest[1:]
		}
		n := nameLen(rest)
		if n == 0 || braced && (n == len(rest) || rest[n] != '}') {
			b.WriteByte('$')
			continue
		}
		b.WriteString(value(rest[:n]))
		i += n
		if braced {
			i += 2
		}
	}
	return b.String()
}

func nameLen(s string) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '_', 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		case '0' <= c && c <= '9' && i > 0:
		default:
			return i
		}
	}
	return len(s)
}
