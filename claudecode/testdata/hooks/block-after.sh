#!/bin/sh
# Blocks a result after the call.
cat >/dev/null
printf '%s\n' '{"decision":"block","reason":"the output holds a stack trace"}'
