#!/usr/bin/env python3
# Denies commands that print the secrets named in the file given with
# --deny-file, as secret-scanning hooks do.
import json, sys

names = open(sys.argv[sys.argv.index("--deny-file") + 1]).read().split()
command = json.load(sys.stdin).get("tool_input", {}).get("command", "")
for name in names:
    if name in command:
        json.dump({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
                   "permissionDecisionReason": f"the command reads {name}"}}, sys.stdout)
        break
