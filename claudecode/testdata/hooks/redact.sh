#!/bin/sh
# Withholds a tool result that carries an API key.
input=$(cat)
case $input in
*'"tool_response":'*sk-*)
	printf '%s\n' '{"hookSpecificOutput":{"hookEventName":"PostToolUse","updatedToolOutput":{"stdout":"[withheld: it contained an API key]","stderr":"","interrupted":false}}}'
	;;
esac
