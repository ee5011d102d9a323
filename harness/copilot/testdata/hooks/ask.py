import json, sys
# Asks the user before a push.
json.load(sys.stdin)
print(json.dumps({"permissionDecision": "ask", "permissionDecisionReason": "push to the remote?"}))
