#!/bin/bash
# Adds context after the call.
cat >/dev/null
echo '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"run the linter next"}}'
