#!/usr/bin/env python3
# Qwen: permissionDecision "deny" with its reason, as Qwen's documentation shows it.
import json, sys

event = json.load(sys.stdin)
if event["tool_input"].get("file_path", "").startswith("/etc/"):
    print(json.dumps({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
                                             "permissionDecisionReason": "writes outside the project are not allowed"}}))
