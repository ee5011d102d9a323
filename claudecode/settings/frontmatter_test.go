package settings

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// skillWithGuard writes .claude/skills/deploy/SKILL.md under dir, whose
// frontmatter has a bash+jq PreToolUse guard that denies rm and leaves
// mark behind when it runs.
func skillWithGuard(t *testing.T, dir, mark string) string {
	script := writeFile(t, filepath.Join(dir, "scripts", "no-rm.sh"), `#!/bin/bash
cmd=$(jq -r .tool_input.command)
touch '`+mark+`'
case "$cmd" in rm*) echo "not while deploying" >&2; exit 2;; esac
`)
	return writeFile(t, filepath.Join(dir, ".claude", "skills", "deploy", "SKILL.md"), `---
name: deploy
description: Deploy the service
hooks:
  PreToolUse:
    - matcher: "Bash"
      hooks:
        - type: command
          command: "bash `+script+`"
          timeout: 30
---
Deploy $ARGUMENTS to staging.
`)
}

// runIn runs ev through links for a call of session s.
func runIn(links []hookchain.Link, s claudecode.SessionInfo, ev hookchain.Event) hookchain.Outcome {
	return hookchain.New(links...).Run(claudecode.WithSessionInfo(context.Background(), s), ev)
}

func TestASkillsHooksRunOnlyWhileTheSessionSaysTheSkillRuns(t *testing.T) {
	dir := t.TempDir()
	mark := filepath.Join(t.TempDir(), "ran")
	s, err := LoadSkill(skillWithGuard(t, dir, mark))
	require.NoError(t, err)
	links, err := s.Links(Options{ProjectDir: dir})
	require.NoError(t, err)

	for _, skills := range [][]string{nil, {}, {"review"}} {
		got := runIn(links, claudecode.SessionInfo{ID: "s1", Skills: skills}, bash("rm -rf build"))
		assert.Equal(t, hookchain.Outcome{}, got, "skills %q", skills)
		assert.NoFileExists(t, mark, "the hook ran while its skill did not")
	}

	got := runIn(links, claudecode.SessionInfo{ID: "s1", Skills: []string{"review", "deploy"}}, bash("rm -rf build"))
	assert.Equal(t, decided(hookchain.Outcome{Verdict: hookchain.Denied, Reason: "denied by no-rm.sh: not while deploying",
		Trail: []hookchain.Step{{Name: "no-rm.sh", Verdict: hookchain.Denied, Reason: "not while deploying"}}}), got)
	assert.FileExists(t, mark)

	hooks := s.Hooks(Options{ProjectDir: dir})
	require.Len(t, hooks, 1)
	assert.Equal(t, `skill "deploy"`, hooks[0].Component)
	assert.Equal(t, `the skill runs: "deploy" in the session's Skills (SessionInfo.Skills)`, hooks[0].ActiveWhile)
	assert.Equal(t, Linked, hooks[0].Status)
	assert.Equal(t, 30e9, float64(hooks[0].Timeout))
}

func TestAnAgentsHooksRunOnlyForTheCallsItsAgentTypeMakes(t *testing.T) {
	dir := t.TempDir()
	file := writeFile(t, filepath.Join(dir, ".claude", "agents", "reviewer.md"), `---
name: reviewer
description: Reviews code
tools: Read, Grep, Bash
hooks:
  PreToolUse:
    - matcher: Bash
      hooks:
        - {type: command, command: "cat >/dev/null; echo 'reviewers only read' >&2; exit 2", once: true}
  Stop:
    - hooks:
        - {type: command, command: "./summarize.sh"}
---
You review code.
`)
	s, err := LoadAgent(file)
	require.NoError(t, err)
	links, err := s.Links(Options{ProjectDir: dir})
	require.NoError(t, err)
	agent := func(name string) claudecode.SessionInfo {
		return claudecode.SessionInfo{ID: "s1", Extra: map[string]json.RawMessage{"agent_id": json.RawMessage(`"a1"`), "agent_type": json.RawMessage(`"` + name + `"`)}}
	}

	assert.Equal(t, hookchain.Outcome{}, runIn(links, claudecode.SessionInfo{ID: "s1"}, bash("make")), "the main conversation")
	assert.Equal(t, hookchain.Outcome{}, runIn(links, agent("general-purpose"), bash("make")), "another agent")
	for range 2 { // once is ignored in agent frontmatter
		got := runIn(links, agent("reviewer"), bash("make"))
		assert.Equal(t, hookchain.Denied, got.Verdict)
		assert.Equal(t, []hookchain.Step{{Name: "cat >/dev/null; echo 'reviewers only re…", Verdict: hookchain.Denied, Reason: "reviewers only read"}}, got.Trail)
	}

	hooks := s.Hooks(Options{ProjectDir: dir})
	require.Len(t, hooks, 2)
	assert.False(t, hooks[0].Once)
	require.Len(t, hooks[0].Warnings, 1)
	assert.Equal(t, fmt.Sprintf(`%s:9:100: PreToolUse[0].hooks[0]: warning: "once" is ignored in agent frontmatter, by Claude Code and by hookchain: the hook runs on every call the agent makes; remove it, or move the hook to a skill's frontmatter`, file),
		hooks[0].Warnings[0].String())
	assert.Equal(t, "SubagentStop", hooks[1].Event, "a subagent's Stop hooks are SubagentStop hooks")
	assert.Equal(t, Ignored, hooks[1].Status)
}

func TestAOnceHookInASkillRunsOncePerSessionUnderHundredsOfGoroutines(t *testing.T) {
	if testing.Short() {
		t.Skip("seconds of real hooks under load: go test without -short runs it")
	}
	dir := t.TempDir()
	runs := filepath.Join(t.TempDir(), "runs")
	file := writeFile(t, filepath.Join(dir, "SKILL.md"), `---
name: setup
hooks:
  PreToolUse:
    - hooks:
        - type: command
          command: "jq -r .session_id >> `+runs+`"
          once: true
        - type: command
          command: "cat >/dev/null; echo 'still guarding' >&2; exit 2"
          once: true
---
`)
	s, err := LoadSkill(file)
	require.NoError(t, err)
	hooks := s.Hooks(Options{ProjectDir: dir})
	require.Len(t, hooks, 2)
	assert.True(t, hooks[0].Once)
	links, err := s.Links(Options{ProjectDir: dir})
	require.NoError(t, err)
	chain := hookchain.New(links...)

	const goroutines = 200
	var wg sync.WaitGroup
	var mu sync.Mutex
	verdicts := map[hookchain.Verdict]int{}
	for g := range goroutines {
		wg.Go(func() {
			session := claudecode.SessionInfo{ID: "one", Skills: []string{"setup"}}
			if g == 0 {
				session.ID = "two"
			}
			got := chain.Run(claudecode.WithSessionInfo(context.Background(), session), bash("ls"))
			mu.Lock()
			verdicts[got.Verdict]++
			mu.Unlock()
		})
	}
	wg.Wait()

	data, err := os.ReadFile(runs)
	require.NoError(t, err)
	lines := strings.Fields(string(data))
	assert.ElementsMatch(t, []string{"one", "two"}, lines, "the once hook ran once in each session")
	// A once hook that blocks stays: it denied every call.
	assert.Equal(t, map[hookchain.Verdict]int{hookchain.Denied: goroutines}, verdicts)
}

func TestFrontmatterThatCouldBeReadTwoWaysOrExplodeIsAnErrorAtItsLine(t *testing.T) {
	handler := "\n  PreToolUse:\n    - hooks:\n        - {type: command, command: ./x.sh}\n"
	bomb := "---\nname: lol\nx: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
	prev := "a"
	for i := range 9 {
		name := fmt.Sprintf("l%d", i)
		bomb += fmt.Sprintf("%s: &%s [*%s,*%s,*%s,*%s,*%s,*%s,*%s,*%s,*%s]\n", name, name, prev, prev, prev, prev, prev, prev, prev, prev, prev)
		prev = name
	}
	bomb += "hooks:\n  PreToolUse:\n    - matcher: Bash\n      hooks:\n        - {type: command, command: ./x.sh, args: *" + prev + "}\n---\n"
	tests := []struct {
		name, text, want string
	}{
		{"a key given twice", "---\nname: a\nhooks:" + handler + "name: b\n---\n", `SKILL.md:7:1: frontmatter: the key "name" appears twice (first at line 2)`},
		{"a handler key given twice", "---\nhooks:\n  PreToolUse:\n    - hooks:\n        - {type: command, command: ./x.sh, command: ./y.sh}\n---\n",
			`SKILL.md:5:44: frontmatter: the key "command" appears twice (first at line 5)`},
		{"a tab in the indentation", "---\nhooks:\n\tPreToolUse: []\n---\n", "SKILL.md:3:1: frontmatter: found character that cannot start any token"},
		{"no closing line", "---\nhooks:" + handler, `SKILL.md:1:1: the frontmatter that starts here has no closing "---" line`},
		{"a merge key", "---\nbase: &b {type: command, command: ./x.sh}\nhooks:\n  PreToolUse:\n    - hooks:\n        - <<: *b\n---\n",
			"SKILL.md:6:11: frontmatter: merge keys (<<) are not read: write the keys out"},
		{"a tag of its own", "---\nhooks:\n  PreToolUse:\n    - hooks:\n        - {type: !cmd command, command: ./x.sh}\n---\n",
			"SKILL.md:5:18: frontmatter: the tag !cmd is not read: write the value plainly"},
		{"a timeout JSON cannot hold", "---\nhooks:\n  PreToolUse:\n    - hooks:\n        - {type: command, command: ./x.sh, timeout: .inf}\n---\n",
			"SKILL.md:5:53: frontmatter: .inf is not a number JSON can hold"},
		{"aliases that explode", bomb, "frontmatter: the hooks expand to more than 4194304 bytes: aliases repeat too much"},
		{"a bad matcher, at its line in the .md file", "---\nhooks:\n  PreToolUse:\n    - matcher: \"(?=x)\"\n      hooks:\n        - {type: command, command: ./x.sh}\n---\n",
			"SKILL.md:4:16: PreToolUse[0].hooks[0]: matcher \"(?=x)\" is not a regular expression Go can run"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := parseFrontmatter(skillKind, "SKILL.md", []byte(tt.text))
			if err == nil {
				_, err = s.Links(Options{})
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

func TestASkillFileLargerThanTheCapIsRefusedUnread(t *testing.T) {
	file := writeFile(t, filepath.Join(t.TempDir(), "SKILL.md"), "---\nname: big\n---\n"+strings.Repeat("x", MaxFileSize))
	_, err := LoadSkill(file)
	require.Error(t, err)
	assert.Contains(t, err.Error(), file)
	assert.Contains(t, err.Error(), "a skill file")
}

func TestASkillWithoutFrontmatterOrHooksHasNoHooks(t *testing.T) {
	for _, text := range []string{"# Just prose\n", "---\nname: x\n---\nbody\n", "---\n---\n", "---\nhooks:\n---\n"} {
		s, err := parseFrontmatter(skillKind, "SKILL.md", []byte(text))
		require.NoError(t, err, text)
		assert.Empty(t, s.Hooks(Options{}), text)
		assert.Equal(t, []string{"SKILL.md"}, s.Files())
	}
}

func TestASkillIsNamedByItsDirectoryWhenItsFrontmatterGivesNoName(t *testing.T) {
	s, err := parseFrontmatter(skillKind, filepath.Join("skills", "lint", "SKILL.md"), []byte("---\nhooks:\n  PreToolUse:\n    - hooks:\n        - {type: command, command: ./x.sh}\n---\n"))
	require.NoError(t, err)
	assert.Equal(t, `skill "lint"`, s.Hooks(Options{})[0].Component)

	_, err = parseFrontmatter(agentKind, "agents/x.md", []byte("---\nhooks:\n  PreToolUse: []\n---\n"))
	assert.EqualError(t, err, `agents/x.md:3:3: frontmatter: an agent with hooks needs a "name": they run while the call's agent_type is that name`)
}

func TestAOnceHookStaysUntilARunThatNeitherFailsNorBlocks(t *testing.T) {
	o := newOnceState(2)
	ctx := context.Background()
	runs := 0
	answer := func(out hookchain.Outcome, err error) func() (hookchain.Outcome, error) {
		return func() (hookchain.Outcome, error) { runs++; return out, err }
	}
	_, err := o.run(ctx, "s", answer(hookchain.Outcome{}, fmt.Errorf("exited with status 1")))
	require.Error(t, err)
	got, _ := o.run(ctx, "s", answer(hookchain.Deny("no"), nil))
	assert.Equal(t, hookchain.Denied, got.Verdict)
	got, _ = o.run(ctx, "s", answer(hookchain.Ask("sure?"), nil))
	assert.Equal(t, hookchain.Asked, got.Verdict, "an ask is a run that succeeded")
	got, _ = o.run(ctx, "s", answer(hookchain.Deny("no"), nil))
	assert.Equal(t, hookchain.Outcome{}, got, "removed: not asked again")
	assert.Equal(t, 3, runs)
}

func TestAOnceHookRemembersABoundedNumberOfSessionsAndForgetsTowardRunning(t *testing.T) {
	o := newOnceState(2)
	ctx := context.Background()
	runs := 0
	ok := func() (hookchain.Outcome, error) { runs++; return hookchain.Allow(), nil }
	for _, id := range []string{"a", "b", "c", "a"} {
		_, err := o.run(ctx, id, ok)
		require.NoError(t, err)
	}
	assert.Equal(t, 4, runs, "a was forgotten for c, and ran again")
	assert.Len(t, o.sessions, 2)
	assert.Equal(t, 2, o.order.Len())
}

func TestACallWaitingForAOnceHookStopsWithItsContext(t *testing.T) {
	o := newOnceState(8)
	started, release := make(chan struct{}), make(chan struct{})
	go func() {
		_, _ = o.run(context.Background(), "s", func() (hookchain.Outcome, error) {
			close(started)
			<-release
			return hookchain.Deny("blocked"), nil
		})
	}()
	<-started
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	ran := false
	_, err := o.run(ctx, "s", func() (hookchain.Outcome, error) { ran = true; return hookchain.Allow(), nil })
	assert.ErrorIs(t, err, context.Canceled)
	assert.False(t, ran)
	close(release)
}

func TestComponentPathsFindSkillsAndAgentsAsClaudeCodeDoes(t *testing.T) {
	home, project := t.TempDir(), t.TempDir()
	userSkill := writeFile(t, filepath.Join(home, ".claude", "skills", "notes", "SKILL.md"), "---\n---\n")
	b := writeFile(t, filepath.Join(project, ".claude", "skills", "b", "SKILL.md"), "---\n---\n")
	a := writeFile(t, filepath.Join(project, ".claude", "skills", "a", "SKILL.md"), "---\n---\n")
	writeFile(t, filepath.Join(project, ".claude", "skills", "empty", "README.md"), "")
	writeFile(t, filepath.Join(project, ".claude", "skills", ".hidden", "SKILL.md"), "")
	agent := writeFile(t, filepath.Join(project, ".claude", "agents", "reviewer.md"), "---\n---\n")
	writeFile(t, filepath.Join(project, ".claude", "agents", "notes.txt"), "")

	skills, agents, err := ComponentPaths(project, home)
	require.NoError(t, err)
	assert.Equal(t, []string{userSkill, a, b}, skills)
	assert.Equal(t, []string{agent}, agents)

	skills, agents, err = ComponentPaths("", "")
	require.NoError(t, err)
	assert.Empty(t, skills)
	assert.Empty(t, agents)
}
