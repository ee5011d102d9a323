#!/usr/bin/env bash
# Fails after the call: Kiro shows a warning, and the output goes on.
cat >/dev/null
echo "the log server is down" >&2
exit 1
