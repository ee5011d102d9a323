#!/usr/bin/env python3
# Qwen: permissionDecision "ask" puts the call to the user in the terminal.
import json, sys

event = json.load(sys.stdin)
if event["tool_input"]["command"].startswith("git push"):
    print(json.dumps({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "ask",
                                             "permissionDecisionReason": "push to the remote?"}}))
