package copilot

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/internal/jsonscan"
	"github.com/hookchain/hookchain/process"
)

// Hook is one command or http hook of a Copilot hooks file.
type Hook struct {
	Event   string            // "preToolUse", "PreToolUse", … or one of Copilot's other events
	Matcher string            // as written; "" when there is none
	HTTP    harness.HTTPEntry // an http hook's url, headers and allowedEnvVars; its URL is "" for a command hook
	Command string            // the bash command ("bash", else "command"); "" for an exec or http hook
	Args    []string          // an exec hook's "exec" and "args"; nil for a shell command
	Cwd     string            // the entry's "cwd", under the repository root when relative; "" when none
	Env     []string          // the entry's "env", as KEY=VALUE, sorted by key
	Timeout time.Duration     // 0 when the entry gives none: DefaultTimeout
	Place   string            // where it is written: FILE:hooks.EVENT[INDEX]
}

// Spec is the command h runs, before CommandSpec: Copilot's shell, cwd,
// env and timeout are applied by Link.
func (h Hook) Spec() process.Spec {
	return process.Spec{Shell: h.Command, Args: slices.Clone(h.Args), Dir: h.Cwd, Env: slices.Clone(h.Env), Timeout: h.Timeout}
}

// Request is the request an http hook makes, its headers' variables
// expanded from hookchain's environment as Copilot expands them from its
// own, within DefaultTimeout when the entry gives no timeout.
func (h Hook) Request() harness.HTTPHook {
	t := h.Timeout
	if t == 0 {
		t = DefaultTimeout
	}
	return h.HTTP.Hook(t, false, nil)
}

// String is the hook as a person wrote it: the bash command, the exec
// hook's program and arguments, or the http hook's URL.
func (h Hook) String() string {
	if h.HTTP.URL != "" {
		return h.HTTP.URL
	}
	if h.Command != "" {
		return h.Command
	}
	return strings.Join(h.Args, " ")
}

// fileEvents are Copilot's events, camelCase and PascalCase: an entry of
// any of them is read, and only the tool-call ones are links.
var fileEvents = []string{
	PreToolUse, PostToolUse, "postToolUseFailure", "permissionRequest", "sessionStart", "sessionEnd",
	"userPromptSubmitted", "userPromptTransformed", "agentStop", "subagentStart", "subagentStop",
	"errorOccurred", "preCompact", "notification",
	PascalPreToolUse, PascalPostToolUse, "PostToolUseFailure", "PermissionRequest", "SessionStart", "SessionEnd",
	"UserPromptSubmit", "Stop", "SubagentStop", "ErrorOccurred", "PreCompact", "Notification",
}

// ParseHooksFile reads data, the content of the Copilot hooks file named
// file (a .github/hooks/*.json, ~/.copilot/hooks/*.json or policy file),
// as Copilot reads one: {"version": 1, "hooks": {EVENT: [{"type":
// "command", "matcher": M, "bash": C, "command": C, "exec": P, "args": [A],
// "cwd": D, "env": {K: V}, "timeoutSec": S}, {"type": "http", "url": U,
// "headers": {K: V}, "allowedEnvVars": [N], "timeoutSec": S}]}} — flat,
// each entry a hook, in the file's order for each event, events in
// Copilot's order (fileEvents). It warns of what Copilot would not run,
// or hookchain cannot, which is skipped: the whole file when
// "disableAllHooks" is true, a prompt hook, an entry with only a
// "powershell" command (which Copilot runs on Windows only), a blank
// command, which runs nothing, an event Copilot does not have. Hooks of
// Copilot's events that are not tool calls are returned with their
// event, and Links leaves them out.
//
// It is an error, rather than a misreading, when the file is not JSON of
// that shape or gives a key twice; when version is not 1; when a field has
// the wrong type; when an entry has no command, or combines "exec" with a
// shell command; when a timeout is not a positive number of seconds; when
// an env value holds a "$", which Copilot expands and hookchain does not;
// when an http hook's URL is one Copilot will not send it to (httpEntry);
// and when a tool-call entry's matcher does not compile (Copilot skips the
// entry: a guard silently gone). Copilot drops only the malformed entry
// and keeps its siblings; hookchain refuses the file, so that no guard is
// dropped unseen. Fields it does not know are ignored; keys are read
// exactly as written.
//
// Whether the file is to be trusted (a policy file must be root's) is not
// this function's: it reads the file it is given.
func ParseHooksFile(file string, data []byte) ([]Hook, []string, error) {
	fail := func(format string, args ...any) ([]Hook, []string, error) {
		return nil, nil, fmt.Errorf("copilot: %s: "+format, append([]any{file}, args...)...)
	}
	if f := jsonscan.Fault(data); f != "" {
		return fail("the file is %s", f)
	}
	top, err := harness.ReadObject(data)
	if err != nil {
		return fail("not a hooks file: %v", err)
	}
	var version float64
	if v, ok := top["version"]; !ok || json.Unmarshal(v, &version) != nil || version != 1 {
		return fail(`version is not 1: Copilot rejects the file`)
	}
	off, _, err := top.Bool("disableAllHooks")
	if err != nil {
		return fail("%v", err)
	}
	events := map[string]json.RawMessage{}
	if raw, ok := top["hooks"]; ok && string(raw) != "null" {
		if events, err = harness.Fields(raw); err != nil {
			return fail("hooks: %v", err)
		}
	}
	if off {
		if len(events) == 0 {
			return nil, nil, nil
		}
		return nil, []string{file + ": skipped: disableAllHooks is true, and Copilot runs none of its hooks"}, nil
	}
	hooks, warnings, err := harness.FlatHooks(file, events, fileEvents, func(event, place string, raw json.RawMessage) (Hook, string, error) {
		h, skip, err := entry(event, raw)
		h.Event, h.Place = event, place
		return h, skip, err
	})
	if err != nil {
		return fail("%v", err)
	}
	for _, h := range hooks {
		if w := claudeNamed(h); w != "" {
			warnings = append(warnings, h.Place+": "+w)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(events)) {
		if !slices.Contains(fileEvents, k) {
			warnings = append(warnings, fmt.Sprintf("%s: hooks.%s: skipped: Copilot has no such event", file, k))
		}
	}
	return hooks, warnings, nil
}

// entry reads one hook of event: a command hook, or why it is skipped.
func entry(event string, raw json.RawMessage) (h Hook, skip string, err error) {
	f, err := harness.ReadObject(raw)
	if err != nil {
		return Hook{}, "", err
	}
	typ, ok, err := f.String("type")
	switch {
	case err != nil:
		return Hook{}, "", err
	case !ok || typ == "command": // Copilot's default
	case typ == "http":
		return httpEntry(event, f)
	case typ == "prompt":
		return Hook{}, fmt.Sprintf("hookchain runs command and http hooks, not %q", typ), nil
	default:
		return Hook{}, "", fmt.Errorf("a hook type Copilot does not have: %q", typ)
	}
	if h.Matcher, _, err = f.String("matcher"); err != nil {
		return Hook{}, "", err
	}
	if toolCall(event) {
		if _, err := CompileMatcherFor(event, h.Matcher); err != nil {
			return Hook{}, "", err
		}
	}
	strs := map[string]string{}
	for _, key := range []string{"bash", "command", "powershell", "exec", "cwd"} {
		if strs[key], _, err = f.String(key); err != nil {
			return Hook{}, "", err
		}
	}
	args, hasArgs, err := f.List("args")
	if err != nil {
		return Hook{}, "", err
	}
	switch {
	case strs["exec"] != "":
		if strs["bash"] != "" || strs["command"] != "" || strs["powershell"] != "" {
			return Hook{}, "", errors.New(`"exec" with a shell command: Copilot does not take both`)
		}
		h.Args = []string{strs["exec"]}
		for _, a := range args {
			var s string
			if json.Unmarshal(a, &s) != nil {
				return Hook{}, "", errors.New("args is not a list of strings")
			}
			h.Args = append(h.Args, s)
		}
	case hasArgs:
		return Hook{}, "", errors.New(`"args" without "exec"`)
	case strs["bash"] != "":
		h.Command = strs["bash"] // bash wins over command on Unix
	case strs["command"] != "":
		h.Command = strs["command"]
	case strs["powershell"] != "":
		return Hook{}, "a powershell command only: Copilot runs it on Windows, and hookchain runs bash", nil
	default:
		return Hook{}, "", errors.New(`the hook has no "bash", "command" or "exec"`)
	}
	if h.Args == nil && strings.TrimSpace(h.Command) == "" {
		return Hook{}, "the command is blank: it runs nothing and decides nothing", nil
	}
	h.Cwd = strs["cwd"]
	if h.Env, err = env(f); err != nil {
		return Hook{}, "", err
	}
	if h.Timeout, err = timeout(f); err != nil {
		return Hook{}, "", err
	}
	return h, "", nil
}

// timeout is an entry's "timeoutSec", or else its alias "timeout", in
// seconds; 0 when it gives neither.
func timeout(f harness.Object) (time.Duration, error) {
	if d, err := f.Seconds("timeoutSec"); d != 0 || err != nil {
		return d, err
	}
	return f.Seconds("timeout")
}

// claudeNamed is the warning for a camelCase tool-call hook whose matcher
// selects none of Copilot's tools but one of Claude Code's names: Copilot
// runs it for no call, which is its rule, and rarely what was meant.
func claudeNamed(h Hook) string {
	if pascal(h.Event) || !toolCall(h.Event) || h.Matcher == "" {
		return ""
	}
	m, err := CompileMatcher(h.Matcher)
	if err != nil {
		return ""
	}
	var claude []string
	for _, own := range slices.Sorted(maps.Keys(tools())) {
		if m.Match(hookchain.Event{Tool: own}) {
			return ""
		}
		for _, name := range tools()[own] {
			if m.Match(hookchain.Event{Tool: name}) && !slices.Contains(claude, name) {
				claude = append(claude, name)
			}
		}
	}
	if len(claude) == 0 {
		return ""
	}
	return fmt.Sprintf("matcher %q selects none of Copilot's tools, only Claude Code's names (%s): a %s entry takes Copilot's names, a %s one Claude's",
		h.Matcher, strings.Join(claude, ", "), h.Event, strings.ToUpper(h.Event[:1])+h.Event[1:])
}

// env is an entry's "env" as KEY=VALUE, sorted by key.
func env(f harness.Object) ([]string, error) {
	raw, ok := f["env"]
	if !ok || string(raw) == "null" {
		return nil, nil
	}
	vars, err := harness.Fields(raw)
	if err != nil {
		return nil, fmt.Errorf("env: %v", err)
	}
	var out []string
	for _, k := range slices.Sorted(maps.Keys(vars)) {
		var v string
		if json.Unmarshal(vars[k], &v) != nil {
			return nil, fmt.Errorf("env.%s is not a string", k)
		}
		if strings.Contains(v, "$") {
			return nil, fmt.Errorf("env.%s: Copilot expands the variables in %q, and hookchain does not yet", k, v)
		}
		out = append(out, k+"="+v)
	}
	return out, nil
}

// toolCall reports whether event's hooks are links: Copilot's tool-call
// events, camelCase or PascalCase.
func toolCall(event string) bool {
	_, ok := at(event)
	return ok
}

// at is the hook of a tool-call event.
func at(event string) (hookchain.Hook, bool) {
	switch event {
	case PreToolUse, PascalPreToolUse:
		return hookchain.BeforeTool, true
	case PostToolUse, PascalPostToolUse:
		return hookchain.AfterTool, true
	}
	return 0, false
}

// Links are the links that run hooks in a chain as Copilot runs them
// (Link, PascalLink): the preToolUse and PreToolUse hooks before the call
// and the postToolUse and PostToolUse hooks after it, in the files'
// order, each selecting the calls its matcher does, with Copilot's
// failure policy. Hooks of Copilot's other events are left out. Each link
// is named after its command, with the hook's place added when two hooks
// run the same command.
func Links(hooks []Hook, s harness.SessionInfo) ([]hookchain.Link, error) {
	names, places := make([]string, len(hooks)), make([]string, len(hooks))
	for i, h := range hooks {
		names[i], places[i] = h.String(), h.Place
	}
	names = harness.LinkNames(names, places)
	var links []hookchain.Link
	for i, h := range hooks {
		where, ok := at(h.Event)
		if !ok {
			continue
		}
		m, err := CompileMatcherFor(h.Event, h.Matcher)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", h.Place, err)
		}
		var l hookchain.Link
		switch {
		case pascal(h.Event) && h.HTTP.URL != "":
			l, err = PascalHTTPLink(names[i], where, m, h.Request(), s)
		case h.HTTP.URL != "":
			l, err = HTTPLink(names[i], where, m, h.Request(), s)
		case pascal(h.Event):
			l, err = PascalLink(names[i], where, m, h.Spec(), s)
		default:
			l, err = Link(names[i], where, m, h.Spec(), s)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", h.Place, err)
		}
		links = append(links, l)
	}
	return links, nil
}

// pascal reports whether event is a PascalCase (Claude-compatible) one.
func pascal(event string) bool { return event != "" && event[0] >= 'A' && event[0] <= 'Z' }

// PolicyDir is the directory of Copilot's policy hooks files on Linux and
// macOS.
const PolicyDir = "/etc/github-copilot/policy.d"

// HookDirs are the directories Copilot reads hooks files (*.json) from,
// for a session in the repository project of the user whose home is home,
// in the order it reads them: the policy directory (PolicyDir), the
// user's (~/.copilot/hooks), the repository's (project/.github/hooks). An
// empty home leaves the policy's and the user's out, so that
// HookDirs(dir, "") is a repository's alone; an empty project leaves the
// repository's out. COPILOT_HOME, which moves the user's directory, is the
// caller's to apply.
//
// GitHub's reference lists the repository's files before the user's, but
// says they load "policy, then user, then project"; hookchain takes the
// order said. Every hook of every file runs, so the order changes only
// which of two rewrites is the last.
func HookDirs(project, home string) []string {
	var dirs []string
	if home != "" {
		dirs = append(dirs, PolicyDir, filepath.Join(home, ".copilot", "hooks"))
	}
	if project != "" {
		dirs = append(dirs, filepath.Join(project, ".github", "hooks"))
	}
	return dirs
}

// ConfigFiles are the hooks files of HookDirs, each directory's *.json by
// name, as Copilot loads policy files (and, hookchain infers, the
// others), in HookDirs' order. It lists directories; it reads no file.
// A directory with no hooks file is given as its pattern (DIR/*.json),
// which names no file that exists: a caller that finds none says where it
// looked.
//
// Copilot also reads inline "hooks" blocks of .github/copilot/settings.json,
// settings.local.json, .claude/settings(.local).json, ~/.copilot/settings.json,
// and plugins' hooks: those are not among these files.
func ConfigFiles(project, home string) []string {
	var files []string
	for _, dir := range HookDirs(project, home) {
		pattern := filepath.Join(dir, "*.json")
		found, _ := filepath.Glob(pattern) // sorted; a bad pattern it cannot be
		if len(found) == 0 {
			found = []string{pattern}
		}
		files = append(files, found...)
	}
	return files
}
