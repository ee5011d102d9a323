#!/bin/sh
# 1 MB of diagnostics, well over the stderr cap, then a valid answer.
[ -n "$HOOKCHAIN_PIDFILE" ] && echo $$ > "$HOOKCHAIN_PIDFILE"
head -c 1048576 /dev/zero | tr '\0' 'e' >&2
printf '{"verdict":"allow"}\n'
