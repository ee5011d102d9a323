package settings

import (
	"fmt"
	"strings"
)

// runs says, in a sentence, how a hook that Links links will run under
// opts: when it is asked, what runs and how, and what its answer can do.
// check prints it; a hook that does not run has a Reason instead.
func (s *Settings) runs(e *entry, opts Options) string {
	h := e.hook
	var parts []string
	switch h.Event {
	case "PreToolUse":
		parts = append(parts, "before the call")
	case "PostToolUse":
		parts = append(parts, "after a call that succeeded")
	case "PostToolUseFailure":
		parts = append(parts, "after a call that failed")
	case permissionRequest:
		parts = append(parts, "when a link asks, as the chain's approver, before the fallback approver: the first allow or deny decides")
	}
	parts = append(parts, s.how(e, opts))
	if e.async == nil && e.at != 0 && h.Event != "PreToolUse" {
		parts = append(parts, `a block (exit 2, decision "block") keeps the output and tells the model why; updatedToolOutput in the tool's shape replaces it`)
	}
	if e.plugin != nil {
		vars := "CLAUDE_PLUGIN_ROOT"
		if e.plugin.Data != "" {
			vars += ", CLAUDE_PLUGIN_DATA"
		}
		if len(e.plugin.UserConfig) > 0 || len(e.plugin.declared) > 0 {
			vars += " and CLAUDE_PLUGIN_OPTION_<KEY>"
		}
		if h.Type == "command" {
			parts = append(parts, "with "+vars)
		}
	}
	switch {
	case h.Managed:
		parts = append(parts, "managed: after the other hooks")
	case h.ActiveWhile != "":
		parts = append(parts, h.Component+": only while "+h.ActiveWhile)
	}
	if h.Once {
		parts = append(parts, "once per session, until a run that neither fails nor blocks")
	}
	return strings.Join(parts, "; ")
}

// how is what runs for a hook and how.
func (s *Settings) how(e *entry, opts Options) string {
	h := e.hook
	switch h.Type {
	case "http":
		if !urlAllowed(s.httpURLs, h.URL) {
			return "never sent: no pattern of allowedHttpHookUrls matches its URL, so it fails every call it is asked about"
		}
		return "POST to " + h.URL
	case "prompt", "agent":
		if msg := opts.runtimeMissing(h.Type); msg != "" {
			return "denies every call it matches: " + msg
		}
		model := "the runtime's default model"
		if h.Model != "" {
			model = fmt.Sprintf("model %q", h.Model)
		}
		if h.Type == "agent" {
			return fmt.Sprintf("a subagent on Options.Model (%s, up to %d turns), the hook input in its prompt; {\"ok\": false} says no", model, agentTurns)
		}
		return fmt.Sprintf("asks Options.Model (%s), $ARGUMENTS filled with the hook input; {\"ok\": false} says no", model)
	case "mcp_tool":
		if msg := opts.runtimeMissing(h.Type); msg != "" {
			return "denies every call it matches: " + msg
		}
		return fmt.Sprintf("calls %s on MCP server %s through Options.MCP; its text is read as a command hook's stdout", h.Tool, h.Server)
	}
	if _, notRun, err := s.spec(e, opts); err == nil && notRun != "" {
		return "not run: " + notRun + "; it fails every call it is asked about"
	}
	var form string
	switch {
	case e.noShell:
		form = "run without a shell"
	case e.shell == "bash":
		form = "run with bash -c"
	default:
		form = "run with /bin/sh -c"
	}
	if len(s.env) > 0 {
		form += " with the settings' env"
	}
	switch {
	case e.persistent:
		return "one persistent process, " + form + " once and asked about every call in hookchain's persistent protocol"
	case e.async != nil && e.async.rewake:
		return form + " in the background (asyncRewake): started with the call, never deciding it; its exit 2 is a note on the session's next call"
	case e.async != nil:
		return form + " in the background (async): started with the call, never deciding it; its report is a note on the session's next call"
	}
	return form + " for each call"
}
