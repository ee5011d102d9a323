package settings

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
)

// fakeModel is a runtime's model client: it records what each hook asked,
// with the time left before the hook's deadline, and answers with answer.
type fakeModel struct {
	answer func(ctx context.Context, req ModelRequest) (string, error)

	mu    sync.Mutex
	asked []ModelRequest
	left  []time.Duration
}

func (m *fakeModel) Evaluate(ctx context.Context, req ModelRequest) (string, error) {
	m.mu.Lock()
	m.asked = append(m.asked, req)
	if d, ok := ctx.Deadline(); ok {
		m.left = append(m.left, time.Until(d))
	} else {
		m.left = append(m.left, 0)
	}
	m.mu.Unlock()
	return m.answer(ctx, req)
}

func modelAnswering(text string) *fakeModel {
	return &fakeModel{answer: func(context.Context, ModelRequest) (string, error) { return text, nil }}
}

// steps writes an outcome's trail, one step a line: name, verdict, reason
// and fault.
func steps(o hookchain.Outcome) []string {
	var out []string
	for _, s := range o.Trail {
		out = append(out, fmt.Sprintf("%s | %v | %s | %s", s.Name, s.Verdict, s.Reason, s.Fault))
	}
	return out
}

// runtimeLinks parses settings and links them with opts.
func runtimeLinks(t *testing.T, settings string, opts Options) *hookchain.Chain {
	t.Helper()
	s, err := Parse("s.json", []byte(settings))
	require.NoError(t, err)
	links, err := s.Links(opts)
	require.NoError(t, err)
	chain, err := hookchain.Build(links...)
	require.NoError(t, err)
	return chain
}

const promptGuard = `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [
  {"type": "prompt", "prompt": "Is this command safe? $ARGUMENTS"%s}
]}]}}`

func TestAPromptHookFollowsTheModelsAnswerAndFailsOnAnythingElse(t *testing.T) {
	const name = "prompt: Is this command safe? $ARGUMENTS"
	huge := strings.Repeat("x", maxVerdict)
	tests := []struct {
		name, answer string
		err          error
		block        bool // "onFailure": "block"
		verdict      hookchain.Verdict
		trail        []string
	}{
		{name: "ok true allows", answer: `{"ok": true}`, verdict: hookchain.Allowed},
		{name: "ok true with a reason allows", answer: `{"ok": true, "reason": "a listing"}`, verdict: hookchain.Allowed},
		{name: "ok false denies with the reason", answer: ` {"ok": false, "reason": "it deletes the home directory"}` + "\n", verdict: hookchain.Denied,
			trail: []string{name + " | Denied | it deletes the home directory | "}},
		{name: "ok false without a reason still denies", answer: `{"ok": false}`, verdict: hookchain.Denied,
			trail: []string{name + " | Denied | the model answered ok: false and gave no reason | "}},
		{name: "ok false with a reason that is not a string still denies", answer: `{"ok": false, "reason": ["rm", "-rf"]}`, verdict: hookchain.Denied,
			trail: []string{name + ` | Denied | ["rm", "-rf"] | `}},
		{name: "impossible is for Stop hooks", answer: `{"ok": false, "reason": "never", "impossible": true}`, verdict: hookchain.Denied,
			trail: []string{name + " | Denied | never | "}},
		{name: "a key twice is denied", answer: `{"ok": false, "ok": true}`, verdict: hookchain.Denied,
			trail: []string{name + ` | Denied | the model's answer is ambiguous: an object in it has the key "ok" twice: its decision cannot be known; denied rather than guessed | `}},
		{name: "ok beside OK is denied", answer: `{"OK": false, "ok": true}`, verdict: hookchain.Denied,
			trail: []string{name + ` | Denied | the model's answer is ambiguous: an object in it has the keys "OK" and "ok", which Go's encoding/json reads as one: its decision cannot be known; denied rather than guessed | `}},
		{name: "an answer too long to read is denied", answer: `{"ok": true, "reason": "` + huge + `"}`, verdict: hookchain.Denied,
			trail: []string{name + " | Denied | the model's answer is longer than the 65536 bytes hookchain reads, so its decision cannot be known; denied rather than guessed | "}},
		{name: "prose is a failure", answer: "Looks safe to me.", verdict: hookchain.Allowed,
			trail: []string{name + ` | Allowed |  | prompt hook: the model's answer is not a JSON object {"ok": …}: "Looks safe to me."`}},
		{name: "a fenced answer is a failure", answer: "```json\n{\"ok\": false}\n```", verdict: hookchain.Allowed,
			trail: []string{name + ` | Allowed |  | prompt hook: the model's answer is not a JSON object {"ok": …}: "` + "```json\\n{\\\"ok\\\": false}\\n```" + `"`}},
		{name: "text after the object is a failure", answer: `{"ok": false} and more`, verdict: hookchain.Allowed,
			trail: []string{name + ` | Allowed |  | prompt hook: the model's answer is not valid JSON: "{\"ok\": false} and more"`}},
		{name: "ok as a string is a failure", answer: `{"ok": "false"}`, verdict: hookchain.Allowed,
			trail: []string{name + ` | Allowed |  | prompt hook: the model's answer has "ok": "\"false\"", want true or false`}},
		{name: "no ok is a failure", answer: `{"reason": "fine"}`, verdict: hookchain.Allowed,
			trail: []string{name + ` | Allowed |  | prompt hook: the model's answer has no "ok": "{\"reason\": \"fine\"}"`}},
		{name: "an array is a failure", answer: `[{"ok": false}]`, verdict: hookchain.Allowed,
			trail: []string{name + ` | Allowed |  | prompt hook: the model's answer is not a JSON object {"ok": …}: "[{\"ok\": false}]"`}},
		{name: "text that is not UTF-8 is a failure", answer: "{\"ok\": false, \"reason\": \"\xff\"}", verdict: hookchain.Allowed,
			trail: []string{name + ` | Allowed |  | prompt hook: the model's answer is not valid UTF-8: "{\"ok\": false, \"reason\": \"\xff\"}"`}},
		{name: "huge prose is a failure", answer: huge + "!", verdict: hookchain.Allowed,
			trail: []string{name + ` | Allowed |  | prompt hook: the model answered 65537 bytes of text, not a JSON object {"ok": …}`}},
		{name: "the model's error is a failure", err: errors.New("429 rate limited"), verdict: hookchain.Allowed,
			trail: []string{name + ` | Allowed |  | prompt hook: the model: 429 rate limited`}},
		{name: "a failure blocks with onFailure block", answer: "yes", block: true, verdict: hookchain.Denied,
			trail: []string{name + ` | Denied |  | prompt hook: the model's answer is not a JSON object {"ok": …}: "yes"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := &fakeModel{answer: func(context.Context, ModelRequest) (string, error) { return tt.answer, tt.err }}
			extra := ""
			if tt.block {
				extra = `, "onFailure": "block"`
			}
			chain := runtimeLinks(t, fmt.Sprintf(promptGuard, extra), Options{Model: m})

			out := chain.Run(context.Background(), bash("rm -rf ~"))

			assert.Equal(t, tt.verdict, out.Verdict)
			assert.Equal(t, tt.trail, steps(out))
			require.Len(t, m.asked, 1)
		})
	}
}

func TestAPromptHookIsAskedTheFilledPromptWithinItsTimeout(t *testing.T) {
	// The input is the hook input a command hook reads on stdin, for the
	// call's own session.
	const input = `{"session_id":"conv-7","transcript_path":"","cwd":"/work/repo/sub","permission_mode":"default","hook_event_name":"PreToolUse",` +
		`"tool_name":"Bash","tool_input":{"command":"rm -rf <build> && echo $ARGUMENTS"},"tool_use_id":"toolu_1"}`
	tests := []struct {
		name, handler string
		kind          string
		prompt, model string
		turns         int
		timeout       time.Duration
	}{
		{"$ARGUMENTS is replaced, every time", `{"type": "prompt", "prompt": "Judge $ARGUMENTS, then again: $ARGUMENTS", "model": "claude-haiku-4-5", "timeout": 5}`,
			"prompt", "Judge " + input + ", then again: " + input, "claude-haiku-4-5", 1, 5 * time.Second},
		{"without $ARGUMENTS the input is appended", `{"type": "prompt", "prompt": "Is this safe?"}`,
			"prompt", "Is this safe?\n\n" + input, "", 1, 30 * time.Second},
		{`\$ is a literal dollar`, `{"type": "prompt", "prompt": "Refuse spending over \\$1.00, or \\$ARGUMENTS: $ARGUMENTS"}`,
			"prompt", "Refuse spending over $1.00, or $ARGUMENTS: " + input, "", 1, 30 * time.Second},
		{"an agent hook gets fifty turns and a minute", `{"type": "agent", "prompt": "Verify $ARGUMENTS against the tests", "model": "opus"}`,
			"agent", "Verify " + input + " against the tests", "opus", 50, 60 * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := modelAnswering(`{"ok": true}`)
			chain := runtimeLinks(t, `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [`+tt.handler+`]}]}}`,
				Options{Model: m, ProjectDir: "/work/repo"})
			ctx := claudecode.WithSessionInfo(context.Background(), claudecode.SessionInfo{ID: "conv-7", Cwd: "/work/repo/sub"})

			out := chain.Run(ctx, bash("rm -rf <build> && echo $ARGUMENTS"))

			require.Equal(t, hookchain.Allowed, out.Verdict, steps(out))
			require.Len(t, m.asked, 1)
			assert.Equal(t, ModelRequest{Kind: tt.kind, Prompt: tt.prompt, Model: tt.model, Input: json.RawMessage(input),
				Cwd: "/work/repo/sub", MaxTurns: tt.turns, Hook: "PreToolUse[0].hooks[0] in s.json"}, m.asked[0])
			assert.InDelta(t, tt.timeout.Seconds(), m.left[0].Seconds(), 1, "the hook's timeout is the context's deadline")
		})
	}
}

func TestAPromptHookThatSaysNoAfterTheCallKeepsTheResultAndTellsTheModelWhy(t *testing.T) {
	m := modelAnswering(`{"ok": false, "reason": "the output holds an API key"}`)
	chain := runtimeLinks(t, `{"hooks": {"PostToolUse": [{"hooks": [{"type": "prompt", "prompt": "Does $ARGUMENTS leak a secret?"}]}]}}`, Options{Model: m})

	out := chain.Run(context.Background(), hookchain.Event{Hook: hookchain.AfterTool, Tool: "Bash", Input: json.RawMessage(`{"command":"env"}`),
		Output: json.RawMessage(`"KEY=sk-123"`)})

	// As any Claude Code hook's block after the call: the output stays, and
	// the model is told why.
	assert.Equal(t, hookchain.Allowed, out.Verdict)
	assert.Nil(t, steps(out))
	assert.Equal(t, []hookchain.Note{{Link: "prompt: Does $ARGUMENTS leak a secret?", Text: "blocked after the call: the output holds an API key"}}, out.Notes)
	require.Len(t, m.asked, 1)
	assert.Contains(t, m.asked[0].Prompt, `"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"env"},"tool_response":"KEY=sk-123"`)
}

func TestAPromptHookRunsOnlyForTheCallsItsIfRuleMatches(t *testing.T) {
	m := modelAnswering(`{"ok": false, "reason": "no"}`)
	chain := runtimeLinks(t, `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "prompt", "prompt": "?", "if": "Bash(rm *)"}]}]}}`, Options{Model: m})

	assert.Equal(t, hookchain.Allowed, chain.Run(context.Background(), bash("ls")).Verdict)
	assert.Equal(t, hookchain.Denied, chain.Run(context.Background(), bash("sudo rm -rf /")).Verdict)
	assert.Len(t, m.asked, 1, "the model is asked about the rm only")
}

func TestAModelThatDoesNotAnswerInTimeIsTheHooksFailure(t *testing.T) {
	m := &fakeModel{answer: func(ctx context.Context, _ ModelRequest) (string, error) {
		<-ctx.Done()
		return "", ctx.Err()
	}}
	chain := runtimeLinks(t, fmt.Sprintf(promptGuard, `, "timeout": 0.05`), Options{Model: m})

	start := time.Now()
	out := chain.Run(context.Background(), bash("ls"))

	// The model's own deadline is what the step's words show; this only
	// says the call did not hang.
	assert.Less(t, time.Since(start), 10*time.Second)
	assert.Equal(t, hookchain.Allowed, out.Verdict)
	assert.Equal(t, []string{"prompt: Is this command safe? $ARGUMENTS | Allowed |  | prompt hook: the model gave no answer within 50ms"}, steps(out))
}

func TestAModelThatIgnoresItsDeadlineIsCutOffByTheLink(t *testing.T) {
	if testing.Short() {
		t.Skip("waits out the link's second of grace")
	}
	release := make(chan struct{})
	defer close(release)
	m := &fakeModel{answer: func(context.Context, ModelRequest) (string, error) {
		<-release
		return `{"ok": true}`, nil
	}}
	chain := runtimeLinks(t, fmt.Sprintf(promptGuard, `, "timeout": 0.05, "onFailure": "block"`), Options{Model: m})

	start := time.Now()
	out := chain.Run(context.Background(), bash("ls"))

	// The model answers only once the test ends: only the link ends the call.
	assert.Less(t, time.Since(start), 15*time.Second)
	assert.Equal(t, hookchain.Denied, out.Verdict)
	require.Len(t, out.Trail, 1)
	assert.Contains(t, out.Trail[0].Fault, "timed out")
}

func TestAModelThatPanicsIsTheChainsFault(t *testing.T) {
	m := &fakeModel{answer: func(context.Context, ModelRequest) (string, error) { panic("model client bug") }}
	chain := runtimeLinks(t, fmt.Sprintf(promptGuard, `, "onFailure": "block"`), Options{Model: m})

	out := chain.Run(context.Background(), bash("ls"))

	assert.Equal(t, hookchain.Denied, out.Verdict)
	assert.Equal(t, []string{"prompt: Is this command safe? $ARGUMENTS | Denied |  | panic: model client bug"}, steps(out))
}

func TestRuntimeHooksWithoutTheirRuntimeDenyEveryCallTheyMatch(t *testing.T) {
	const settings = `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [
	  {"type": "prompt", "prompt": "Is it safe?", "onFailure": "continue"},
	  {"type": "agent", "prompt": "Check the tests"},
	  {"type": "mcp_tool", "server": "policy", "tool": "check"}
	]}]}}`
	s, err := Parse("s.json", []byte(settings))
	require.NoError(t, err)
	tests := []struct {
		name  string
		opts  Options
		trail []string
	}{
		{"none given", Options{}, []string{
			"prompt: Is it safe? | Denied | the prompt hook PreToolUse[0].hooks[0] in s.json cannot run: a prompt hook asks a model, and none is given (settings.Options.Model; the hookchain CLI has none) | "}},
		{"a model but no MCP client", Options{Model: modelAnswering(`{"ok": true}`)}, []string{
			"mcp_tool: policy/check | Denied | the mcp_tool hook PreToolUse[0].hooks[2] in s.json cannot run: an mcp_tool hook calls a tool of an MCP server, and no MCP client is given (settings.Options.MCP; the hookchain CLI has none) | "}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			links, err := s.Links(tt.opts)
			require.NoError(t, err)
			out := hookchain.New(links...).Run(context.Background(), bash("ls"))
			assert.Equal(t, hookchain.Denied, out.Verdict)
			assert.Equal(t, tt.trail, steps(out))
		})
	}

	var warnings []string
	for _, w := range s.Warnings(Options{}) {
		warnings = append(warnings, w.String())
	}
	const fix = ": its link denies every call it matches, whatever its onFailure; give the runtime, or skip unsupported hooks (Options.SkipUnsupported)"
	assert.Equal(t, []string{
		"s.json:2:4: PreToolUse[0].hooks[0]: warning: a prompt hook asks a model, and none is given (settings.Options.Model; the hookchain CLI has none)" + fix,
		"s.json:3:4: PreToolUse[0].hooks[1]: warning: an agent hook runs a subagent on a model, and none is given (settings.Options.Model; the hookchain CLI has none)" + fix,
		"s.json:4:4: PreToolUse[0].hooks[2]: warning: an mcp_tool hook calls a tool of an MCP server, and no MCP client is given (settings.Options.MCP; the hookchain CLI has none)" + fix,
	}, warnings)

	var skipped []string
	for _, h := range s.Hooks(Options{SkipUnsupported: true, Model: modelAnswering(`{"ok": true}`)}) {
		skipped = append(skipped, fmt.Sprintf("%s %s %s%s", h.Where(), h.Status, h.Name, h.Reason))
	}
	assert.Equal(t, []string{
		"PreToolUse[0].hooks[0] linked prompt: Is it safe?",
		"PreToolUse[0].hooks[1] linked agent: Check the tests",
		"PreToolUse[0].hooks[2] skipped an mcp_tool hook calls a tool of an MCP server, and no MCP client is given (settings.Options.MCP; the hookchain CLI has none)",
	}, skipped, "SkipUnsupported leaves out only the hooks whose runtime is missing")
}

func TestRuntimeHooksThatSayTooLittleAreMistakes(t *testing.T) {
	tests := []struct{ handler, err string }{
		{`{"type": "prompt"}`, `s.json:1:38: PreToolUse[0].hooks[0]: a prompt hook needs a "prompt"`},
		{`{"type": "agent", "prompt": "  "}`, `s.json:1:66: PreToolUse[0].hooks[0]: prompt: empty`},
		{`{"type": "prompt", "prompt": ["a"]}`, `s.json:1:67: PreToolUse[0].hooks[0]: prompt: want a string, got an array`},
		{`{"type": "prompt", "prompt": "?", "model": 4}`, `s.json:1:81: PreToolUse[0].hooks[0]: model: want a string, got 4`},
		{`{"type": "prompt", "prompt": "?", "continueOnBlock": "yes"}`, `s.json:1:91: PreToolUse[0].hooks[0]: continueOnBlock: want true or false, got "yes"`},
		{`{"type": "mcp_tool", "tool": "check"}`, `s.json:1:38: PreToolUse[0].hooks[0]: an mcp_tool hook needs a "server"`},
		{`{"type": "mcp_tool", "server": "policy"}`, `s.json:1:38: PreToolUse[0].hooks[0]: an mcp_tool hook needs a "tool"`},
		{`{"type": "mcp_tool", "server": "policy", "tool": "check", "input": "${tool_input}"}`,
			`s.json:1:105: PreToolUse[0].hooks[0]: input: want an object of the tool's arguments, got "${tool_input}"`},
		{`{"type": "mcp_tool", "server": "policy", "tool": "check", "input": {"paths": ["${tool_input.edits[0].path}"]}}`,
			`s.json:1:105: PreToolUse[0].hooks[0]: input.paths[0]: ${tool_input.edits[0].path} is not a path of the hook input: write its keys joined by dots, such as ${tool_input.file_path}`},
	}
	for _, tt := range tests {
		t.Run(tt.handler, func(t *testing.T) {
			s, err := Parse("s.json", []byte(`{"hooks": {"PreToolUse": [{"hooks": [`+tt.handler+`]}]}}`))
			require.NoError(t, err)
			_, err = s.Links(Options{Model: modelAnswering(`{"ok": true}`), MCP: answeringTool(MCPResult{})})
			require.EqualError(t, err, tt.err)
		})
	}
}

// "async" is for command hooks only: Claude Code runs a prompt hook that
// says it in the foreground, and so does hookchain, saying so.
func TestAPromptHookMarkedAsyncRunsInTheForegroundWithAWarning(t *testing.T) {
	s, err := Parse("s.json", []byte(`{"hooks": {"PreToolUse": [{"hooks": [{"type": "prompt", "prompt": "?", "async": true}]}]}}`))
	require.NoError(t, err)
	opts := Options{Model: modelAnswering(`{"ok": false, "reason": "no"}`)}
	links, err := s.Links(opts)
	require.NoError(t, err)
	assert.Equal(t, hookchain.Denied, hookchain.New(links...).Run(context.Background(), bash("ls")).Verdict)
	require.Len(t, s.Warnings(opts), 1)
	assert.Equal(t, `"async" and "asyncRewake" are for command hooks only: Claude Code runs this hook in the foreground, and so does hookchain; remove the key`, s.Warnings(opts)[0].Msg)
}

func TestAnAgentHookWarnsThatContinueOnBlockIsAPromptHooksKey(t *testing.T) {
	s, err := Parse("s.json", []byte(`{"hooks": {"PreToolUse": [{"hooks": [{"type": "agent", "prompt": "?", "continueOnBlock": true}]}]}}`))
	require.NoError(t, err)
	var warnings []string
	for _, w := range s.Warnings(Options{Model: modelAnswering(`{"ok": true}`)}) {
		warnings = append(warnings, w.String())
	}
	assert.Equal(t, []string{`s.json:1:90: PreToolUse[0].hooks[0]: warning: "continueOnBlock" is a prompt hook's key; agent hooks ignore it, in Claude Code and in hookchain: remove it`}, warnings)
}

func TestOnePromptHookServesTwoHundredCallsAtOnce(t *testing.T) {
	m := &fakeModel{answer: func(_ context.Context, req ModelRequest) (string, error) {
		if strings.Contains(string(req.Input), "rm -rf") {
			return `{"ok": false, "reason": "destructive"}`, nil
		}
		return `{"ok": true}`, nil
	}}
	chain := runtimeLinks(t, fmt.Sprintf(promptGuard, ""), Options{Model: m})
	var wg sync.WaitGroup
	verdicts := make([]hookchain.Verdict, 200)
	for i := range verdicts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			command := fmt.Sprintf("ls %d", i)
			if i%2 == 1 {
				command = fmt.Sprintf("rm -rf /tmp/%d", i)
			}
			verdicts[i] = chain.Run(claudecode.WithSessionInfo(context.Background(), claudecode.SessionInfo{ID: fmt.Sprint(i)}), bash(command)).Verdict
		}()
	}
	wg.Wait()
	for i, v := range verdicts {
		want := hookchain.Allowed
		if i%2 == 1 {
			want = hookchain.Denied
		}
		assert.Equal(t, want, v, "call %d", i)
	}
	require.Len(t, m.asked, 200)
	for _, req := range m.asked {
		var in claudecode.Input
		require.NoError(t, json.Unmarshal(req.Input, &in))
		assert.Contains(t, req.Prompt, `"session_id":"`+in.SessionID+`"`, "each call is asked about with its own session")
	}
}

func TestAChainOfRuntimeHooksChangesItsIDWhenWhatTheyAskChanges(t *testing.T) {
	long := "Refuse anything that deletes files outside the project, and "
	doc := func(handler string) string {
		return `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [` + handler + `]}]}}`
	}
	m, c := modelAnswering(`{"ok": true}`), answeringTool(MCPResult{})
	id := func(settings string, opts Options) string {
		t.Helper()
		return runtimeLinks(t, settings, opts).ID()
	}
	with := Options{Model: m, MCP: c}
	ids := map[string]string{
		id(doc(`{"type": "prompt", "prompt": "`+long+`anything that pushes"}`), with):                                  "a prompt",
		id(doc(`{"type": "prompt", "prompt": "`+long+`nothing else"}`), with):                                          "its other ending, under the same link name",
		id(doc(`{"type": "prompt", "prompt": "`+long+`anything that pushes", "model": "opus"}`), with):                 "another model",
		id(doc(`{"type": "prompt", "prompt": "`+long+`anything that pushes"}`), Options{}):                             "no model, denying every call",
		id(doc(`{"type": "mcp_tool", "server": "s", "tool": "t", "input": {"p": "${tool_input.command}"}}`), with):     "an mcp_tool hook",
		id(doc(`{"type": "mcp_tool", "server": "s", "tool": "t", "input": {"p": "${tool_input.description}"}}`), with): "its other input",
	}
	assert.Len(t, ids, 6, "every change is another chain: %v", ids)
}
