#!/bin/sh
# Gives the model $1 as context, at whichever event it is run for.
input=$(cat)
case $input in
*'"hook_event_name":"PreToolUse"'*) event=PreToolUse ;;
*'"hook_event_name":"PostToolUseFailure"'*) event=PostToolUseFailure ;;
*) event=PostToolUse ;;
esac
printf '{"hookSpecificOutput":{"hookEventName":"%s","additionalContext":"%s"}}\n' "$event" "$1"
