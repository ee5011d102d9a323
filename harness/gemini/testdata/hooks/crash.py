#!/usr/bin/env python3
# Gemini: exit status 1 is a warning, and the call goes on.
import sys

sys.stdin.read()
print("policy.yaml: no such file", file=sys.stderr)
sys.exit(1)
