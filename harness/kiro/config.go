package kiro

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/internal/jsonscan"
	"github.com/hookchain/hookchain/process"
)

// Format is which of Kiro's two configurations a hook is written in.
type Format uint8

const (
	// AgentConfig is an agent's configuration, .kiro/agents/NAME.json:
	// its "hooks" object, event to a list of hooks.
	AgentConfig Format = iota + 1
	// HooksFile is a standalone hooks file of Kiro 3, .kiro/hooks/NAME.json:
	// {"version": "v1", "hooks": [...]}.
	HooksFile
)

// Hook is one command hook of a Kiro agent config or hooks file.
type Hook struct {
	Format  Format
	Event   string        // as written: "preToolUse" (agent config), "PreToolUse" (hooks file), or another event
	Name    string        // a hooks file's "name"; "" in an agent config
	Matcher string        // as written; "" when there is none
	Command string        // the command line, run by bash
	Timeout time.Duration // 0 when the file gives none: DefaultTimeout, or HooksFileTimeout
	Place   string        // where it is written: FILE:hooks.EVENT[INDEX], or FILE:hooks[INDEX]
}

// agentEvents are the events of an agent config's hooks.
var agentEvents = []string{"agentSpawn", "userPromptSubmit", PreToolUse, PostToolUse, "stop"}

// triggers are the triggers of a hooks file's hooks.
var triggers = []string{"SessionStart", "Stop", TriggerPreToolUse, TriggerPostToolUse, "PreTaskExec", "PostTaskExec",
	"UserPromptSubmit", "PostFileCreate", "PostFileSave", "PostFileDelete", "Manual"}

// Parse reads data, the content of the Kiro configuration file named file,
// in the format its shape says: a "version" and a list of hooks is a hooks
// file (ParseHooksFile); anything else an agent config (ParseAgentConfig).
func Parse(file string, data []byte) ([]Hook, []string, error) {
	if f := jsonscan.Fault(data); f != "" {
		return nil, nil, fmt.Errorf("kiro: %s: the file is %s", file, f)
	}
	top, err := harness.Fields(data)
	if err != nil {
		return nil, nil, fmt.Errorf("kiro: %s: not a Kiro agent config or hooks file: %v", file, err)
	}
	_, versioned := top["version"]
	if versioned || strings.HasPrefix(strings.TrimSpace(string(top["hooks"])), "[") {
		return ParseHooksFile(file, data)
	}
	return ParseAgentConfig(file, data)
}

// ParseAgentConfig reads data, the content of the Kiro agent config named
// file, and returns the hooks of its "hooks" object as Kiro reads them:
// {"hooks": {EVENT: [{"command": C, "matcher": M, "timeout_ms": MS,
// "max_output_size": N, "cache_ttl_seconds": S}]}}, the tool events first
// (preToolUse, then postToolUse), each list in its order. The agent's
// other fields are not read. It warns of what Kiro would not run, or runs
// so that it decides nothing, which is skipped: a hook whose glob matcher
// selects no tool (CompileMatcher), a timeout_ms of 0, and a postToolUse
// hook with "only_when_turn_complete", which Kiro runs once at the end of
// the turn, on every call of it at once.
//
// It is an error, where Kiro would not load the agent or hookchain would
// have to guess, when the file is not JSON of that shape or gives a key
// twice; when an event is not one of Kiro's; when a hook has no command,
// or a field of the wrong type. Fields of a hook it does not know are
// ignored, as Kiro ignores them; keys are read exactly as written.
func ParseAgentConfig(file string, data []byte) ([]Hook, []string, error) {
	fail := func(format string, args ...any) ([]Hook, []string, error) {
		return nil, nil, fmt.Errorf("kiro: %s: "+format, append([]any{file}, args...)...)
	}
	if f := jsonscan.Fault(data); f != "" {
		return fail("the file is %s", f)
	}
	top, err := harness.Fields(data)
	if err != nil {
		return fail("not an agent config: %v", err)
	}
	events := map[string]json.RawMessage{}
	if raw, ok := top["hooks"]; ok && string(raw) != "null" {
		if events, err = harness.Fields(raw); err != nil {
			return fail("hooks: %v", err)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(events)) {
		if !slices.Contains(agentEvents, k) {
			return fail("hooks.%s: Kiro has no such event, and would not load the agent", k)
		}
	}
	hooks, warnings, err := harness.FlatHooks(file, events, []string{PreToolUse, PostToolUse, "agentSpawn", "userPromptSubmit", "stop"},
		func(event, place string, raw json.RawMessage) (Hook, string, error) {
			h, skip, err := agentHook(event, raw)
			h.Format, h.Event, h.Place = AgentConfig, event, place
			return h, skip, err
		})
	if err != nil {
		return fail("%v", err)
	}
	return hooks, warnings, nil
}

// agentHook reads one hook of an agent config: the hook, or why Kiro would
// not run it.
func agentHook(event string, raw json.RawMessage) (h Hook, skip string, err error) {
	o, err := harness.ReadObject(raw)
	if err != nil {
		return Hook{}, "", err
	}
	command, ok, err := o.String("command")
	switch {
	case err != nil:
		return Hook{}, "", err
	case !ok:
		return Hook{}, "", errors.New(`the hook has no "command"`)
	case strings.TrimSpace(command) == "":
		return Hook{}, "an empty command, which decides nothing", nil
	}
	h.Command = command
	if h.Matcher, _, err = o.String("matcher"); err != nil {
		return Hook{}, "", err
	}
	for _, key := range []string{"timeout_ms", "max_output_size", "cache_ttl_seconds"} {
		n, ok, err := whole(o, key)
		switch {
		case err != nil:
			return Hook{}, "", err
		case key == "timeout_ms" && ok && n == 0:
			return Hook{}, "a timeout_ms of 0: Kiro times the hook out before it can decide", nil
		case key == "timeout_ms" && ok:
			if h.Timeout, err = timeout(key, n, time.Millisecond); err != nil {
				return Hook{}, "", err
			}
		}
	}
	later, _, err := o.Bool("only_when_turn_complete")
	switch {
	case err != nil:
		return Hook{}, "", err
	case later && event == PostToolUse:
		return Hook{}, "only_when_turn_complete: Kiro runs it once at the end of the turn, on all its calls at once, and it decides nothing", nil
	}
	if event == PreToolUse || event == PostToolUse {
		if _, err := CompileMatcher(h.Matcher); err != nil {
			return Hook{}, err.Error(), nil
		}
	}
	return h, "", nil
}

// ParseHooksFile reads data, the content of the Kiro 3 hooks file named
// file, as Kiro reads one: {"version": "v1", "hooks": [{"name": N,
// "trigger": T, "matcher": M, "action": {"type": "command", "command": C},
// "timeout": SECONDS, "enabled": B}]}, in the file's order. It warns of
// what Kiro would not run, which is skipped: a hook that is not enabled.
//
// A hook of a tool trigger (PreToolUse, PostToolUse) whose action is
// "agent" puts a prompt before Kiro's model; hookchain has no model, and
// refuses it by name rather than run the calls without it. It is an error
// too, rather than a misreading, when the file is not JSON of that shape
// or gives a key twice; when its version is not "v1"; when a trigger is
// not one of Kiro's; when a tool trigger's matcher is not a regular
// expression Go reads (CompileHooksFileMatcher); when an action is of
// another type, or a field of the wrong type. Fields it does not know are
// ignored; keys are read exactly as written.
func ParseHooksFile(file string, data []byte) ([]Hook, []string, error) {
	fail := func(format string, args ...any) ([]Hook, []string, error) {
		return nil, nil, fmt.Errorf("kiro: %s: "+format, append([]any{file}, args...)...)
	}
	if f := jsonscan.Fault(data); f != "" {
		return fail("the file is %s", f)
	}
	top, err := harness.ReadObject(data)
	if err != nil {
		return fail("not a hooks file: %v", err)
	}
	version, err := required(top, "version")
	switch {
	case err != nil:
		return fail("%v", err)
	case version != "v1":
		return fail("version %q: hookchain reads version v1 only", version)
	}
	list, _, err := top.List("hooks")
	if err != nil {
		return fail("%v", err)
	}
	var hooks []Hook
	var warnings []string
	for i, raw := range list {
		place := fmt.Sprintf("%s:hooks[%d]", file, i)
		h, skip, err := fileHook(raw)
		switch {
		case err != nil:
			return fail("hooks[%d]: %v", i, err)
		case skip != "":
			warnings = append(warnings, place+": skipped: "+skip)
			continue
		}
		h.Format, h.Place = HooksFile, place
		hooks = append(hooks, h)
	}
	return hooks, warnings, nil
}

// fileHook reads one hook of a hooks file.
func fileHook(raw json.RawMessage) (h Hook, skip string, err error) {
	o, err := harness.ReadObject(raw)
	if err != nil {
		return Hook{}, "", err
	}
	if h.Name, _, err = o.String("name"); err != nil {
		return Hook{}, "", err
	}
	if h.Event, err = required(o, "trigger"); err != nil {
		return Hook{}, "", err
	}
	if !slices.Contains(triggers, h.Event) {
		return Hook{}, "", fmt.Errorf("the trigger %q is not one of Kiro's", h.Event)
	}
	tool := h.Event == TriggerPreToolUse || h.Event == TriggerPostToolUse
	if h.Matcher, _, err = o.String("matcher"); err != nil {
		return Hook{}, "", err
	}
	if n, ok, err := whole(o, "timeout"); err != nil {
		return Hook{}, "", err
	} else if ok {
		if h.Timeout, err = timeout("timeout", n, time.Second); err != nil {
			return Hook{}, "", err
		}
	}
	on, set, err := o.Bool("enabled")
	switch {
	case err != nil:
		return Hook{}, "", err
	case set && !on:
		return Hook{}, "it is not enabled", nil
	}
	a, ok := o["action"]
	if !ok || string(a) == "null" {
		return Hook{}, "", errors.New(`the hook has no "action"`)
	}
	action, err := harness.ReadObject(a)
	if err != nil {
		return Hook{}, "", fmt.Errorf("action: %v", err)
	}
	typ, err := required(action, "type")
	if err != nil {
		return Hook{}, "", fmt.Errorf("action: %v", err)
	}
	switch typ {
	case "command":
		if h.Command, err = required(action, "command"); err != nil {
			return Hook{}, "", fmt.Errorf("action: %v", err)
		}
	case "agent":
		if tool {
			return Hook{}, "", fmt.Errorf("%s: an agent action puts a prompt before Kiro's model, and hookchain has no model to run it with", nameOf(h))
		}
		return Hook{}, "an agent action, on a trigger that is not a tool call", nil
	default:
		return Hook{}, "", fmt.Errorf("action: Kiro has no action type %q", typ)
	}
	if tool {
		if _, err := CompileHooksFileMatcher(h.Matcher); err != nil {
			return Hook{}, "", err
		}
	}
	return h, "", nil
}

func nameOf(h Hook) string {
	if h.Name == "" {
		return "the hook"
	}
	return strconv.Quote(h.Name)
}

// required is the string o[key], which must be given and not blank.
func required(o harness.Object, key string) (string, error) {
	s, ok, err := o.String(key)
	switch {
	case err != nil:
		return "", err
	case !ok:
		return "", fmt.Errorf("it has no %q", key)
	case strings.TrimSpace(s) == "":
		return "", fmt.Errorf("its %s is empty", key)
	}
	return s, nil
}

// whole is the whole number o[key], and whether it is given.
func whole(o harness.Object, key string) (uint64, bool, error) {
	v, ok := o[key]
	if !ok || string(v) == "null" {
		return 0, false, nil
	}
	n, err := strconv.ParseUint(string(v), 10, 64)
	if err != nil {
		return 0, false, fmt.Errorf("%s %s is not a whole number", key, v)
	}
	return n, true, nil
}

// maxTimeout bounds a hook's timeout: one past what a time.Duration holds
// would wrap around to none.
const maxTimeout = 24 * time.Hour

// timeout is n units as a hook's timeout, or an error past maxTimeout.
func timeout(key string, n uint64, unit time.Duration) (time.Duration, error) {
	if n > uint64(maxTimeout/unit) {
		return 0, fmt.Errorf("%s %d is more than the %v hookchain waits for a hook", key, n, maxTimeout)
	}
	return time.Duration(n) * unit, nil
}

// Links are the links that run hooks in a chain as Kiro runs them (Link):
// the hooks of the tool events before or after the call, in the order
// given, each selecting the calls its matcher does (Matcher, or
// HooksFileMatcher for a hooks file's) and failing open. Hooks of Kiro's
// other events are left out. Each link is named after the hook's name, or
// else its command, with the hook's place added when two hooks have the
// same name.
//
// Kiro runs an event's hooks at once, and blocks the call when any exits
// with 2; a chain runs them one after another and stops at the first
// denial: the call is blocked either way, and the reason is the first
// blocking hook's.
func Links(hooks []Hook, s harness.SessionInfo) ([]hookchain.Link, error) {
	seen := map[string]int{}
	for _, h := range hooks {
		seen[linkName(h)]++
	}
	var links []hookchain.Link
	for _, h := range hooks {
		p, compile, timeout := Profile(), CompileMatcher, DefaultTimeout
		if h.Format == HooksFile {
			p, compile, timeout = hooksFileProfile(), CompileHooksFileMatcher, HooksFileTimeout
		}
		var at hookchain.Hook
		switch h.Event {
		case p.Events[hookchain.BeforeTool]:
			at = hookchain.BeforeTool
		case p.Events[hookchain.AfterTool]:
			at = hookchain.AfterTool
		default:
			continue
		}
		m, err := compile(h.Matcher)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", h.Place, err)
		}
		if h.Timeout > 0 {
			timeout = h.Timeout
		}
		name := linkName(h)
		if seen[name] > 1 {
			name += "@" + h.Place
		}
		spec := process.Spec{Shell: h.Command, Timeout: timeout}
		l, err := p.Link(name, at, m, spec, s)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", h.Place, err)
		}
		if h.Format == HooksFile {
			// Its input names the event otherwise: the same command is
			// another link, and its chain another chain.
			l = l.Identity(fmt.Sprintf("kiro hooks file\x00%#v\x00%#v", spec, s))
		}
		links = append(links, l)
	}
	return links, nil
}

func linkName(h Hook) string {
	if h.Name != "" {
		return h.Name
	}
	return h.Command
}

// ConfigFiles are the files Kiro may read agent's configuration from, for
// a session in the project directory project of the user whose home is
// home, in the order Kiro looks for them: the project's
// (project/.kiro/agents/AGENT.json), then the user's
// (~/.kiro/agents/AGENT.json). Kiro reads the first that exists, and only
// it: a project's agent of the same name hides the user's. An empty
// project or home leaves its file out, a project that is the home
// directory has one, and an empty agent has none: which agent a session
// runs (--agent, the chat.defaultAgent setting) is the caller's to say.
// The file of agent NAME is NAME.json: an agent config whose "name" says
// otherwise is not found here. A Kiro 3 hooks file is found in HooksDir.
func ConfigFiles(project, home, agent string) []string {
	if agent == "" {
		return nil
	}
	var files []string
	for i, dir := range []string{project, home} {
		if dir == "" || i == 1 && project != "" && filepath.Clean(dir) == filepath.Clean(project) {
			continue
		}
		files = append(files, filepath.Join(dir, ".kiro", "agents", agent+".json"))
	}
	return files
}

// HooksDir is the directory of a project's Kiro 3 hooks files: Kiro reads
// every NAME.json in it, for every agent of the project; "" for an empty
// project.
func HooksDir(project string) string {
	if project == "" {
		return ""
	}
	return filepath.Join(project, ".kiro", "hooks")
}
