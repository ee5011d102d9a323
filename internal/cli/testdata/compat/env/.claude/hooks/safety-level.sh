#!/bin/sh
# Refuses more or less depending on CLAUDE_HOOK_SAFETY_LEVEL (low, medium,
# high), as configurable Bash guards do.
input=$(cat)
level=${CLAUDE_HOOK_SAFETY_LEVEL:-low}
case $level:$input in
high:*'"git push'*|high:*'"rm '*|medium:*'"rm -rf'*|*:*'"rm -rf /"'*)
	echo "blocked at safety level $level" >&2
	exit 2 ;;
esac
exit 0
