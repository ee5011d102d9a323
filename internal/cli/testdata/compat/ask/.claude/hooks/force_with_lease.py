#!/usr/bin/env python3
# Turns a force-push into a push with a lease, and asks the user about the
# rewritten command, as Claude Code lets a hook do.
import json, sys

data = json.load(sys.stdin)
command = data["tool_input"].get("command", "")
if "git push" in command and "--force" in command and "--force-with-lease" not in command:
    rewritten = dict(data["tool_input"], command=command.replace("--force", "--force-with-lease"))
    json.dump({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "ask",
               "permissionDecisionReason": "push with a lease instead of --force?",
               "updatedInput": rewritten}}, sys.stdout)
