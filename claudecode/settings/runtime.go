package settings

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
)

// This file reads and links the hooks a runtime runs — prompt and agent
// hooks through Options.Model, mcp_tool hooks through Options.MCP — which
// share the rest of a handler's fields (if, timeout, onFailure) with
// command and http hooks.

// runtimeSpec is what a prompt, agent or mcp_tool handler gives beyond its
// Hook.
type runtimeSpec struct {
	// input is an mcp_tool hook's input object, compacted, before its
	// placeholders are filled; nil when it has none.
	input json.RawMessage
}

// runtime reads the fields of a prompt, agent or mcp_tool handler.
func (p *parser) runtime(e *entry, f map[string]gjson.Result, where string, fail func(gjson.Result, string, ...any)) {
	text := func(key string) (string, bool) {
		v := f[key]
		switch {
		case !v.Exists():
			fail(v, "%s hook needs a %q", aHook(e.hook.Type), key)
		case v.Type != gjson.String:
			fail(v, "%s: want a string, got %s", key, show(v))
		case strings.TrimSpace(v.Str) == "":
			fail(v, "%s: empty", key)
		default:
			return v.Str, true
		}
		return "", false
	}
	if e.hook.Type == "mcp_tool" {
		e.hook.Server, _ = text("server")
		e.hook.Tool, _ = text("tool")
		e.cmdLine, e.cmdCol = p.position(f["server"].Index)
		if in := f["input"]; in.Exists() {
			switch {
			case !in.IsObject():
				fail(in, "input: want an object of the tool's arguments, got %s", show(in))
			case inputPathProblem(in, "input") != "":
				fail(in, "%s", inputPathProblem(in, "input"))
			default:
				var b bytes.Buffer
				if err := json.Compact(&b, []byte(in.Raw)); err != nil {
					fail(in, "input: %v", err)
				}
				e.runtime.input = b.Bytes()
			}
		}
		return
	}
	if prompt, ok := text("prompt"); ok {
		e.hook.Prompt = prompt
		e.cmdLine, e.cmdCol = p.position(f["prompt"].Index)
	}
	if m := f["model"]; m.Exists() {
		if m.Type != gjson.String {
			fail(m, "model: want a string, got %s", show(m))
		}
		e.hook.Model = m.Str
	}
	if c := f["continueOnBlock"]; c.Exists() {
		switch {
		case c.Type != gjson.True && c.Type != gjson.False:
			fail(c, "continueOnBlock: want true or false, got %s", show(c))
		case e.hook.Type == "agent":
			e.warn(p, c, where, `"continueOnBlock" is a prompt hook's key; agent hooks ignore it, in Claude Code and in hookchain: remove it`)
		}
	}
}

// aHook is "a prompt", "an agent", "an mcp_tool".
func aHook(typ string) string {
	if typ == "prompt" {
		return "a " + typ
	}
	return "an " + typ
}

// runtimeMissing says what a hook of type typ needs that opts does not
// give; "" when it can run, or is not a runtime's hook.
func (opts Options) runtimeMissing(typ string) string {
	switch {
	case typ == "prompt" && opts.Model == nil:
		return "a prompt hook asks a model, and none is given (settings.Options.Model; the hookchain CLI has none)"
	case typ == "agent" && opts.Model == nil:
		return "an agent hook runs a subagent on a model, and none is given (settings.Options.Model; the hookchain CLI has none)"
	case typ == "mcp_tool" && opts.MCP == nil:
		return "an mcp_tool hook calls a tool of an MCP server, and no MCP client is given (settings.Options.MCP; the hookchain CLI has none)"
	}
	return ""
}

// unsupportedFor is what keeps e from running under opts, when Links is to
// leave it out or refuse it: what a chain lacks, or the runtime opts does
// not give when SkipUnsupported or RequireRuntime says that it is not to
// be linked to deny every call.
func unsupportedFor(e *entry, opts Options) string {
	if e.unsupported != "" {
		return e.unsupported
	}
	if opts.SkipUnsupported || opts.RequireRuntime {
		return opts.runtimeMissing(e.hook.Type)
	}
	return ""
}

// runtimeWarnings are the warnings about a linked hook whose runtime opts
// does not give.
func (e *entry) runtimeWarnings(opts Options) []Warning {
	msg := opts.runtimeMissing(e.hook.Type)
	if msg == "" {
		return nil
	}
	return []Warning{{File: e.hook.File, Line: e.line, Col: e.col, Where: e.hook.Where(),
		Msg: msg + ": its link denies every call it matches, whatever its onFailure; give the runtime, or skip unsupported hooks (Options.SkipUnsupported)"}}
}

// runtimeInterceptor is the interceptor of a prompt, agent or mcp_tool
// hook. Without its runtime it denies every call it is asked about: the
// hook never ran, and a guard that cannot run must not read as one that
// allowed.
func (e *entry) runtimeInterceptor(opts Options, session claudecode.SessionInfo) hookchain.Interceptor {
	h := e.hook
	if msg := opts.runtimeMissing(h.Type); msg != "" {
		reason := fmt.Sprintf("the %s hook %s in %s cannot run: %s", h.Type, h.Where(), h.File, msg)
		return func(context.Context, hookchain.Event) (hookchain.Outcome, error) { return hookchain.Deny(reason), nil }
	}
	if h.Type == "mcp_tool" {
		return mcpHook(h, e.runtime.input, opts.MCP, session)
	}
	return modelHook(h, opts.Model, session)
}

// runtimeIdentity is what a runtime hook's link is built from, for the
// chain's ID.
func (e *entry) runtimeIdentity(opts Options) string {
	b, _ := json.Marshal(struct {
		Prompt, Model, Server, Tool string
		Input                       json.RawMessage
		Missing                     string
	}{e.hook.Prompt, e.hook.Model, e.hook.Server, e.hook.Tool, e.runtime.input, opts.runtimeMissing(e.hook.Type)})
	return string(b)
}

// runtimeKey is what makes two runtime hooks of one event the same
// handler, run once per call: the same prompt to the same model, or the
// same tool with the same input; "" for other hooks.
func (e *entry) runtimeKey(plugin string) string {
	h := e.hook
	switch h.Type {
	case "prompt", "agent":
		return h.Event + "\x00" + plugin + "\x00" + h.Type + "\x00" + h.Model + "\x00" + h.Prompt
	case "mcp_tool":
		return h.Event + "\x00" + plugin + "\x00mcp_tool\x00" + h.Server + "\x00" + h.Tool + "\x00" + string(e.runtime.input)
	}
	return ""
}

// runtimeName is a runtime hook's link name: "prompt: " or "agent: " and
// the start of its prompt, "mcp_tool: server/tool"; "" for other hooks.
func runtimeName(h Hook) string {
	switch h.Type {
	case "prompt", "agent":
		return h.Type + ": " + shortForm(h.Prompt)
	case "mcp_tool":
		return "mcp_tool: " + h.Server + "/" + h.Tool
	}
	return ""
}
