#!/bin/sh
# Fails the way a buggy hook does: an exit status other than 0 and 2.
cat >/dev/null
echo "crash.sh: line 3: jq: command not found" >&2
exit 127
