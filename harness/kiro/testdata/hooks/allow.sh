#!/usr/bin/env bash
# Lets the call run: Kiro reads a tool hook's exit status, never its stdout.
cat >/dev/null
echo '{"permissionDecision": "deny", "reason": "stdout is not read"}'
exit 0
