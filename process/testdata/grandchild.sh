#!/bin/sh
# Starts a child that starts a grandchild; both inherit stdout and hold it
# open. Then, with "answer", answers and exits; with "hang", never answers.
echo $$ > "$HOOKCHAIN_PIDFILE"
sh -c 'sleep 1000 & echo $! > "$HOOKCHAIN_PIDFILE.grandchild"; wait' &
while [ ! -s "$HOOKCHAIN_PIDFILE.grandchild" ]; do sleep 0.01; done
case $1 in
answer) printf '{"verdict":"allow"}\n' ;;
*) sleep 1000 ;;
esac
