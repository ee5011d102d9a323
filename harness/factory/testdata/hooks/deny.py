# Denies writes outside the project with permissionDecision "deny".
import json, sys
e = json.load(sys.stdin)
if e["tool_input"].get("file_path", "").startswith("/etc/"):
    print(json.dumps({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
                                             "permissionDecisionReason": "writes outside the project are not allowed"}}))
