import json, sys
# Denies a create outside the project.
call = json.load(sys.stdin)
path = json.loads(call["toolArgs"]).get("path", "")
if not path.startswith(call["cwd"]):
    print(json.dumps({"permissionDecision": "deny", "permissionDecisionReason": "writes outside the project are not allowed"}))
