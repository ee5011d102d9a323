# The deprecated decision "block", which Droid reads as "deny".
import json, sys
json.load(sys.stdin)
print(json.dumps({"decision": "block", "reason": "the legacy form blocks too"}))
