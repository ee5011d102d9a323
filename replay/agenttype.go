package replay

import (
	"bufio"
	"path/filepath"
	"strings"

	"github.com/tidwall/gjson"
)

// claudeAgentType is the type of the Claude Code subagent whose file is
// path (agent-<id>.jsonl), or "". Only the parent records it, on its
// Agent (Task) call's toolUseResult {agentId, agentType}, in the session
// file: <session>.jsonl beside the agent file (2.0.x) or two folders up
// from <session>/subagents/ (2.1.x). Lines that do not name the agent are
// not parsed.
func claudeAgentType(path, session string) string {
	id, ok := strings.CutPrefix(strings.TrimSuffix(filepath.Base(path), ".jsonl"), "agent-")
	if !ok || id == "" || session == "" || strings.ContainsAny(session, `/\`) {
		return ""
	}
	dir := filepath.Dir(path)
	parent := filepath.Join(dir, session+".jsonl")
	if filepath.Base(dir) == "subagents" {
		parent = filepath.Join(filepath.Dir(filepath.Dir(dir)), session+".jsonl")
	}
	fh, err := openRegular(parent)
	if err != nil {
		return ""
	}
	defer fh.Close()
	l := newLines(bufio.NewReader(fh))
	needle := `"agentId":"` + id + `"`
	for {
		line, err := l.next()
		if err != nil {
			return ""
		}
		if l.long || !strings.Contains(string(line), needle) {
			continue
		}
		r := gjson.GetBytes(line, "toolUseResult")
		if r.Get("agentId").Str == id {
			if t := r.Get("agentType").Str; t != "" {
				return t
			}
		}
	}
}
