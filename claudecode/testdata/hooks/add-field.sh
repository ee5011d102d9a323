#!/bin/sh
# add-field.sh NAME JSON-VALUE: answers with the tool input it was given plus
# one field, so that a chain of these shows which input each one saw. The
# input must be a flat JSON object, as sed is no JSON parser.
input=$(cat)
ti=$(printf '%s' "$input" | sed -n 's/.*"tool_input":\({[^{}]*}\).*/\1/p')
rest=${ti%\}}
[ "$rest" = "{" ] || rest="$rest,"
printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecisionReason":"added %s","updatedInput":%s"%s":%s}}}\n' "$1" "$rest" "$1" "$2"
