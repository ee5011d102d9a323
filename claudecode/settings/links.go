package settings

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/process"
)

// Options say how settings become links.
type Options struct {
	// ProjectDir is the project's root directory, where the session
	// started: CLAUDE_PROJECT_DIR for command hooks, unless SessionInfo
	// says otherwise, and SessionInfo.Cwd's default.
	ProjectDir string
	// SessionInfo is what the hooks are told about the conversation when
	// a call does not say (claudecode.WithSessionInfo): a chain built once
	// serves every conversation, each call bringing its own session_id,
	// cwd and permission_mode.
	SessionInfo claudecode.SessionInfo
	// HomeDir is the home directory, where "~/" if rules start and where
	// the user's own settings are; "" is os.UserHomeDir.
	HomeDir string
	// FailClosed makes every hook's failure block the call, as
	// "onFailure": "block" does for one hook. Without it a failure is
	// reported in the trail and the call goes on, as in Claude Code.
	FailClosed bool
	// SkipUnsupported leaves out the hooks a chain cannot run (prompt,
	// agent and mcp_tool hooks without their runtime when RequireRuntime
	// is set, if rules hookchain does not reproduce, and PermissionRequest
	// hooks when UsesApprover is not set) instead of refusing the
	// settings; Hooks lists them as Skipped.
	SkipUnsupported bool
	// Inherit, Unset and Env make command hooks' environment. The zero
	// Inherit is Claude Code's: the whole environment of the process, less
	// the OTEL_* variables (see claudecode.Command). process.InheritBase
	// is the strict baseline, process.BaseEnv. Unset keeps variables back
	// (by name, or by prefix with '*'), and Env adds KEY=VALUE entries.
	// The settings files' env (Settings.Env) comes between: over what is
	// inherited, under Env.
	Inherit process.Inherit
	Unset   []string
	Env     []string
	// HTTPClient sends http hooks' requests; nil is claudecode's default.
	// Whichever it is, a redirect is never followed (see claudecode.HTTP).
	HTTPClient *http.Client
	// LookupEnv resolves the variables an http hook's headers name; nil is
	// os.LookupEnv. Only variables the hook lists in allowedEnvVars (and,
	// when a settings file sets httpHookAllowedEnvVars, that list names
	// too) are looked up.
	LookupEnv func(name string) (string, bool)
	// Pool owns the processes of persistent hooks ("persistent": true):
	// Links adds one persistent hook to it for each such command, and
	// whoever runs the chain closes the pool when done with it. Links
	// refuses settings with a persistent hook when Pool is nil, because
	// nothing would ever stop its process.
	Pool *process.Pool
	// Background runs the async hooks ("async": true, "asyncRewake":
	// true) and keeps what they report; whoever runs the chain waits for
	// it or closes it when done. Links refuses settings with an async
	// hook when Background is nil, because nothing would run it.
	Background *Background
	// Logger is told when a persistent hook's process starts and stops;
	// nil is slog.Default(), as it is when the record is written, and
	// slog.New(slog.DiscardHandler) logs nothing.
	Logger *slog.Logger
	// Model runs prompt and agent hooks, and MCP runs mcp_tool hooks: the
	// agent's own model and MCP clients. A hook whose runtime is nil
	// becomes a link that denies every call it matches, whatever its
	// onFailure, with a reason naming the field, and Hooks warns about it;
	// SkipUnsupported leaves such hooks out instead.
	Model Model
	MCP   MCPCaller
	// RequireRuntime makes Links refuse the hooks whose runtime (Model,
	// MCP) is nil, as it refuses the other hooks a chain cannot run,
	// rather than link them to deny every call. The hookchain CLI, which
	// has neither, sets it.
	RequireRuntime bool
	// UsesApprover says that the chain the links go into is given
	// s.Approver(opts), which runs the PermissionRequest hooks. Without it
	// Links refuses settings that have any (or, with SkipUnsupported,
	// leaves them out by name): the links alone would drop them.
	UsesApprover bool
	// Approver answers the asks no PermissionRequest hook decides; nil
	// refuses them, as a chain without an approver does. See
	// Settings.Approver.
	Approver *hookchain.Approver
}

// home is opts.HomeDir, or the user's home directory.
func (opts Options) home() string {
	if opts.HomeDir != "" {
		return opts.HomeDir
	}
	home, _ := os.UserHomeDir()
	return home
}

// session is the default session: Options.SessionInfo, with ProjectDir and
// Cwd defaulting to Options.ProjectDir.
func (opts Options) session() claudecode.SessionInfo {
	s := opts.SessionInfo
	if s.ProjectDir == "" {
		s.ProjectDir = opts.ProjectDir
	}
	if s.Cwd == "" {
		s.Cwd = s.ProjectDir
	}
	return s
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
// Each link is named after the script its hook runs ("no-force-push.sh"
// for "$CLAUDE_PROJECT_DIR"/.claude/hooks/no-force-push.sh or python3
// .claude/hooks/no-force-push.py), after its command when it runs no
// script and fits on a short line, after the command's first words, cut,
// when it does not; an http hook after its URL. Hook.Command keeps the
// whole command. Where a name would be two links' (the same script under
// PreToolUse and PostToolUse, say), each gets its place after an '@',
// "guard.sh@PreToolUse[0].hooks[1]", and its file too when several files
// are loaded. Names are unique.
//
// A hook registered twice for one event (the same command, or the same
// URL, in two groups or two files) runs once per call, as in Claude Code:
// as the link of its first occurrence, asked about every call any of its
// groups matches, and blocking on failure if any occurrence says so. A
// plugin's copy of a hook is a hook of its own.
//
// Command hooks run as claudecode.Command runs them: with Claude Code's
// environment (see Options.Inherit), in the call's working directory (or,
// when it is gone, where Claude Code falls back to: see the package
// documentation), with CLAUDE_PROJECT_DIR set. The command runs with
// /bin/sh -c, or bash -c when the handler says "shell": "bash"; when it
// gives "args", even [], it is the program itself, run without a shell,
// with ${CLAUDE_PROJECT_DIR} (and a plugin's ${CLAUDE_PLUGIN_ROOT},
// ${CLAUDE_PLUGIN_DATA}) replaced in it and in each argument. Http hooks
// POST to their URL, with the variables of their headers expanded; see
// claudecode.HTTP. When the settings set allowedHttpHookUrls, an http hook
// whose URL no pattern matches is sent nothing: its link fails every call
// it is asked about, as Claude Code counts the hook's error, and Hooks
// warns about it. Each link gets its hook's timeout (a second more, so that
// the hook's own deadline speaks first) and fails open unless the hook
// says "onFailure": "block" or opts.FailClosed is set.
//
// Links returns an error naming every hook it cannot build (see Hooks):
// never a chain without one of its hooks. Warnings do not stop it.
func (s *Settings) Links(opts Options) ([]hookchain.Link, error) {
	p := s.plan(opts, true)
	if err := errors.Join(p.errs...); err != nil {
		return nil, err
	}
	return p.links, nil
}

// Warnings lists what in the settings probably does not do what its author
// meant though it runs, for every hook that Links(opts) would link, in file
// order: the warnings of Hooks, together.
func (s *Settings) Warnings(opts Options) []Warning {
	var out []Warning
	for _, h := range s.plan(opts, false).hooks {
		out = append(out, h.Warnings...)
	}
	return out
}

// Hooks describes every handler in the settings, in file order, and what
// Links(opts) makes of it: its link's name, or why it has none.
func (s *Settings) Hooks(opts Options) []Hook {
	return s.plan(opts, false).hooks
}

// Chain loads the settings files at paths and builds a chain of their
// hooks: Load, then Settings.Chain (links, and the approver of the
// PermissionRequest hooks), so that nothing in a settings file can make it
// panic.
func Chain(opts Options, paths ...string) (*hookchain.Chain, error) {
	s, err := Load(paths...)
	if err != nil {
		return nil, err
	}
	return s.Chain(opts)
}

// plan is what Links and Hooks report: one Hook per handler, the links, and
// every error that stops the links from being used.
type plan struct {
	hooks  []Hook
	links  []hookchain.Link
	askers []*asker // the PermissionRequest hooks, for Approver
	errs   []error
}

// candidate is a link to be: the first occurrence of a hook, and the
// matchers and path rules of every occurrence.
type candidate struct {
	first    int // index into entries
	matchers []hookchain.Matcher
	paths    []*pathRule // paths[i] goes with matchers[i]; nil for none
	sources  []string    // where "/path" rules of occurrence i start
	block    bool
}

// plan decides, for each handler in file order, what becomes of it; then
// names the links and builds them. Persistent hooks are added to
// opts.Pool only when build is set: Hooks and Warnings only describe.
func (s *Settings) plan(opts Options, build bool) plan {
	p := plan{hooks: make([]Hook, len(s.entries))}
	home, cwd := opts.home(), opts.session().Cwd
	look := &lookup{found: map[string]bool{}}
	sources := map[string]string{} // by settings file; a plugin's is its root
	sourceOf := func(e *entry) string {
		if e.plugin != nil {
			return e.plugin.Root
		}
		src, ok := sources[e.hook.File]
		if !ok {
			src = e.source(home)
			sources[e.hook.File] = src
		}
		return src
	}
	var cands []*candidate
	byKey := map[string]int{}             // entry key -> index into cands
	candOf := make([]int, len(s.entries)) // entry -> index into cands, or -1
	for i := range s.entries {
		e := &s.entries[i]
		h := e.hook
		h.Warnings = slices.Clone(e.warnings)
		candOf[i] = -1
		unsupported := unsupportedFor(e, opts)
		off := s.offReason(e)
		switch {
		case e.ignored != "":
			h.Status, h.Reason = Ignored, e.ignored
		case e.problem != nil:
			h.Status, h.Reason = Invalid, e.problem.Msg
			p.errs = append(p.errs, e.problem)
		case off != "":
			h.Status, h.Reason = Disabled, off
		case unsupported != "" && opts.SkipUnsupported:
			h.Status, h.Reason = Skipped, unsupported
		case unsupported != "":
			// The reason is the error's: what the hook needs, and what to do.
			h.Status, h.Reason = Refused, unsupported+"; remove the hook, or skip unsupported hooks (--skip-unsupported, Options.SkipUnsupported) to run the others without it"
			p.errs = append(p.errs, &Error{File: h.File, Line: e.line, Col: e.col, Where: h.Where(), Msg: h.Reason})
		case h.Event == permissionRequest && !opts.UsesApprover:
			if err := leftOut(e, &h, opts); err != nil {
				p.errs = append(p.errs, err)
			}
		default:
			h.Block = h.Block || opts.FailClosed
			ci, seen := byKey[e.key()]
			if !seen {
				ci = len(cands)
				byKey[e.key()] = ci
				cands = append(cands, &candidate{first: i})
				h.Status = Linked
				if h.Event == permissionRequest {
					h.Reason = askerReason
				}
			} else {
				first := s.entries[cands[ci].first].hook
				h.Status, h.Reason = Merged, fmt.Sprintf("the same hook as %s in %s, run once per call", first.Where(), first.File)
				h.Timeout = first.Timeout // the first occurrence's link runs it
			}
			c := cands[ci]
			c.matchers = append(c.matchers, e.matcher)
			var rule *pathRule
			if e.cond != nil {
				rule = e.cond.path
			}
			c.paths = append(c.paths, rule)
			c.sources = append(c.sources, sourceOf(e))
			c.block = c.block || h.Block
			candOf[i] = ci
			h.Warnings = append(h.Warnings, e.runtimeWarnings(opts)...)
			if h.Type == "http" && !urlAllowed(s.httpURLs, h.URL) {
				h.Warnings = append(h.Warnings, Warning{File: h.File, Line: e.cmdLine, Col: e.cmdCol, Where: h.Where(), Msg: notSentWarning(s.httpURLs)})
			}
			if h.Type == "command" && e.cmdLine > 0 {
				if msg := look.scriptWarning(e.prog, e.placeholders(opts), home, cwd); msg != "" {
					h.Warnings = append(h.Warnings, Warning{File: h.File, Line: e.cmdLine, Col: e.cmdCol, Where: h.Where(), Msg: msg})
				}
				if msg := e.userConfigWarning(); msg != "" {
					h.Warnings = append(h.Warnings, Warning{File: h.File, Line: e.cmdLine, Col: e.cmdCol, Where: h.Where(), Msg: msg})
				}
			}
		}
		if h.Plugin == "" && e.plugin != nil {
			h.Plugin = e.plugin.Root
		}
		p.hooks[i] = h
	}

	s.withFileWarnings(p.hooks)
	names := s.names(cands)
	b := &builder{opts: opts, build: build, persistent: map[string]hookchain.Interceptor{}}
	for ci, c := range cands {
		if e := &s.entries[c.first]; e.hook.Event == permissionRequest {
			if a, err := s.asker(e, names[ci], c, b.opts); err != nil {
				p.errs = append(p.errs, err)
			} else {
				p.askers = append(p.askers, a)
			}
			continue
		}
		link, err := s.link(&s.entries[c.first], names[ci], c, b)
		if err != nil {
			p.errs = append(p.errs, err)
			continue
		}
		p.links = append(p.links, link)
	}
	p.links = b.withReports(p.links, names)
	for i, ci := range candOf {
		if ci >= 0 {
			p.hooks[i].Name, p.hooks[i].Block = names[ci], cands[ci].block
			p.hooks[i].Runs = s.runs(&s.entries[i], opts)
		}
	}
	if len(p.errs) > 0 {
		p.links, p.askers = nil, nil
	}
	return p
}

// key is what makes two hooks of one event the same handler: Claude Code
// runs a command once per call however many groups register it, and an
// http hook once per URL; a plugin's copy is a hook of its own. So is a
// managed hook's: merged into another file's copy, it would run where that
// copy stands, before the rewrites that run after it, and with that copy's
// timeout.
func (e *entry) key() string {
	h := e.hook
	plugin := e.owner()
	if e.origin.managed {
		plugin = "managed\x00" + plugin
	}
	if h.Type == "http" {
		return h.Event + "\x00" + plugin + "\x00http\x00" + h.URL
	}
	if key := e.runtimeKey(plugin); key != "" {
		return key
	}
	form := "shell:" + e.shell
	if e.noShell {
		form = "exec"
	}
	return h.Event + "\x00" + plugin + "\x00command\x00" + form + "\x00" + h.Command + "\x00" + strings.Join(h.Args, "\x00") +
		"\x00" + h.Async // a guard and a background copy of one command are two hooks: merged, the guard could be lost
}

// commandKey is what makes two persistent hooks one process: the same
// command, run the same way, from the same plugin, with the same timeout,
// whatever the event. The process's Timeout bounds every call it is asked:
// shared with a hook of a shorter one, a guard would time out before its
// answer, a failure its fail-open link forgives.
func (e *entry) commandKey() string {
	key := e.key()
	_, rest, _ := strings.Cut(key, "\x00")
	return rest + "\x00" + e.hook.Timeout.String()
}

// source is where the hook's "/path" if rules start: a plugin's root; the
// project, for a project's settings; ~/.claude for the user's; the
// directory of any other file.
func (e *entry) source(home string) string {
	if e.plugin != nil {
		return e.plugin.Root
	}
	if root, ok := ProjectOf(e.hook.File, home); ok {
		return root
	}
	abs, err := filepath.Abs(e.hook.File)
	if err != nil {
		return ""
	}
	return filepath.Dir(abs)
}

// placeholders are the values of the path placeholders the hook's command
// can use, as far as they are known before a call.
func (e *entry) placeholders(opts Options) map[string]string {
	values := map[string]string{claudecode.ProjectDirEnv: opts.session().ProjectDir}
	if e.plugin != nil {
		values[claudecode.PluginRootEnv] = e.plugin.Root
		if e.plugin.Data != "" {
			values[claudecode.PluginDataEnv] = e.plugin.Data
		}
	}
	return values
}

// names gives each candidate a unique link name: its own, else that with
// its place, else with its file and place.
func (s *Settings) names(cands []*candidate) []string {
	own := make(map[*candidate]string, len(cands))
	for _, c := range cands {
		e := &s.entries[c.first]
		own[c] = linkName(e.hook, e.prog, e.noShell)
	}
	text := func(c *candidate) string { return own[c] }
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
			places[text(c)+"@"+place(c)]++
		}
	}
	names := make([]string, len(cands))
	taken := map[string]bool{}
	for i, c := range cands {
		name := text(c)
		if texts[name] > 1 {
			name += "@" + place(c)
			if places[name] > 1 {
				name = text(c) + "@" + s.entries[c.first].hook.File + ":" + place(c)
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

// builder is what the links of one plan share: the options, and the
// persistent hooks already made, one per command.
type builder struct {
	opts       Options
	build      bool
	persistent map[string]hookchain.Interceptor
	async      bool // an async hook was built: its reports need delivering
}

// persistentHook is the persistent hook that runs spec for e, shared by
// every link of the same command and timeout (the same program under
// PreToolUse and PostToolUse is one process).
func (b *builder) persistentHook(e *entry, spec process.Spec) (hookchain.Interceptor, error) {
	if !b.build {
		return func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
			return hookchain.Outcome{}, errors.New("described only")
		}, nil
	}
	key := e.commandKey()
	if ask, ok := b.persistent[key]; ok {
		return ask, nil
	}
	h := e.hook
	if b.opts.Pool == nil {
		return nil, &Error{File: h.File, Line: e.line, Col: e.col, Where: h.Where(),
			Msg: "a persistent hook needs a process.Pool to own its process (Options.Pool)"}
	}
	session := b.opts.session()
	if session.Cwd != "" {
		// Started once, where Claude Code would start it now: the first
		// of the places a command hook runs in that exists.
		dir, ok := workDir(places(context.Background(), session, b.opts.home()))
		if !ok {
			return nil, &Error{File: h.File, Line: e.line, Col: e.col, Where: h.Where(),
				Msg: fmt.Sprintf("a persistent hook needs a directory to run in, and neither the session's %s, the project, the home directory nor the temporary directory exists", session.Cwd)}
		}
		spec.Dir = dir
	}
	p, err := b.opts.Pool.Add(process.PersistentSpec{Spec: claudecode.CommandSpec(spec, session), Logger: b.opts.Logger})
	if err != nil {
		return nil, &Error{File: h.File, Line: e.line, Col: e.col, Where: h.Where(), Msg: err.Error()}
	}
	intercept := p.Intercept
	if spec.Dir != "" {
		intercept = notDisarmedByItsDir(p.Intercept, spec.Dir)
	}
	b.persistent[key] = intercept
	return intercept, nil
}

func (s *Settings) link(e *entry, name string, c *candidate, b *builder) (hookchain.Link, error) {
	opts := b.opts
	session := opts.session()
	h := e.hook
	var (
		fn hookchain.Interceptor
		// built is what fn was built from, for the chain's ID: every
		// hook's interceptor is a closure of one function, told apart
		// only by what it captured.
		built = struct {
			Type, URL   string
			Headers     map[string]string
			Sent        bool
			Spec        process.Spec
			Persistent  bool
			Async       string
			Paths       []string
			AllowedVars []string
			Runtime     string `json:",omitempty"`
			NotRun      string `json:",omitempty"`
			Owner       string
			Once        bool
		}{Type: h.Type, Persistent: e.persistent, Owner: e.owner(), Once: e.origin.once, Async: h.Async}
	)
	switch h.Type {
	case "http":
		built.URL, built.Headers = h.URL, h.Headers
		built.Sent, built.AllowedVars = urlAllowed(s.httpURLs, h.URL), envAllowed(e.allowed, s.httpEnv)
		if !urlAllowed(s.httpURLs, h.URL) {
			fn = notSent(h.URL, s.httpURLs)
			break
		}
		var err error
		fn, err = claudecode.CompileHTTP(claudecode.HTTPHook{
			URL:     h.URL,
			Headers: harness.ExpandHeaders(h.Headers, envAllowed(e.allowed, s.httpEnv), s.lookupEnv(opts.LookupEnv)),
			Timeout: h.Timeout,
			Client:  opts.HTTPClient,
		}, session)
		if err != nil {
			return hookchain.Link{}, &Error{File: h.File, Line: e.cmdLine, Col: e.cmdCol, Where: h.Where(), Msg: err.Error()}
		}
	case "prompt", "agent", "mcp_tool":
		built.Runtime = e.runtimeIdentity(opts)
		fn = e.runtimeInterceptor(opts, session)
	default:
		spec, notRun, err := s.spec(e, opts)
		if err != nil {
			return hookchain.Link{}, err
		}
		if notRun != "" {
			built.Spec, built.NotRun = spec, notRun
			fn = notRunHook(strings.Join(append([]string{h.Command}, h.Args...), " "), notRun)
			break
		}
		built.Spec = spec
		if e.async != nil {
			var err error
			if fn, err = b.asyncHook(e, name, spec); err != nil {
				return hookchain.Link{}, err
			}
		} else if e.persistent {
			var err error
			if fn, err = b.persistentHook(e, spec); err != nil {
				return hookchain.Link{}, err
			}
		} else {
			var err error
			if fn, err = inWorkDir(spec, session, opts.home()); err != nil {
				return hookchain.Link{}, &Error{File: h.File, Line: e.line, Col: e.col, Where: h.Where(), Msg: err.Error()}
			}
		}
	}
	if slices.ContainsFunc(c.paths, func(r *pathRule) bool { return r != nil }) {
		fn = gated(fn, c, session, opts.home())
		for i, r := range c.paths {
			if r != nil {
				built.Paths = append(built.Paths, fmt.Sprintf("%+v from %s", *r, c.sources[i]))
			}
		}
	}
	fn = e.gate(fn, session)
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
	if !e.persistent {
		// A persistent hook's Intercept bounds itself by the hook's timeout and
		// tells a failure that is the call's own from one that may be
		// another call's (NotOwn); a chain's Timeout running out first, on
		// a busy machine, would be the link's own failure, which a
		// fail-open link allows.
		l = l.Timeout(h.Timeout + grace)
	}
	if !c.block {
		l = l.FailOpen()
	}
	id, err := json.Marshal(built)
	if err != nil {
		return hookchain.Link{}, &Error{File: h.File, Line: e.line, Col: e.col, Where: h.Where(), Msg: "describing the hook: " + err.Error()}
	}
	return l.Identity(string(id)), nil
}

// spec is the process a command hook runs: its command, the shell or exec
// form it asks for, the settings' env under the options' environment, and a
// plugin's variables and placeholders. Tool-call hooks and PermissionRequest
// hooks run alike. notRun says why Claude Code would not run the command (a
// plugin's ${user_config.…} it refuses or cannot fill); "" when it runs.
func (s *Settings) spec(e *entry, opts Options) (spec process.Spec, notRun string, err error) {
	h := e.hook
	spec = process.Spec{Shell: h.Command, Timeout: h.Timeout, Inherit: opts.Inherit,
		Unset: slices.Clone(opts.Unset), Env: append(s.Env(), opts.Env...)}
	if e.plugin != nil {
		values := e.placeholders(opts)
		delete(values, claudecode.ProjectDirEnv) // the shell reads it from the environment, per call
		for _, k := range []string{claudecode.PluginRootEnv, claudecode.PluginDataEnv} {
			if v, ok := values[k]; ok {
				spec.Env = append(spec.Env, k+"="+v)
			}
		}
		spec.Env = append(spec.Env, e.plugin.optionEnv()...)
		// Claude Code substitutes a plugin's placeholders wherever they
		// appear in its hooks' commands.
		spec.Shell = expandPlaceholders(spec.Shell, values, "")
	}
	switch {
	case e.noShell:
		spec.Shell, spec.Args = "", append([]string{h.Command}, h.Args...)
	case e.shell == "bash":
		spec.Shell, spec.Args = "", []string{"bash", "-c", spec.Shell}
	}
	args, notRun := e.userConfig(spec.Args)
	if notRun != "" {
		return spec, notRun, nil
	}
	spec.Args = args
	if err := spec.Validate(); err != nil {
		return process.Spec{}, "", &Error{File: h.File, Line: e.line, Col: e.col, Where: h.Where(), Msg: err.Error()}
	}
	return spec, "", nil
}

// gated runs fn only for the calls that one of the candidate's occurrences
// matches (c.matches), path rule included: a path rule depends on the
// call's working directory, which a matcher does not see. A call none of
// them matches is allowed without running the hook, as Claude Code skips a
// hook whose if rule does not match.
func gated(fn hookchain.Interceptor, c *candidate, def claudecode.SessionInfo, home string) hookchain.Interceptor {
	matches := c.matches(def, home)
	return func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		if !matches(ctx, e) {
			return hookchain.Allow(), nil
		}
		return fn(ctx, e)
	}
}

// matches reports whether one of the candidate's occurrences matches a
// call: its matcher, and its path rule from where that occurrence's
// settings start.
func (c *candidate) matches(def claudecode.SessionInfo, home string) func(context.Context, hookchain.Event) bool {
	type occurrence struct {
		m    hookchain.Matcher
		gate *gate
	}
	occs := make([]occurrence, len(c.matchers))
	for i, m := range c.matchers {
		occs[i].m = m
		if r := c.paths[i]; r != nil {
			occs[i].gate = &gate{r: r, def: def, home: home, source: c.sources[i]}
		}
	}
	return func(ctx context.Context, e hookchain.Event) bool {
		for _, o := range occs {
			if o.m.Match(e) && (o.gate == nil || o.gate.allows(ctx, e)) {
				return true
			}
		}
		return false
	}
}
