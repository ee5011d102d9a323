#!/bin/sh
# Rewrites the "cleanup" alias into the command it stands for. updatedInput
# replaces the whole input.
input=$(cat)
case $input in
*'"tool_input":{"command":"cleanup"}'*)
	printf '%s\n' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecisionReason":"expanded the cleanup alias","updatedInput":{"command":"rm -rf build"}}}'
	;;
esac
