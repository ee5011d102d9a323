#!/bin/sh
# Blocks the call the way most hooks do: exit status 2, the reason on stderr.
cat >/dev/null
echo "$1" >&2
exit 2
