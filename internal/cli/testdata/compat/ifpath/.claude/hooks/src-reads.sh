#!/bin/sh
# Tells the model where the sources' conventions are, whenever it reads one.
cat >/dev/null
printf '%s\n' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"sources follow docs/STYLE.md"}}'
