# Fails before it decides, though its stdout would read as an answer.
import sys
print('{"decision": "deny"}')
print("policy.yaml: no such file", file=sys.stderr)
sys.exit(1)
