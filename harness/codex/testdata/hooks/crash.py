#!/usr/bin/env python3
# A hook that fails: exit status 1.
import sys

sys.stdin.read()
sys.stderr.write("policy.yaml: no such file\n")
sys.exit(1)
