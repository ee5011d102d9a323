#!/bin/sh
# Gives the model context, at whichever event it is run for.
input=$(cat)
case $input in
*'"hook_event_name":"PreToolUse"'*) event=PreToolUse ;;
*'"hook_event_name":"PostToolUseFailure"'*) event=PostToolUseFailure ;;
*) event=PostToolUse ;;
esac
printf '{"hookSpecificOutput":{"hookEventName":"%s","additionalContext":"this repository uses pnpm (%s)"}}\n' "$event" "$event"
