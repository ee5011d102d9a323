import sys
# Says allow, then crashes: Copilot denies before the call whatever stdout says.
print('{"permissionDecision": "allow"}')
sys.stderr.write("policy.yaml: no such file\n")
sys.exit(1)
