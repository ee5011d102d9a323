#!/bin/sh
# Asks Claude Code to stop the agent altogether.
cat >/dev/null
printf '%s\n' '{"continue":false,"stopReason":"the test suite is red; fix it first"}'
