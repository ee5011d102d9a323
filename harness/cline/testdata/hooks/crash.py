#!/usr/bin/env python3
# Cline: a hook that fails, with no answer.
import sys
sys.stdin.read()
sys.stderr.write("policy.yaml: no such file\n")
sys.exit(1)
