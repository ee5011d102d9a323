package cli

import (
	"context"
	"strings"

	"github.com/hookchain/hookchain/claudecode"
	"github.com/hookchain/hookchain/harness"
	copilotcli "github.com/hookchain/hookchain/harness/copilot"
	qwencli "github.com/hookchain/hookchain/harness/qwen"
)

// route is the CLI a request's path names: the form serve reads the hook
// input in and answers in, blocks included.
type route struct {
	name    string                 // as --harness spells it
	display string                 // as its users write it
	profile func() harness.Profile // nil for Claude Code, whose answers claudecode writes
}

// routes are the CLIs whose hooks can be http hooks, by the first segment
// of the path: Claude Code at / (as ever) and /claude, each other at
// /NAME. A path under a CLI's segment that is not exactly its route is
// still blocked in that CLI's form: a block it cannot read would be, to a
// CLI that fails open, no answer at all.
var routes = map[string]route{
	"":        {name: claude, display: "Claude Code"},
	claude:    {name: claude, display: "Claude Code"},
	"copilot": {name: "copilot", display: "Copilot", profile: copilotcli.Profile},
	qwen:      {name: qwen, display: "Qwen Code", profile: qwencli.Profile},
}

// routeOf is the route of path, and whether path is exactly the route's,
// where serve takes hook inputs. A path of no CLI's is Claude Code's, as
// every path was before there were routes.
func routeOf(path string) (route, bool) {
	first, rest, _ := strings.Cut(strings.TrimPrefix(path, "/"), "/")
	// The form is found whatever the case, the route only as spelled: a
	// block for /Copilot must still be one Copilot reads.
	rt, ok := routes[strings.ToLower(first)]
	if !ok {
		return routes[claude], false
	}
	return rt, first == strings.ToLower(first) && strings.HasPrefix(path, "/") && rest == "" && !strings.HasSuffix(path[1:], "/")
}

// where is what a request of rt's CLI must be sent to.
func (rt route) where() string {
	if rt.profile == nil {
		return "hookchain serve takes " + rt.display + "'s hook inputs at POST / (or /claude)"
	}
	return "hookchain serve takes " + rt.display + "'s hook inputs at POST /" + rt.name
}

// refusal is rt's CLI's block, as a response body.
func (rt route) refusal(reason string) []byte {
	if rt.profile == nil {
		return claudecode.Refusal(reason)
	}
	p := rt.profile()
	return body(p, p.Refuse(reason))
}

// body is a reply as the response body of an http hook, which carries no
// exit status and no stderr: its stdout. A reply that blocks by its status
// alone would read as no answer, so it is answered with the profile's
// refusal instead.
func body(p harness.Profile, r harness.Reply) []byte {
	if len(r.Stdout) == 0 && r.Exit != 0 {
		return p.Refuse(strings.TrimSpace(string(r.Stderr))).Stdout
	}
	return r.Stdout
}

// answerAs answers one hook input of rt's CLI, other than Claude Code,
// with the generation's chain, the call judged under Claude Code's tool
// names, which the settings know (judgedAs).
func (s *server) answerAs(ctx context.Context, rt route, g *generation, data []byte) []byte {
	p := rt.profile()
	return body(p, harness.Answer(ctx, judgedAs(p, rt.name, claude, "serve"), g.chain, data))
}
