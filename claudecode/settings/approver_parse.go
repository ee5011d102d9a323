package settings

import (
	"github.com/tidwall/gjson"
)

// permission reads a PermissionRequest handler. Its group's matcher names
// tools, as PreToolUse's does ("Recognizes the same matcher values as
// PreToolUse", hooks reference), and the handler is read as a tool-call
// hook's is: type, timeout, onFailure, if rule, command or URL.
func (p *parser) permission(e *entry, g gjson.Result, fields map[string]gjson.Result, dup string, h gjson.Result, where string) {
	mv := fields["matcher"]
	switch {
	case dup != "":
		e.problem = p.at(g, where, "its matcher group has the key %q twice", dup)
	case mv.Exists() && mv.Type != gjson.Null && mv.Type != gjson.String:
		e.problem = p.at(mv, where, "matcher: want a string, got %s", show(mv))
	}
	if e.problem != nil {
		p.describe(e, h)
		return
	}
	m, kind, err := CompileMatcher(mv.Str)
	e.hook.MatcherKind = kind
	if err != nil {
		e.problem = p.at(mv, where, "%v", err)
		p.describe(e, h)
		return
	}
	if msg := matcherWarning(mv.Str, kind); msg != "" && e.hook.Index == 0 {
		e.warn(p, mv, where, msg)
	}
	p.handler(e, h, where)
	switch {
	case e.problem != nil:
	case e.persistent:
		// The persistent protocol asks about tool calls, not questions.
		e.problem = p.at(h, where, "persistent: a PermissionRequest hook cannot be persistent; remove the key")
	case e.hook.Type != "command" && e.hook.Type != "http":
		// The approver reads a command's or an http hook's answer; a
		// model's or a tool's is not read as one.
		e.unsupported = "a " + e.hook.Type + " hook cannot answer a PermissionRequest in hookchain, which reads that answer from command and http hooks only: write it as one of those"
	case e.async != nil:
		e.unsupported = "an " + e.hook.Async + " PermissionRequest hook would answer after the ask was decided: remove \"" + e.hook.Async + "\""
	}
	e.matcher = linkMatcher(m, kind, mv.Str, nil, e.cond)
}

// askerReason is what Hooks says of a PermissionRequest hook that runs.
const askerReason = "answers the chain's asks, before the fallback approver (Settings.Approver)"

// leftOut is what becomes of a PermissionRequest hook when the caller does
// not say it gives the chain Settings.Approver (Options.UsesApprover): the
// links alone would drop it, so it is skipped by name, or refused.
func leftOut(e *entry, h *Hook, opts Options) *Error {
	const why = "PermissionRequest hooks answer the chain's asks, as the chain's approver (Settings.Approver), which these links are not said to be given"
	if opts.SkipUnsupported {
		h.Status, h.Reason = Skipped, why
		return nil
	}
	h.Status, h.Reason = Refused, why
	return &Error{File: h.File, Line: e.line, Col: e.col, Where: h.Where(),
		Msg: why + "; build the chain with Settings.Chain, or give it Settings.Approver and set Options.UsesApprover (hookchain eval, test and serve do), or skip unsupported hooks"}
}
