#!/bin/sh
# Never answers.
[ -n "$HOOKCHAIN_PIDFILE" ] && echo $$ > "$HOOKCHAIN_PIDFILE"
echo 'waiting for a lock' >&2
sleep 1000
