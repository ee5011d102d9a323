// Package casefile reads, checks and rewrites hookchaintest's cases — an
// event in, the answer a hookchain.Chain must give out — without a
// testing.T: it is what package hookchaintest runs as subtests, and what
// `hookchain test` runs from the command line. It imports neither package
// testing nor package flag, so that a program that runs case files carries
// neither, nor any runtime's protocol: the forms a runtime writes its hook
// inputs in come as Formats, given by the caller.
//
//	cases, err := casefile.LoadFiles("testdata/*.json", claudecodeinput.Format{})
//	if err != nil {
//		return err
//	}
//	for _, tc := range cases {
//		got, ms := casefile.Check(ctx, chain, tc)
//		if len(ms) > 0 {
//			fmt.Println(casefile.Report(tc, got, ms))
//		}
//	}
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
//	      "decided_by": "no-rm", "cause": "link",
//	      "trail": ["no-rm"],
//	      "steps": [
//	        {"name": "no-rm", "verdict": "deny", "reason": "recursive delete"}
//	      ]
//	    }
//	  },
//	  {
//	    "name": "a push to main is refused by a person",
//	    "event": {"hook": "before_tool", "tool": "Bash", "input": {"command": "git push origin main"}},
//	    "want": {
//	      "verdict": "deny",
//	      "reason_contains": "not on main",
//	      "decided_by": "human", "cause": "approver",
//	      "trail": ["pin-timeout", "ask-push", "human"]
//	    }
//	  }
//	]
//
// (Both are cases of hookchaintest's own tests, in its testdata/cases.)
//
// An event has "hook" (required), "tool", "call_id", "input" and, after the
// tool, "output" and "is_error". It may instead be written in a runtime's
// own form, the JSON its hooks read, when LoadFiles is given a Format that
// recognizes it: claudecodeinput.Format reads Claude Code's hook input,
// recognized by its "hook_event_name", and gives the case the session the
// input tells its hooks about. An event two of the given formats recognize
// is an error; update mode writes a format's event back as it was.
//
// A want has "verdict" (required), "reason", "input" (required with
// "modify" and allowed only there), "output" and "is_error" (likewise with
// "replace"), "trail", "notes", each note with "link" and "text" (both
// required), "messages" (the text for the user only, each as a note), and
// optionally "steps", each with "name", "verdict",
// "reason", "fault", "by" and "approver". A want may also say "decided_by"
// and "cause" (see hookchain.Outcome); like "reason" they are always
// compared, so leaving them out wants them empty. A missing "trail",
// "notes" or "messages" means the chain must give none.
//
// The reason is the sentence for people, and its wording may improve, while
// "decided_by" and "cause" are what programs read: a want may say only the
// words of the reason that matter, with "reason_contains" (a part the
// reason must contain) or "reason_matches" (a Go regular expression it must
// match, not anchored), in place of "reason". A want gives at most one of
// the three; an empty part or pattern, or a pattern that is not a regular
// expression, is an error when the file is read, never a pass.
//
// Decoding is strict: an unknown field, a key given twice, a missing
// required one or a field that would never be compared is an error,
// because a case that quietly checks less than it says is worse than no
// case. A case without a name is named after its file ("guards.json", or
// "guards.json#2" for the third case of an array).
//
// Case files are UTF-8, and may start with a byte-order mark. They are read
// only from regular files (or links to them) of at most MaxFileSize bytes,
// 64 MiB: a pattern that matches a device, a named pipe or a directory is
// an error naming it, and nothing is read from it.
//
// # Updating the files
//
// UpdateFiles rewrites the want side of the files from what the chain now
// answers, for review with git diff. Only files with a changed case are
// written, whole, indented by two spaces; the events and names are kept,
// and so is a file's shape. Steps are written for the cases that had them,
// the notes and messages when the chain gives some, and a "reason_contains" or
// "reason_matches" is kept as written while it still holds: the author
// chose to pin only those words.
package casefile
