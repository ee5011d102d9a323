#!/bin/sh
# Decides on the tool input it reads on stdin: refuses any command with
# "rm -rf" in it, naming the command.
input=$(cat)
cmd=$(printf '%s' "$input" | sed -n 's/.*"tool_input":{"command":"\([^"]*\)".*/\1/p')
case $cmd in
*"rm -rf"*)
	echo "refusing '$cmd'" >&2
	exit 2
	;;
esac
