package settings_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode/settings"
)

func Example() {
	s, err := settings.Parse(".claude/settings.json", []byte(`{
	  "hooks": {
	    "PreToolUse": [
	      {"matcher": "Bash", "hooks": [{
	        "type": "command",
	        "command": "grep -q -- --force && { echo 'push a new branch instead' >&2; exit 2; }; exit 0",
	        "timeout": 5
	      }]}
	    ],
	    "Stop": [{"hooks": [{"type": "command", "command": "notify-send done"}]}]
	  }
	}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	opts := settings.Options{ProjectDir: "."}
	for _, h := range s.Hooks(opts) {
		fmt.Println(h.Where(), h.Status, h.Name+h.Reason)
	}
	links, err := s.Links(opts)
	if err != nil {
		fmt.Println(err)
		return
	}
	chain := hookchain.New(links...)
	out := chain.Run(context.Background(), hookchain.Event{
		Hook: hookchain.BeforeTool, Tool: "Bash", Input: json.RawMessage(`{"command":"git push --force"}`),
	})
	fmt.Println(out.Verdict, "-", out.Trail[0].Reason)
	// Output:
	// PreToolUse[0].hooks[0] linked grep -q -- --force && { echo 'push a ne…
	// Stop[0].hooks[0] ignored Stop is not a tool-call event
	// Denied - push a new branch instead
}

func ExampleCompileMatcher() {
	for _, text := range []string{"*", "Edit|Write", "mcp__memory", "mcp__memory__.*", "^(Edit|Write)$"} {
		m, kind, _ := settings.CompileMatcher(text)
		fmt.Printf("%-17q %-6s %v\n", text, kind, m)
	}
	// Output:
	// "*"               all    Any()
	// "Edit|Write"      names  Tool("Edit", "Write")
	// "mcp__memory"     names  Tool("mcp__memory")
	// "mcp__memory__.*" regexp ToolSearch("mcp__memory__.*")
	// "^(Edit|Write)$"  regexp ToolRegexp("(Edit|Write)")
}

func ExampleCompileIf() {
	m, err := settings.CompileIf("Bash(rm *)")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m)
	for _, command := range []string{"rm -rf build", "sudo rm -rf build", "bash -c 'rm -rf build'", "echo rm", "ls"} {
		input, _ := json.Marshal(map[string]string{"command": command})
		e := hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", Input: input}
		fmt.Printf("%-24s runs the hook: %v\n", command, m.Match(e))
	}
	_, err = settings.CompileIf("Agent(model:opus)")
	fmt.Println(err)
	// Output:
	// And(Tool("Bash"), shell.Rule("command", "rm *"))
	// rm -rf build             runs the hook: true
	// sudo rm -rf build        runs the hook: true
	// bash -c 'rm -rf build'   runs the hook: true
	// echo rm                  runs the hook: false
	// ls                       runs the hook: false
	// the if rule "Agent(model:opus)" is not supported: hookchain honours Bash(…), path, WebFetch(domain:…) and MCP rules, and tool names
}

// A Go agent runs prompt hooks with its own model client: here a stand-in
// that refuses any rm, as a model asked the hook's prompt might.
func ExampleModelFunc() {
	s, err := settings.Parse(".claude/settings.json", []byte(`{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [
	  {"type": "prompt", "prompt": "Refuse anything destructive: $ARGUMENTS", "model": "claude-haiku-4-5"}
	]}]}}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	model := settings.ModelFunc(func(ctx context.Context, req settings.ModelRequest) (string, error) {
		// A real client sends req.Prompt to req.Model, with the answer's
		// schema, and returns the model's text before ctx's deadline.
		if strings.Contains(string(req.Input), `"command":"rm `) {
			return `{"ok": false, "reason": "rm deletes files"}`, nil
		}
		return `{"ok": true}`, nil
	})
	links, err := s.Links(settings.Options{ProjectDir: ".", Model: model})
	if err != nil {
		fmt.Println(err)
		return
	}
	chain := hookchain.New(links...)
	for _, command := range []string{"ls", "rm -rf build"} {
		input, _ := json.Marshal(map[string]string{"command": command})
		out := chain.Run(context.Background(), hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", Input: input})
		fmt.Println(strings.TrimSpace(fmt.Sprintln(command, "-", out.Verdict, out.Reason)))
	}
	// Output:
	// ls - Allowed
	// rm -rf build - Denied denied by prompt: Refuse anything destructive: $ARGUMENTS: rm deletes files
}
