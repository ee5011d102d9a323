// Package hookchaintest checks a hookchain.Chain against cases: an event in,
// the answer the chain must give out. It is for the tests of whoever builds
// a chain — the guards of an agent runtime, a company's policy — so that a
// change to a link, or to the order of links, shows up as a failing case
// rather than as a tool call that ran when it should not have.
//
// A case names the verdict, the reason (whole, or the words of it that
// matter) and, where the verdict carries one,
// the input or output it expects, and always the trail — which links decided
// — and the notes the links gave the model. A deny by the wrong guard is a
// bug even when the verdict is right.
//
// A case runs the chain as it is given: a chain with an approver
// (Chain.WithApprover) has its asks answered during the case, and the
// approver's answer is a step of the trail, with "by" naming who gave it.
// Run gives each case the subtest's context, which carries no session, so
// every ask goes to the approver: no case is approved by the "approve all"
// of another.
//
// Cases can be written in Go, or kept as JSON files under testdata/ where
// people who do not write Go can read and add them:
//
//	func TestPolicy(t *testing.T) {
//		chain := policy.Chain()
//
//		hookchaintest.Run(t, chain, hookchaintest.Case{
//			Name: "rm -rf is denied",
//			Event: hookchain.Event{
//				Hook:  hookchain.BeforeTool,
//				Tool:  "Bash",
//				Input: json.RawMessage(`{"command": "rm -rf /"}`),
//			},
//			Want: hookchaintest.Want{
//				Verdict: hookchain.Denied,
//				Reason:  "denied by no-rm: recursive delete",
//				Trail:   []string{"no-rm"},
//			},
//		})
//
//		hookchaintest.RunFiles(t, chain, "testdata/*.json")
//	}
//
// Each case runs as a subtest. On a mismatch the subtest fails with a report
// naming each field that differs, what was wanted and what the chain
// answered, and the chain's whole trail (and its notes, when it gave
// some):
//
//	case "rm -rf is denied" (testdata/guards.json #2):
//	  verdict: want Denied, got Allowed
//	  reason:  want "denied by no-rm: recursive delete"
//	           got  ""
//	  trail:   want [no-rm], got []
//	chain's trail:
//	  (empty)
//
// # Case files
//
// The cases and their files are package casefile's, which runs them without
// a testing.T (the hookchain command's test uses it) and whose
// documentation describes every field. A file holds one case object or an
// array of them; hooks and verdicts are written in the core's text form:
//
//	[
//	  {
//	    "name": "rm -rf is denied",
//	    "event": {"hook": "before_tool", "tool": "Bash", "input": {"command": "rm -rf /"}},
//	    "want": {
//	      "verdict": "deny",
//	      "reason": "denied by no-rm: recursive delete",
//	      "decided_by": "no-rm", "cause": "link",
//	      "trail": ["no-rm"]
//	    }
//	  },
//	  {
//	    "name": "a push to main is refused by a person",
//	    "event": {"hook": "before_tool", "tool": "Bash", "input": {"command": "git push origin main"}},
//	    "want": {
//	      "verdict": "deny",
//	      "reason_contains": "not on main",
//	      "decided_by": "human", "cause": "approver",
//	      "trail": ["ask-push", "human"],
//	      "steps": [
//	        {"name": "ask-push", "verdict": "ask", "reason": "push to a remote?"},
//	        {"name": "human", "verdict": "deny", "reason": "not on main", "by": "alice", "approver": true}
//	      ]
//	    }
//	  },
//	  {
//	    "name": "npm gets a word about pnpm",
//	    "event": {"hook": "before_tool", "tool": "Bash", "input": {"command": "npm install"}},
//	    "want": {
//	      "verdict": "allow",
//	      "notes": [{"link": "npm-note", "text": "this repository uses pnpm, not npm"}]
//	    }
//	  }
//	]
//
// The reason is the sentence for people, and its wording may improve: a
// want may say it exactly ("reason"), by a part it must contain
// ("reason_contains") or by a regular expression it must match
// ("reason_matches"), while "decided_by" and "cause", which programs read,
// are compared exactly. Decoding is strict: a misspelled field, a key given
// twice or two ways of saying the reason is an error, never a case that
// quietly checks less.
//
// An event may also be written as Claude Code's hook input, the JSON a hook
// reads on stdin — recognised by its "hook_event_name" — which a hook
// author can copy from Claude Code's debug log. RunFiles, LoadFiles and
// UpdateFiles read it (with claudecodeinput.Format); casefile reads it when
// given that format.
//
//	{
//	  "name": "a force-push is refused",
//	  "event": {"session_id": "s-1", "cwd": "/work/app", "hook_event_name": "PreToolUse",
//	            "tool_name": "Bash", "tool_input": {"command": "git push --force"}},
//	  "want": {"verdict": "deny", "reason": "denied by no-force-push.sh: use --force-with-lease",
//	           "decided_by": "no-force-push.sh", "cause": "link", "trail": ["no-force-push.sh"]}
//	}
//
// Its session_id, cwd, permission_mode and every other field become the
// case's Session, a *claudecode.SessionInfo, which Check gives the chain's
// Claude Code hooks (claudecode.WithSessionInfo), and update mode writes
// the event back as it was. `hookchain test --settings
// .claude/settings.json CASES...` runs such files against the hooks of a
// settings file, without any Go.
//
// # Updating the files
//
// When a chain is changed on purpose, run its test with the update flag to
// rewrite the want side of the files from what the chain now answers, and
// review the result with git diff:
//
//	go test -run TestPolicy -hookchaintest.update ./policy
//
// Only files with a changed case are written, whole, indented by two
// spaces; the events and names are kept, and so is a file's shape. The
// notes are written when the chain gives some, and left out when it gives
// none; a "reason_contains" or "reason_matches" is kept while it still
// holds. The flag is defined by this package, so pass it only to packages
// whose tests import it; package casefile defines none (see
// casefile.UpdateFiles).
package hookchaintest
