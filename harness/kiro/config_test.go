package kiro_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/harness/kiro"
)

const agentConfig = `{
  "name": "guarded",
  "tools": ["*"],
  "hooks": {
    "stop": [{"command": "echo done"}],
    "postToolUse": [
      {"matcher": "fs_write", "command": "cargo fmt --all", "only_when_turn_complete": true},
      {"command": "log-call", "timeout_ms": 500}
    ],
    "preToolUse": [
      {"matcher": "execute_bash", "command": "guard-shell", "timeout_ms": 5000, "cache_ttl_seconds": 60, "max_output_size": 100},
      {"matcher": "fs_[*", "command": "never"},
      {"matcher": "fs_*", "command": "guard-writes", "unknown": true},
      {"command": "  "}
    ]
  }
}`

const hooksFile = `{
  "version": "v1",
  "hooks": [
    {"name": "lint-on-save", "trigger": "PostFileSave", "matcher": "\\.ts$", "action": {"type": "command", "command": "npm run lint"}, "timeout": 30, "enabled": true},
    {"name": "no-rm", "trigger": "PreToolUse", "matcher": "execute_bash|shell", "action": {"type": "command", "command": "guard-shell"}, "timeout": 5},
    {"name": "off", "trigger": "PreToolUse", "action": {"type": "command", "command": "x"}, "enabled": false},
    {"name": "steer", "trigger": "UserPromptSubmit", "action": {"type": "agent", "prompt": "be brief"}},
    {"trigger": "PostToolUse", "action": {"type": "command", "command": "log-call"}}
  ]
}`

func TestAnAgentConfigsHooksAreReadAsKiroReadsThem(t *testing.T) {
	hooks, warnings, err := kiro.Parse("a.json", []byte(agentConfig))
	require.NoError(t, err)
	assert.Equal(t, []kiro.Hook{
		{Format: kiro.AgentConfig, Event: "preToolUse", Matcher: "execute_bash", Command: "guard-shell", Timeout: 5 * time.Second, Place: "a.json:hooks.preToolUse[0]"},
		{Format: kiro.AgentConfig, Event: "preToolUse", Matcher: "fs_*", Command: "guard-writes", Place: "a.json:hooks.preToolUse[2]"},
		{Format: kiro.AgentConfig, Event: "postToolUse", Command: "log-call", Timeout: 500 * time.Millisecond, Place: "a.json:hooks.postToolUse[1]"},
		{Format: kiro.AgentConfig, Event: "stop", Command: "echo done", Place: "a.json:hooks.stop[0]"},
	}, hooks)
	assert.Equal(t, []string{
		`a.json:hooks.preToolUse[1]: skipped: kiro: matcher "fs_[*": Kiro cannot read the glob, and selects no tool with it: an unclosed class`,
		"a.json:hooks.preToolUse[3]: skipped: an empty command, which decides nothing",
		"a.json:hooks.postToolUse[0]: skipped: only_when_turn_complete: Kiro runs it once at the end of the turn, on all its calls at once, and it decides nothing",
	}, warnings)
}

func TestAHooksFilesHooksAreReadAsKiroReadsThem(t *testing.T) {
	hooks, warnings, err := kiro.Parse("h.json", []byte(hooksFile))
	require.NoError(t, err)
	assert.Equal(t, []kiro.Hook{
		{Format: kiro.HooksFile, Event: "PostFileSave", Name: "lint-on-save", Matcher: `\.ts$`, Command: "npm run lint", Timeout: 30 * time.Second, Place: "h.json:hooks[0]"},
		{Format: kiro.HooksFile, Event: "PreToolUse", Name: "no-rm", Matcher: "execute_bash|shell", Command: "guard-shell", Timeout: 5 * time.Second, Place: "h.json:hooks[1]"},
		{Format: kiro.HooksFile, Event: "PostToolUse", Command: "log-call", Place: "h.json:hooks[4]"},
	}, hooks)
	assert.Equal(t, []string{"h.json:hooks[2]: skipped: it is not enabled", "h.json:hooks[3]: skipped: an agent action, on a trigger that is not a tool call"}, warnings)
}

func TestWhatKiroWouldNotLoadOrHookchainCannotRunIsAnError(t *testing.T) {
	tests := []struct {
		name, data, want string
	}{
		{"a key given twice", `{"hooks":{"preToolUse":[{"command":"a","command":"b"}]}}`, `kiro: f.json: the file is ambiguous: an object in it has the key "command" twice`},
		{"not JSON", `{`, "kiro: f.json: the file is not valid JSON"},
		{"an event Kiro does not have", `{"hooks":{"PreToolUse":[]}}`, "kiro: f.json: hooks.PreToolUse: Kiro has no such event, and would not load the agent"},
		{"hooks not a list", `{"hooks":{"preToolUse":{}}}`, "kiro: f.json: hooks.preToolUse: not a list of hooks"},
		{"no command", `{"hooks":{"preToolUse":[{"matcher":"*"}]}}`, `kiro: f.json: hooks.preToolUse[0]: the hook has no "command"`},
		{"a timeout that is not a whole number", `{"hooks":{"preToolUse":[{"command":"a","timeout_ms":1.5}]}}`, "kiro: f.json: hooks.preToolUse[0]: timeout_ms 1.5 is not a whole number"},
		{"a timeout past what hookchain waits", `{"hooks":{"preToolUse":[{"command":"a","timeout_ms":18446744073709551615}]}}`,
			"kiro: f.json: hooks.preToolUse[0]: timeout_ms 18446744073709551615 is more than the 24h0m0s hookchain waits for a hook"},
		{"a timeout in seconds past it", `{"version":"v1","hooks":[{"trigger":"PreToolUse","timeout":9223372036,"action":{"type":"command","command":"a"}}]}`,
			"kiro: f.json: hooks[0]: timeout 9223372036 is more than the 24h0m0s hookchain waits for a hook"},
		{"a timeout with an exponent", `{"hooks":{"preToolUse":[{"command":"a","timeout_ms":1e3}]}}`, "kiro: f.json: hooks.preToolUse[0]: timeout_ms 1e3 is not a whole number"},
		{"a negative timeout", `{"hooks":{"preToolUse":[{"command":"a","timeout_ms":-1}]}}`, "kiro: f.json: hooks.preToolUse[0]: timeout_ms -1 is not a whole number"},
		{"a matcher that is not a string", `{"hooks":{"preToolUse":[{"command":"a","matcher":["*"]}]}}`, "kiro: f.json: hooks.preToolUse[0]: matcher is not a string"},
		{"an agent action on a tool trigger", `{"version":"v1","hooks":[{"name":"remind-tests","trigger":"PreToolUse","action":{"type":"agent","prompt":"p"}}]}`,
			`kiro: f.json: hooks[0]: "remind-tests": an agent action puts a prompt before Kiro's model, and hookchain has no model to run it with`},
		{"a list of hooks without a version", `{"hooks":[]}`, `kiro: f.json: it has no "version"`},
		{"another version", `{"version":"v2","hooks":[]}`, `kiro: f.json: version "v2": hookchain reads version v1 only`},
		{"a trigger Kiro does not have", `{"version":"v1","hooks":[{"trigger":"preToolUse","action":{"type":"command","command":"a"}}]}`,
			`kiro: f.json: hooks[0]: the trigger "preToolUse" is not one of Kiro's`},
		{"an action of another type", `{"version":"v1","hooks":[{"trigger":"PreToolUse","action":{"type":"http","url":"x"}}]}`,
			`kiro: f.json: hooks[0]: action: Kiro has no action type "http"`},
		{"a regex Go cannot read", `{"version":"v1","hooks":[{"trigger":"PreToolUse","matcher":"(?!x)","action":{"type":"command","command":"a"}}]}`,
			"kiro: f.json: hooks[0]: kiro: matcher \"(?!x)\": Kiro reads it as a JavaScript expression, which Go cannot read: error parsing regexp: invalid or unsupported Perl syntax: `(?!`"},
		{"no action", `{"version":"v1","hooks":[{"trigger":"PreToolUse"}]}`, `kiro: f.json: hooks[0]: the hook has no "action"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := kiro.Parse("f.json", []byte(tt.data))
			assert.EqualError(t, err, tt.want)
		})
	}
}

// A timeout of 0 ms times the hook out in Kiro before it can decide: it
// would block nothing, and runs nowhere.
func TestAHookWithNoTimeIsSkipped(t *testing.T) {
	hooks, warnings, err := kiro.ParseAgentConfig("f.json", []byte(`{"hooks":{"preToolUse":[{"command":"guard","timeout_ms":0}]}}`))
	require.NoError(t, err)
	assert.Empty(t, hooks)
	assert.Equal(t, []string{"f.json:hooks.preToolUse[0]: skipped: a timeout_ms of 0: Kiro times the hook out before it can decide"}, warnings)
}

// The links of both formats, in the hooks' order, each with its own
// matcher semantics; hooks of other events are not linked.
func TestLinksRunTheToolHooksOfBothFormatsInOrder(t *testing.T) {
	dir := t.TempDir()
	a, _, err := kiro.Parse("a.json", []byte(`{"hooks":{"preToolUse":[{"matcher":"fs_*","command":"echo writes denied >&2; exit 2"}],"stop":[{"command":"true"}]}}`))
	require.NoError(t, err)
	h, _, err := kiro.Parse("h.json", []byte(`{"version":"v1","hooks":[{"name":"no-rm","trigger":"PreToolUse","matcher":"bash","action":{"type":"command","command":"grep -q 'rm -rf' && { echo no rm >&2; exit 2; }; exit 0"}}]}`))
	require.NoError(t, err)
	links, err := kiro.Links(append(a, h...), harness.SessionInfo{Cwd: dir})
	require.NoError(t, err)
	require.Len(t, links, 2)
	chain := hookchain.New(links...)
	assert.Equal(t, hookchain.Denied, chain.Run(context.Background(), write(dir+"/x")).Verdict)
	got := chain.Run(context.Background(), shell("rm -rf /"))
	assert.Equal(t, "denied by no-rm: no rm", got.Reason)
	assert.Equal(t, hookchain.Allowed, chain.Run(context.Background(), shell("ls")).Verdict)
}

func TestKirosConfigFilesAreTheProjectsAgentThenTheUsers(t *testing.T) {
	assert.Equal(t, []string{"/work/app/.kiro/agents/dev.json", "/home/u/.kiro/agents/dev.json"}, kiro.ConfigFiles("/work/app", "/home/u", "dev"))
	assert.Equal(t, []string{"/home/u/.kiro/agents/dev.json"}, kiro.ConfigFiles("/home/u/", "/home/u", "dev"), "a session in the home directory has one file")
	assert.Equal(t, []string{"/home/u/.kiro/agents/dev.json"}, kiro.ConfigFiles("", "/home/u", "dev"))
	assert.Empty(t, kiro.ConfigFiles("/work/app", "/home/u", ""))
	assert.Equal(t, "/work/app/.kiro/hooks", kiro.HooksDir("/work/app"))
	assert.Empty(t, kiro.HooksDir(""))
}

// The same command in an agent config and in a hooks file is told its
// event in two spellings: two links, and their chains two chains.
func TestTheSameCommandInTheTwoFormatsIsTwoLinks(t *testing.T) {
	a, _, err := kiro.Parse("a.json", []byte(`{"hooks":{"preToolUse":[{"command":"guard"}]}}`))
	require.NoError(t, err)
	h, _, err := kiro.Parse("h.json", []byte(`{"version":"v1","hooks":[{"trigger":"PreToolUse","timeout":30,"action":{"type":"command","command":"guard"}}]}`))
	require.NoError(t, err)
	la, err := kiro.Links(a, harness.SessionInfo{})
	require.NoError(t, err)
	lh, err := kiro.Links(h, harness.SessionInfo{})
	require.NoError(t, err)
	assert.NotEqual(t, hookchain.New(la...).ID(), hookchain.New(lh...).ID())
}
