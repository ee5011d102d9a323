#!/bin/sh
# Starts a process in a session of its own, out of the hook's process group,
# that holds stdout open; then answers and exits.
echo $$ > "$HOOKCHAIN_PIDFILE"
setsid sh -c 'echo $$ > "$HOOKCHAIN_PIDFILE.escaped"; exec sleep 1000' &
while [ ! -s "$HOOKCHAIN_PIDFILE.escaped" ]; do sleep 0.01; done
printf '{"verdict":"allow"}\n'
