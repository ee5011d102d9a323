package settings

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/internal/textpos"
	"github.com/hookchain/hookchain/internal/validutf8"
	"github.com/tidwall/gjson"
)

// utf8BOM is the byte-order mark that editors on Windows put at the start
// of a UTF-8 file.
var utf8BOM = []byte("\xef\xbb\xbf")

// Claude Code's default timeouts, by handler type.
var defaultTimeouts = map[string]time.Duration{
	"command":  600 * time.Second,
	"http":     600 * time.Second,
	"mcp_tool": 600 * time.Second,
	"prompt":   30 * time.Second,
	"agent":    60 * time.Second,
}

// permissionRequest is the event of hooks that answer Claude Code's
// permission dialog.
const permissionRequest = "PermissionRequest"

// events are the hook events Claude Code documents, for telling a
// misspelled event from one a chain does not run.
var events = []string{
	"SessionStart", "Setup", "InstructionsLoaded", "UserPromptSubmit", "UserPromptExpansion", "MessageDisplay",
	"PreToolUse", "PermissionRequest", "PermissionDenied", "PostToolUse", "PostToolUseFailure", "PostToolBatch",
	"Notification", "SubagentStart", "SubagentStop", "TaskCreated", "TaskCompleted", "Stop", "StopFailure",
	"TeammateIdle", "ConfigChange", "CwdChanged", "DirectoryAdded", "FileChanged", "WorktreeCreate",
	"WorktreeRemove", "PreCompact", "PostCompact", "SessionEnd", "Elicitation", "ElicitationResult",
}

// toolEvents are the events that are tool calls, with the hook each runs at
// and, after the call, whether the call must have failed.
var toolEvents = map[string]struct {
	at     hookchain.Hook
	result hookchain.Matcher
}{
	"PreToolUse":         {at: hookchain.BeforeTool},
	"PostToolUse":        {at: hookchain.AfterTool, result: resultMatcher(false)},
	"PostToolUseFailure": {at: hookchain.AfterTool, result: resultMatcher(true)},
}

// Error is a problem in a settings file, with its place.
type Error struct {
	File      string
	Line, Col int    // 1-based; 0 when the problem has no one place
	Where     string // the hook ("PreToolUse[0].hooks[1]") or the field ("hooks.PreToolUse"); "" for the file
	Msg       string
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d:%d", e.Line, e.Col)
	}
	b.WriteString(": ")
	if e.Where != "" {
		b.WriteString(e.Where)
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// Warning is something in a settings file that runs, but probably not as
// its author meant: a matcher no tool name can match, a script that does
// not exist, a field that is ignored. It never stops Links.
type Warning struct {
	File      string
	Line, Col int    // 1-based; 0 when it has no one place
	Where     string // the hook: "PreToolUse[0].hooks[1]"
	Msg       string // what is wrong, and how to fix it
}

// String is the warning as check prints it:
// "FILE:LINE:COL: WHERE: warning: MSG".
func (w Warning) String() string {
	e := Error{File: w.File, Line: w.Line, Col: w.Col, Where: w.Where, Msg: "warning: " + w.Msg}
	return e.Error()
}

// entry is one handler as the file gives it, before Options decide what
// becomes of it.
type entry struct {
	hook      Hook
	line, col int // where the handler starts in its file

	at      hookchain.Hook    // zero for events that are not tool calls
	matcher hookchain.Matcher // the group's matcher, the result condition of after-call events, and the if rule
	cond    *condition        // the if rule; nil when there is none
	shell   string            // "bash" when the handler asks for it; "" for the default shell
	allowed []string          // http hooks: allowedEnvVars

	problem     *Error // a mistake: Links fails
	unsupported string // what the hook needs that a chain lacks
	ignored     string // why an event is not run

	warnings        []Warning  // found while parsing
	cmdLine, cmdCol int        // where the command, or an http hook's URL, is written, for warnings about it
	plugin          *Plugin    // the plugin whose hooks.json holds it; nil for a settings file
	noShell         bool       // "args" is given, even empty: the command runs without a shell
	persistent      bool       // "persistent": true: started once, asked in hookchain's persistent protocol
	async           *asyncKeys // "async" or "asyncRewake": run in the background; nil for a hook that decides
	prog            program    // what the command runs, as far as can be read
	origin          origin     // managed settings, or a skill's or agent's frontmatter

	runtime runtimeSpec // prompt, agent and mcp_tool hooks: what they give beyond Hook
}

// Parse reads one settings file's contents; file names it in errors and in
// the Hooks it describes. See Load for what is an error. A leading UTF-8
// byte-order mark is skipped, and lines and columns are counted after it,
// as editors count them.
func Parse(file string, data []byte) (*Settings, error) { return parse(file, data, nil) }

// parse is Parse for a settings file, or for plugin's hooks.json.
func parse(file string, data []byte, plugin *Plugin) (*Settings, error) {
	p := &parser{file: file, data: bytes.TrimPrefix(data, utf8BOM), plugin: plugin}
	s, err := p.parse()
	if err != nil {
		return nil, err
	}
	s.files = []string{file}
	return s, nil
}

type parser struct {
	file   string
	data   []byte
	pos    *textpos.Index // built when something is first placed
	plugin *Plugin        // set when the file is a plugin's hooks.json
	// comp is the skill or agent whose frontmatter the hooks are, and
	// remap places a position of the JSON made of it in the .md file.
	comp  *component
	remap func(line, col int) (int, int)

	// matcherWarning is what is wrong with the matcher of the group being
	// read, and matcherAt where it is written; group sets them.
	matcherWarning string
	matcherAt      gjson.Result
}

type member struct {
	key string
	val gjson.Result
}

func (p *parser) parse() (*Settings, error) {
	if off := validutf8.FirstInvalid(p.data); off >= 0 {
		// Decoded, the byte would be U+FFFD: a matcher naming a tool that
		// does not exist, or a command other than the one written.
		line, col := p.position(off)
		return nil, &Error{File: p.file, Line: line, Col: col, Msg: fmt.Sprintf("not valid UTF-8: byte %#02x", p.data[off])}
	}
	var raw json.RawMessage
	if err := json.Unmarshal(p.data, &raw); err != nil {
		return nil, p.syntaxError(err)
	}
	root := gjson.ParseBytes(p.data)
	if !root.IsObject() {
		return nil, p.at(root, "", "the settings are %s, not a JSON object", kind(root))
	}
	top, err := p.members(root, "")
	if err != nil {
		return nil, err
	}
	s := &Settings{}
	var hooks gjson.Result
	for _, m := range top {
		switch m.key {
		case "hooks":
			hooks = m.val
		case "disableAllHooks":
			if m.val.Type != gjson.True && m.val.Type != gjson.False {
				return nil, p.at(m.val, "disableAllHooks", "want true or false, got %s", show(m.val))
			}
			s.disable = &disableAll{file: p.file, on: m.val.Type == gjson.True}
		case "env":
			if p.plugin != nil {
				continue // a setting, which a plugin's hooks.json does not hold
			}
			if s.env, err = p.readEnv(m.val); err != nil {
				return nil, err
			}
		case "allowManagedHooksOnly", "enabledPlugins":
			if err := p.readScopeKey(s, m); err != nil {
				return nil, err
			}
		case "allowedHttpHookUrls", "httpHookAllowedEnvVars":
			if p.plugin != nil {
				continue // settings, which a plugin's hooks.json does not hold
			}
			what, dst := "URL patterns", &s.httpURLs
			if m.key == "httpHookAllowedEnvVars" {
				what, dst = "variable names", &s.httpEnv
			}
			if *dst, err = p.readList(m.val, m.key, what); err != nil {
				return nil, err
			}
		}
	}
	if !hooks.Exists() || hooks.Type == gjson.Null {
		return s, nil
	}
	if !hooks.IsObject() {
		return nil, p.at(hooks, "hooks", "want an object of events, got %s", show(hooks))
	}
	events, err := p.members(hooks, "hooks")
	if err != nil {
		return nil, err
	}
	for _, ev := range events {
		entries, err := p.event(ev.key, ev.val)
		if err != nil {
			return nil, err
		}
		s.entries = append(s.entries, entries...)
	}
	return s, nil
}

// event parses one event's matcher groups. Only the shape is an error here;
// what is wrong with a handler is recorded on its entry.
func (p *parser) event(name string, groups gjson.Result) ([]entry, error) {
	where := "hooks." + name
	if !groups.IsArray() {
		return nil, p.at(groups, where, "want an array of matcher groups, got %s", show(groups))
	}
	te, isTool := toolEvents[name]
	var out []entry
	for gi, g := range groups.Array() {
		gwhere := fmt.Sprintf("%s[%d]", name, gi)
		if !g.IsObject() {
			return nil, p.at(g, gwhere, "want a matcher group object, got %s", show(g))
		}
		fields, dup := p.fields(g)
		handlers := fields["hooks"]
		switch {
		case !handlers.Exists() || handlers.Type == gjson.Null:
			if isTool {
				return nil, p.at(g, gwhere, `the matcher group has no "hooks" array`)
			}
			continue
		case !handlers.IsArray():
			return nil, p.at(handlers, gwhere+".hooks", "want an array of hook handlers, got %s", show(handlers))
		}
		matcherText := fields["matcher"].Str
		m, kind, groupProblem := p.group(name, g, fields, dup)
		list := handlers.Array()
		out = slices.Grow(out, len(list))
		for hi, h := range list {
			hwhere := fmt.Sprintf("%s.hooks[%d]", gwhere, hi)
			if !h.IsObject() {
				return nil, p.at(h, hwhere, "want a hook handler object, got %s", show(h))
			}
			e := entry{
				hook:   Hook{File: p.file, Event: name, Group: gi, Index: hi, Matcher: matcherText, MatcherKind: kind},
				at:     te.at,
				plugin: p.plugin,
			}
			p.fromComponent(&e)
			e.line, e.col = p.position(h.Index)
			e.matcher = m
			switch {
			case groupProblem != nil:
				e.problem = groupProblem(hwhere)
				p.describe(&e, h)
			case name == permissionRequest:
				p.permission(&e, g, fields, dup, h, hwhere)
			case !isTool:
				e.ignored = ignoredReason(name)
				p.describe(&e, h)
			default:
				if p.matcherWarning != "" && hi == 0 { // once for the group
					e.warn(p, p.matcherAt, hwhere, p.matcherWarning)
				}
				p.handler(&e, h, hwhere)
				e.matcher = linkMatcher(m, kind, matcherText, te.result, e.cond)
			}
			out = append(out, e)
		}
	}
	return out, nil
}

// group reads a matcher group's matcher. What is wrong with a group is
// wrong with each of its handlers, so a problem comes back as a function
// that places it at one handler.
func (p *parser) group(event string, g gjson.Result, fields map[string]gjson.Result, dup string) (hookchain.Matcher, MatcherKind, func(where string) *Error) {
	p.matcherWarning = ""
	if _, isTool := toolEvents[event]; !isTool {
		if slices.Contains(events, event) {
			return nil, "", nil // not judged: the event is not run
		}
		for _, known := range events {
			if strings.EqualFold(event, known) {
				return nil, "", func(where string) *Error {
					return p.at(g, where, "unknown hook event %q: event names are case-sensitive; write %q", event, known)
				}
			}
		}
		msg := fmt.Sprintf("unknown hook event %q: Claude Code never runs it", event)
		if near := nearest(event, events); near != "" {
			msg += fmt.Sprintf("; did you mean %q?", near)
		}
		return nil, "", func(where string) *Error { return p.at(g, where, "%s", msg) }
	}
	mv := fields["matcher"]
	switch {
	case dup != "":
		return nil, "", func(where string) *Error { return p.at(g, where, "its matcher group has the key %q twice", dup) }
	case mv.Exists() && mv.Type != gjson.Null && mv.Type != gjson.String:
		return nil, "", func(where string) *Error { return p.at(mv, where, "matcher: want a string, got %s", show(mv)) }
	}
	m, kind, err := CompileMatcher(mv.Str)
	if err != nil {
		return nil, kind, func(where string) *Error { return p.at(mv, where, "%v", err) }
	}
	if msg := matcherWarning(mv.Str, kind); msg != "" {
		p.matcherWarning = msg
		p.matcherAt = mv
	}
	return m, kind, nil
}

// linkMatcher is what a hook's link is asked about: the calls its group's
// matcher names (tools, a list of names when kind is MatchNames), after the
// call only those whose result is of the event's kind (result), and only
// those its if rule matches (cond).
func linkMatcher(tools hookchain.Matcher, kind MatcherKind, text string, result hookchain.Matcher, cond *condition) hookchain.Matcher {
	parts := []hookchain.Matcher{tools}
	if result != nil {
		parts = append(parts, result)
	}
	if cond != nil {
		// The rule's tool need not be named twice when the group names
		// only that tool.
		if names := nameList(text); cond.tool == "" || kind != MatchNames || len(names) != 1 || names[0] != cond.tool {
			parts = append(parts, cond.tools)
		}
		if cond.input != nil {
			parts = append(parts, cond.input)
		}
	}
	if len(parts) == 1 {
		return tools
	}
	return hookchain.And(parts...)
}

// describe fills in what a handler says about itself, without judging it,
// for hooks that are listed but not run.
func (p *parser) describe(e *entry, h gjson.Result) {
	f, _ := p.fields(h)
	e.describe(f)
}

// describe is parser.describe for a handler whose fields are read.
func (e *entry) describe(f map[string]gjson.Result) {
	e.hook.Type = f["type"].Str
	e.hook.Command = f["command"].Str
	e.hook.URL = f["url"].Str
	e.hook.If = f["if"].Str
}

// handler parses a handler of a tool event, recording the first thing wrong
// with it, or what it needs that a chain lacks.
func (p *parser) handler(e *entry, h gjson.Result, where string) {
	f, dup := p.fields(h)
	e.describe(f)
	fail := func(at gjson.Result, format string, args ...any) {
		if !at.Exists() {
			at = h // a missing field is the handler's problem
		}
		if e.problem == nil {
			e.problem = p.at(at, where, format, args...)
		}
	}
	if dup != "" {
		fail(h, "the key %q appears twice", dup)
		return
	}
	typ := f["type"]
	switch {
	case !typ.Exists():
		fail(h, `no "type": want "command", "http", "mcp_tool", "prompt" or "agent"`)
		return
	case typ.Type != gjson.String:
		fail(typ, "type: want a string, got %s", show(typ))
		return
	}
	e.hook.Timeout = defaultTimeouts[typ.Str]
	if secs, ok := seconds(f["timeout"]); ok {
		e.hook.Timeout = secs
	}
	switch typ.Str {
	case "command", "http", "prompt", "agent", "mcp_tool":
	default:
		fail(typ, `unknown handler type %q: want "command", "http", "mcp_tool", "prompt" or "agent"`, typ.Str)
		return
	}
	if rule := f["if"]; rule.Exists() {
		if rule.Type != gjson.String {
			fail(rule, "if: want a permission rule such as \"Bash(git *)\", got %s", show(rule))
			return
		}
		c, err := compileIf(rule.Str)
		var unsupported *UnsupportedError
		switch {
		case errors.As(err, &unsupported):
			e.unsupported = err.Error()
		case err != nil:
			fail(rule, "%v", err)
			return
		default:
			e.cond = &c
			e.hook.IfMatcher = c.String()
		}
	}
	if t := f["timeout"]; t.Exists() {
		if _, ok := seconds(t); !ok {
			fail(t, "timeout: want a positive number of seconds, such as 30, got %s", show(t))
		}
	}
	if of := f["onFailure"]; of.Exists() {
		switch {
		case of.Type == gjson.String && of.Str == "block":
			e.hook.Block = true
		case of.Type == gjson.String && of.Str == "continue":
		default:
			fail(of, `onFailure: want "block" or "continue", got %s`, show(of))
		}
	}
	for _, key := range []string{"async", "asyncRewake", "once"} {
		v := f[key]
		switch {
		case !v.Exists() || v.Type == gjson.False:
		case v.Type != gjson.True:
			fail(v, "%s: want true or false, got %s", key, show(v))
		case key == "once":
			p.once(e, v, where)
		default:
			// async, asyncRewake: read by p.background, once the hook's
			// type and persistence are known.
		}
	}
	if v := f["persistent"]; v.Exists() {
		switch {
		case v.Type != gjson.True && v.Type != gjson.False:
			fail(v, "persistent: want true or false, got %s", show(v))
		case v.Type == gjson.True && typ.Str != "command":
			fail(v, "persistent: only a command hook can be persistent")
		case v.Type == gjson.True:
			e.persistent, e.hook.Persistent = true, true
		}
	}
	p.background(e, f, typ.Str, where, fail)
	switch typ.Str {
	case "command":
		p.command(e, f, where, fail)
	case "http":
		p.http(e, f, fail)
	default:
		p.runtime(e, f, where, fail)
	}
	if e.problem != nil {
		e.unsupported = ""
	}
	if typ.Str == "command" {
		e.prog = readProgram(e.hook.Command, e.hook.Args, e.noShell)
	}
}

func (p *parser) command(e *entry, f map[string]gjson.Result, where string, fail func(gjson.Result, string, ...any)) {
	cmd := f["command"]
	switch {
	case !cmd.Exists():
		fail(cmd, `a command hook needs a "command"`)
	case cmd.Type != gjson.String:
		fail(cmd, "command: want a string, got %s", show(cmd))
	case strings.TrimSpace(cmd.Str) == "":
		fail(cmd, "command: empty")
	default:
		e.cmdLine, e.cmdCol = p.position(cmd.Index)
	}
	args := f["args"]
	if args.Exists() {
		// Any args, [] included, is the exec form: no shell reads the command.
		list, ok := stringList(args)
		if !ok {
			fail(args, "args: want an array of strings, got %s", show(args))
		}
		e.hook.Args, e.noShell = list, true
		if cmd.Type == gjson.String && !strings.Contains(cmd.Str, "/") && strings.ContainsAny(strings.TrimSpace(cmd.Str), " \t") {
			e.warn(p, cmd, where, fmt.Sprintf("with args the command is the program alone, and no program is named %q: move the words after the first into args", cmd.Str))
		}
	}
	if sh := f["shell"]; sh.Exists() {
		switch {
		case sh.Type != gjson.String:
			fail(sh, "shell: want a string, got %s", show(sh))
		case args.Exists():
			// "Ignored when args is set" (hooks reference).
			e.warn(p, sh, where, `"shell" is ignored when "args" is given, by Claude Code and by hookchain: the command runs without a shell; remove one of them`)
		case sh.Str == "bash":
			e.shell = "bash"
		case sh.Str == "powershell":
			fail(sh, `shell: powershell is not supported; write the hook for "bash" or give it "args"`)
		default:
			fail(sh, `shell: want "bash", got %s`, show(sh))
		}
	}
}

func (p *parser) http(e *entry, f map[string]gjson.Result, fail func(gjson.Result, string, ...any)) {
	u := f["url"]
	switch {
	case !u.Exists():
		fail(u, `an http hook needs a "url"`)
	case u.Type != gjson.String:
		fail(u, "url: want a string, got %s", show(u))
	default:
		e.cmdLine, e.cmdCol = p.position(u.Index)
		parsed, err := url.Parse(u.Str)
		if err != nil || (parsed.Scheme != "http" && parsed.Scheme != "https") || parsed.Host == "" {
			fail(u, "url: want an http or https URL, got %q", u.Str)
		}
	}
	if hs := f["headers"]; hs.Exists() {
		if !hs.IsObject() {
			fail(hs, "headers: want an object of strings, got %s", show(hs))
		} else {
			e.hook.Headers = map[string]string{}
			hs.ForEach(func(k, v gjson.Result) bool {
				if v.Type != gjson.String {
					fail(v, "headers.%s: want a string, got %s", k.Str, show(v))
				}
				e.hook.Headers[k.Str] = v.Str
				return true
			})
		}
	}
	if vars := f["allowedEnvVars"]; vars.Exists() {
		list, ok := stringList(vars)
		if !ok {
			fail(vars, "allowedEnvVars: want an array of strings, got %s", show(vars))
		}
		e.allowed = list
	}
}

// warn records a warning about the hook at r's place.
func (e *entry) warn(p *parser, r gjson.Result, where, msg string) {
	line, col := p.position(r.Index)
	e.warnings = append(e.warnings, Warning{File: p.file, Line: line, Col: col, Where: where, Msg: msg})
}

// nearest returns the one of names closest to s in edit distance, when it
// is close enough to be what was meant, or "".
func nearest(s string, names []string) string {
	best, bestD := "", -1
	for _, n := range names {
		d := distance(strings.ToLower(s), strings.ToLower(n))
		if bestD < 0 || d < bestD {
			best, bestD = n, d
		}
	}
	if bestD < 0 || bestD > max(2, len(best)/3) {
		return ""
	}
	return best
}

// distance is the Levenshtein distance between a and b, in bytes.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// seconds reads a positive timeout in seconds.
func seconds(t gjson.Result) (time.Duration, bool) {
	if t.Type != gjson.Number || !(t.Num > 0) || t.Num > math.MaxInt64/float64(time.Second) {
		return 0, false
	}
	d := time.Duration(t.Num * float64(time.Second))
	return d, d > 0
}

// stringList reads an array of strings.
func stringList(r gjson.Result) ([]string, bool) {
	if !r.IsArray() {
		return nil, false
	}
	out := []string{}
	ok := true
	r.ForEach(func(_, v gjson.Result) bool {
		ok = v.Type == gjson.String
		out = append(out, v.Str)
		return ok
	})
	return out, ok
}

// members lists an object's keys in order. A key given twice is an error:
// JavaScript would silently keep the last, and in a hooks section that is a
// guard someone meant to have.
func (p *parser) members(obj gjson.Result, where string) ([]member, error) {
	var out []member
	seen := map[string]bool{}
	var err error
	obj.ForEach(func(k, v gjson.Result) bool {
		if seen[k.Str] {
			w := k.Str
			if where != "" {
				w = where + "." + k.Str
			}
			err = p.at(k, w, "the key %q appears twice", k.Str)
			return false
		}
		seen[k.Str] = true
		out = append(out, member{key: k.Str, val: v})
		return true
	})
	return out, err
}

// fields maps an object's keys to their values, and returns a key that is
// given twice, if any.
func (p *parser) fields(obj gjson.Result) (map[string]gjson.Result, string) {
	out := map[string]gjson.Result{}
	dup := ""
	obj.ForEach(func(k, v gjson.Result) bool {
		if _, seen := out[k.Str]; seen && dup == "" {
			dup = k.Str
		}
		out[k.Str] = v
		return true
	})
	return out, dup
}

// at is an Error at r's place in the file. A value gjson cannot place (the
// missing field of an object) is placed at the start of the file.
func (p *parser) at(r gjson.Result, where, format string, args ...any) *Error {
	line, col := p.position(r.Index)
	return &Error{File: p.file, Line: line, Col: col, Where: where, Msg: fmt.Sprintf(format, args...)}
}

// syntaxError places a JSON syntax error. encoding/json counts the bytes it
// read, so the offending byte is the last of them, except at the end of the
// input, where the problem is what is missing after it.
func (p *parser) syntaxError(err error) error {
	var se *json.SyntaxError
	if !errors.As(err, &se) {
		return &Error{File: p.file, Msg: err.Error()}
	}
	off := int(se.Offset)
	if strings.HasPrefix(se.Error(), "unexpected end") {
		off = len(p.data)
	} else if off > 0 {
		off--
	}
	line, col := p.position(off)
	return &Error{File: p.file, Line: line, Col: col, Msg: se.Error()}
}

// position turns a byte offset into a 1-based line and a 1-based column
// counted in characters, as editors count them.
func (p *parser) position(off int) (line, col int) {
	if p.pos == nil {
		p.pos = textpos.New(p.data)
	}
	line, col = p.pos.At(off)
	if p.remap != nil {
		return p.remap(line, col)
	}
	return line, col
}

// kind names a JSON value's type.
func kind(r gjson.Result) string {
	switch {
	case r.IsObject():
		return "an object"
	case r.IsArray():
		return "an array"
	}
	switch r.Type {
	case gjson.String:
		return "a string"
	case gjson.Number:
		return "a number"
	case gjson.True, gjson.False:
		return "a boolean"
	}
	return "null"
}

// show quotes a small value as written, and names the type of a large one.
func show(r gjson.Result) string {
	if len(r.Raw) <= 40 && !r.IsObject() && !r.IsArray() {
		return r.Raw
	}
	return kind(r)
}
