#!/bin/sh
[ -n "$HOOKCHAIN_PIDFILE" ] && echo $$ > "$HOOKCHAIN_PIDFILE"
echo 'about to be killed' >&2
kill -9 $$
