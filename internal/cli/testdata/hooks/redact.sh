#!/bin/sh
# Replaces a tool's result after the call.
cat >/dev/null
printf '{"hookSpecificOutput":{"hookEventName":"PostToolUse","updatedToolOutput":"[redacted]"}}\n'
