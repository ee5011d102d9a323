#!/bin/sh
# Blocks the classic way: exit status 2, the reason on stderr.
cat >/dev/null
echo "recursive delete is not allowed here" >&2
exit 2
