package hookchain

# What a team's first policy denies: a recursive delete, a force push, a
# download piped into a shell; a write outside the session's directory;
# and, after the call, a result that shows an AWS access key is redacted.

bash_command := input.input.command if {
	input.hook == "before_tool"
	input.tool == "Bash"
}

outside if {
	input.hook == "before_tool"
	input.tool == "Write"
	not startswith(input.input.file_path, concat("", [input.session.cwd, "/"]))
}

decision := {"verdict": "deny", "reason": "recursive delete"} if {
	contains(bash_command, "rm -rf")
} else := {"verdict": "deny", "reason": "force push"} if {
	contains(bash_command, "push --force")
} else := {"verdict": "deny", "reason": "force push"} if {
	contains(bash_command, "push -f ")
} else := {"verdict": "deny", "reason": "a download piped into a shell"} if {
	contains(bash_command, "| sh")
} else := {"verdict": "deny", "reason": "a download piped into a shell"} if {
	contains(bash_command, "| bash")
} else := {"verdict": "deny", "reason": sprintf("a write outside %s", [input.session.cwd])} if {
	outside
} else := {"verdict": "replace", "reason": "redacted an AWS access key", "output": "[redacted]"} if {
	input.hook == "after_tool"
	is_string(input.output)
	contains(input.output, "AKIA")
} else := {"verdict": "allow"}
