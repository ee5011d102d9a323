// Package hookchaintest checks a hookchain.Chain against cases: an event in,
// the answer the chain must give out. It is for the tests of whoever builds
// a chain — the guards of an agent runtime, a company's policy — so that a
// change to a link, or to the order of links, shows up as a failing case
// rather than as a tool call that ran when it should not have.
//
// A case names the verdict, the reason and, where the verdict carries one,
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
// A file holds one case object or an array of them. Field names are
// snake_case; hooks and verdicts are written in the core's text form
// ("before_tool", "after_tool"; "allow", "deny", "modify", "replace",
// "ask"):
//
//	[
//	  {
//	    "name": "rm -rf is denied",
//	    "event": {
//	      "hook": "before_tool",
//	      "tool": "Bash",
//	      "call_id": "c1",
//	      "input": {"command": "rm -rf /"}
//	    },
//	    "want": {
//	      "verdict": "deny",
//	      "reason": "denied by no-rm: recursive delete",
//	      "trail": ["no-rm"],
//	      "steps": [
//	        {"name": "no-rm", "verdict": "deny", "reason": "recursive delete"}
//	      ]
//	    }
//	  },
//	  {
//	    "name": "secrets are redacted from results",
//	    "event": {"hook": "after_tool", "tool": "Read", "output": "AWS_KEY=AKIA..."},
//	    "want": {
//	      "verdict": "replace",
//	      "reason": "redact: a credential",
//	      "output": "AWS_KEY=[redacted]",
//	      "is_error": false,
//	      "trail": ["redact"]
//	    }
//	  },
//	  {
//	    "name": "a push to main is refused by a person",
//	    "event": {"hook": "before_tool", "tool": "Bash", "input": {"command": "git push origin main"}},
//	    "want": {
//	      "verdict": "deny",
//	      "reason": "refused by alice: not on main (asked by ask-push: push to a remote?)",
//	      "trail": ["ask-push", "human"],
//	      "steps": [
//	        {"name": "ask-push", "verdict": "ask", "reason": "push to a remote?"},
//	        {"name": "human", "verdict": "deny", "reason": "not on main", "by": "alice"}
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
// An event has "hook" (required), "tool", "call_id", "input" and, after the
// tool, "output" and "is_error". It may instead be written as Claude Code's
// hook input, the JSON a hook reads on stdin — recognised by its
// "hook_event_name" — which a hook author can copy from Claude Code's debug
// log:
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
// case's Session, which Check gives the chain's Claude Code hooks
// (claudecode.WithSessionInfo), and update mode writes the event back as it
// was. `hookchain test --settings .claude/settings.json CASES...` runs such
// files against the hooks of a settings file, without any Go. A want has "verdict" (required), "reason",
// "input" (required with "modify" and allowed only there), "output" and
// "is_error" (likewise with "replace"), "trail", "notes", each note with
// "link" and "text" (both required), and optionally "steps", each with
// "name", "verdict", "reason", "fault", "by" and "approver". A want may
// also say "decided_by" and "cause" (see hookchain.Outcome); like "reason"
// they are always compared, so leaving them out wants them empty. A missing "trail" or
// "notes" means the chain must give none. Decoding is strict: an
// unknown field, a missing required one or a field that would never be
// compared is an error, because a case that quietly checks less than it
// says is worse than no case. A case without a name is named after its file
// ("guards.json", or "guards.json#2" for the third case of an array).
//
// Case files are UTF-8, and may start with a byte-order mark. They are read
// only from regular files (or links to them) of at most MaxFileSize bytes,
// 64 MiB: a pattern that matches a device, a named pipe or a directory is
// an error naming it, and nothing is read from it.
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
// none. The flag is defined by this package, so pass it only to packages
// whose tests import it.
package hookchaintest
