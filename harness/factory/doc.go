// Package factory is Factory Droid's profile for package harness, in both
// directions: it runs the hooks written for Droid in a hookchain chain as
// Droid runs them, and answers Droid as its one hook.
//
// Droid's hooks.json has Claude Code's shape — event, matcher groups,
// command hooks — and a matcher group may add commandRegex, a filter on
// the shell command (ParseHooksFile, ConfigFiles, Links). Its tool names
// are its own (Execute, Create, Edit, ApplyPatch, Read, …; Tools), and a
// matcher is read by Droid's rules (Matcher, GroupMatcher).
//
// A hook's answer, as Droid reads it (Decide):
//
//	exit 2                              block (at any JSON): stderr is the reason
//	exit 0, nothing or plain text       the call goes on
//	exit 0, {"continue": false}         stop (a denial with "stop requested: " and stopReason)
//	permissionDecision "deny"           deny with permissionDecisionReason
//	permissionDecision "ask"            ask, with updatedInput patched over the input
//	permissionDecision "allow"          allow, or a rewrite with updatedInput
//	decision "block" / "approve"        the deprecated words for deny / allow
//	PostToolUse decision "block"        deny with reason; additionalContext is a note
//	another exit status, bad JSON       a failure: Droid runs the call
//	a key twice, an unknown decision,   denied: Droid's reading cannot be known
//	two decisions that disagree, a
//	field of the wrong type, an
//	answer cut at the cap
//
// As Droid's one hook (OutputFor), after harness.Degrade:
//
//	Allowed     nothing at all, exit 0: Droid's permission prompt stays as it is
//	Denied      exit 2, the reason on stderr (after the call: with the notes)
//	Modified    {"hookSpecificOutput":{"permissionDecision":"allow","updatedInput":…}}
//	Asked       {"hookSpecificOutput":{"permissionDecision":"ask","permissionDecisionReason":…}}
//	Replaced    Degrade's denial: Droid cannot replace a tool's output
//	notes       after the call, hookSpecificOutput.additionalContext; before it, not said
//
// A rewrite Droid's patch cannot say (not an object, or dropping a key),
// and an ask or a rewrite after the call, are denials that say so. Every
// error of hookchain's, and an input it will not judge, is exit status 2
// with the reason on stderr (Refusal), which Droid reads as a block
// whatever else it is told; the input of an event that is not a tool call
// is answered {"continue":false} (Halt).
package factory
