#!/bin/sh
# Blocks the call unless its input contains $1.
if grep -q -- "$1"; then
	exit 0
fi
echo "the command must contain $1" >&2
exit 2
