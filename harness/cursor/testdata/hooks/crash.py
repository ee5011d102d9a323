#!/usr/bin/env python3
# Cursor: an exit status but 0 or 2 is a failure, and the call goes on unless failClosed.
import sys

sys.stdin.read()
print("policy.yaml: no such file", file=sys.stderr)
sys.exit(1)
