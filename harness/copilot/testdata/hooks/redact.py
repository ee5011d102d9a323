import json, sys
# Replaces the secret in a tool's output.
call = json.load(sys.stdin)
text = call["toolResult"]["textResultForLlm"].replace("secret", "[redacted]")
print(json.dumps({"modifiedResult": {"resultType": "success", "textResultForLlm": text}}))
