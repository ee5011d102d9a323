package settings

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/tidwall/gjson"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
	"github.com/hookchain/hookchain/internal/jsonscan"
)

// Model runs the prompt and agent hooks of settings files with the Go
// agent's own model client (Options.Model).
//
// Evaluate asks the model req.Prompt and returns its answer text, which
// must be one JSON object: {"ok": true} to let the call go on, or {"ok":
// false, "reason": "…"} to block it. Claude Code asks for that shape with a
// structured-output schema; a runtime should do the same. The hook's
// timeout is ctx's deadline, and an Evaluate that returns an error, or
// answers anything else, is the hook's failure.
type Model interface {
	Evaluate(ctx context.Context, req ModelRequest) (string, error)
}

// ModelFunc is a function that is a Model.
type ModelFunc func(ctx context.Context, req ModelRequest) (string, error)

// Evaluate calls f.
func (f ModelFunc) Evaluate(ctx context.Context, req ModelRequest) (string, error) {
	return f(ctx, req)
}

// ModelRequest is what a prompt or agent hook asks about one call.
type ModelRequest struct {
	// Kind is "prompt", a single-turn question, or "agent", a subagent
	// that may use tools such as Read, Grep and Glob, in Cwd, for up to
	// MaxTurns turns before it answers.
	Kind string
	// Prompt is the hook's prompt with each $ARGUMENTS replaced by Input,
	// or Input appended after a blank line when it has none; \$ is a
	// literal '$'.
	Prompt string
	// Model is the hook's "model" as written; "" asks for the runtime's
	// fast default (Claude Code's is Haiku).
	Model string
	// Input is the hook input JSON, as a command hook reads it on stdin.
	Input json.RawMessage
	// Cwd is the call's working directory, the input's cwd.
	Cwd string
	// MaxTurns is 1 for a prompt hook and 50 for an agent hook, Claude
	// Code's limit.
	MaxTurns int
	// Hook names the hook, for the runtime's logs:
	// "PreToolUse[0].hooks[1] in .claude/settings.json".
	Hook string
}

// agentTurns is how many turns Claude Code gives an agent hook's subagent.
const agentTurns = 50

// maxVerdict bounds a model's answer: {"ok": false, "reason": "…"} with a
// reason of a few sentences is a few hundred bytes.
const maxVerdict = 64 << 10

// errHookTimeout marks the end of a hook's own timeout, apart from the end
// of the caller's context.
var errHookTimeout = errors.New("the hook's timeout ran out")

// modelHook is the interceptor of a prompt or agent hook, asking m.
func modelHook(h Hook, m Model, session claudecode.SessionInfo) hookchain.Interceptor {
	turns := 1
	if h.Type == "agent" {
		turns = agentTurns
	}
	where := h.Where() + " in " + h.File
	return func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		fail := func(format string, args ...any) (hookchain.Outcome, error) {
			return hookchain.Outcome{}, fmt.Errorf("%s hook: "+format, append([]any{h.Type}, args...)...)
		}
		in := claudecode.InputForCall(ctx, e, session)
		input, err := compactJSON(in)
		if err != nil {
			return fail("encoding the hook input: %v", err)
		}
		req := ModelRequest{Kind: h.Type, Prompt: fillPrompt(h.Prompt, string(input)), Model: h.Model,
			Input: input, Cwd: in.Cwd, MaxTurns: turns, Hook: where}
		ctx, cancel := context.WithTimeoutCause(ctx, h.Timeout, errHookTimeout)
		defer cancel()
		text, err := m.Evaluate(ctx, req)
		if err != nil {
			if errors.Is(context.Cause(ctx), errHookTimeout) {
				return fail("the model gave no answer within %v", h.Timeout)
			}
			return fail("the model: %v", err)
		}
		out, err := readVerdict(text, e.Hook == hookchain.AfterTool)
		if err != nil {
			return fail("%v", err)
		}
		return out, nil
	}
}

// compactJSON is v's JSON on one line, as a command hook reads it, without
// the escaping of '<', '>' and '&' that would only make it harder to read.
func compactJSON(v any) (json.RawMessage, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// argumentsPlaceholder is what a prompt hook's prompt writes for the hook
// input.
const argumentsPlaceholder = "$ARGUMENTS"

// fillPrompt replaces each $ARGUMENTS in prompt with input, and \$ with a
// literal '$' ("\$1.00" is "$1.00"), as the hooks reference says; a prompt
// with no $ARGUMENTS gets input appended after a blank line.
func fillPrompt(prompt, input string) string {
	var b strings.Builder
	filled := false
	for i := 0; i < len(prompt); i++ {
		switch {
		case prompt[i] == '\\' && i+1 < len(prompt) && prompt[i+1] == '$':
			b.WriteByte('$')
			i++
		case strings.HasPrefix(prompt[i:], argumentsPlaceholder):
			b.WriteString(input)
			i += len(argumentsPlaceholder) - 1
			filled = true
		default:
			b.WriteByte(prompt[i])
		}
	}
	if !filled {
		b.WriteString("\n\n")
		b.WriteString(input)
	}
	return b.String()
}

// readVerdict reads a model's answer: {"ok": true} allows, with its reason
// (if any) as the outcome's; {"ok": false, "reason": "…"} denies before
// the call, and after it (after is set) keeps the output and tells the
// model why, as any Claude Code hook's block after the call does. Claude Code's other key, "impossible", speaks
// only to Stop hooks and is not read.
//
// The answer is untrusted text: anything but one JSON object whose "ok" is
// true or false is an error, the hook's failure. An object that two
// readers would read apart (a key twice, "ok" beside "OK") is denied, as
// is one too long to read whole that starts like an answer; "ok": false
// with a reason that is not a string still denies, with the reason as
// written, for the model did say no.
func readVerdict(text string, after bool) (hookchain.Outcome, error) {
	b := bytes.TrimSpace([]byte(text))
	looksLikeAnswer := len(b) > 0 && b[0] == '{'
	switch {
	case len(b) > maxVerdict && looksLikeAnswer:
		return hookchain.Deny(fmt.Sprintf("the model's answer is longer than the %d bytes hookchain reads, "+
			"so its decision cannot be known; denied rather than guessed", maxVerdict)), nil
	case len(b) > maxVerdict:
		return hookchain.Outcome{}, fmt.Errorf("the model answered %d bytes of text, not a JSON object {\"ok\": …}", len(b))
	case !looksLikeAnswer:
		return hookchain.Outcome{}, fmt.Errorf("the model's answer is not a JSON object {\"ok\": …}: %s", excerpt(text))
	}
	switch fault := jsonscan.InputFault(b, nil); {
	case strings.HasPrefix(fault, "ambiguous"):
		return hookchain.Deny("the model's answer is " + fault + ": its decision cannot be known; denied rather than guessed"), nil
	case fault != "":
		return hookchain.Outcome{}, fmt.Errorf("the model's answer is %s: %s", fault, excerpt(text))
	}
	r := gjson.ParseBytes(b)
	if !r.IsObject() {
		return hookchain.Outcome{}, fmt.Errorf("the model's answer is not one JSON object: %s", excerpt(text))
	}
	ok, reason := r.Get("ok"), r.Get("reason")
	why := reason.Str
	if reason.Exists() && reason.Type != gjson.String && reason.Type != gjson.Null {
		why = reason.Raw
	}
	switch ok.Type {
	case gjson.True:
		return hookchain.Outcome{Reason: why}, nil
	case gjson.False:
		if strings.TrimSpace(why) == "" {
			why = "the model answered ok: false and gave no reason"
		}
		if after {
			// The tool has run: as for any Claude Code hook's block after
			// the call, the output stays and the model is told why.
			return claudecode.BlockedAfter(why, hookchain.Allow()), nil
		}
		return hookchain.Deny(why), nil
	case gjson.Null:
		if !ok.Exists() {
			return hookchain.Outcome{}, fmt.Errorf("the model's answer has no \"ok\": %s", excerpt(text))
		}
	}
	return hookchain.Outcome{}, fmt.Errorf("the model's answer has \"ok\": %s, want true or false", excerptOf(ok.Raw))
}

// excerptLen bounds how much of an answer an error quotes.
const excerptLen = 200

// excerpt quotes the start of an answer for an error.
func excerpt(s string) string { return excerptOf(strings.TrimSpace(s)) }

func excerptOf(s string) string {
	if len(s) > excerptLen {
		n := excerptLen
		for n > 0 && !utf8.RuneStart(s[n]) {
			n--
		}
		s = s[:n] + "…"
	}
	return fmt.Sprintf("%q", s)
}
