#!/bin/sh
# The hooks reference's block-rm.sh: denies a command holding rm -rf, and
# has no decision otherwise.
input=$(cat)
case $input in
*'rm -rf'*)
	printf '%s\n' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"Destructive command blocked by hook"}}' ;;
esac
exit 0
