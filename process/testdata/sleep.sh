#!/bin/sh
# Never answers.
# Its stderr first: once its pid is written, so is what a failure quotes.
echo 'waiting for a lock' >&2
[ -n "$HOOKCHAIN_PIDFILE" ] && echo $$ > "$HOOKCHAIN_PIDFILE"
sleep 1000
