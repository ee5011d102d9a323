# Asks the user about pushes.
import json, sys
e = json.load(sys.stdin)
if "git push" in e["tool_input"].get("command", ""):
    print(json.dumps({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "ask",
                                             "permissionDecisionReason": "pushes need a human"}}))
