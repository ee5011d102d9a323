# One policy for every agent of a fleet. A hookchain link reads
# data.hookchain.decision, a decision document, once before each tool call
# and once after it.
package hookchain

# Refusals, in the idiom Rego authors already write: every message is a
# reason, and any one of them denies the call.
deny contains "rm -rf deletes a whole tree; remove files by name" if {
	input.hook == "before_tool"
	input.tool == "Bash"
	regex.match(`(^|[;&|(]\s*)rm\s+(-\w*r\w*f|-\w*f\w*r)`, input.input.command)
}

deny contains sprintf("%s is outside the session's directory %s", [input.input.file_path, input.session.cwd]) if {
	writes_a_file
	not in_session_directory(input.input.file_path)
}

deny contains "a write needs the session's directory, and the runtime gave none" if {
	writes_a_file
	not input.session.cwd
}

writes_a_file if {
	input.hook == "before_tool"
	input.tool in {"Write", "Edit"}
}

in_session_directory(path) if {
	startswith(path, concat("", [input.session.cwd, "/"]))
	not contains(concat("", [path, "/"]), "/../")
}

# The decision document: the first branch that holds decides, and a call
# that none speaks of is allowed.
default decision := {"verdict": "allow"}

decision := {"verdict": "deny", "reason": concat("; ", deny)} if {
	count(deny) > 0
} else := {"verdict": "ask", "reason": "git push publishes commits to a shared remote"} if {
	input.hook == "before_tool"
	input.tool == "Bash"
	regex.match(`\bgit\s+push\b`, input.input.command)
} else := {
	"verdict": "modify",
	"reason": "added a 60s timeout",
	"input": object.union(input.input, {"timeout": 60}),
} if {
	input.hook == "before_tool"
	input.tool == "Bash"
	not "timeout" in object.keys(input.input)
} else := {
	"verdict": "replace",
	"reason": "redacted an AWS access key",
	"output": regex.replace(input.output, aws_access_key, "[redacted]"),
} if {
	input.hook == "after_tool"
	is_string(input.output)
	regex.match(aws_access_key, input.output)
} else := {"verdict": "allow", "note": "this repository uses pnpm, not npm"} if {
	input.hook == "before_tool"
	input.tool == "Bash"
	regex.match(`^\s*npm\s`, input.input.command)
}

aws_access_key := `AKIA[0-9A-Z]{16}`
