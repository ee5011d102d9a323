#!/usr/bin/env python3
# Codex: permissionDecision "deny" with its reason.
import json, sys

event = json.load(sys.stdin)
command = event["tool_input"].get("command", "")
if "/etc/" in command:
    print(json.dumps({
        "hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": "deny",
            "permissionDecisionReason": "writes outside the project are not allowed",
        }
    }))
